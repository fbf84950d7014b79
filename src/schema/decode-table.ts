// Decoder of the compact atom encoding written by scripts/gen-schema-tables.mjs
// (`{s, l: [elem, rel, keys?], m: {f: [[name, ref, default?]], e, r}}`, refs abbreviated).
import type { JsonValue } from "../data/index.js";
import type { Atom, ListType, MapType, Relationship, ScalarKind, StructField, TypeSpec } from "./types.js";

type EncRef = string | [string, string] | EncAtom;
interface EncAtom {
  s?: string;
  l?: [EncRef, string, string[]?];
  m?: { f?: [string, EncRef, JsonValue?][]; e?: EncRef; r?: string };
}

const SCALARS: Record<string, ScalarKind> = { n: "numeric", s: "string", b: "boolean", u: "untyped" };
const RELS: Record<string, Relationship> = { a: "atomic", s: "separable", as: "associative" };
const PREFIXES: Record<string, string> = { "^": "io.k8s.apimachinery.pkg.apis.meta.v1.", "~": "io.k8s.api." };
const scalarSpecs = new Map<string, TypeSpec>(
  Object.entries(SCALARS).map(([k, v]) => [k, { inlined: { scalar: v } }]),
);

/** Expands an abbreviated type name. */
function longName(n: string): string {
  const p = PREFIXES[n[0]];
  return p === undefined ? n : p + n.slice(1);
}

function decodeRef(r: EncRef): TypeSpec {
  if (typeof r === "string") {
    if (r[0] === "#") return scalarSpecs.get(r.slice(1)) as TypeSpec;
    return { named: longName(r) };
  }
  if (Array.isArray(r)) return { named: longName(r[0]), relationship: RELS[r[1]] };
  return { inlined: decodeAtom(r) };
}

function decodeAtom(e: EncAtom): Atom {
  let scalar: ScalarKind | undefined;
  let list: ListType | undefined;
  let map: MapType | undefined;
  if (e.s !== undefined) scalar = SCALARS[e.s];
  if (e.l !== undefined) {
    const [elem, rel, keys] = e.l;
    list = { elementType: decodeRef(elem), relationship: RELS[rel] ?? "atomic", ...(keys ? { keys } : {}) };
  }
  if (e.m !== undefined) {
    const fields = new Map<string, StructField>();
    for (const [name, ref, def] of e.m.f ?? []) {
      fields.set(name, def === undefined ? { type: decodeRef(ref) } : { type: decodeRef(ref), default: def });
    }
    map = {
      fields,
      ...(e.m.e !== undefined ? { elementType: decodeRef(e.m.e) } : {}),
      ...(e.m.r !== undefined ? { relationship: RELS[e.m.r] } : {}),
    };
  }
  return { ...(scalar ? { scalar } : {}), ...(list ? { list } : {}), ...(map ? { map } : {}) };
}

/** Decodes one encoded atom (the JSON text of a generated table entry). */
export function decodeEncodedAtom(json: string): Atom {
  return decodeAtom(JSON.parse(json) as EncAtom);
}
