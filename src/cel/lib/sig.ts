// Helpers for writing library tables: type shorthands and row builders (one row per overload).
import type { CelType, Overload, OverloadImpl } from "../types.js";
import type {
  CelValue, CelError, CelUint, CelTimestamp, CelDuration, CelList, CelMap, CelTypeValue, CelOptional, CelObject, CelOpaque,
} from "../values/index.js";

/** The static type of an opaque library type whose values carry payload `P` (type-level only). */
export interface OpaqueSig<P> {
  readonly kind: "opaque";
  readonly name: string;
  readonly params?: CelType[];
  /** Never set: ties the payload type to the signature for {@link ValueOf}. */
  readonly payload?: (p: P) => void;
}

/** Type shorthands for signatures (each keeps its literal kind, so rows are typed by them). */
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
  list: <E extends CelType>(elem: E): { kind: "list"; elem: E } => ({ kind: "list", elem }),
  map: <Key extends CelType, V extends CelType>(key: Key, value: V): { kind: "map"; key: Key; value: V } => ({ kind: "map", key, value }),
  optional: <P extends CelType>(param: P): { kind: "optional"; param: P } => ({ kind: "optional", param }),
  typeOf: <P extends CelType>(param: P): { kind: "type"; param: P } => ({ kind: "type", param }),
  opaque: <P = unknown>(name: string, ...params: CelType[]): OpaqueSig<P> => (params.length ? { kind: "opaque", name, params } : { kind: "opaque", name }),
  object: (name: string): { kind: "object"; name: string } => ({ kind: "object", name }),
} as const satisfies Record<string, CelType | ((...a: never[]) => CelType)>;

/**
 * The JS representation of a value of static type `S` (src/cel/README.md's table): what an
 * implementation receives for an argument declared `S`. Type parameters and `dyn` are any value.
 */
export type ValueOf<S extends CelType> =
  S extends { kind: "bool" } ? boolean :
  S extends { kind: "int" } ? bigint :
  S extends { kind: "uint" } ? CelUint :
  S extends { kind: "double" } ? number :
  S extends { kind: "string" } ? string :
  S extends { kind: "bytes" } ? Uint8Array :
  S extends { kind: "null" } ? null :
  S extends { kind: "timestamp" } ? CelTimestamp :
  S extends { kind: "duration" } ? CelDuration :
  S extends { kind: "list" } ? CelList :
  S extends { kind: "map" } ? CelMap :
  S extends { kind: "type" } ? CelTypeValue :
  S extends { kind: "optional" } ? CelOptional :
  S extends { kind: "object" } ? CelObject :
  S extends { kind: "opaque"; payload?: (p: infer P) => void } ? CelOpaque<P> :
  CelValue;

/** The argument values of a row declared with argument types `A` (a mapped tuple type). */
export type ArgValues<A extends readonly CelType[]> = { -readonly [I in keyof A]: ValueOf<A[I]> };

/** An implementation typed by its row: parameters from the argument types, result from the result type. */
export type TypedImpl<A extends readonly CelType[], R extends CelType> = (...args: ArgValues<A>) => ValueOf<R> | CelError;
/** A cost function typed by its row (extra cost beyond 1, see Overload.cost). */
export type TypedCost<A extends readonly CelType[]> = (...args: ArgValues<A>) => number;

function row<const A extends readonly CelType[], R extends CelType>(name: string, member: boolean, args: A, result: R, impl: TypedImpl<A, R>, cost?: TypedCost<A>): Overload {
  // The one place a typed row is widened: the dispatcher calls it only with values whose kinds
  // (and object/opaque type names) match `args`, so the parameter types hold at runtime.
  const o: Overload = { name, member, args: [...args], result, impl: impl as unknown as OverloadImpl };
  if (cost) o.cost = cost as unknown as NonNullable<Overload["cost"]>;
  return o;
}

/** A global function row: `name(args…) → result`; `impl` and `cost` are typed by `args` and `result`. */
export function fn<const A extends readonly CelType[], R extends CelType>(name: string, args: A, result: R, impl: TypedImpl<A, R>, cost?: TypedCost<A>): Overload {
  return row(name, false, args, result, impl, cost);
}
/** A member function row: `args[0].name(args[1…]) → result`; `impl` and `cost` are typed by `args` and `result`. */
export function member<const A extends readonly CelType[], R extends CelType>(name: string, args: A, result: R, impl: TypedImpl<A, R>, cost?: TypedCost<A>): Overload {
  return row(name, true, args, result, impl, cost);
}

const utf8Encoder = new TextEncoder();
/** Marks rows whose cost cel-go keys by overload id (see Overload.costByOverload). */
export function byOverload(...rows: Overload[]): Overload[] {
  for (const r of rows) r.costByOverload = true;
  return rows;
}
/** A row with a cost part that applies only when the checker resolved the call to it alone (see Overload.resolvedCost). */
export function withResolvedCost(row: Overload, cost: (...args: never[]) => number): Overload {
  row.resolvedCost = cost as (...args: CelValue[]) => number;
  return row;
}
/** A row whose cost (beyond 1) cel-go computes from the result (see Overload.resultCost). */
export function withResultCost(row: Overload, cost: (result: CelValue | CelError) => number): Overload {
  row.resultCost = cost;
  return row;
}

/** Number of UTF-8 bytes of a string (Go's `len`). */
export function utf8Length(s: string): number {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return utf8Encoder.encode(s).length;
  return s.length;
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
    if (k === 14) {
      const o = v as CelOpaque;
      return o.ops.size ? o.ops.size(o.value) : 1;
    }
  }
  return 1;
}

/** Extra cost (beyond the base 1) for a traversal of `n` units at factor 0.1: ceil(n × 0.1) − 1. */
export function traversal(n: number, factor = 0.1): number {
  return Math.ceil(n * factor) - 1;
}
