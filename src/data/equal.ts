// Deep equality and deep copies of JsonValue trees (plain, and as Go's JSON round trip returns them).
import { JsonFloat, type JsonObject, type JsonValue } from "./types.js";
import { isObject, hasKey, setKey } from "./access.js";

/**
 * Structural equality: same kinds, same keys (order ignored), same list order. An int and a
 * double are different (as Go's DeepEqual on unstructured objects); a bigint equals a number
 * of the same integral value.
 */
export function deepEqual(a: JsonValue, b: JsonValue): boolean {
  if (a === b) return true;
  if (a instanceof JsonFloat || b instanceof JsonFloat) {
    return a instanceof JsonFloat && b instanceof JsonFloat && a.value === b.value;
  }
  if ((typeof a === "bigint" || typeof a === "number") && (typeof b === "bigint" || typeof b === "number")) {
    if (typeof a === "number" && !Number.isInteger(a)) return false;
    if (typeof b === "number" && !Number.isInteger(b)) return false;
    return BigInt(a) === BigInt(b);
  }
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (isObject(a)) {
    if (!isObject(b)) return false;
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    for (const k of ka) if (!hasKey(b, k) || !deepEqual(a[k], b[k])) return false;
    return true;
  }
  return false;
}

/** A deep copy (objects and arrays are new; scalars and JsonFloat instances are shared). */
export function deepClone<T extends JsonValue>(v: T): T {
  if (Array.isArray(v)) return v.map((x) => deepClone(x)) as T;
  if (isObject(v)) {
    const out: JsonObject = {};
    for (const k of Object.keys(v)) setKey(out, k, deepClone(v[k]));
    return out as T;
  }
  return v;
}

/**
 * A copy as Go's JSON round trip gives it back: an integral double (`JsonFloat`) is written `3`
 * and read as the int 3; everything else is kept (objects and arrays new).
 */
export function goJsonRoundTrip(v: JsonValue): JsonValue {
  if (v instanceof JsonFloat) return v.value;
  if (Array.isArray(v)) return v.map(goJsonRoundTrip);
  if (isObject(v)) {
    const out: JsonObject = {};
    for (const k of Object.keys(v)) setKey(out, k, goJsonRoundTrip(v[k]));
    return out;
  }
  return v;
}
