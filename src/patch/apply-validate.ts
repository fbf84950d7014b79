// Schema validation of a value against a type, as SMD `TypedValue.Validate`: unknown fields,
// scalar kinds, map/list shapes, list-map keys and duplicates (optionally allowed).
import type { JsonValue } from "../data/index.js";
import type { ListType, MapType, ScalarKind, Schema, TypeSpec } from "../schema/index.js";
import { invalidAtomMessage, resolveAtom, walkedForm } from "./merge-atoms.js";
import { NO_ERRS, smdError, withPrefix, type SmdError } from "./merge-errors.js";
import { listItemPathElement, listItemProblem, peId, peString, type PathElement } from "./merge-keys.js";
import { asMap, goType, goValueSharpV, goValueV, isFloat, isInt } from "./merge-values.js";

/** SMD `validateScalar`: null and absent pass; `prefix` is `lhs: ` / `rhs: ` in merges. */
export function validateScalar(t: ScalarKind, v: JsonValue | undefined, prefix = ""): SmdError[] {
  if (v === undefined || v === null) return NO_ERRS;
  switch (t) {
    case "numeric":
      return isInt(v) || isFloat(v) ? NO_ERRS : smdError(`${prefix}expected numeric (int or float), got ${goType(v)}`);
    case "string":
      return typeof v === "string" ? NO_ERRS : smdError(`${prefix}expected string, got ${goValueSharpV(v)}`);
    case "boolean":
      return typeof v === "boolean" ? NO_ERRS : smdError(`${prefix}expected boolean, got ${goValueV(v)}`);
    case "untyped":
      return isInt(v) || isFloat(v) || typeof v === "string" || typeof v === "boolean"
        ? NO_ERRS
        : smdError(`${prefix}expected any scalar, got ${goValueV(v)}`);
  }
}

/**
 * Validates `v` against `spec`; returns every error SMD would report (paths relative to `v`).
 * @param allowDuplicates accept repeated keys in associative lists (live objects, SMD
 * `AllowDuplicates`). Default: false.
 * @param base with `allowDuplicates` only: a value known to pass this validation under `spec`.
 * A sub-tree of `v` that is the sub-tree of `base` at the same route (by reference) is valid
 * too, so it is not walked: validating a new version of a live object costs only its rewritten
 * parts. Default: none (everything is walked).
 */
export function validateValue(schema: Schema, spec: TypeSpec, v: JsonValue, allowDuplicates = false, base?: JsonValue): SmdError[] {
  return validateNode(schema, spec, v, allowDuplicates, allowDuplicates ? base : undefined);
}

function validateNode(schema: Schema, spec: TypeSpec, v: JsonValue, dup: boolean, base: JsonValue | undefined): SmdError[] {
  if (v === base) return NO_ERRS;
  const a = resolveAtom(schema, spec);
  if (typeof a === "string") return smdError(a);
  switch (walkedForm(a, v)) {
    case "map":
      return validateMap(schema, a.map as MapType, v, dup, base);
    case "scalar":
      return validateScalar(a.scalar as ScalarKind, v);
    case "list":
      return validateList(schema, a.list as ListType, v, dup, base);
    case undefined:
      return smdError(invalidAtomMessage(spec));
  }
}

const hasOwn = Object.prototype.hasOwnProperty;

function validateMap(schema: Schema, t: MapType, v: JsonValue, dup: boolean, base: JsonValue | undefined): SmdError[] {
  if (v === null) return NO_ERRS;
  const m = asMap(v);
  if (m === undefined) return smdError(`expected map, got ${goValueV(v)}`);
  const b = asMap(base);
  let errs: SmdError[] | undefined; // from the first error on
  for (const key of Object.keys(m)) {
    const value = m[key];
    const bv = b !== undefined && hasOwn.call(b, key) ? b[key] : undefined;
    if (bv !== undefined && value === bv) continue; // a sub-tree of `base`: declared, and valid
    const field = t.fields.get(key);
    const spec = field?.type ?? t.elementType;
    if (spec === undefined) {
      (errs ??= []).push({ path: "." + key, message: "field not declared in schema" });
      break; // SMD stops iterating the map at the first undeclared field.
    }
    const e = validateNode(schema, spec, value, dup, bv);
    if (e.length > 0) (errs ??= []).push(...withPrefix(e, "." + key));
  }
  return errs ?? NO_ERRS;
}

function validateList(schema: Schema, t: ListType, v: JsonValue, dup: boolean, base: JsonValue | undefined): SmdError[] {
  if (v === null) return NO_ERRS;
  if (!Array.isArray(v)) return smdError(`expected list, got ${goValueV(v)}`);
  const errs: SmdError[] = [];
  const seen = new Set<string>();
  // Only with duplicates allowed (see validateValue) are items checked one by one, so an item of
  // `base` at the same index is valid here too.
  const b = Array.isArray(base) ? base : undefined;
  for (let i = 0; i < v.length; i++) {
    if (b !== undefined && i < b.length && v[i] === b[i]) continue;
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
    const e = validateNode(schema, t.elementType, v[i], dup, b !== undefined && i < b.length ? b[i] : undefined);
    if (e.length > 0) errs.push(...withPrefix(e, peString(pe ?? (listItemPathElement(schema, t, v[i]) as PathElement))));
  }
  return errs.length > 0 ? errs : NO_ERRS;
}
