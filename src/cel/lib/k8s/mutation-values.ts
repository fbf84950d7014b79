// Mutation results for the admission layer: a CEL list of JSONPatch objects → RFC 6902 operations
// (reference §5.1: `from` only when non-empty, `value` only when set), and the §4.3 type-name
// check of `Object…{}` trees before they become JSON.
import { setKey, type JsonObject, type JsonValue } from "../../../data/index.js";
import {
  celError, isCelError, jsonOfList, jsonOfMap, kindOf, K, structFields, toJson,
  type BytesSink, type CelValue, type CelError, type CelList, type CelMap, type CelObject, type CelOptional,
} from "../../values/index.js";
import { JSONPATCH_TYPE } from "./mutation.js";

/** One JSON patch operation as the apiserver marshals it. */
export interface JsonPatchOp {
  op: string;
  path: string;
  from?: string;
  value?: JsonValue;
}

const MARSHAL = "JSONPath valueExpression evaluated to a type that could not marshal to JSON: ";

/** A JSONPatch string field's value ("" when unset). */
function stringField(o: CelObject, f: string): string {
  const x = o.get(f);
  return typeof x === "string" ? x : "";
}

/** Converts a `list(JSONPatch)` result into operations, or an error value. */
export function jsonPatchOps(v: CelValue): JsonPatchOp[] | CelError {
  if (kindOf(v) !== K.list) return celError(`must evaluate to list(JSONPatch) but got ${String(v)}`);
  const l = v as CelList;
  const out: JsonPatchOp[] = [];
  for (let i = 0; i < l.size(); i++) {
    const e = l.get(i);
    if (kindOf(e) !== K.object || (e as CelObject).typeName !== JSONPATCH_TYPE) return celError(`unsupported type in JSONPatch list`);
    const o = e as CelObject;
    const op: JsonPatchOp = { op: stringField(o, "op"), path: stringField(o, "path") };
    const from = stringField(o, "from");
    if (from !== "") op.from = from;
    if (o.isSet("value")) {
      const val = o.get("value") as CelValue | CelError;
      if (isCelError(val)) return val;
      if (kindOf(val) === K.object) {
        const err = checkObjectTypeNames(val as CelObject);
        if (err !== undefined) return celError(`type mismatch: ${err}`);
      }
      const j = toJson(val);
      if (isCelError(j)) return celError(MARSHAL + j.message);
      op.value = j;
    }
    out.push(op);
  }
  return out;
}

/** True when `name` is `parent + "." + field`, checked without building that string. */
function isFieldTypeName(name: string, parent: string, field: string): boolean {
  return (
    name.length === parent.length + 1 + field.length && name.charCodeAt(parent.length) === 46 && name.startsWith(parent) && name.endsWith(field)
  );
}

/**
 * The path below object `o`, expected at `parent` (`field` absent) or at `parent.field`: its own
 * type name when that is the path, else the path, with the §4.3 error added to `errs`.
 */
function checkedPath(o: CelObject, parent: string, field: string | undefined, errs: string[]): string {
  if (field === undefined ? o.typeName === parent : isFieldTypeName(o.typeName, parent, field)) return o.typeName;
  const path = field === undefined ? parent : parent + "." + field;
  errs.push(`unexpected type name "${o.typeName}", expected "${path}", which matches field name path from root Object type`);
  return path;
}

/**
 * Checks the objects in `v`, expected at `parent` (`field` absent) or at `parent.field`. A
 * well-named object's own type name is the path below it, so paths are only built for errors.
 */
function collectTypeErrors(v: CelValue, parent: string, field: string | undefined, errs: string[]): void {
  const k = kindOf(v);
  if (k === K.object) {
    const o = v as CelObject;
    const path = checkedPath(o, parent, field, errs);
    for (const f of o.fieldNames()) {
      const fv = o.get(f);
      if (fv !== undefined && !isCelError(fv)) collectTypeErrors(fv, path, f, errs);
    }
  } else if (k === K.list && !jsonOfList(v as CelList)) {
    const l = v as CelList;
    for (let i = 0; i < l.size(); i++) collectTypeErrors(l.get(i), parent, field, errs);
  } else if (k === K.map && !jsonOfMap(v as CelMap)) {
    const m = v as CelMap;
    for (const key of m.keys()) collectTypeErrors(m.get(key) as CelValue, parent, field, errs);
  }
}

/**
 * The §4.3 type-name check of an `Object…{}` tree: every nested object must be named
 * `<root>.<field path>` (lists and map values transparent). Returns the joined error text or undefined.
 */
export function checkObjectTypeNames(v: CelObject, rootTypeName: string = v.typeName): string | undefined {
  const errs: string[] = [];
  collectTypeErrors(v, rootTypeName, undefined, errs);
  return errs.length ? errs.join("\n") : undefined;
}

/**
 * {@link toJson} of `v`, expected at `parent` (`field` absent) or at `parent.field`, adding the
 * §4.3 type-name errors of its objects to `errs` on the way (as {@link collectTypeErrors}, in
 * the same order): one walk where a check then a conversion took two. Stops at the first value
 * with no JSON form and returns its error, as toJson does (the names are then checked apart).
 */
function convertChecked(v: CelValue, parent: string, field: string | undefined, errs: string[], onBytes: BytesSink | undefined): JsonValue | CelError {
  const k = kindOf(v);
  if (k === K.object) {
    const o = v as CelObject;
    const path = checkedPath(o, parent, field, errs);
    const out: JsonObject = {};
    // A struct's fields are read straight from its arrays; a lazy object's through get().
    const fields = structFields(o);
    const names = fields?.names ?? o.fieldNames();
    for (let i = 0; i < names.length; i++) {
      const f = names[i];
      const set = fields !== undefined ? fields.values[i] : o.get(f);
      if (set === undefined) continue;
      if (isCelError(set)) return set;
      // An optional field converts as its value (null without one), not checked (as toJson and
      // the check do).
      const e = kindOf(set) === K.optional ? optionalToJson(set as CelOptional, out, f, onBytes) : childChecked(set, path, f, errs, onBytes, out, f);
      if (isCelError(e)) return e;
      setKey(out, f, e);
    }
    return out;
  }
  if (k === K.list) {
    const l = v as CelList;
    const raw = jsonOfList(l);
    if (raw) return raw as JsonValue[];
    const out: JsonValue[] = [];
    for (let i = 0; i < l.size(); i++) {
      const e = childChecked(l.get(i), parent, field, errs, onBytes, out, i);
      if (isCelError(e)) return e;
      out.push(e);
    }
    return out;
  }
  if (k === K.map) {
    const m = v as CelMap;
    const raw = jsonOfMap(m);
    if (raw) return raw;
    const out: JsonObject = {};
    for (const key of m.keys()) {
      if (typeof key !== "string") return toJson(v); // its error (for a key that is not a string)
      const e = childChecked(m.get(key) as CelValue, parent, field, errs, onBytes, out, key);
      if (isCelError(e)) return e;
      setKey(out, key, e);
    }
    return out;
  }
  return toJson(v, onBytes);
}

/** {@link convertChecked} of a child of `container` at `key`, telling `onBytes` where a bytes value goes. */
function childChecked(
  v: CelValue, parent: string, field: string | undefined, errs: string[], onBytes: BytesSink | undefined, container: JsonObject | JsonValue[], key: string | number,
): JsonValue | CelError {
  // Most leaves are strings: their own JSON, with no kind to look up.
  if (typeof v === "string" || typeof v === "boolean") return v;
  if (onBytes !== undefined && kindOf(v) === K.bytes) onBytes(container, key, v as Uint8Array);
  return convertChecked(v, parent, field, errs, onBytes);
}

/** An optional field's value as {@link toJson} converts it (null without one), bytes told to `onBytes`. */
function optionalToJson(set: CelOptional, out: JsonObject, f: string, onBytes: BytesSink | undefined): JsonValue | CelError {
  const fv = set.value ?? null;
  if (onBytes !== undefined && kindOf(fv) === K.bytes) onBytes(out, f, fv as Uint8Array);
  return toJson(fv, onBytes);
}

/**
 * Type-checks (reference §4.3, error prefixed `type mismatch: `) and converts an Object value to JSON.
 * `onBytes`: told where bytes values were written (see {@link toJson}). Default: none.
 */
export function objectToJson(v: CelObject, rootTypeName: string = v.typeName, onBytes?: BytesSink): JsonObject | CelError {
  const errs: string[] = [];
  const out = convertChecked(v, rootTypeName, undefined, errs, onBytes);
  if (isCelError(out)) {
    // The conversion stopped early: the names are checked first, over the whole tree.
    const err = checkObjectTypeNames(v, rootTypeName);
    return err !== undefined ? celError(`type mismatch: ${err}`) : out;
  }
  return errs.length > 0 ? celError(`type mismatch: ${errs.join("\n")}`) : (out as JsonObject);
}
