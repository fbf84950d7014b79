// Schema validation of a value against a type, as SMD `TypedValue.Validate`: unknown fields,
// scalar kinds, map/list shapes, list-map keys and duplicates (optionally allowed), and nulls
// and bytes that came from CEL (a protobuf NULL_VALUE or a Go []byte to SMD, valid nowhere).
import type { JsonValue } from "../data/index.js";
import type { ListType, MapType, ScalarKind, Schema, TypeSpec } from "../schema/index.js";
import { atomicPath } from "./apply-atomics.js";
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
 * SMD's message for a CEL `null` met where `t` is expected: MAP apply configurations turn CEL
 * nulls into protobuf `NULL_VALUE`s, which SMD sees as a value of no kind (printed by `%v`,
 * `%#v` or `%T`), so no form accepts them (reference §6.1).
 */
function celNullMessage(t: ScalarKind | "map" | "list"): string {
  switch (t) {
    case "numeric":
      return "expected numeric (int or float), got structpb.NullValue";
    case "string":
      return "expected string, got &value.valueUnstructured{Value:0}";
    case "boolean":
      return "expected boolean, got &{NULL_VALUE}";
    case "untyped":
      return "expected any scalar, got &{NULL_VALUE}";
    default:
      return `expected ${t}, got &{NULL_VALUE}`;
  }
}

/**
 * SMD's message for a CEL bytes value met where `t` is expected: MAP apply configurations keep
 * bytes as a Go `[]byte`, a value of no kind to SMD (printed by `%#v`, `%T` or `%v`).
 */
function celBytesMessage(t: ScalarKind | "map" | "list", b: Uint8Array): string {
  switch (t) {
    case "string": {
      const hex = Array.from(b, (x) => "0x" + x.toString(16).padStart(2, "0")).join(", ");
      return `expected string, got &value.valueUnstructured{Value:[]uint8{${hex}}}`;
    }
    case "numeric":
      return "expected numeric (int or float), got []uint8";
    case "boolean":
      return `expected boolean, got &{[${b.join(" ")}]}`;
    case "untyped":
      return `expected any scalar, got &{[${b.join(" ")}]}`;
    default:
      return `expected ${t}, got &{[${b.join(" ")}]}`;
  }
}

/** How nulls of the value are read: JSON nulls (valid everywhere) or CEL nulls (valid nowhere). */
export type NullReading = "json" | "cel";

/**
 * Where a value built by CEL held bytes (written into its JSON form as base64 strings): per JSON
 * object or array, the keys or indices whose value was a CEL bytes value.
 */
export interface BytesMarks {
  get(container: object): ReadonlyMap<string | number, Uint8Array> | undefined;
}

/**
 * The atomic nodes a patch validation also collects (the apiserver's atomic rule, as
 * `findAtomics`): `at` is the route to the node being walked, `out` the paths found. While the
 * walk is below an undeclared key (not descended by that rule), `Walk.atomics` is unset.
 */
interface AtomicsWalk {
  readonly at: (string | number)[];
  readonly out: string[];
  readonly everyKey: boolean;
}

/** What one validation walk holds fixed. */
interface Walk {
  schema: Schema;
  dup: boolean;
  nulls: NullReading;
  bytes: BytesMarks | undefined;
  atomics?: AtomicsWalk;
}

/**
 * Validates `v` against `spec`; returns every error SMD would report (paths relative to `v`).
 * @param allowDuplicates accept repeated keys in associative lists (live objects, SMD
 * `AllowDuplicates`). Default: false.
 * @param base with `allowDuplicates` only: a value known to pass this validation under `spec`.
 * A sub-tree of `v` that is the sub-tree of `base` at the same route (by reference) is valid
 * too, so it is not walked: validating a new version of a live object costs only its rewritten
 * parts. Default: none (everything is walked).
 * @param nulls `cel` for a value built by a CEL expression, whose nulls fail. Default: `json`.
 * @param bytes for a value built by a CEL expression: where it held bytes, which fail. Default: none.
 */
export function validateValue(
  schema: Schema, spec: TypeSpec, v: JsonValue, allowDuplicates = false, base?: JsonValue, nulls: NullReading = "json", bytes?: BytesMarks,
): SmdError[] {
  return validateNode({ schema, dup: allowDuplicates, nulls, bytes }, spec, v, allowDuplicates ? base : undefined);
}

/** What {@link validatePatch} found: the validation errors, else the paths of the atomic nodes. */
export type PatchCheck = { errs: SmdError[]; atomics?: undefined } | { errs?: undefined; atomics: string[] };

/**
 * Validates a patch (no duplicates) and, when it is valid, returns the paths of its atomic nodes,
 * in one walk: the same answers as {@link validateValue} then `findAtomics` (with `everyKey`).
 */
export function validatePatch(schema: Schema, spec: TypeSpec, v: JsonValue, everyKey: boolean, nulls: NullReading = "json", bytes?: BytesMarks): PatchCheck {
  const atomics: AtomicsWalk = { at: [], out: [], everyKey };
  const errs = validateNode({ schema, dup: false, nulls, bytes, atomics }, spec, v, undefined);
  return errs.length > 0 ? { errs } : { atomics: atomics.out };
}

/** `bytes`: the CEL bytes value `v` stands for, if it is one (see {@link BytesMarks}). */
function validateNode(w: Walk, spec: TypeSpec, v: JsonValue, base: JsonValue | undefined, bytes?: Uint8Array): SmdError[] {
  if (v === base) return NO_ERRS;
  const a = resolveAtom(w.schema, spec);
  if (typeof a === "string") return smdError(a);
  if (bytes !== undefined) {
    // Of no kind, as a CEL null below.
    if (a.map !== undefined) return smdError(celBytesMessage("map", bytes));
    if (a.scalar !== undefined) return smdError(celBytesMessage(a.scalar, bytes));
    if (a.list !== undefined) return smdError(celBytesMessage("list", bytes));
    return smdError(invalidAtomMessage(spec));
  }
  if (v === null && w.nulls === "cel") {
    // Of no kind: SMD keeps the atom whole and walks its first form (map, scalar, list).
    if (a.map !== undefined) return smdError(celNullMessage("map"));
    if (a.scalar !== undefined) return smdError(celNullMessage(a.scalar));
    if (a.list !== undefined) return smdError(celNullMessage("list"));
    return smdError(invalidAtomMessage(spec));
  }
  switch (walkedForm(a, v)) {
    case "map":
      return validateMap(w, a.map as MapType, v, base);
    case "scalar":
      return validateScalar(a.scalar as ScalarKind, v);
    case "list":
      return validateList(w, a.list as ListType, v, base);
    case undefined:
      return smdError(invalidAtomMessage(spec));
  }
}

const hasOwn = Object.prototype.hasOwnProperty;

function validateMap(w: Walk, t: MapType, v: JsonValue, base: JsonValue | undefined): SmdError[] {
  if (v === null) return NO_ERRS;
  const m = asMap(v);
  if (m === undefined) return smdError(`expected map, got ${goValueV(v)}`);
  const b = asMap(base);
  const bytes = w.bytes?.get(m);
  const { atomics } = w;
  if (atomics !== undefined && t.relationship === "atomic") atomics.out.push(atomicPath(atomics.at));
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
    let e: SmdError[];
    if (atomics === undefined) e = validateNode(w, spec, value, bv, bytes?.get(key));
    else if (field === undefined && !atomics.everyKey) {
      // The atomic rule descends declared fields only.
      w.atomics = undefined;
      e = validateNode(w, spec, value, bv, bytes?.get(key));
      w.atomics = atomics;
    } else {
      atomics.at.push(key);
      e = validateNode(w, spec, value, bv, bytes?.get(key));
      atomics.at.pop();
    }
    if (e.length > 0) (errs ??= []).push(...withPrefix(e, "." + key));
  }
  return errs ?? NO_ERRS;
}

function validateList(w: Walk, t: ListType, v: JsonValue, base: JsonValue | undefined): SmdError[] {
  const { schema, dup } = w;
  if (v === null) return NO_ERRS;
  if (!Array.isArray(v)) return smdError(`expected list, got ${goValueV(v)}`);
  const errs: SmdError[] = [];
  const seen = new Set<string>();
  // Only with duplicates allowed (see validateValue) are items checked one by one, so an item of
  // `base` at the same index is valid here too.
  const b = Array.isArray(base) ? base : undefined;
  const bytes = w.bytes?.get(v);
  const { atomics } = w;
  if (atomics !== undefined && t.relationship === "atomic") atomics.out.push(atomicPath(atomics.at));
  for (let i = 0; i < v.length; i++) {
    if (b !== undefined && i < b.length && v[i] === b[i]) continue;
    let pe: PathElement | undefined;
    const itemBytes = bytes?.get(i);
    if (t.relationship !== "associative") {
      pe = { kind: "index", index: i };
    } else if (((v[i] === null && w.nulls === "cel") || itemBytes !== undefined) && (t.keys ?? []).length > 0) {
      errs.push({ path: "", message: `element ${i}: associative list with keys may not have non-map elements` });
      return errs; // a CEL null or bytes value is not a map (nor SMD's null)
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
    atomics?.at.push(i);
    const e = validateNode(w, t.elementType, v[i], b !== undefined && i < b.length ? b[i] : undefined, itemBytes);
    atomics?.at.pop();
    if (e.length > 0) errs.push(...withPrefix(e, peString(pe ?? (listItemPathElement(schema, t, v[i]) as PathElement))));
  }
  return errs.length > 0 ? errs : NO_ERRS;
}
