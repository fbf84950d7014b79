// Policy lint of mutation expressions: apply configurations that set atomic fields (the apiserver
// refuses them on every object) and JSON patch paths that address list elements by index.
import type { Expr, ParsedExpr } from "../../cel/index.js";
import { setKey, type JsonObject, type JsonValue } from "../../data/index.js";
import { findAtomics } from "../../patch/index.js";
import type { ExprFinding, MatchedSchemas } from "./lint-reads.js";

/** Offset of a struct field's name (the parser positions the field at its colon). */
function fieldOffset(parsed: ParsedExpr, id: number, field: string): number {
  const colon = parsed.sourceInfo.positions.get(id) ?? 0;
  const at = parsed.sourceInfo.text.lastIndexOf(field, colon);
  return at >= 0 ? at : colon;
}

/** The literal shape of a value: structs and string-keyed maps as objects, lists as lists, the rest null. */
function skeleton(parsed: ParsedExpr, e: Expr, path: string, where: Map<string, number>): JsonValue {
  if (e.kind === "struct") {
    const out: JsonObject = {};
    for (const f of e.fields) {
      const p = `${path}.${f.field}`;
      where.set(p, fieldOffset(parsed, f.id, f.field));
      setKey(out, f.field, skeleton(parsed, f.value, p, where));
    }
    return out;
  }
  if (e.kind === "map") {
    const out: JsonObject = {};
    for (const en of e.entries) {
      if (en.key.kind !== "const" || en.key.value.kind !== "string") continue;
      const p = `${path}.${en.key.value.value}`;
      where.set(p, parsed.sourceInfo.positions.get(en.key.id) ?? 0);
      setKey(out, en.key.value.value, skeleton(parsed, en.value, p, where));
    }
    return out;
  }
  if (e.kind === "list") return e.elements.map((x, i) => skeleton(parsed, x, `${path}[${i}]`, where));
  return null;
}

function structs(e: Expr, typeName: string, out: Expr[] = []): Expr[] {
  if (e.kind === "struct" && e.typeName.replace(/^\./, "") === typeName) out.push(e);
  switch (e.kind) {
    case "select": structs(e.operand, typeName, out); break;
    case "call": if (e.target) structs(e.target, typeName, out); e.args.forEach((a) => structs(a, typeName, out)); break;
    case "list": e.elements.forEach((x) => structs(x, typeName, out)); break;
    case "map": for (const en of e.entries) { structs(en.key, typeName, out); structs(en.value, typeName, out); } break;
    case "struct": e.fields.forEach((f) => structs(f.value, typeName, out)); break;
    case "comprehension": [e.iterRange, e.accuInit, e.loopStep, e.result].forEach((x) => structs(x, typeName, out)); break;
    default: break;
  }
  return out;
}

/** Atomic fields an apply configuration sets literally, for any of the matched kinds' schemas. */
export function atomicFieldSets(parsed: ParsedExpr, kinds: MatchedSchemas): ExprFinding[] {
  const found = new Map<string, number>();
  for (const root of structs(parsed.expr, "Object")) {
    const where = new Map<string, number>();
    const value = skeleton(parsed, root, "", where);
    for (const ref of kinds.schemas) {
      for (const p of findAtomics(ref.schema, ref.spec, value)) if (p !== "" && !found.has(p)) found.set(p, where.get(p) ?? 0);
    }
  }
  return [...found].map(([path, offset]) => ({
    offset,
    message: `the apply configuration sets atomic field ${path}: the apiserver refuses it on every object ("may not mutate atomic arrays, maps or structs"); replace it with a JSONPatch mutation`,
  }));
}

/** JSON patch paths written as string literals that address a list element by index (`/…/containers/0`). */
export function indexPaths(parsed: ParsedExpr): ExprFinding[] {
  const out: ExprFinding[] = [];
  for (const s of structs(parsed.expr, "JSONPatch")) {
    if (s.kind !== "struct") continue;
    for (const f of s.fields) {
      if (f.field !== "path" && f.field !== "from") continue;
      const v = f.value;
      if (v.kind !== "const" || v.value.kind !== "string") continue;
      const text = v.value.value;
      const index = text.split("/").slice(1).find((seg) => /^(0|[1-9][0-9]*)$/.test(seg));
      if (index === undefined) continue;
      out.push({
        offset: parsed.sourceInfo.positions.get(v.id) ?? 0,
        message: `JSON patch path "${text}" addresses a list element by index ${index}: it patches whatever element is at that position in each object; use "-" to append, or an apply configuration that merges by key`,
      });
    }
  }
  return out;
}
