// Schema atoms as the SMD walkers use them: resolving a type spec (with SMD's error texts),
// picking the atom form that fits a value, and comparing two such picks.
import type { JsonValue } from "../data/index.js";
import type { Atom, Schema, TypeSpec } from "../schema/index.js";
import { asList, asMap, isScalar } from "./merge-values.js";

/** An empty spec: an undeclared key of a struct (resolves to an empty, invalid atom). */
export const NO_TYPE: TypeSpec = { inlined: {} };

/** Resolves a spec, or returns SMD's `schema error: no type found matching: …`. */
export function resolveAtom(schema: Schema, spec: TypeSpec): Atom | string {
  const a = schema.resolve(spec);
  if (a !== undefined) return a;
  return `schema error: no type found matching: ${spec.named ?? "inlined type"}`;
}

/** SMD `deduceAtom`: the single form of `a` matching `v`, else `a` unchanged. */
export function deduceAtom(a: Atom, v: JsonValue | undefined): Atom {
  if (v === undefined) return a;
  if (isScalar(v)) return a.scalar !== undefined ? { scalar: a.scalar } : a;
  if (asList(v) !== undefined) return a.list !== undefined ? { list: a.list } : a;
  if (asMap(v) !== undefined) return a.map !== undefined ? { map: a.map } : a;
  return a;
}

/** One form of an atom. */
export type AtomForm = "map" | "scalar" | "list";

/**
 * The form SMD walks `v` as (what the walkers do with {@link deduceAtom}'s pick, without
 * building it): the form matching `v` when `a` has it, else the first of map, scalar, list.
 */
export function walkedForm(a: Atom, v: JsonValue | undefined): AtomForm | undefined {
  if (v !== undefined) {
    if (isScalar(v)) {
      if (a.scalar !== undefined) return "scalar";
    } else if (asList(v) !== undefined) {
      if (a.list !== undefined) return "list";
    } else if (asMap(v) !== undefined) {
      if (a.map !== undefined) return "map";
    }
  }
  return a.map !== undefined ? "map" : a.scalar !== undefined ? "scalar" : a.list !== undefined ? "list" : undefined;
}

/** Equality of two deductions from the same atom (same forms present). */
export function sameForms(x: Atom, y: Atom): boolean {
  return (x.scalar === undefined) === (y.scalar === undefined) &&
    (x.list === undefined) === (y.list === undefined) &&
    (x.map === undefined) === (y.map === undefined);
}

/** SMD's message for an atom with no form. */
export function invalidAtomMessage(spec: TypeSpec): string {
  return `schema error: invalid atom: ${spec.named !== undefined ? "named type: " + spec.named : "inlined"}`;
}
