// Small CEL value kinds: optionals, type values, and opaque library values (quantity, IP, …).
import type { CelValue } from "./value.js";

/** An optional value: `value` undefined for `optional.none()`. */
export interface CelOptional {
  readonly kind: 12;
  readonly value: CelValue | undefined;
}
class OptionalImpl implements CelOptional {
  readonly kind = 12 as const;
  constructor(readonly value: CelValue | undefined) {}
}
/** `optional.of(v)` (or none when `v` is undefined). */
export function celOptional(value: CelValue | undefined): CelOptional {
  return value === undefined ? optionalNone : new OptionalImpl(value);
}
/** `optional.none()`. */
export const optionalNone: CelOptional = new OptionalImpl(undefined);
/** True when `v` is an optional. */
export function isCelOptional(v: unknown): v is CelOptional {
  return v instanceof OptionalImpl;
}

/** A type value such as `int`, `list`, `google.protobuf.Timestamp`, `Object.spec`. */
export interface CelTypeValue {
  readonly kind: 11;
  readonly name: string;
}
class TypeImpl implements CelTypeValue {
  readonly kind = 11 as const;
  constructor(readonly name: string) {}
}
const typeCache = new Map<string, CelTypeValue>();
/** The (interned) type value named `name`. */
export function celType(name: string): CelTypeValue {
  let t = typeCache.get(name);
  if (!t) typeCache.set(name, (t = new TypeImpl(name)));
  return t;
}
/** True when `v` is a type value. */
export function isCelType(v: unknown): v is CelTypeValue {
  return v instanceof TypeImpl;
}

/** Behaviour of an opaque type. */
export interface OpaqueOps<T> {
  equals?(a: T, b: T): boolean;
  /** The value's size in cost formulas (cel-go's Sizer). Default: 1. */
  size?(v: T): number;
  /**
   * How cel-go prints the value's native Go form (`(*resource.Quantity)1`) when that form cannot be
   * adapted back to a CEL value (an `Object` field read as data fails with it). Default: it adapts.
   */
  goNative?(v: T): string;
}
/** An opaque library value: a payload tagged with its CEL type name. */
export interface CelOpaque<T = unknown> {
  readonly kind: 14;
  readonly typeName: string;
  readonly value: T;
  readonly ops: OpaqueOps<T>;
}
class OpaqueImpl<T> implements CelOpaque<T> {
  readonly kind = 14 as const;
  constructor(readonly typeName: string, readonly value: T, readonly ops: OpaqueOps<T>) {}
}
/** Wraps `value` as an opaque CEL value of `typeName`; equality uses `ops.equals`, else identity. */
export function celOpaque<T>(typeName: string, value: T, ops: OpaqueOps<T> = {}): CelOpaque<T> {
  return new OpaqueImpl(typeName, value, ops);
}
/** True when `v` is an opaque value (optionally of `typeName`). */
export function isCelOpaque(v: unknown, typeName?: string): v is CelOpaque {
  return v instanceof OpaqueImpl && (typeName === undefined || v.typeName === typeName);
}
