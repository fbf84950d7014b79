// Unknown fields of a typed object, as the apiserver's strict JSON decoder names them after a JSON
// patch (`strict decoding error: unknown field "spec.template.spec.containers[1].ports[0].x"`).
import { hasKey, isObject, pathText, type JsonValue, type Rewrite } from "../data/index.js";
import type { TypeRef, TypeSpec, Schema } from "../schema/index.js";
import { resolveAtom } from "./merge-atoms.js";

/** Paths (Go json field paths, document order) of fields `v` has that its type does not declare. */
export function unknownFields(type: TypeRef, v: JsonValue): string[] {
  const out: string[] = [];
  walk(type.schema, type.spec, v, "", out, undefined);
  return out;
}

/**
 * Collects unknown-field paths of `v` into `out`, in document order. `wanted`, when given,
 * prunes the walk to children whose path is a prefix of one of these paths (every path found
 * below a child starts with the child's path).
 */
function walk(schema: Schema, spec: TypeSpec, v: JsonValue, path: string, out: string[], wanted: readonly string[] | undefined): void {
  const d = resolveAtom(schema, spec);
  if (typeof d === "string") return;
  // SMD deduces the atom's form from the value; a list (map) is walked as the list (map) form.
  const keep = (p: string): boolean => wanted === undefined || wanted.some((w) => w.startsWith(p));
  if (Array.isArray(v) && d.list) {
    const elementType = d.list.elementType;
    v.forEach((item, i) => {
      const child = `${path}[${i}]`;
      if (keep(child)) walk(schema, elementType, item, child, out, wanted);
    });
    return;
  }
  if (!isObject(v) || !d.map) return;
  for (const key of Object.keys(v)) {
    const child = path === "" ? key : `${path}.${key}`;
    if (!keep(child)) continue;
    const spec2 = d.map.fields.get(key)?.type ?? d.map.elementType;
    if (spec2 === undefined) out.push(child);
    else walk(schema, spec2, v[key], child, out, wanted);
  }
}

/**
 * Like {@link walk} on `after`, skipping what `before` proves known: `b` is `before`'s node at
 * the same route (undefined when `before` has none, or a container of another kind on the way,
 * so that the type walk could differ). A sub-tree `after` shares with `before` by reference has
 * the same unknown fields at the same paths, and an unknown key `before` has at the same route
 * is reported by `before` too, so both are left out. `at` is the route (keys and indexes),
 * formatted only for a path reported.
 */
function walkChanged(schema: Schema, spec: TypeSpec, v: JsonValue, b: JsonValue | undefined, at: (string | number)[], out: string[]): void {
  if (v === b) return;
  const d = resolveAtom(schema, spec);
  if (typeof d === "string") return;
  if (Array.isArray(v) && d.list) {
    const elementType = d.list.elementType;
    const bList = Array.isArray(b) ? b : undefined;
    for (let i = 0; i < v.length; i++) {
      const bi = bList !== undefined && i < bList.length ? bList[i] : undefined;
      if (v[i] === bi) continue;
      at.push(i);
      walkChanged(schema, elementType, v[i], bi, at, out);
      at.pop();
    }
    return;
  }
  if (!isObject(v) || !d.map) return;
  const bMap = isObject(b) ? b : undefined;
  for (const key of Object.keys(v)) {
    const inBefore = bMap !== undefined && hasKey(bMap, key);
    if (inBefore && v[key] === bMap[key]) continue;
    const spec2 = d.map.fields.get(key)?.type ?? d.map.elementType;
    at.push(key);
    if (spec2 === undefined) {
      if (!inBefore) out.push(pathText(at));
    } else {
      walkChanged(schema, spec2, v[key], inBefore ? bMap[key] : undefined, at, out);
    }
    at.pop();
  }
}

/**
 * {@link walkChanged} of the whole objects, for one rewrite of them: the maps above `r.at` share
 * every other key with `before`, so the walk goes straight down to the rewritten node (an
 * undeclared key above it is one `before` has too: nothing below it is reported).
 */
function walkRewrite(schema: Schema, spec: TypeSpec, r: Rewrite, out: string[]): void {
  const at = [...r.at];
  let t = spec;
  for (let i = 0; i < at.length; i++) {
    const d = resolveAtom(schema, t);
    if (typeof d === "string" || !d.map) return;
    const next = d.map.fields.get(at[i] as string)?.type ?? d.map.elementType;
    if (next === undefined) {
      // Undeclared: reported when `before` lacks the key, which only the rewritten node can.
      if (i === at.length - 1 && r.before === undefined && r.after !== undefined) out.push(pathText(at));
      return;
    }
    t = next;
  }
  if (r.after !== undefined) walkChanged(schema, t, r.after, r.before, at, out);
}

/**
 * The strict-decoding error for fields a JSON patch introduced into a built-in object (fields the
 * object already had are not reported: the apiserver would have dropped them at decode time).
 * The result equals comparing `unknownFields` of both objects as path strings; the work done is
 * proportional to the parts of `after` that are not shared by reference with `before` (see
 * `shareInput` of `applyJsonPatch`), plus the routes in `before` to any candidate paths. With
 * `rewrites` (of `applyJsonPatch`), only the rewritten nodes are walked.
 */
export function strictDecodingError(type: TypeRef, before: JsonValue, after: JsonValue, rewrites?: readonly Rewrite[]): string | undefined {
  const candidates: string[] = [];
  if (rewrites === undefined) walkChanged(type.schema, type.spec, after, before, [], candidates);
  else for (const r of rewrites) walkRewrite(type.schema, type.spec, r, candidates);
  if (candidates.length === 0) return undefined;
  // A candidate may still equal a path `before` reports elsewhere (keys holding "." or "[").
  const knownList: string[] = [];
  walk(type.schema, type.spec, before, "", knownList, candidates);
  const known = new Set(knownList);
  const added = candidates.filter((p) => !known.has(p));
  if (added.length === 0) return undefined;
  return `strict decoding error: ${added.map((p) => `unknown field ${JSON.stringify(p)}`).join(", ")}`;
}
