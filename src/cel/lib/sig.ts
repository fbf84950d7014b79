// Helpers for writing library tables: type shorthands and row builders (one row per overload).
import type { CelType, Overload, OverloadImpl } from "../types.js";
import type { CelValue, CelError } from "../values/index.js";

/** Type shorthands for signatures. */
export const T = {
  dyn: { kind: "dyn" },
  null: { kind: "null" },
  bool: { kind: "bool" },
  int: { kind: "int" },
  uint: { kind: "uint" },
  double: { kind: "double" },
  string: { kind: "string" },
  bytes: { kind: "bytes" },
  timestamp: { kind: "timestamp" },
  duration: { kind: "duration" },
  type: { kind: "type" },
  A: { kind: "param", name: "A" },
  B: { kind: "param", name: "B" },
  list: (elem: CelType): CelType => ({ kind: "list", elem }),
  map: (key: CelType, value: CelType): CelType => ({ kind: "map", key, value }),
  optional: (param: CelType): CelType => ({ kind: "optional", param }),
  typeOf: (param: CelType): CelType => ({ kind: "type", param }),
  opaque: (name: string, ...params: CelType[]): CelType => ({ kind: "opaque", name, ...(params.length ? { params } : {}) }),
  object: (name: string): CelType => ({ kind: "object", name }),
} as const satisfies Record<string, CelType | ((...a: never[]) => CelType)>;

/** An implementation whose parameters are the (already type-matched) CEL values. */
type Impl = (...args: never[]) => CelValue | CelError;
/** A cost function over the arguments (extra cost beyond 1, see Overload.cost). */
type Cost = (...args: never[]) => number;

/** A global function row: `name(args…) → result`. */
export function fn(name: string, args: CelType[], result: CelType, impl: Impl, cost?: Cost): Overload {
  return cost ? { name, member: false, args, result, impl: impl as OverloadImpl, cost: cost as Overload["cost"] } : { name, member: false, args, result, impl: impl as OverloadImpl };
}
/** A member function row: `args[0].name(args[1…]) → result`. */
export function member(name: string, args: CelType[], result: CelType, impl: Impl, cost?: Cost): Overload {
  return cost ? { name, member: true, args, result, impl: impl as OverloadImpl, cost: cost as Overload["cost"] } : { name, member: true, args, result, impl: impl as OverloadImpl };
}

/** Number of Unicode code points of a string (cel-go's string size). */
const SURROGATE = /[\uD800-\uDBFF]/;
export function codePoints(s: string): number {
  if (!SURROGATE.test(s)) return s.length;
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) { n--; i++; }
    }
  }
  return n;
}

/**
 * Size of a value for cost: bytes length, list/map size, else 1; strings count UTF-16 units
 * (cel-go counts code points — the same except for characters outside the BMP; documented approximation).
 */
export function actualSize(v: CelValue): number {
  if (typeof v === "string") return v.length;
  if (v instanceof Uint8Array) return v.length;
  if (typeof v === "object" && v !== null) {
    const k = (v as { kind: number }).kind;
    if (k === 9 || k === 10) return (v as { size(): number }).size();
    if (k === 12 && (v as { value?: CelValue }).value !== undefined) return actualSize((v as { value: CelValue }).value);
  }
  return 1;
}

/** Extra cost (beyond the base 1) for a traversal of `n` units at factor 0.1: ceil(n × 0.1) − 1. */
export function traversal(n: number, factor = 0.1): number {
  return Math.ceil(n * factor) - 1;
}
