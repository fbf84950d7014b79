// Unknown fields of a typed object, as the apiserver's strict JSON decoder names them after a JSON
// patch (`strict decoding error: unknown field "spec.template.spec.containers[1].ports[0].x"`).
import { isObject, type JsonValue } from "../data/index.js";
import type { TypeRef, TypeSpec, Schema } from "../schema/index.js";
import { deduceAtom, resolveAtom } from "./merge-atoms.js";

/** Paths (Go json field paths, document order) of fields `v` has that its type does not declare. */
export function unknownFields(type: TypeRef, v: JsonValue): string[] {
  const out: string[] = [];
  walk(type.schema, type.spec, v, "", out);
  return out;
}

function walk(schema: Schema, spec: TypeSpec, v: JsonValue, path: string, out: string[]): void {
  const a = resolveAtom(schema, spec);
  if (typeof a === "string") return;
  const d = deduceAtom(a, v);
  if (Array.isArray(v) && d.list) {
    v.forEach((item, i) => walk(schema, d.list!.elementType, item, `${path}[${i}]`, out));
    return;
  }
  if (!isObject(v) || !d.map) return;
  for (const key of Object.keys(v)) {
    const child = path === "" ? key : `${path}.${key}`;
    const spec2 = d.map.fields.get(key)?.type ?? d.map.elementType;
    if (spec2 === undefined) out.push(child);
    else walk(schema, spec2, v[key], child, out);
  }
}

/**
 * The strict-decoding error for fields a JSON patch introduced into a built-in object (fields the
 * object already had are not reported: the apiserver would have dropped them at decode time).
 */
export function strictDecodingError(type: TypeRef, before: JsonValue, after: JsonValue): string | undefined {
  const known = new Set(unknownFields(type, before));
  const added = unknownFields(type, after).filter((p) => !known.has(p));
  if (added.length === 0) return undefined;
  return `strict decoding error: ${added.map((p) => `unknown field ${JSON.stringify(p)}`).join(", ")}`;
}
