// The six RFC 6902 operations as json-patch v4 (`patch.go`) applies them, with its exact error
// texts, acting on the working tree held in a PatchState.
import type { JsonValue } from "../data/index.js";
import { nodesEqual } from "./jsonpatch-equal.js";
import { goJsonSize, quotedStringDecodeError } from "./jsonpatch-gojson.js";
import { GoPanic, RAW_NULL, addIn, getIn, isWObject, nodeFromValue, removeIn, setIn, type WNode } from "./jsonpatch-node.js";
import { copyForCopyOp, findObject, findWritable, valueIntoTree, type CowTree } from "./jsonpatch-walk.js";

/** One operation as the applier reads it (see `JsonPatchOperation` in jsonpatch.ts). */
export interface RawOperation {
  readonly op: string;
  readonly path: string;
  readonly from?: string;
  readonly value?: JsonValue;
  readonly hasValue: boolean;
}

/** Mutable state of one patch application: the copy-on-write tree plus the patch's counters. */
export interface PatchState extends CowTree {
  /** Bytes copied so far by `copy` operations. */
  copied: number;
  /** Copy budget in bytes; 0 or less means unlimited. */
  readonly copyLimit: number;
  /** True once a RAW_NULL entered the tree (the result then needs converting). */
  rawNullUsed: boolean;
}

/** The outcome of one operation: undefined on success. */
export type OpOutcome = undefined | { readonly testFailed: true } | { readonly error: string; readonly code: "apply" | "copyLimit" };

const TEST_FAILED = { testFailed: true } as const;
const fail = (error: string): OpOutcome => ({ error, code: "apply" });

/** The `op` name json-patch sees: `unknown` when the quoted text is not valid JSON. */
export function operationKind(op: string): string {
  return quotedStringDecodeError(op) === undefined ? op : "unknown";
}

function valueNode(s: PatchState, op: RawOperation): WNode {
  if (!op.hasValue) return null; // no "value" member: a nil node
  const n = valueIntoTree(s, op.value ?? null);
  if (n === RAW_NULL) s.rawNullUsed = true;
  return n;
}

/** `add`: the parent must exist; objects set the key, arrays insert. */
export function opAdd(s: PatchState, op: RawOperation): OpOutcome {
  if (quotedStringDecodeError(op.path) !== undefined) return fail("add operation failed to decode path: missing value");
  const f = findWritable(s, op.path);
  if (f === undefined) return fail(`add operation does not apply: doc is missing path: "${op.path}": missing value`);
  const err = addIn(f.c, f.key, valueNode(s, op));
  return err === undefined ? undefined : fail(`error in add for path: '${op.path}': ${err}`);
}

/** `remove`: the key or index must exist. */
export function opRemove(s: PatchState, op: RawOperation): OpOutcome {
  if (quotedStringDecodeError(op.path) !== undefined) return fail("remove operation failed to decode path: missing value");
  const f = findWritable(s, op.path);
  if (f === undefined) return fail(`remove operation does not apply: doc is missing path: "${op.path}": missing value`);
  const err = removeIn(f.c, f.key);
  return err === undefined ? undefined : fail(`error in remove for path: '${op.path}': ${err}`);
}

/** `replace`: a missing object key is simply set; array indices must exist; `""` swaps the root. */
export function opReplace(s: PatchState, op: RawOperation): OpOutcome {
  const pathErr = quotedStringDecodeError(op.path);
  if (pathErr !== undefined) return fail(`replace operation failed to decode path: ${pathErr}`);
  if (op.path === "") {
    if (!op.hasValue) throw new GoPanic("invalid memory address or nil pointer dereference");
    const v = op.value ?? null;
    if (v !== null && !Array.isArray(v) && !isWObject(v)) return fail("replace operation value must be object or array: %!w(<nil>)");
    s.root = valueNode(s, op);
    return undefined;
  }
  const f = findWritable(s, op.path);
  if (f === undefined) return fail(`replace operation does not apply: doc is missing path: ${op.path}: missing value`);
  if ("error" in getIn(f.c, f.key)) return fail(`replace operation does not apply: doc is missing key: ${op.path}: missing value`);
  setIn(f.c, f.key, valueNode(s, op));
  return undefined;
}

/** Reads `from` as json-patch does; a string is the pointer, an outcome is the failure. */
function readFrom(op: RawOperation, name: "move" | "copy"): string | { error: string; code: "apply" } {
  if (op.from === undefined) return { error: `${name} operation failed to decode from: operation, missing from field: missing value`, code: "apply" };
  const err = quotedStringDecodeError(op.from);
  return err === undefined ? op.from : { error: `${name} operation failed to decode from: ${err}`, code: "apply" };
}

/** `move`: get and remove at `from` (error texts name the key), then add at `path`. */
export function opMove(s: PatchState, op: RawOperation): OpOutcome {
  const from = readFrom(op, "move");
  if (typeof from !== "string") return from;
  const src = findWritable(s, from);
  if (src === undefined) return fail(`move operation does not apply: doc is missing from path: ${from}: missing value`);
  const got = getIn(src.c, src.key);
  if ("error" in got) return fail(`error in move for path: '${src.key}': ${got.error}`);
  const removeErr = removeIn(src.c, src.key);
  if (removeErr !== undefined) return fail(`error in move for path: '${src.key}': ${removeErr}`);
  const pathErr = quotedStringDecodeError(op.path);
  if (pathErr !== undefined) return fail(`move operation failed to decode path: ${pathErr}`);
  const dst = findWritable(s, op.path);
  if (dst === undefined) return fail(`move operation does not apply: doc is missing destination path: ${op.path}: missing value`);
  const addErr = addIn(dst.c, dst.key, got.node);
  return addErr === undefined ? undefined : fail(`error in move for path: '${op.path}': ${addErr}`);
}

/** `copy`: deep copy of the value at `from` (a missing object key copies null), budgeted. */
export function opCopy(s: PatchState, op: RawOperation): OpOutcome {
  const from = readFrom(op, "copy");
  if (typeof from !== "string") return from;
  const src = findObject(s.root, from);
  if (src === undefined) return fail(`copy operation does not apply: doc is missing from path: ${from}: missing value`);
  const got = getIn(src.c, src.key);
  if ("error" in got) return fail(`error in copy for from: '${from}': ${got.error}`);
  if (quotedStringDecodeError(op.path) !== undefined) return fail("copy operation failed to decode path: missing value");
  const dst = findWritable(s, op.path);
  if (dst === undefined) return fail(`copy operation does not apply: doc is missing destination path: ${op.path}: missing value`);
  // deepCopy marshals the node: nil copies as nil and costs 0 bytes; anything else costs the
  // length of its compact Go JSON encoding (the copy holds no RAW_NULL below its top).
  const copy = copyForCopyOp(s, got.node);
  s.copied += got.node === null ? 0 : goJsonSize(copy === RAW_NULL ? null : (copy as JsonValue));
  if (s.copyLimit > 0 && s.copied > s.copyLimit) {
    return { error: `Unable to complete the copy, the accumulated size increase of copy is ${s.copied}, exceeding the limit ${s.copyLimit}`, code: "copyLimit" };
  }
  const addErr = addIn(dst.c, dst.key, copy);
  return addErr === undefined ? undefined : fail(`error while adding value during copy: ${addErr}`);
}

/** `test`: a mismatch is a test failure; an unreachable path or a bad index is an error. */
export function opTest(s: PatchState, op: RawOperation): OpOutcome {
  const pathErr = quotedStringDecodeError(op.path);
  if (pathErr !== undefined) return fail(`test operation failed to decode path: ${pathErr}`);
  if (op.path === "") {
    if (!op.hasValue) throw new GoPanic("invalid memory address or nil pointer dereference");
    return nodesEqual(s.root, nodeFromValue(op.value ?? null)) ? undefined : TEST_FAILED;
  }
  const f = findObject(s.root, op.path);
  if (f === undefined) return fail(`test operation does not apply: is missing path: ${op.path}: missing value`);
  const got = getIn(f.c, f.key);
  if ("error" in got) return fail(`error in test for path: '${op.path}': ${got.error}`);
  if (got.node === null) return op.hasValue ? TEST_FAILED : undefined;
  if (!op.hasValue) return TEST_FAILED;
  return nodesEqual(got.node, nodeFromValue(op.value ?? null)) ? undefined : TEST_FAILED;
}
