// Checked int64/uint64 arithmetic with cel-go's error wording.
import { celError, errText, type CelError } from "./error.js";
import { celUint, type CelUint } from "./uint.js";

/** Smallest int64. */
export const INT64_MIN = -(2n ** 63n);
/** Largest int64. */
export const INT64_MAX = 2n ** 63n - 1n;
/** Largest uint64. */
export const UINT64_MAX = 2n ** 64n - 1n;

/** `v` if it fits int64, else the `integer overflow` error. */
export function checkedInt(v: bigint): bigint | CelError {
  return v < INT64_MIN || v > INT64_MAX ? celError(errText.intOverflow) : v;
}

/** A uint if `v` fits uint64, else the `unsigned integer overflow` error. */
export function checkedUint(v: bigint): CelUint | CelError {
  return v < 0n || v > UINT64_MAX ? celError(errText.uintOverflow) : celUint(v);
}

/** int64 division truncating toward zero, with cel-go's errors. */
export function intDivide(a: bigint, b: bigint): bigint | CelError {
  if (b === 0n) return celError(errText.divideByZero);
  if (a === INT64_MIN && b === -1n) return celError(errText.intOverflow);
  return a / b;
}

/** int64 remainder (sign of the dividend), with cel-go's errors. */
export function intModulo(a: bigint, b: bigint): bigint | CelError {
  if (b === 0n) return celError(errText.modulusByZero);
  if (a === INT64_MIN && b === -1n) return celError(errText.intOverflow);
  return a % b;
}

/** double → int64 as cel-go converts (truncation; range checked, NaN/Inf rejected). */
export function doubleToInt(v: number): bigint | CelError {
  if (!Number.isFinite(v) || v <= -9223372036854775808 || v >= 9223372036854775808) return celError(errText.intOverflow);
  return BigInt(Math.trunc(v));
}

/** double → uint64 as cel-go converts. */
export function doubleToUint(v: number): CelUint | CelError {
  if (!Number.isFinite(v) || v < 0 || v >= 18446744073709551616) return celError(errText.uintOverflow);
  return celUint(BigInt(Math.trunc(v)));
}
