// Test builders for schemas: an SMD-YAML (`types: [...]`) reader written independently of the
// generated-table decoder, type refs, and repo-relative fixture paths.
import { existsSync, readFileSync } from "node:fs";
import { test } from "node:test";
import yaml from "js-yaml";
import type { Atom, Schema, StructField, TypeRef, TypeSpec } from "../../src/schema/index.js";

/** Repo-root-relative URL (tests run from dist/test/<area>/). */
export function repoFile(path: string): URL {
  return new URL(`../../../${path}`, import.meta.url);
}

/** The shared folder (`../shared` beside the repo). */
export function sharedFile(path: string): URL {
  return new URL(`../../../../shared/${path}`, import.meta.url);
}

/** Why the tests of the shared folder's data cannot run (`../shared` is missing), else false: a `skip` value. */
export const sharedMissing: string | false = existsSync(sharedFile("")) ? false : "../shared not found beside the repository";

/** `test` for a test of the shared folder's data: skipped, visibly, when `../shared` is missing. */
export function sharedTest(name: string, fn: () => void | Promise<void>): void {
  test(name, { skip: sharedMissing }, fn);
}

/** Reads a YAML file. */
export function readYaml(url: URL): unknown {
  return yaml.load(readFileSync(url, "utf8"));
}

type Raw = Record<string, unknown>;

const REL: Record<string, "atomic" | "separable" | "associative"> = {
  atomic: "atomic",
  separable: "separable",
  associative: "associative",
};

function spec(r: Raw): TypeSpec {
  if (typeof r.namedType === "string") {
    const rel = typeof r.elementRelationship === "string" ? REL[r.elementRelationship] : undefined;
    return rel ? { named: r.namedType, relationship: rel } : { named: r.namedType };
  }
  return { inlined: atom(r, () => true) };
}

/** Converts one SMD YAML atom; `keepDefault(field)` decides which field defaults are kept. */
export function atom(r: Raw, keepDefault: (field: string) => boolean): Atom {
  const out: { scalar?: Atom["scalar"]; list?: Atom["list"]; map?: Atom["map"] } = {};
  if (typeof r.scalar === "string") out.scalar = r.scalar as Atom["scalar"];
  if (r.list) {
    const l = r.list as Raw;
    out.list = {
      elementType: spec(l.elementType as Raw),
      relationship: REL[(l.elementRelationship as string) ?? "atomic"],
      ...(Array.isArray(l.keys) ? { keys: l.keys as string[] } : {}),
    };
  }
  if (r.map) {
    const m = r.map as Raw;
    const fields = new Map<string, StructField>();
    for (const f of (m.fields as Raw[] | undefined) ?? []) {
      const name = f.name as string;
      const t = spec(f.type as Raw);
      fields.set(name, f.default !== undefined && keepDefault(name) ? { type: t, default: f.default as never } : { type: t });
    }
    out.map = {
      fields,
      ...(m.elementType ? { elementType: spec(m.elementType as Raw) } : {}),
      ...(typeof m.elementRelationship === "string" ? { relationship: REL[m.elementRelationship] } : {}),
    };
  }
  return out;
}

/** A schema from SMD YAML text (`types:` list), e.g. the schemas of SMD's merge tests. */
export function smdSchema(text: string): Schema {
  const doc = yaml.load(text) as { types: Raw[] };
  const table = new Map<string, Atom>();
  for (const t of doc.types) table.set(t.name as string, atom(t, () => true));
  return {
    resolve(s: TypeSpec): Atom | undefined {
      const base = s.named !== undefined ? table.get(s.named) : s.inlined;
      if (base === undefined || s.relationship === undefined) return base;
      if (base.map) return { ...base, map: { ...base.map, relationship: s.relationship } };
      if (base.list) return { ...base, list: { ...base.list, relationship: s.relationship } };
      return undefined;
    },
  };
}

/** A type ref to a named type of a schema. */
export function ref(schema: Schema, name: string): TypeRef {
  return { schema, spec: { named: name } };
}

/** The two untyped helper types SMD schemas carry. */
export const UNTYPED_TYPES = `
- name: __untyped_atomic_
  scalar: untyped
  list:
    elementType:
      namedType: __untyped_atomic_
    elementRelationship: atomic
  map:
    elementType:
      namedType: __untyped_atomic_
    elementRelationship: atomic
- name: __untyped_deduced_
  scalar: untyped
  list:
    elementType:
      namedType: __untyped_atomic_
    elementRelationship: atomic
  map:
    elementType:
      namedType: __untyped_deduced_
    elementRelationship: separable
`;
