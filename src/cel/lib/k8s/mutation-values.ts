// Mutation results for the admission layer: a CEL list of JSONPatch objects → RFC 6902 operations
// (reference §5.1: `from` only when non-empty, `value` only when set), and the §4.3 type-name
// check of `Object…{}` trees before they become JSON.
import type { JsonObject, JsonValue } from "../../../data/index.js";
import {
  celError, isCelError, jsonOfList, jsonOfMap, kindOf, K, toJson,
  type BytesSink, type CelValue, type CelError, type CelList, type CelMap, type CelObject,
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

/** Converts a `list(JSONPatch)` result into operations, or an error value. */
export function jsonPatchOps(v: CelValue): JsonPatchOp[] | CelError {
  if (kindOf(v) !== K.list) return celError(`must evaluate to list(JSONPatch) but got ${String(v)}`);
  const l = v as CelList;
  const out: JsonPatchOp[] = [];
  for (let i = 0; i < l.size(); i++) {
    const e = l.get(i);
    if (kindOf(e) !== K.object || (e as CelObject).typeName !== JSONPATCH_TYPE) return celError(`unsupported type in JSONPatch list`);
    const o = e as CelObject;
    const str = (f: string): string => {
      const x = o.get(f);
      return typeof x === "string" ? x : "";
    };
    const op: JsonPatchOp = { op: str("op"), path: str("path") };
    const from = str("from");
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
 * Checks the objects in `v`, expected at `parent` (`field` absent) or at `parent.field`. A
 * well-named object's own type name is the path below it, so paths are only built for errors.
 */
function collectTypeErrors(v: CelValue, parent: string, field: string | undefined, errs: string[]): void {
  const k = kindOf(v);
  if (k === K.object) {
    const o = v as CelObject;
    let path = o.typeName;
    if (field === undefined ? path !== parent : !isFieldTypeName(path, parent, field)) {
      path = field === undefined ? parent : parent + "." + field;
      errs.push(`unexpected type name "${o.typeName}", expected "${path}", which matches field name path from root Object type`);
    }
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
 * Type-checks (reference §4.3, error prefixed `type mismatch: `) and converts an Object value to JSON.
 * `onBytes`: told where bytes values were written (see {@link toJson}). Default: none.
 */
export function objectToJson(v: CelObject, rootTypeName: string = v.typeName, onBytes?: BytesSink): JsonObject | CelError {
  const err = checkObjectTypeNames(v, rootTypeName);
  if (err !== undefined) return celError(`type mismatch: ${err}`);
  return toJson(v, onBytes) as JsonObject | CelError;
}
