// resource.ParseQuantity (k8s.io/apimachinery 1.36): the hand-written scanner, suffix table,
// the int64 fast path (which decides isInteger() later) and the rounded decimal path.
import type { Quantity, QuantityFormat } from "./quantity.js";
import { MAX_INT64, mul64 } from "./quantity-int64.js";

const SPLIT_RE = "^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$";
/** resource.ErrFormatWrong. */
export const ERR_FORMAT_WRONG = `quantities must match the regular expression '${SPLIT_RE}'`;
/** resource.ErrNumeric. */
export const ERR_NUMERIC = "unable to parse numeric part of quantity";
/** resource.ErrSuffix. */
export const ERR_SUFFIX = "unable to parse quantity's suffix";

/** Decimal exponents kmutate computes exactly; Go would build a 10^n big integer beyond this. */
const MAX_DECIMAL_SHIFT = 100_000;

interface Split {
  positive: boolean;
  value: string;
  num: string;
  denom: string;
  suffix: string;
}

const isDigit = (c: string): boolean => c >= "0" && c <= "9";
const SUFFIX_CHARS = "eEinumkKMGTP";

/** resource.parseQuantityString. */
function splitQuantity(str: string): Split | undefined {
  let positive = true;
  let pos = 0;
  const end = str.length;
  if (pos < end && (str[0] === "-" || str[0] === "+")) {
    positive = str[0] !== "-";
    pos++;
  }
  while (pos < end && str[pos] === "0") pos++;
  if (pos >= end) return { positive, value: "0", num: "0", denom: "", suffix: "" };
  let i = pos;
  while (i < end && isDigit(str[i])) i++;
  if (i >= end) return { positive, value: str, num: str.slice(pos), denom: "", suffix: "" };
  let num = str.slice(pos, i);
  pos = i;
  if (num === "") num = "0";
  let denom = "";
  if (pos < end && str[pos] === ".") {
    pos++;
    i = pos;
    while (i < end && isDigit(str[i])) i++;
    denom = str.slice(pos, i);
    if (i >= end) return { positive, value: str, num, denom, suffix: "" };
    pos = i;
  }
  const value = str.slice(0, pos);
  const suffixStart = pos;
  i = pos;
  while (i < end && SUFFIX_CHARS.includes(str[i])) i++;
  if (i >= end) return { positive, value, num, denom, suffix: str.slice(suffixStart) };
  pos = i;
  if (str[pos] === "-" || str[pos] === "+") pos++;
  i = pos;
  while (i < end && isDigit(str[i])) i++;
  if (i >= end) return { positive, value, num, denom, suffix: str.slice(suffixStart) };
  return undefined;
}

interface Suffix {
  base: 2 | 10;
  exponent: number;
  format: QuantityFormat;
}

const DEC: Record<string, number> = { n: -9, u: -6, m: -3, "": 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BIN: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };

/** The suffixer's interpret: SI, binary SI, or `e`/`E` + int64 exponent truncated to int32. */
function interpretSuffix(s: string): Suffix | undefined {
  if (Object.hasOwn(DEC, s)) return { base: 10, exponent: DEC[s], format: "DecimalSI" };
  if (Object.hasOwn(BIN, s)) return { base: 2, exponent: BIN[s], format: "BinarySI" };
  if (s.length > 1 && (s[0] === "e" || s[0] === "E")) {
    const digits = s.slice(1);
    if (!/^[+-]?[0-9]+$/.test(digits)) return undefined;
    const parsed = BigInt(digits);
    if (parsed > MAX_INT64 || parsed < -MAX_INT64 - 1n) return undefined;
    return { base: 10, exponent: Number(BigInt.asIntN(32, parsed)), format: "DecimalExponent" };
  }
  return undefined;
}

/** Parses `str` as resource.ParseQuantity does; an error is returned as its message. */
export function parseQuantity(str: string): Quantity | { error: string } {
  if (str.length === 0) return { error: ERR_FORMAT_WRONG };
  if (str === "0") return { i: 0n, iScale: 0, d: undefined, s: "0", format: "DecimalSI" };
  const parts = splitQuantity(str);
  if (!parts) return { error: ERR_FORMAT_WRONG };
  const { positive, value, num, denom } = parts;
  const suf = interpretSuffix(parts.suffix);
  if (!suf) return { error: ERR_SUFFIX };
  const { base, exponent } = suf;
  let format = suf.format;

  let precision = 0;
  let scale = 0;
  let mantissa = 1n;
  if (format === "BinarySI") {
    if (exponent >= 0 && denom.length === 0) {
      mantissa = 1n << BigInt(exponent);
      precision = 15 - num.length - Math.trunc((exponent * 3) / 10) - 1;
    } else {
      precision = -1;
    }
  } else {
    scale = exponent;
    precision = 18 - (num.length + denom.length);
  }
  if (precision >= 0) {
    scale -= denom.length;
    if (scale >= -9) {
      const shifted = num + denom;
      const v = BigInt(shifted);
      let result = mul64(v, mantissa);
      if (result !== undefined) {
        if (!positive) result = -result;
        let keep: boolean;
        if (format === "BinarySI") keep = exponent % 10 === 0 && (v & 7n) !== 0n;
        else keep = scale % 3 === 0 && !shifted.endsWith("000") && shifted[0] !== "0";
        return { i: result, iScale: scale, d: undefined, s: keep ? str : "", format };
      }
    }
  }

  // inf.Dec path: unscaled × 10^-decScale, sign kept in the unscaled value
  const m = /^([+-]?)([0-9]*)(?:\.([0-9]*))?$/.exec(value);
  if (!m || (m[2] + (m[3] ?? "")).length === 0) return { error: ERR_NUMERIC };
  let unscaled = BigInt(m[1] + m[2] + (m[3] ?? ""));
  let decScale = (m[3] ?? "").length;
  if (base === 10) decScale = Number(BigInt.asIntN(32, BigInt(decScale) + BigInt.asIntN(32, BigInt(-exponent))));
  else unscaled *= 1n << BigInt(exponent);
  const negative = unscaled < 0n;
  if (negative) unscaled = -unscaled;
  if (unscaled !== 0n) {
    // Round(amount, 9, RoundUp): to 9 decimal places, away from zero
    const shift = 9 - decScale;
    if (shift > MAX_DECIMAL_SHIFT) return { error: `${ERR_NUMERIC}: exponent too large for kmutate` };
    if (shift >= 0) {
      unscaled *= 10n ** BigInt(shift);
    } else if (unscaled.toString().length <= -shift) {
      unscaled = 1n;
    } else {
      const div = 10n ** BigInt(-shift);
      const q = unscaled / div;
      unscaled = q * div === unscaled ? q : q + 1n;
    }
    decScale = 9;
  }
  let cell = { unscaled, scale: decScale };
  if (format === "BinarySI") {
    // BinarySI values are clamped to max int64; values in (0, 1) print as DecimalSI
    if (unscaled > MAX_INT64 * 10n ** BigInt(decScale)) cell = { unscaled: MAX_INT64, scale: 0 };
    else if (unscaled > 0n && unscaled < 10n ** BigInt(decScale)) format = "DecimalSI";
  }
  if (negative) cell.unscaled = -cell.unscaled;
  return { i: 0n, iScale: 0, d: cell, s: "", format };
}
