// Ranges of sizes and costs for the static cost estimate: cel-go's SizeEstimate / CostEstimate
// arithmetic on unsigned 64-bit integers that saturates at 2^64 − 1 instead of overflowing.

/** A `[min, max]` range of sizes or costs (uint64, as bigint). */
export interface CostRange {
  min: bigint;
  max: bigint;
}

/** The largest uint64: an unknown size or cost. */
export const MAX_U64 = (1n << 64n) - 1n;
const TWO_TO_64 = 2 ** 64;

/** A size or cost of exactly `n`. */
export function fixed(n: bigint | number): CostRange {
  const v = BigInt(n);
  return { min: v, max: v };
}

/** Any size from 0 up: what is not known. */
export const UNKNOWN: CostRange = { min: 0n, max: MAX_U64 };

const addSat = (x: bigint, y: bigint): bigint => (x + y > MAX_U64 ? MAX_U64 : x + y);
const mulSat = (x: bigint, y: bigint): bigint => (x * y > MAX_U64 ? MAX_U64 : x * y);

/** `x × factor` rounded up, computed in float64 as cel-go does (saturating). */
function mulFactor(x: bigint, factor: number): bigint {
  const xf = Number(x);
  if (xf > 0 && factor > 0 && xf > TWO_TO_64 / factor) return MAX_U64;
  const c = Math.ceil(xf * factor);
  return c >= TWO_TO_64 ? MAX_U64 : BigInt(c);
}

/** Sum of ranges. */
export function add(a: CostRange, b: CostRange): CostRange {
  return { min: addSat(a.min, b.min), max: addSat(a.max, b.max) };
}

/** Product of ranges (min × min, max × max). */
export function multiply(a: CostRange, b: CostRange): CostRange {
  return { min: mulSat(a.min, b.min), max: mulSat(a.max, b.max) };
}

/** A range times a cost factor per unit, rounded up. */
export function byFactor(a: CostRange, factor: number): CostRange {
  return { min: mulFactor(a.min, factor), max: mulFactor(a.max, factor) };
}

/** The range covering both. */
export function union(a: CostRange, b: CostRange): CostRange {
  return { min: a.min < b.min ? a.min : b.min, max: a.max > b.max ? a.max : b.max };
}

/** cel-go's cost constants (common/cost.go). */
export const costs = {
  selectAndIdent: 1n,
  constant: 0n,
  listCreate: 10n,
  mapCreate: 30n,
  structCreate: 40n,
  stringTraversal: 0.1,
  regexStringLength: 0.25,
} as const;
