// The working tree of the JSON-patch applier and json-patch v4's container operations on it
// (get / set / add / remove on objects and arrays), with Go's error texts and panics.
import { JsonFloat, setKey, type JsonObject, type JsonValue } from "../data/index.js";
import { goAtoi } from "./json-pointer.js";

/**
 * json-patch v4 keeps two kinds of null apart: a JSON `null` read from the document (a nil node,
 * here plain `null`) and an operation's top-level `value: null` (a node holding the text "null",
 * here RAW_NULL). A nil node is "missing" when walked through; a RAW_NULL node behaves as an
 * empty, read-only Go map (reads find nothing, writes panic) and as `{}`/`[]` in `test`.
 */
export const RAW_NULL: unique symbol = Symbol("jsonpatch.rawNull");

/** A node of the working tree. */
export type WNode = null | boolean | string | number | bigint | JsonFloat | typeof RAW_NULL | WNode[] | WObject;
/** An object node of the working tree. */
export interface WObject {
  [key: string]: WNode;
}

/** A container that a pointer walk ends in. */
export type Container =
  | { readonly kind: "object"; readonly obj: WObject }
  | { readonly kind: "array"; readonly arr: WNode[] }
  | { readonly kind: "nilMap" };

/** A Go runtime panic that kube-apiserver would hit; caught once by the patch loop. */
export class GoPanic extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** Result of a container operation: undefined on success, else Go's error text. */
export type OpError = string | undefined;

/** Sets own key `k` of a working-tree object through the data layer's `__proto__`-safe setter. */
export function setW(o: WObject, k: string, v: WNode): void {
  setKey(o as unknown as JsonObject, k, v as unknown as JsonValue);
}

function hasW(o: WObject, k: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, k);
}

/** True for object nodes (not arrays, not JsonFloat, not RAW_NULL). */
export function isWObject(n: WNode | undefined): n is WObject {
  return typeof n === "object" && n !== null && !Array.isArray(n) && !(n instanceof JsonFloat);
}

/**
 * The container a walked-through node opens, as `findObject` decides: arrays and objects open
 * themselves, RAW_NULL opens an empty nil map, `null` (missing) and scalars open nothing.
 */
export function containerOf(n: WNode): Container | undefined {
  if (Array.isArray(n)) return { kind: "array", arr: n };
  if (n === RAW_NULL) return { kind: "nilMap" };
  if (isWObject(n)) return { kind: "object", obj: n };
  return undefined;
}

const invalidIndex = (idx: bigint): string => `Unable to access invalid index: ${idx}: invalid index referenced`;

/** `container.get`: an object's missing key reads as `null` (nil); arrays check the index. */
export function getIn(c: Container, key: string): { node: WNode } | { error: string } {
  if (c.kind === "nilMap") return { node: null };
  if (c.kind === "object") return { node: hasW(c.obj, key) ? c.obj[key] : null };
  const parsed = goAtoi(key);
  if (!parsed.ok) return { error: parsed.error };
  let idx = parsed.value;
  const len = BigInt(c.arr.length);
  if (idx < 0n) {
    if (idx < -len) return { error: invalidIndex(idx) };
    idx += len;
  }
  if (idx >= len) return { error: invalidIndex(idx) };
  return { node: c.arr[Number(idx)] };
}

/** `container.set` (replace): only called after {@link getIn} succeeded for `key`. */
export function setIn(c: Container, key: string, val: WNode): void {
  if (c.kind === "nilMap") throw new GoPanic("assignment to entry in nil map");
  if (c.kind === "object") return setW(c.obj, key, val);
  const parsed = goAtoi(key);
  if (!parsed.ok) return;
  const idx = parsed.value < 0n ? parsed.value + BigInt(c.arr.length) : parsed.value;
  c.arr[Number(idx)] = val;
}

/** `container.add`: objects set the key; arrays insert (`-` appends, negatives count from the end). */
export function addIn(c: Container, key: string, val: WNode): OpError {
  if (c.kind === "nilMap") throw new GoPanic("assignment to entry in nil map");
  if (c.kind === "object") {
    setW(c.obj, key, val);
    return undefined;
  }
  if (key === "-") {
    c.arr.push(val);
    return undefined;
  }
  const parsed = goAtoi(key);
  if (!parsed.ok) return `value was not a proper array index: '${key}': ${parsed.error}`;
  let idx = parsed.value;
  const size = BigInt(c.arr.length + 1);
  if (idx >= size) return invalidIndex(idx);
  if (idx < 0n) {
    if (idx < -size) return invalidIndex(idx);
    idx += size;
  }
  c.arr.splice(Number(idx), 0, val);
  return undefined;
}

/** `container.remove`: an object's key must exist; an array's index must be in range. */
export function removeIn(c: Container, key: string): OpError {
  if (c.kind !== "array") {
    if (c.kind === "object" && hasW(c.obj, key)) {
      delete c.obj[key];
      return undefined;
    }
    return `Unable to remove nonexistent key: ${key}: missing value`;
  }
  const parsed = goAtoi(key);
  if (!parsed.ok) return parsed.error;
  let idx = parsed.value;
  const len = BigInt(c.arr.length);
  if (idx >= len) return invalidIndex(idx);
  if (idx < 0n) {
    if (idx < -len) return invalidIndex(idx);
    idx += len;
  }
  c.arr.splice(Number(idx), 1);
  return undefined;
}

/**
 * An operation's value as a node to compare in `test`: a top-level `null` becomes RAW_NULL;
 * anything else is the value itself (its nested nulls already are plain nil nodes, as after
 * json-patch parses the value's text). Values entering the tree go through `valueIntoTree`.
 */
export function nodeFromValue(v: JsonValue): WNode {
  return v === null ? RAW_NULL : v;
}

/** The JSON value of a node (RAW_NULL reads as `null`); shares nothing with the tree. */
export function toJsonValue(n: WNode): JsonValue {
  if (n === RAW_NULL) return null;
  if (Array.isArray(n)) return n.map(toJsonValue);
  if (isWObject(n)) {
    const out: JsonObject = {};
    for (const k of Object.keys(n)) setKey(out, k, toJsonValue(n[k]));
    return out;
  }
  return n;
}
