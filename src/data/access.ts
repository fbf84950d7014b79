// Safe reading and writing of JsonObject keys (no prototype lookups, no prototype pollution),
// and the kind tests every layer uses on JsonValue.
import { JsonFloat, type JsonObject, type JsonValue } from "./types.js";

/** True when `v` is a JSON object (not null, not an array, not a JsonFloat). */
export function isObject(v: JsonValue | undefined): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof JsonFloat);
}

/** True when `o` has own key `k`. */
export function hasKey(o: JsonObject, k: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, k);
}

/** The value of own key `k`, or undefined (never an inherited property). */
export function getKey(o: JsonObject, k: string): JsonValue | undefined {
  return Object.prototype.hasOwnProperty.call(o, k) ? o[k] : undefined;
}

/** Sets own key `k` (also `__proto__`) as a data property. */
export function setKey(o: JsonObject, k: string, v: JsonValue): void {
  if (k === "__proto__") Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true });
  else o[k] = v;
}

/** Sets own key `k` to `v` as {@link setKey} does, or deletes it when `v` is undefined; returns `o`. */
export function setOrDelete(o: JsonObject, k: string, v: JsonValue | undefined): JsonObject {
  if (v === undefined) delete o[k];
  else setKey(o, k, v);
  return o;
}

/** Reads a nested path of object keys; undefined when any step is missing or not an object. */
export function getPath(v: JsonValue | undefined, ...path: string[]): JsonValue | undefined {
  let cur = v;
  for (const k of path) {
    if (!isObject(cur)) return undefined;
    cur = getKey(cur, k);
  }
  return cur;
}

/** A string at a nested path, or undefined. */
export function getString(v: JsonValue | undefined, ...path: string[]): string | undefined {
  const s = getPath(v, ...path);
  return typeof s === "string" ? s : undefined;
}

/** The numeric value of a number-like JsonValue (number, bigint, JsonFloat), else undefined. */
export function numberOf(v: JsonValue | undefined): number | undefined {
  if (typeof v === "number") return v;
  if (typeof v === "bigint") return Number(v);
  if (v instanceof JsonFloat) return v.value;
  return undefined;
}
