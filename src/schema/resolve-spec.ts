// Type-spec resolution shared by every schema: named lookup or inlined atom, then the
// element-relationship override SMD applies for `x-kubernetes-map-type` on a reference.
import type { Atom, Relationship, Schema, TypeSpec } from "./types.js";

/**
 * A schema over a named-type lookup. Overridden resolutions are cached per spec object.
 * @param lookup returns the atom of a named type (materialised on first use), or undefined.
 */
export function schemaOver(lookup: (name: string) => Atom | undefined): Schema {
  const overridden = new WeakMap<TypeSpec, Atom | null>();
  return {
    resolve(spec: TypeSpec): Atom | undefined {
      const base = spec.named !== undefined ? lookup(spec.named) : spec.inlined;
      if (base === undefined || spec.relationship === undefined) return base;
      const hit = overridden.get(spec);
      if (hit !== undefined) return hit ?? undefined;
      const out = withRelationship(base, spec.relationship);
      overridden.set(spec, out ?? null);
      return out;
    },
  };
}

/** SMD's override: a map takes the relationship (else a list does); a pure scalar cannot. */
function withRelationship(a: Atom, r: Relationship): Atom | undefined {
  if (a.map) return { ...a, map: { ...a.map, relationship: r } };
  if (a.list) return { ...a, list: { ...a.list, relationship: r } };
  return undefined;
}
