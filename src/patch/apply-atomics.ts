// The ApplyConfiguration atomic rule (apiserver `validatePatch`/`findAtomics`): every atomic
// list, map or struct in the patch is reported by path; only declared fields are descended.
import type { JsonValue } from "../data/index.js";
import type { Schema, TypeSpec } from "../schema/index.js";
import { asList, asMap } from "./merge-values.js";

/** Options of {@link findAtomics}. */
export interface FindAtomicsOptions {
  /**
   * Also descend into undeclared keys (typed by the map's element type). The apiserver never
   * does; kmutate's no-schema mode does, so that every list in the patch is refused.
   * Default: false.
   */
  everyKey?: boolean;
}

/** Paths (`.spec.selector`, `.spec.containers[0].args`) of atomic nodes in `v`, depth first. */
export function findAtomics(schema: Schema, spec: TypeSpec, v: JsonValue, options: FindAtomicsOptions = {}): string[] {
  const out: string[] = [];
  walk(schema, spec, v, [], options.everyKey === true, out);
  return out;
}

/** An atomic node's path as the apiserver's message writes it: `.spec.containers[0].args`. */
export function atomicPath(at: readonly (string | number)[]): string {
  let s = "";
  for (const k of at) s += typeof k === "number" ? `[${k}]` : "." + k;
  return s;
}

/** Walks `v` at path `at` (keys and indexes, formatted only for a node found). */
function walk(schema: Schema, spec: TypeSpec, v: JsonValue, at: (string | number)[], everyKey: boolean, out: string[]): void {
  const a = schema.resolve(spec);
  if (a === undefined) return;
  const m = asMap(v);
  if (m !== undefined && a.map !== undefined) {
    if (a.map.relationship === "atomic") out.push(atomicPath(at));
    for (const key of Object.keys(m)) {
      const t = a.map.fields.get(key)?.type ?? (everyKey ? a.map.elementType : undefined);
      if (t === undefined) continue;
      at.push(key);
      walk(schema, t, m[key], at, everyKey, out);
      at.pop();
    }
  }
  const l = asList(v);
  if (l !== undefined && a.list !== undefined) {
    if (a.list.relationship === "atomic") out.push(atomicPath(at));
    for (let i = 0; i < l.length; i++) {
      at.push(i);
      walk(schema, a.list.elementType, l[i], at, everyKey, out);
      at.pop();
    }
  }
}

/** The apiserver's message for atomic paths (without the `error applying patch: ` prefix). */
export function atomicsMessage(paths: readonly string[]): string {
  return `invalid ApplyConfiguration: may not mutate atomic arrays, maps or structs: ${paths.join(", ")}`;
}
