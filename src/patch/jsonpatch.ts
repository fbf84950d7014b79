// RFC 6902 JSON patch applied with kube-apiserver's semantics (gopkg.in/evanphx/json-patch.v4
// with SupportNegativeIndices and a 3 MiB AccumulatedCopySizeLimit), pure and never throwing.
import { deepClone, isObject, type JsonValue, type Rewrite } from "../data/index.js";
import { jsonPatchRewrites } from "./jsonpatch-rewrites.js";
import { GoPanic, RAW_NULL, type WNode } from "./jsonpatch-node.js";
import { finishTree } from "./jsonpatch-walk.js";
import {
  opAdd, opCopy, opMove, opRemove, opReplace, opTest, operationKind, type OpOutcome, type PatchState, type RawOperation,
} from "./jsonpatch-ops.js";

/** One JSON-patch operation as the apiserver builds it from a CEL `JSONPatch` value. */
export interface JsonPatchOperation {
  /** `add`, `remove`, `replace`, `move`, `copy` or `test`; anything else fails (`Unexpected kind: …`). */
  op: string;
  /** The target pointer (always present upstream, possibly `""`). */
  path: string;
  /**
   * The source pointer of `move`/`copy`. `undefined` means the member is absent. The apiserver
   * omits it when CEL's `from` is `""`, so callers must map `""` to `undefined`.
   */
  from?: string;
  /** The value; read only when `hasValue`. A top-level `null` is a value (not "no value"). */
  value?: JsonValue;
  /** Whether the operation has a `value` member (CEL's `value` was set). */
  hasValue: boolean;
}

/** Why a patch failed: `apply` (json-patch error), `copyLimit`, or `panic` (see {@link applyJsonPatch}). */
export type JsonPatchErrorCode = "apply" | "copyLimit" | "panic";

/** The result of {@link applyJsonPatch}. */
export type JsonPatchOutcome =
  /**
   * With `shareInput`, `rewrites` turn `doc` into the applied document when the operations
   * write below one place reached through maps (see `jsonPatchRewrites`); else absent.
   */
  | { kind: "applied"; doc: JsonValue; rewrites?: Rewrite[] }
  /** A `test` failed: upstream skips the whole mutation, without an error. */
  | { kind: "testFailed"; index: number }
  /** `message` is exactly what the apiserver reports: `JSON Patch: <library message>`. */
  | { kind: "error"; message: string; code: JsonPatchErrorCode; index: number };

/** Options of {@link applyJsonPatch}. */
export interface JsonPatchOptions {
  /**
   * Budget in bytes for all `copy` operations of one patch (the apiserver's
   * `--json-patch-max-copy-bytes`); 0 or less means unlimited.
   * Default: 3145728 (3 MiB)
   */
  copyLimitBytes?: number;
  /**
   * Let the applied document share the sub-trees no operation wrote below with `doc` and with
   * the operation values (copy-on-write). Safe when nobody modifies documents in place; the
   * sharing is by reference, so `strictDecodingError` can skip unchanged sub-trees.
   * When false the applied document is a fresh tree that shares nothing.
   * Default: false
   */
  shareInput?: boolean;
}

/** The apiserver's default `JSONPatchMaxCopyBytes`: 3 MiB. */
export const DEFAULT_COPY_LIMIT_BYTES = 3 * 1024 * 1024;

/** The operation names json-patch v4 knows (case-sensitive). */
export type JsonPatchOpName = "add" | "remove" | "replace" | "move" | "copy" | "test";

const APPLIERS: Readonly<Record<string, (s: PatchState, op: RawOperation) => OpOutcome>> = {
  add: opAdd, remove: opRemove, replace: opReplace, move: opMove, copy: opCopy, test: opTest,
} satisfies Record<JsonPatchOpName, (s: PatchState, op: RawOperation) => OpOutcome>;

/**
 * Applies `ops` in order to `doc`, never modifying `doc` or `ops`. By default the work is done on
 * a deep copy and the applied document shares nothing with either; with `options.shareInput` it
 * is copy-on-write: only containers on the paths operations write are copied. The first failing operation ends the patch: a failed
 * `test` gives `testFailed`, anything else `error` with the operation's `index`.
 *
 * Semantics follow json-patch v4 exactly, including its quirks: replace of a missing object key
 * adds it; copy of a missing object key copies `null`; negative array indices count from the
 * end; indices are parsed like Go's Atoi (`"01"`, `"+1"`); a `null` in the document is "missing"
 * when walked through; scalars compare in `test` by their compact Go JSON text (so the int `1`
 * and the double `1.0` are equal: Go never writes `1.0`); copy sizes are bytes of Go's compact
 * JSON encoding. Where kube-apiserver would panic (writing below a `value: null` that an earlier
 * operation added, `replace`/`test` of `""` without a value, a `test` meeting a `null` array
 * element) the result is an error with code `panic`: upstream the request then fails with an
 * internal error, which failurePolicy does not apply to. A `doc` that is not an object, array or
 * null fails like Go's decoder; the applied `doc` may be an array or `null` after `replace ""`.
 */
export function applyJsonPatch(doc: JsonValue, ops: readonly JsonPatchOperation[], options?: JsonPatchOptions): JsonPatchOutcome {
  const shareInput = options?.shareInput === true;
  let root: WNode;
  if (doc === null) root = RAW_NULL;
  else if (Array.isArray(doc) || isObject(doc)) root = shareInput ? doc : deepClone(doc);
  else {
    const type = typeof doc === "string" ? "string" : typeof doc === "boolean" ? "bool" : "number";
    return { kind: "error", message: `JSON Patch: json: cannot unmarshal ${type} into Go value of type jsonpatch.partialDoc`, code: "apply", index: -1 };
  }
  const state: PatchState = { root, owned: new Set(), ownsAll: !shareInput, copied: 0, copyLimit: options?.copyLimitBytes ?? DEFAULT_COPY_LIMIT_BYTES, rawNullUsed: doc === null };
  for (let index = 0; index < ops.length; index++) {
    const op = ops[index];
    const kind = operationKind(op.op);
    const apply = Object.prototype.hasOwnProperty.call(APPLIERS, kind) ? APPLIERS[kind] : undefined;
    if (apply === undefined) return { kind: "error", message: `JSON Patch: Unexpected kind: ${kind}`, code: "apply", index };
    let outcome: OpOutcome;
    try {
      outcome = apply(state, op);
    } catch (e) {
      if (!(e instanceof GoPanic)) throw e;
      const message = `JSON Patch: ${kind} "${op.path}" makes kube-apiserver panic (${e.reason}); the request fails with an internal error`;
      return { kind: "error", message, code: "panic", index };
    }
    if (outcome === undefined) continue;
    if ("testFailed" in outcome) return { kind: "testFailed", index };
    return { kind: "error", message: `JSON Patch: ${outcome.error}`, code: outcome.code, index };
  }
  const applied = finishTree(state, state.rawNullUsed);
  const rewrites = shareInput ? jsonPatchRewrites(doc, applied, ops) : undefined;
  return rewrites ? { kind: "applied", doc: applied, rewrites } : { kind: "applied", doc: applied };
}
