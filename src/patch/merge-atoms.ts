// Schema atoms as the SMD walkers use them: resolving a type spec (with SMD's error texts) and
// picking the atom forms that fit a value.
import { JsonFloat, type JsonValue } from "../data/index.js";
import type { Atom, Schema, TypeSpec } from "../schema/index.js";

/** An empty spec: an undeclared key of a struct (resolves to an empty, invalid atom). */
export const NO_TYPE: TypeSpec = { inlined: {} };

/** Resolves a spec, or returns SMD's `schema error: no type found matching: …`. */
export function resolveAtom(schema: Schema, spec: TypeSpec): Atom | string {
  const a = schema.resolve(spec);
  if (a !== undefined) return a;
  return `schema error: no type found matching: ${spec.named ?? "inlined type"}`;
}

/** A set of atom forms as bits: {@link MAP_FORM}, {@link SCALAR_FORM}, {@link LIST_FORM}. */
export type AtomForms = number;
export const MAP_FORM = 1;
export const SCALAR_FORM = 2;
export const LIST_FORM = 4;

function formsOf(a: Atom): AtomForms {
  return (a.map !== undefined ? MAP_FORM : 0) | (a.scalar !== undefined ? SCALAR_FORM : 0) | (a.list !== undefined ? LIST_FORM : 0);
}

/**
 * SMD `deduceAtom` as the forms of its pick: the single form of `a` matching `v`, else every
 * form of `a` (two picks are SMD's "same atom" when their forms are equal).
 */
export function deducedForms(a: Atom, v: JsonValue | undefined): AtomForms {
  // By `typeof` first (the hot path of every merge): a JsonFloat and any number, string, bool or
  // bigint is a scalar, an array a list, any other object a map; null and absent are none.
  if (v !== undefined && v !== null) {
    if (typeof v !== "object") {
      if (a.scalar !== undefined) return SCALAR_FORM;
    } else if (Array.isArray(v)) {
      if (a.list !== undefined) return LIST_FORM;
    } else if (v instanceof JsonFloat) {
      if (a.scalar !== undefined) return SCALAR_FORM;
    } else if (a.map !== undefined) return MAP_FORM;
  }
  return formsOf(a);
}

/** One form of an atom. */
export type AtomForm = "map" | "scalar" | "list";

/**
 * The form SMD walks `v` as (the walkers' dispatch on {@link deducedForms}'s pick): the form
 * matching `v` when `a` has it, else the first of map, scalar, list.
 */
export function walkedForm(a: Atom, v: JsonValue | undefined): AtomForm | undefined {
  const f = deducedForms(a, v);
  return f & MAP_FORM ? "map" : f & SCALAR_FORM ? "scalar" : f & LIST_FORM ? "list" : undefined;
}

/** SMD's message for an atom with no form. */
export function invalidAtomMessage(spec: TypeSpec): string {
  return `schema error: invalid atom: ${spec.named !== undefined ? "named type: " + spec.named : "inlined"}`;
}
