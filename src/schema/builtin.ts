// The built-in Kubernetes schema and kind table, decoded lazily from the generated tables:
// a type is parsed the first time it is resolved; the kind index is built on first lookup.
import { builtinResources } from "./gen/builtin-resources.js";
import { decodeEncodedAtom } from "./decode-table.js";
import { schemaOver } from "./resolve-spec.js";
import { typeTableText } from "./type-tables.js";
import type { Atom, ResourceInfo, Schema } from "./types.js";

const decoded = new Map<string, Atom>();

/** The atom of a built-in named type (decoded on first use), or undefined. */
export function builtinAtom(name: string): Atom | undefined {
  const hit = decoded.get(name);
  if (hit !== undefined) return hit;
  const text = typeTableText("builtinTypes", name);
  if (text === undefined) return undefined;
  const atom = decodeEncodedAtom(text);
  decoded.set(name, atom);
  return atom;
}

let schema: Schema | undefined;

/** The schema of all built-in types (shared, immutable). */
export function builtinSchema(): Schema {
  schema ??= schemaOver(builtinAtom);
  return schema;
}

/** Every built-in kind as a ResourceInfo (schema refs point into {@link builtinSchema}). */
export function builtinResourceInfos(): ResourceInfo[] {
  const s = builtinSchema();
  return builtinResources.map(([group, version, kind, resource, namespaced, type]) => ({
    group,
    version,
    kind,
    resource,
    namespaced: namespaced === 1,
    ...(type !== "" ? { schema: { schema: s, spec: { named: type } } } : {}),
    source: "builtin" as const,
  }));
}
