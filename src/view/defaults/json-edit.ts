// Copy-on-write edits of view objects for the defaulters: each returns its input itself when
// nothing changes, so unchanged sub-trees stay shared (and stay known as decoded).
import { hasKey, isObject, setKey, type JsonObject, type JsonValue } from "../../data/index.js";

/** The value of `k`, or undefined (absent). */
export function field(o: JsonObject, k: string): JsonValue | undefined {
  return hasKey(o, k) ? o[k] : undefined;
}

/** `o` with `k` set to `v` (a copy), or `o` when it already holds that very value. */
export function withField(o: JsonObject, k: string, v: JsonValue): JsonObject {
  if (hasKey(o, k) && o[k] === v) return o;
  const out: JsonObject = { ...o };
  setKey(out, k, v);
  return out;
}

/** `o` without `k` (a copy), or `o` when it has no such key. */
export function withoutField(o: JsonObject, k: string): JsonObject {
  if (!hasKey(o, k)) return o;
  const out: JsonObject = { ...o };
  delete out[k];
  return out;
}

/** `o` with `k` replaced by `f(o[k])` when `f` returns another value. */
export function updateField(o: JsonObject, k: string, f: (v: JsonValue | undefined) => JsonValue | undefined): JsonObject {
  const v = field(o, k);
  const r = f(v);
  if (r === v) return o;
  return r === undefined ? withoutField(o, k) : withField(o, k, r);
}

/** `o[k]` passed through `f` when it is an object (a Go pointer that is set, or a struct). */
export function updateObject(o: JsonObject, k: string, f: (v: JsonObject) => JsonObject): JsonObject {
  return updateField(o, k, (v) => (isObject(v) ? f(v) : v));
}

/** Each object element of the list at `o[k]` passed through `f`; the list is copied only if one changes. */
export function updateEach(o: JsonObject, k: string, f: (v: JsonObject) => JsonObject): JsonObject {
  return updateField(o, k, (v) => (Array.isArray(v) ? mapList(v, (x) => (isObject(x) ? f(x) : x)) : v));
}

/** `list` mapped by `f`, or `list` itself when no element changes. */
export function mapList(list: JsonValue[], f: (v: JsonValue) => JsonValue): JsonValue[] {
  let out: JsonValue[] | undefined;
  for (let i = 0; i < list.length; i++) {
    const r = f(list[i]);
    if (r !== list[i] && out === undefined) out = list.slice(0, i);
    out?.push(r);
  }
  return out ?? list;
}

/** Go's "unset" for a pointer field: absent or null. */
export const unsetPtr = (v: JsonValue | undefined): boolean => v === undefined || v === null;
/** Go's "unset" for a string field: absent or "". */
export const unsetStr = (v: JsonValue | undefined): boolean => v === undefined || v === "";
/** Go's "unset" for an integer field: absent or 0. */
export const unsetInt = (v: JsonValue | undefined): boolean => v === undefined || v === 0;

/** `o` with `k` set to `v` when `unset(o[k])`. */
export function defaultField(o: JsonObject, k: string, unset: (v: JsonValue | undefined) => boolean, v: JsonValue): JsonObject {
  return unset(field(o, k)) ? withField(o, k, v) : o;
}
