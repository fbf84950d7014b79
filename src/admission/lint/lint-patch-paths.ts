// Policy lint of JSONPatch mutations: a `path` (or `from`) naming a field that none of the matched
// kinds' schemas has — the apiserver refuses the patched object. Checked for string literals and for
// the literal start of a concatenation (`"/metadata/annotations/" + jsonpatch.escapeKey(k)`).
import { op, type Expr, type ParsedExpr } from "../../cel/index.js";
import { closest } from "../../data/index.js";
import type { TypeRef, TypeSpec } from "../../schema/index.js";
import type { ExprFinding } from "./lint-reads.js";
import { atomOf } from "./schema-cel-types.js";
import { walkExpr } from "./walk-expr.js";

/** The segments of a path that are certainly part of it: a whole literal, or the complete segments before a `+`. */
function literalSegments(e: Expr): { text: string; segments: string[] } | undefined {
  if (e.kind === "const" && e.value.kind === "string") return { text: e.value.value, segments: e.value.value.split("/").slice(1) };
  if (e.kind === "call" && e.fn === op.add && e.args.length === 2) {
    const left = literalSegments(e.args[0]!);
    if (!left) return undefined;
    return { text: `${left.text}…`, segments: left.segments.slice(0, -1) };
  }
  return undefined;
}

const unescape = (seg: string): string => seg.replace(/~1/g, "/").replace(/~0/g, "~");

/** The first segment the schema does not have, with the fields it has there; undefined when the path fits (or the schema cannot tell). */
function missingSegment(ref: TypeRef, segments: readonly string[]): { index: number; fields: string[] } | undefined {
  let spec: TypeSpec = ref.spec;
  for (let i = 0; i < segments.length; i++) {
    const atom = atomOf(ref, spec);
    if (!atom) return undefined;
    if (atom.list) spec = atom.list.elementType;
    else if (atom.map) {
      const field = atom.map.fields.get(unescape(segments[i]!));
      if (field) spec = field.type;
      else if (atom.map.elementType) spec = atom.map.elementType;
      else return { index: i, fields: [...atom.map.fields.keys()] };
    } else return undefined;
  }
  return undefined;
}

/** JSONPatch `path`/`from` values naming a field none of `schemas` has (`kinds`: their names, for the message). */
export function patchPathFindings(parsed: ParsedExpr, schemas: readonly TypeRef[], kinds: string): ExprFinding[] {
  const out: ExprFinding[] = [];
  if (schemas.length === 0) return out;
  walkExpr(parsed.expr, (e) => {
    if (e.kind !== "struct" || e.typeName.replace(/^\./, "") !== "JSONPatch") return;
    for (const f of e.fields) {
      if (f.field !== "path" && f.field !== "from") continue;
      const lit = literalSegments(f.value);
      if (!lit || lit.segments.length === 0) continue;
      const missing = schemas.map((s) => missingSegment(s, lit.segments));
      const first = missing[0];
      if (!first || missing.some((m) => m === undefined || m.index !== first.index)) continue;
      const seg = unescape(lit.segments[first.index]!);
      const at = lit.segments.slice(0, first.index).map((s) => `/${s}`).join("") || "/";
      const hint = closest(seg, first.fields);
      out.push({
        offset: parsed.sourceInfo.positions.get(f.value.id) ?? 0,
        message: `JSON patch ${f.field} "${lit.text}": ${kinds} has no field "${seg}" at ${at}${hint ? ` (did you mean "${hint}"?)` : ""}: the apiserver refuses the patched object`,
      });
    }
  });
  return out;
}
