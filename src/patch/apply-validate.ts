// Schema validation of a value against a type, as SMD `TypedValue.Validate`: unknown fields,
// scalar kinds, map/list shapes, list-map keys and duplicates (optionally allowed).
import type { JsonObject, JsonValue } from "../data/index.js";
import type { ListType, MapType, ScalarKind, Schema, TypeSpec } from "../schema/index.js";
import { invalidAtomMessage, resolveAtom, walkedForm } from "./merge-atoms.js";
import { smdError, withPrefix, type SmdError } from "./merge-errors.js";
import { listItemPathElement, listItemProblem, peId, peString, type PathElement } from "./merge-keys.js";
import { asMap, goType, goValueSharpV, goValueV, isFloat, isInt } from "./merge-values.js";

/** SMD `validateScalar`: null and absent pass; `prefix` is `lhs: ` / `rhs: ` in merges. */
export function validateScalar(t: ScalarKind, v: JsonValue | undefined, prefix = ""): SmdError[] {
  if (v === undefined || v === null) return [];
  switch (t) {
    case "numeric":
      return isInt(v) || isFloat(v) ? [] : smdError(`${prefix}expected numeric (int or float), got ${goType(v)}`);
    case "string":
      return typeof v === "string" ? [] : smdError(`${prefix}expected string, got ${goValueSharpV(v)}`);
    case "boolean":
      return typeof v === "boolean" ? [] : smdError(`${prefix}expected boolean, got ${goValueV(v)}`);
    case "untyped":
      return isInt(v) || isFloat(v) || typeof v === "string" || typeof v === "boolean"
        ? []
        : smdError(`${prefix}expected any scalar, got ${goValueV(v)}`);
  }
}

/**
 * Validates `v` against `spec`; returns every error SMD would report (paths relative to `v`).
 * @param allowDuplicates accept repeated keys in associative lists (live objects, SMD
 * `AllowDuplicates`). Default: false.
 */
export function validateValue(schema: Schema, spec: TypeSpec, v: JsonValue, allowDuplicates = false): SmdError[] {
  return validateNode(schema, spec, v, allowDuplicates, allowDuplicates ? MEMO_LEVELS : 0);
}

/** How many map levels from the root remember that a live value was valid (root, its children). */
const MEMO_LEVELS = 2;

function validateNode(schema: Schema, spec: TypeSpec, v: JsonValue, dup: boolean, memo: number): SmdError[] {
  const a = resolveAtom(schema, spec);
  if (typeof a === "string") return smdError(a);
  switch (walkedForm(a, v)) {
    case "map":
      return validateMap(schema, a.map as MapType, v, dup, memo);
    case "scalar":
      return validateScalar(a.scalar as ScalarKind, v);
    case "list":
      return validateList(schema, a.list as ListType, v, dup);
    case undefined:
      return smdError(invalidAtomMessage(spec));
  }
}

/** Prefixes `errs` onto `into` (building the prefix only when there are errors). */
function pushPrefixed(into: SmdError[], errs: SmdError[], prefix: () => string): void {
  if (errs.length > 0) into.push(...withPrefix(errs, prefix()));
}

/**
 * Maps of the top {@link MEMO_LEVELS} levels found valid as live values (duplicates allowed) under
 * a map type. Data is never modified in place, so they stay valid: a live object that a
 * copy-on-write JSON patch rebuilt along one path is validated again only under the top-level
 * fields it touched. (Deeper entries would cost more in the weak map than they save.)
 */
const validLive = new WeakMap<JsonObject, MapType>();

/**
 * Records `v` as valid under `spec` as a live value (duplicates allowed) without walking it: for
 * values valid by construction, such as a merge of two valid values.
 */
export function markValidLive(schema: Schema, spec: TypeSpec, v: JsonObject): void {
  const a = resolveAtom(schema, spec);
  if (typeof a !== "string" && walkedForm(a, v) === "map") validLive.set(v, a.map as MapType);
}

function validateMap(schema: Schema, t: MapType, v: JsonValue, dup: boolean, memo: number): SmdError[] {
  if (v === null) return [];
  const m = asMap(v);
  if (m === undefined) return smdError(`expected map, got ${goValueV(v)}`);
  if (memo === 0) return mapErrors(schema, t, m, dup, 0);
  if (validLive.get(m) === t) return [];
  const errs = mapErrors(schema, t, m, dup, memo - 1);
  if (errs.length === 0) validLive.set(m, t);
  return errs;
}

function mapErrors(schema: Schema, t: MapType, m: JsonObject, dup: boolean, memo: number): SmdError[] {
  const errs: SmdError[] = [];
  for (const key of Object.keys(m)) {
    const field = t.fields.get(key);
    const spec = field?.type ?? t.elementType;
    if (spec === undefined) {
      errs.push({ path: "." + key, message: "field not declared in schema" });
      break; // SMD stops iterating the map at the first undeclared field.
    }
    pushPrefixed(errs, validateNode(schema, spec, m[key], dup, memo), () => "." + key);
  }
  return errs;
}

function validateList(schema: Schema, t: ListType, v: JsonValue, dup: boolean): SmdError[] {
  if (v === null) return [];
  if (!Array.isArray(v)) return smdError(`expected list, got ${goValueV(v)}`);
  const errs: SmdError[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < v.length; i++) {
    let pe: PathElement | undefined;
    if (t.relationship !== "associative") {
      pe = { kind: "index", index: i };
    } else if (dup) {
      // Duplicates allowed: the item's identity matters only for an error's path, built then.
      const problem = listItemProblem(schema, t, v[i]);
      if (problem !== undefined) {
        errs.push({ path: "", message: `element ${i}: ${problem}` });
        return errs; // SMD cannot address this item, so it stops validating the list.
      }
    } else {
      const r = listItemPathElement(schema, t, v[i]);
      if (typeof r === "string") {
        errs.push({ path: "", message: `element ${i}: ${r}` });
        return errs;
      }
      pe = r;
      const id = peId(pe);
      if (seen.has(id)) errs.push({ path: "", message: `duplicate entries for key ${peString(pe)}` });
      seen.add(id);
    }
    const at = pe;
    const item = v[i];
    pushPrefixed(errs, validateNode(schema, t.elementType, item, dup, 0), () => peString(at ?? (listItemPathElement(schema, t, item) as PathElement)));
  }
  return errs;
}
