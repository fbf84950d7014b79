// int64 helpers for the quantity model: Go's wrapping int64 arithmetic and the overflow-checked
// scaling of k8s.io/apimachinery resource/math.go, on bigint.

/** Go's int64 minimum. */
export const MIN_INT64 = -(1n << 63n);
/** Go's int64 maximum. */
export const MAX_INT64 = (1n << 63n) - 1n;

/** Wraps a bigint to int64 the way Go's machine arithmetic does. */
export function wrap64(v: bigint): bigint {
  return BigInt.asIntN(64, v);
}

/** `a + b` if it fits in int64 (resource.int64Add), else undefined. */
export function add64(a: bigint, b: bigint): bigint | undefined {
  const c = a + b;
  return c >= MIN_INT64 && c <= MAX_INT64 ? c : undefined;
}

/** `a * b` if it fits in int64 (resource.int64Multiply and friends), else undefined. */
export function mul64(a: bigint, b: bigint): bigint | undefined {
  const c = a * b;
  return c >= MIN_INT64 && c <= MAX_INT64 ? c : undefined;
}

/** `base * 10^scale` for scale >= 0 if it fits in int64 (resource.positiveScaleInt64). */
export function positiveScale64(base: bigint, scale: number): bigint | undefined {
  if (base === 0n || scale === 0) return base;
  if (scale > 19) return undefined; // |base| >= 1, so 10^20 overflows
  return mul64(base, 10n ** BigInt(scale));
}

/**
 * `base / 10^scale` rounded away from zero, with exactness (resource.negativeScaleInt64).
 * Returns [result, exact].
 */
export function negativeScale64(base: bigint, scale: number): [bigint, boolean] {
  if (scale === 0) return [base, true];
  let value = base;
  let fraction = false;
  for (let i = 0; i < scale; i++) {
    if (!fraction && value % 10n !== 0n) fraction = true;
    value = value / 10n;
    if (value === 0n) {
      if (fraction) return [base > 0n ? 1n : -1n, false];
      return [0n, true];
    }
  }
  if (fraction) value = base > 0n ? value + 1n : value - 1n;
  return [value, !fraction];
}

/** Divides out `base` while the value is a multiple of it (resource.removeInt64Factors). */
export function removeInt64Factors(value: bigint, base: bigint): [bigint, number] {
  let times = 0;
  let result = value;
  const negative = result < 0n;
  if (negative) result = wrap64(-result);
  while (result >= base && result % base === 0n) {
    times++;
    result = result / base;
  }
  if (negative) result = wrap64(-result);
  return [result, times];
}

/** Divides out `factor` while the value is a non-zero multiple of it (resource.removeBigIntFactors). */
export function removeBigFactors(value: bigint, factor: bigint): [bigint, number] {
  let d = value;
  let times = 0;
  while (d !== 0n && d % factor === 0n) {
    d = d / factor;
    times++;
  }
  return [d, times];
}

/** Go's math.Pow10: the correctly rounded table values Go multiplies and divides. */
export function goPow10(n: number): number {
  if (n >= 0 && n <= 308) {
    return Number(`1e${Math.floor(n / 32) * 32}`) * Number(`1e${n % 32}`);
  }
  if (n >= -323 && n <= 0) {
    const m = -n;
    return Number(`1e-${Math.floor(m / 32) * 32}`) / Number(`1e${m % 32}`);
  }
  return n > 0 ? Infinity : 0;
}
