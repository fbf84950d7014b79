// CEL object values: named structs (`T{f: …}`) with set fields, and lazily computed objects (an
// activation entry whose fields are thunks run once, cached). Each carries its type's declaration,
// which says what unset and unknown fields read as (`ObjectValueDecl`, the runtime part of types.ts
// `ObjectValueDecl`).
import type { CelValue } from "./value.js";
import type { CelError } from "./error.js";

/** How the values of a declared object type answer field reads and presence tests. */
export interface ObjectValueDecl {
  /** Declared field names (their static types are the checker's: types.ts `ObjectValueDecl`). */
  fields: Readonly<Record<string, unknown>>;
  /** Any other field name is accepted, as `dyn`. Default: false (a closed field set). */
  open?: boolean;
  /** The value an unset field reads as, by field name. Default: none (reading an unset field is `no such key: <f>`). */
  zeroValues?: Readonly<Record<string, CelValue>>;
  /** The value any other unset field reads as (open types). Default: none (`no such key: <f>`). */
  otherZeroValue?: CelValue;
  /** Fields that are present (`has()`, `.?f`) only when set to a non-zero value, as proto3 scalars. Default: none (present when set). */
  presentWhenNonZero?: readonly string[];
  /** Error texts for a field a closed type lacks (seen at runtime only without type-checking, or through `dyn`). Default: `no such key: <f>` for all three. */
  unknownField?: UnknownFieldTexts;
  /** Whether an object with no field set is its type's zero value (`optional.ofNonZeroValue`). Default: true. */
  emptyIsZero?: boolean;
  /**
   * Values hold plain data, not fields (cel-go's unstructured objects): a read on an operand of this
   * static type sees the object converted to data (values/object-data.ts); through `dyn`, `.?f` or an
   * optional no field is present (`no such key: <f>`, absent). Default: false.
   */
  dataOnly?: boolean;
  /** The name of the type value `type(v)` returns for a value of this type. Default: the type's own name. */
  typeValueName?: string;
}

/** Error texts for a field a closed object type lacks, each followed by the field name. */
export interface UnknownFieldTexts {
  /** Building the object (`T{f: …}`). */
  construct: string;
  /** Reading the field (`x.f`). */
  select: string;
  /** Testing it (`has(x.f)`). */
  test: string;
}

/** A named struct value. `get` returns undefined for an unset field. */
export interface CelObject {
  readonly kind: 13;
  readonly typeName: string;
  /** Its type's declaration (field reads, presence, unknown-field texts). */
  readonly decl: ObjectValueDecl;
  get(field: string): CelValue | CelError | undefined;
  /** True when the field was set. */
  isSet(field: string): boolean;
  /** Names of set fields (for lazy objects: the declared fields); callers must not modify it. */
  fieldNames(): readonly string[];
}

/** The declaration of an object built without one: a closed type with no fields of its own. */
const undeclared: ObjectValueDecl = { fields: {} };

// Set fields as parallel arrays (literals have few fields: a scan beats building a Map per value).
class StructObject implements CelObject {
  readonly kind = 13 as const;
  constructor(readonly typeName: string, readonly names: readonly string[], readonly values: readonly CelValue[], readonly decl: ObjectValueDecl) {}
  get(field: string): CelValue | undefined {
    const i = this.names.indexOf(field);
    return i < 0 ? undefined : this.values[i];
  }
  isSet(field: string): boolean { return this.names.includes(field); }
  fieldNames(): readonly string[] { return this.names; }
}

class LazyObject implements CelObject {
  readonly kind = 13 as const;
  /** Field values computed so far (made on the first computed field: most activations read none). */
  private cache: Map<string, CelValue | CelError> | undefined;
  constructor(readonly typeName: string, readonly thunks: ReadonlyMap<string, () => CelValue | CelError>, readonly decl: ObjectValueDecl) {}
  get(field: string): CelValue | CelError | undefined {
    const cache = this.cache;
    if (cache !== undefined) {
      const v = cache.get(field);
      if (v !== undefined || cache.has(field)) return v;
    }
    const t = this.thunks.get(field);
    if (!t) return undefined;
    const v = t();
    (this.cache ??= new Map()).set(field, v);
    return v;
  }
  isSet(field: string): boolean { return this.thunks.has(field); }
  fieldNames(): readonly string[] { return [...this.thunks.keys()]; }
}

/** A struct value of `typeName` with the given set fields (in the map's order). Default `decl`: closed, no zero values. */
export function celObject(typeName: string, fields: Map<string, CelValue>, decl: ObjectValueDecl = undeclared): CelObject {
  return new StructObject(typeName, [...fields.keys()], [...fields.values()], decl);
}
/**
 * A struct value of `typeName` whose set fields are `names` (distinct) with `values` (same order;
 * neither array is copied, and neither may change afterwards: `names` may be shared by many values).
 */
export function celObjectOf(typeName: string, names: readonly string[], values: readonly CelValue[], decl: ObjectValueDecl = undeclared): CelObject {
  return new StructObject(typeName, names, values, decl);
}
/** The set fields of a struct value as parallel arrays (its own: callers must not modify them), else undefined (lazy objects). */
export function structFields(v: CelObject): { names: readonly string[]; values: readonly CelValue[] } | undefined {
  return v instanceof StructObject ? v : undefined;
}
/** A lazy object: each field's thunk runs on first access; results (errors too) are cached in this value. */
export function lazyObject(typeName: string, thunks: ReadonlyMap<string, () => CelValue | CelError>, decl: ObjectValueDecl = undeclared): CelObject {
  return new LazyObject(typeName, thunks, decl);
}
/** True when `v` is an object value. */
export function isCelObject(v: unknown): v is CelObject {
  return v instanceof StructObject || v instanceof LazyObject;
}
