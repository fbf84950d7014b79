// The CEL `uint` value: an unsigned 64-bit integer wrapped so it differs from `int` (a bigint).

/** A CEL uint. `value` is a bigint in [0, 2^64). */
export interface CelUint {
  readonly kind: 2;
  readonly value: bigint;
}

class UintImpl implements CelUint {
  readonly kind = 2 as const;
  constructor(readonly value: bigint) {}
}

/** Creates a uint value (the caller guarantees the range; see `checkedUint`). */
export function celUint(value: bigint | number): CelUint {
  return new UintImpl(typeof value === "number" ? BigInt(value) : value);
}

/** True when `v` is a CEL uint. */
export function isCelUint(v: unknown): v is CelUint {
  return v instanceof UintImpl;
}
