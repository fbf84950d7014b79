// The schema layer's contract: structured-merge-diff style types (atoms, type references),
// the schema that resolves them, and what a kind lookup returns.
import type { JsonValue } from "../data/index.js";

/** Scalar kinds of a schema leaf. */
export type ScalarKind = "numeric" | "string" | "boolean" | "untyped";

/** Element relationship of a list or map (`separable` = granular; `associative` lists only). */
export type Relationship = "atomic" | "separable" | "associative";

/** A struct field: its type and its schema default (used for list-map key defaults). */
export interface StructField {
  readonly type: TypeSpec;
  /** Schema default of the field, if any. */
  readonly default?: JsonValue;
}

/** A map or struct. Keys not in `fields` use `elementType`; without one they are undeclared. */
export interface MapType {
  readonly fields: ReadonlyMap<string, StructField>;
  readonly elementType?: TypeSpec;
  /** `atomic`, or granular (`separable`, or unset which SMD treats the same). */
  readonly relationship?: Relationship;
}

/** A list: atomic, or associative (set without keys, list-map with keys). */
export interface ListType {
  readonly elementType: TypeSpec;
  readonly relationship: Relationship;
  /** Key field names of a list-map (absent or empty for sets and atomic lists). */
  readonly keys?: readonly string[];
}

/** The possible forms of a value at one schema node (more than one for untyped/deduced). */
export interface Atom {
  readonly scalar?: ScalarKind;
  readonly list?: ListType;
  readonly map?: MapType;
}

/**
 * A type reference inside a schema: a named type or an inlined atom, optionally with an
 * element-relationship override (OpenAPI `x-kubernetes-map-type` on a `$ref`).
 */
export type TypeSpec =
  | { readonly named: string; readonly inlined?: undefined; readonly relationship?: Relationship }
  | { readonly named?: undefined; readonly inlined: Atom; readonly relationship?: Relationship };

/** Resolves named types. Implementations materialise a type on first use and cache it. */
export interface Schema {
  /** The atom of a type spec (overrides applied), or undefined when the named type is unknown. */
  resolve(spec: TypeSpec): Atom | undefined;
}

/** A type inside a schema: what the validator, atomic check and merge walk. */
export interface TypeRef {
  readonly schema: Schema;
  readonly spec: TypeSpec;
}

/** What `resolveKind` / `kindForResource` return. */
export interface ResourceInfo {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
  /** Plural resource name. */
  readonly resource: string;
  readonly namespaced: boolean;
  /** The object's type, when a schema for the kind is known. */
  readonly schema?: TypeRef;
  /** Where the entry came from. */
  readonly source: "builtin" | "crd" | "openapi";
  /** For a custom resource: its CRD's `spec.conversion.strategy` (absent = `None`). */
  readonly conversion?: "None" | "Webhook";
}

/** A problem found while loading CRDs or OpenAPI documents (the entry is skipped or partial). */
export interface SchemaProblem {
  readonly message: string;
  /** The CRD or document the problem is in (e.g. `CustomResourceDefinition widgets.example.com`). */
  readonly source: string;
}

/** Name of the deduced type: scalars untyped, lists atomic, maps granular (recursively deduced). */
export const DEDUCED_TYPE = "__untyped_deduced_";
/** Name of the untyped-atomic type: scalars untyped, lists and maps atomic. */
export const UNTYPED_ATOMIC_TYPE = "__untyped_atomic_";
/** Type name of ObjectMeta (every CRD's `metadata`). */
export const OBJECT_META_TYPE = "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta";
