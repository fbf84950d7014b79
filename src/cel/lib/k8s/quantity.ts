// Kubernetes resource quantities as k8s.io/apimachinery resource.Quantity (1.36) holds them:
// an int64 amount or a shared decimal cell, a format, and the parse/compare/add rules of
// quantity.go, including its representation-dependent results (isInteger) and aliasing.
import {
  add64, mul64, negativeScale64, positiveScale64, removeInt64Factors,
  removeBigFactors, goPow10, wrap64,
} from "./quantity-int64.js";
import { parseQuantity as parse } from "./quantity-parse.js";

/** How a quantity prints: `DecimalExponent` (12e6), `BinarySI` (12Mi), `DecimalSI` (12M). */
export type QuantityFormat = "DecimalExponent" | "BinarySI" | "DecimalSI";

/** A decimal `unscaled × 10^-scale` (gopkg.in/inf.v0 Dec); shared by shallow copies like a Go pointer. */
export interface DecCell {
  unscaled: bigint;
  scale: number;
}

/**
 * A quantity. When `d` is unset the value is `i × 10^iScale` with `i` an int64; otherwise `d`.
 * `s` caches the printed form (the original string for some parsed values).
 */
export interface Quantity {
  i: bigint;
  iScale: number;
  d: DecCell | undefined;
  s: string;
  format: QuantityFormat;
}

/**
 * Parses a quantity string like resource.ParseQuantity; an error is its message
 * (`quantities must match the regular expression …`, `unable to parse quantity's suffix`, …).
 */
export function parseQuantity(str: string): Quantity | { error: string } {
  return parse(str);
}

/** True when `str` parses as a quantity. */
export function isQuantityString(str: string): boolean {
  return !("error" in parse(str));
}

/** A quantity holding the int64 `value` in DecimalExponent format (resource.NewQuantity). */
export function quantityFromInt(value: bigint): Quantity {
  return { i: value, iScale: 0, d: undefined, s: "", format: "DecimalExponent" };
}

/** -1, 0 or 1. */
export function quantitySign(q: Quantity): number {
  const v = q.d ? q.d.unscaled : q.i;
  return v === 0n ? 0 : v > 0n ? 1 : -1;
}

function isZero(q: Quantity): boolean {
  return (q.d ? q.d.unscaled : q.i) === 0n;
}

/** The value as a decimal cell without changing `q` (AsDec on a copy). */
function decOf(q: Quantity): DecCell {
  return q.d ?? { unscaled: q.i, scale: -q.iScale };
}

/** Converts `q` to the decimal form in place (Quantity.ToDec / AsDec). */
function toDec(q: Quantity): DecCell {
  if (!q.d) {
    q.d = { unscaled: q.i, scale: -q.iScale };
    q.i = 0n;
    q.iScale = 0;
  }
  return q.d;
}

function cmpDec(a: DecCell, b: DecCell): number {
  const s = Math.max(a.scale, b.scale);
  const x = a.unscaled * 10n ** BigInt(s - a.scale);
  const y = b.unscaled * 10n ** BigInt(s - b.scale);
  return x === y ? 0 : x < y ? -1 : 1;
}

/**
 * Compares like `(*Quantity).Cmp`: when either side is decimal, `q` itself is converted to the
 * decimal form (so a later `isInteger()` on it is false), as in the apiserver.
 */
export function quantityCmp(q: Quantity, y: Quantity): number {
  if (!q.d && !y.d) return cmpDec(decOf(q), decOf(y));
  return cmpDec(toDec(q), decOf(y));
}

/** Equality (`==`): compares values without changing either side. */
export function quantityEqual(q: Quantity, y: Quantity): boolean {
  return cmpDec(decOf(q), decOf(y)) === 0;
}

/** int64Amount.Add: updates q's int64 amount in place when the result fits, else returns false. */
function addInt64(q: Quantity, value: bigint, scale: number): boolean {
  if (value === 0n) return true;
  if (q.i === 0n) {
    q.i = value;
    q.iScale = scale;
    return true;
  }
  let c: bigint | undefined;
  if (q.iScale === scale) {
    c = add64(q.i, value);
  } else if (q.iScale > scale) {
    const a = positiveScale64(q.i, q.iScale - scale);
    c = a === undefined ? undefined : add64(a, value);
    if (c !== undefined) q.iScale = scale;
  } else {
    const b = positiveScale64(value, scale - q.iScale);
    c = b === undefined ? undefined : add64(q.i, b);
  }
  if (c === undefined) return false;
  q.i = c;
  return true;
}

function decAddInto(cell: DecCell, y: DecCell, negate: boolean): void {
  const s = Math.max(cell.scale, y.scale);
  const x = cell.unscaled * 10n ** BigInt(s - cell.scale);
  const v = y.unscaled * 10n ** BigInt(s - y.scale);
  cell.unscaled = negate ? x - v : x + v;
  cell.scale = s;
}

/**
 * `q.add(y)` as the 1.36 library computes it: a shallow copy of `q` (sharing its decimal cell,
 * which the sum then overwrites, so a decimal receiver changes too) plus `y`.
 */
export function quantityAdd(q: Quantity, y: Quantity): Quantity {
  const r: Quantity = { ...q, s: "" };
  if (!r.d && !y.d) {
    if (r.i === 0n) r.format = y.format;
    if (addInt64(r, y.i, y.iScale)) return r;
  } else if (isZero(r)) {
    r.format = y.format;
  }
  decAddInto(toDec(r), decOf(y), false);
  return r;
}

/** `q.sub(y)`, with the same shallow-copy aliasing as {@link quantityAdd}. */
export function quantitySub(q: Quantity, y: Quantity): Quantity {
  const r: Quantity = { ...q, s: "" };
  if (isZero(r)) r.format = y.format;
  if (!r.d && !y.d && addInt64(r, wrap64(-y.i), y.iScale)) return r;
  decAddInto(toDec(r), decOf(y), true);
  return r;
}

/** The value as an int64 when the int64 form holds an integer that fits (AsInt64); else undefined. */
export function quantityAsInt64(q: Quantity): bigint | undefined {
  if (q.d) return undefined;
  if (q.iScale === 0) return q.i;
  if (q.iScale < 0) return undefined;
  return positiveScale64(q.i, q.iScale);
}

/** AsApproximateFloat64: mantissa as float64 times Go's Pow10 of the stored exponent. */
export function quantityAsApproximateFloat(q: Quantity): number {
  const base = Number(q.d ? q.d.unscaled : q.i);
  const exponent = q.d ? -q.d.scale : q.iScale;
  return exponent === 0 ? base : base * goPow10(exponent);
}

const DEC_SUFFIX: Record<number, string> = {
  [-9]: "n", [-6]: "u", [-3]: "m", 0: "", 3: "k", 6: "M", 9: "G", 12: "T", 15: "P", 18: "E",
};
const BIN_SUFFIX: Record<number, string> = { 10: "Ki", 20: "Mi", 30: "Gi", 40: "Ti", 50: "Pi", 60: "Ei" };

function canonicalDec(cell: DecCell): [string, number] {
  const [amount0, times] = removeBigFactors(cell.unscaled, 10n);
  let amount = amount0;
  let exponent = -cell.scale + times;
  while (exponent % 3 !== 0) {
    amount *= 10n;
    exponent--;
  }
  return [amount.toString(), exponent];
}

function canonicalInt(q: Quantity): [string, number] {
  const [amount0, times] = removeInt64Factors(q.i, 10n);
  let exponent = q.iScale + times;
  let amount: bigint | undefined = amount0;
  const rem = exponent % 3;
  if (rem === 1 || rem === -2) {
    amount = mul64(amount0, 10n);
    exponent -= 1;
  } else if (rem === 2 || rem === -1) {
    amount = mul64(amount0, 100n);
    exponent -= 2;
  }
  return amount === undefined ? canonicalDec(decOf(q)) : [amount.toString(), exponent];
}

/** The value rounded away from zero to an integer, with exactness (AsScale(0)). */
function roundToInteger(q: Quantity): [bigint, boolean] {
  if (!q.d) {
    if (q.iScale >= 0) {
      const v = positiveScale64(q.i, q.iScale);
      if (v !== undefined) return [v, true];
      return [q.i * 10n ** BigInt(q.iScale), true];
    }
    return negativeScale64(q.i, -q.iScale);
  }
  const { unscaled, scale } = q.d;
  if (scale <= 0) return [unscaled * 10n ** BigInt(-scale), true];
  const div = 10n ** BigInt(scale);
  const quo = unscaled / div;
  if (quo * div === unscaled) return [quo, true];
  return [unscaled > 0n ? quo + 1n : quo - 1n, false];
}

/** The canonical string (Quantity.String): e.g. `1536Mi`, `1500m`, `12e6`; cached in `q.s`. */
export function quantityToString(q: Quantity): string {
  if (q.s !== "") return q.s;
  if (isZero(q)) return (q.s = "0");
  let format = q.format;
  let rounded = 0n;
  if (format === "BinarySI") {
    const c = cmpDec(decOf(q), { unscaled: 1024n, scale: 0 });
    const c2 = cmpDec(decOf(q), { unscaled: -1024n, scale: 0 });
    if (c2 > 0 && c < 0) {
      format = "DecimalSI";
    } else {
      const [v, exact] = roundToInteger(q);
      if (!exact) format = "DecimalSI";
      rounded = v;
    }
  }
  let out: string;
  if (format === "BinarySI") {
    // the int64 and decimal paths agree: both strip factors of 1024 from the non-zero integer
    const [amount, exponent] = removeBigFactors(rounded, 1024n);
    out = amount.toString() + (BIN_SUFFIX[exponent * 10] ?? "");
  } else {
    const [number, exponent] = q.d ? canonicalDec(q.d) : canonicalInt(q);
    const suffix = format === "DecimalSI" ? DEC_SUFFIX[exponent] ?? "" : exponent === 0 ? "" : `e${exponent}`;
    out = number + suffix;
  }
  return (q.s = out);
}

/**
 * The quantity rounded away from zero to milli precision (Quantity.RoundUp(-3), as the
 * apiserver's ResourceList defaulting rounds every value); the same object when already exact.
 */
export function quantityRoundUpMilli(q: Quantity): Quantity {
  if (!q.d) {
    if (q.iScale >= -3) return q;
    const [v] = negativeScale64(q.i, -3 - q.iScale);
    return { i: v, iScale: -3, d: undefined, s: "", format: q.format };
  }
  const { unscaled, scale } = q.d;
  if (scale <= 3) return q;
  const div = 10n ** BigInt(scale - 3);
  const quo = unscaled / div;
  const v = quo * div === unscaled ? quo : unscaled > 0n ? quo + 1n : quo - 1n;
  return { i: 0n, iScale: 0, d: { unscaled: v, scale: 3 }, s: "", format: q.format };
}
