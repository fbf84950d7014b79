// Standard library: arithmetic, comparison, equality, logic, membership, index and size operators.
import { op } from "../operators.js";
import type { Overload } from "../types.js";
import {
  celError, errText, checkedInt, checkedUint, intDivide, intModulo, celUint, celDuration, addTimestamp,
  subtractTimestamps, appendInPlace, celEquals, compareValues, isCelError, isCelOpaque,
  type CelValue, type CelError, type CelUint, type CelList, type CelMap, type CelTimestamp, type CelDuration,
} from "../values/index.js";
import { T, fn, member, actualSize, traversal, codePoints, byOverload } from "./sig.js";
import { listIndex, mapIndex } from "../values/access.js";
import { concatLists } from "../values/list.js";

/**
 * Longest list `+` builds. `+` is an O(1) view (as cel-go's lazy concatenation), so this bound no
 * longer protects the `+` itself; it keeps every list small enough to flatten, iterate or write
 * out, and stops repeated doubling (`x + x`) before a later flatten exhausts memory.
 */
export const MAX_CONCAT_LIST = 1 << 22;
/**
 * Longest string `+` builds (UTF-16 units). cel-go charges `+` on strings by size only when the call
 * resolved to the string overload; through dyn it costs 1, so doubling a string in a loop never
 * reaches the cost limit (the apiserver runs out of memory): kmutate refuses instead.
 */
export const MAX_CONCAT_STRING = 1 << 24;
/** `a + b` on strings, refused past MAX_CONCAT_STRING. */
export function concatStrings(a: string, b: string): string | CelError {
  const n = a.length + b.length;
  return n > MAX_CONCAT_STRING ? celError(`string concatenation: result size ${n} exceeds kmutate's string limit ${MAX_CONCAT_STRING}`) : a + b;
}
const addList = (a: CelList, b: CelList): CelList | CelError => {
  if (a.size() + b.size() > MAX_CONCAT_LIST) return celError(`list concatenation: result size ${a.size() + b.size()} exceeds kmutate's list limit ${MAX_CONCAT_LIST}`);
  return appendInPlace(a, b) ?? concatLists(a, b);
};
const concatBytes = (a: Uint8Array, b: Uint8Array): Uint8Array => { const r = new Uint8Array(a.length + b.length); r.set(a); r.set(b, a.length); return r; };
const uDiv = (a: CelUint, b: CelUint): CelUint | CelError => (b.value === 0n ? celError(errText.divideByZero) : celUint(a.value / b.value));
const uMod = (a: CelUint, b: CelUint): CelUint | CelError => (b.value === 0n ? celError(errText.modulusByZero) : celUint(a.value % b.value));
const tsPlus = (t: CelTimestamp, d: CelDuration): CelTimestamp | CelError => addTimestamp(t, d.nanos);
const tsMinus = (t: CelTimestamp, d: CelDuration): CelTimestamp | CelError => addTimestamp(t, -d.nanos);
const negInt = (a: bigint): bigint | CelError => checkedInt(-a);
/** Duration arithmetic: past int64 nanoseconds cel-go reports `integer overflow`. */
const durationOf = (n: bigint): CelDuration | CelError => {
  const c = checkedInt(n);
  return typeof c === "bigint" ? celDuration(c) : c;
};
const strCost = (a: string, b: string): number => traversal(actualSize(a) + actualSize(b));
const bytesCost = (a: Uint8Array, b: Uint8Array): number => traversal(a.length + b.length);
/** Equality traverses the smaller operand; Kubernetes charges 1 when the first is a library value (quantity, IP, …). */
const eqCost = (a: CelValue, b: CelValue): number => (isCelOpaque(a) ? 0 : traversal(Math.min(actualSize(a), actualSize(b))));

/** An ordering operator's implementation from a predicate on compare's result (NaN → false). */
function ordered(pred: (c: number) => boolean): (a: CelValue, b: CelValue) => boolean | CelError {
  return (a, b) => {
    const c = compareValues(a, b);
    return c === undefined ? celError(errText.noSuchOverload) : pred(c);
  };
}
const lt = ordered((c) => c < 0), le = ordered((c) => c <= 0), gt = ordered((c) => c > 0), ge = ordered((c) => c >= 0);
const orderedTypes = [T.bool, T.int, T.uint, T.double, T.string, T.bytes, T.timestamp, T.duration];
const numericPairs = [[T.int, T.uint], [T.int, T.double], [T.uint, T.int], [T.uint, T.double], [T.double, T.int], [T.double, T.uint]];
const stringish = (t: { kind: string }): boolean => t.kind === "string" || t.kind === "bytes";

function comparisonRows(): Overload[] {
  const rows: Overload[] = [];
  for (const [name, impl] of [[op.less, lt], [op.lessEquals, le], [op.greater, gt], [op.greaterEquals, ge]] as const) {
    for (const t of orderedTypes) rows.push(...byOverload(fn(name, [t, t], T.bool, impl, stringish(t) ? eqCost : undefined)));
    for (const [a, b] of numericPairs) rows.push(fn(name, [a, b], T.bool, impl));
  }
  return rows;
}

/** `m[k]` and `l[i]` with cel-go's errors (shared with the planner). */
export { listIndex, mapIndex };

function inList(x: CelValue, l: CelList): boolean {
  const n = l.size();
  for (let i = 0; i < n; i++) if (celEquals(x, l.get(i))) return true;
  return false;
}

const L = T.list(T.A), M = T.map(T.A, T.B);

/** Operators of the standard library. */
export const stdOperators: Overload[] = [
  // Rows in cel-go's declaration order (by overload id): the checker binds an unbound type variable
  // to the first row that accepts it (`[].map(x, x + x)` is list(bytes), `x - x` double).
  ...byOverload(
    fn(op.add,    [T.bytes, T.bytes],         T.bytes,     concatBytes, bytesCost),
    fn(op.add,    [T.string, T.string],       T.string,    concatStrings, strCost),
  ),
  fn(op.add,      [T.double, T.double],       T.double,    (a: number, b: number) => a + b),
  fn(op.add,      [T.duration, T.duration],   T.duration,  (a: CelDuration, b: CelDuration) => durationOf(a.nanos + b.nanos)),
  fn(op.add,      [T.duration, T.timestamp],  T.timestamp, (d: CelDuration, t: CelTimestamp) => tsPlus(t, d)),
  fn(op.add,      [T.timestamp, T.duration],  T.timestamp, tsPlus),
  fn(op.add,      [T.int, T.int],             T.int,       (a: bigint, b: bigint) => checkedInt(a + b)),
  fn(op.add,      [L, L],                     L,           addList),
  fn(op.add,      [T.uint, T.uint],           T.uint,      (a: CelUint, b: CelUint) => checkedUint(a.value + b.value)),
  fn(op.subtract, [T.double, T.double],       T.double,    (a: number, b: number) => a - b),
  fn(op.subtract, [T.duration, T.duration],   T.duration,  (a: CelDuration, b: CelDuration) => durationOf(a.nanos - b.nanos)),
  fn(op.subtract, [T.int, T.int],             T.int,       (a: bigint, b: bigint) => checkedInt(a - b)),
  fn(op.subtract, [T.timestamp, T.duration],  T.timestamp, tsMinus),
  fn(op.subtract, [T.timestamp, T.timestamp], T.duration,  subtractTimestamps),
  fn(op.subtract, [T.uint, T.uint],           T.uint,      (a: CelUint, b: CelUint) => checkedUint(a.value - b.value)),
  fn(op.multiply, [T.double, T.double],       T.double,    (a: number, b: number) => a * b),
  fn(op.multiply, [T.int, T.int],             T.int,       (a: bigint, b: bigint) => checkedInt(a * b)),
  fn(op.multiply, [T.uint, T.uint],           T.uint,      (a: CelUint, b: CelUint) => checkedUint(a.value * b.value)),
  fn(op.divide,   [T.double, T.double],       T.double,    (a: number, b: number) => a / b),
  fn(op.divide,   [T.int, T.int],             T.int,       intDivide),
  fn(op.divide,   [T.uint, T.uint],           T.uint,      uDiv),
  fn(op.modulo,   [T.int, T.int],             T.int,       intModulo),
  fn(op.modulo,   [T.uint, T.uint],           T.uint,      uMod),
  fn(op.negate,   [T.double],                 T.double,    (a: number) => -a),
  fn(op.negate,   [T.int],                    T.int,       negInt),
  fn(op.logicalNot, [T.bool],                 T.bool,      (a: boolean) => !a),
  fn(op.logicalAnd, [T.bool, T.bool],         T.bool,      (a: boolean, b: boolean) => a && b),
  fn(op.logicalOr,  [T.bool, T.bool],         T.bool,      (a: boolean, b: boolean) => a || b),
  fn(op.conditional, [T.bool, T.A, T.A],      T.A,         (c: boolean, a: CelValue, b: CelValue) => (c ? a : b)),
  fn(op.notStrictlyFalse, [T.bool],           T.bool,      (a: boolean) => a),
  fn(op.equals,   [T.A, T.A],                 T.bool,      (a: CelValue, b: CelValue) => celEquals(a, b), eqCost),
  fn(op.notEquals, [T.A, T.A],                T.bool,      (a: CelValue, b: CelValue) => !celEquals(a, b), eqCost),
  ...comparisonRows(),
  ...byOverload(fn(op.in, [T.A, L],           T.bool,      inList, (_x: CelValue, l: CelList) => l.size() - 1)),
  fn(op.in,       [T.A, M],                   T.bool,      (x: CelValue, m: CelMap) => m.has(x)),
  fn(op.index,    [L, T.int],                 T.A,         listIndex),
  fn(op.index,    [M, T.A],                   T.B,         mapIndex),
  fn("size",      [T.bytes],                  T.int,       (b: Uint8Array) => BigInt(b.length)),
  member("size",  [T.bytes],                  T.int,       (b: Uint8Array) => BigInt(b.length)),
  fn("size",      [L],                        T.int,       (l: CelList) => BigInt(l.size())),
  member("size",  [L],                        T.int,       (l: CelList) => BigInt(l.size())),
  fn("size",      [M],                        T.int,       (m: CelMap) => BigInt(m.size())),
  member("size",  [M],                        T.int,       (m: CelMap) => BigInt(m.size())),
  fn("size",      [T.string],                 T.int,       (s: string) => BigInt(codePoints(s))),
  member("size",  [T.string],                 T.int,       (s: string) => BigInt(codePoints(s))),
];

/** True when `v` is an error (re-exported for library code). */
export const isErr = isCelError;
