// CEL equality and ordering with heterogeneous numeric semantics (int, uint and double compare by
// numeric value across types), as cel-go implements them.
import { isCelError } from "./error.js";
import { kindOf, K, type CelValue } from "./value.js";
import type { CelUint } from "./uint.js";
import type { CelList } from "./list.js";
import type { CelMap } from "./map.js";
import type { CelObject } from "./object.js";
import type { CelOptional, CelOpaque, CelTypeValue } from "./misc.js";
import type { CelDuration, CelTimestamp } from "./time.js";

function bytesCompare(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

// Compares an integer with a double as cel-go does: the integer converted to double (lossy above 2^53).
function intDouble(i: bigint, d: number): number {
  if (Number.isNaN(d)) return NaN;
  const x = Number(i);
  return x < d ? -1 : x > d ? 1 : 0;
}

/**
 * Numeric comparison across int/uint/double: -1, 0, 1, NaN (unordered), or undefined when either is not a number.
 */
export function compareNumeric(a: CelValue, ka: number, b: CelValue, kb: number): number | undefined {
  const x = ka === K.int ? (a as bigint) : ka === K.uint ? (a as CelUint).value : ka === K.double ? (a as number) : undefined;
  const y = kb === K.int ? (b as bigint) : kb === K.uint ? (b as CelUint).value : kb === K.double ? (b as number) : undefined;
  if (x === undefined || y === undefined) return undefined;
  if (typeof x === "bigint") {
    if (typeof y === "bigint") return x < y ? -1 : x > y ? 1 : 0;
    return intDouble(x, y);
  }
  if (typeof y === "bigint") return -intDouble(y, x);
  if (Number.isNaN(x) || Number.isNaN(y)) return NaN;
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * Ordering of two values: -1/0/1, NaN for unordered doubles, undefined when no `<` overload exists
 * for the pair (the caller reports `no such overload`).
 */
export function compareValues(a: CelValue, b: CelValue): number | undefined {
  const ka = kindOf(a);
  const kb = kindOf(b);
  if (ka <= K.double && kb <= K.double && ka !== K.bool && kb !== K.bool) return compareNumeric(a, ka, b, kb);
  if (ka !== kb) return undefined;
  switch (ka) {
    case K.bool: return a === b ? 0 : a ? 1 : -1;
    case K.string: return (a as string) < (b as string) ? -1 : (a as string) > (b as string) ? 1 : 0;
    case K.bytes: return bytesCompare(a as Uint8Array, b as Uint8Array);
    case K.timestamp: {
      const x = a as CelTimestamp, y = b as CelTimestamp;
      return x.sec !== y.sec ? (x.sec < y.sec ? -1 : 1) : x.nanos !== y.nanos ? (x.nanos < y.nanos ? -1 : 1) : 0;
    }
    case K.duration: {
      const x = (a as CelDuration).nanos, y = (b as CelDuration).nanos;
      return x < y ? -1 : x > y ? 1 : 0;
    }
    default: return undefined;
  }
}

/** CEL `==` (heterogeneous: values of different non-numeric kinds are unequal, never an error). */
export function celEquals(a: CelValue, b: CelValue): boolean {
  if (a === b) return typeof a !== "number" || !Number.isNaN(a);
  const ka = kindOf(a);
  const kb = kindOf(b);
  if (ka !== kb) {
    if (ka <= K.double && kb <= K.double && ka !== K.bool && kb !== K.bool) return compareNumeric(a, ka, b, kb) === 0;
    return false;
  }
  switch (ka) {
    case K.uint: return (a as CelUint).value === (b as CelUint).value;
    case K.bytes: return bytesCompare(a as Uint8Array, b as Uint8Array) === 0;
    case K.timestamp: case K.duration: return compareValues(a, b) === 0;
    case K.type: return (a as CelTypeValue).name === (b as CelTypeValue).name;
    case K.list: {
      const x = a as CelList, y = b as CelList;
      const n = x.size();
      if (n !== y.size()) return false;
      for (let i = 0; i < n; i++) if (!celEquals(x.get(i), y.get(i))) return false;
      return true;
    }
    case K.map: {
      const x = a as CelMap, y = b as CelMap;
      if (x.size() !== y.size()) return false;
      for (const k of x.keys()) {
        const yv = y.get(k);
        if (yv === undefined || !celEquals(x.get(k) as CelValue, yv)) return false;
      }
      return true;
    }
    case K.optional: {
      const x = (a as CelOptional).value, y = (b as CelOptional).value;
      return x === undefined || y === undefined ? x === y : celEquals(x, y);
    }
    case K.object: return objectEquals(a as CelObject, b as CelObject);
    case K.opaque: {
      const x = a as CelOpaque, y = b as CelOpaque;
      return x.typeName === y.typeName && (x.ops.equals ? x.ops.equals(x.value, y.value) : x.value === y.value);
    }
    default: return false;
  }
}

function objectEquals(a: CelObject, b: CelObject): boolean {
  if (a.typeName !== b.typeName) return false;
  const fa = a.fieldNames();
  if (fa.length !== b.fieldNames().length) return false;
  for (const f of fa) {
    const x = a.get(f), y = b.get(f);
    if (x === undefined || y === undefined || isCelError(x) || isCelError(y)) return false;
    if (!celEquals(x, y)) return false;
  }
  return true;
}
