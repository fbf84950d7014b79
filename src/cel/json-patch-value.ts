// JSONPatch value accessors for the admission layer: a CEL list of JSONPatch objects → RFC 6902
// operations (reference §5.1: `from` only when non-empty, `value` only when set, Object values
// type-name checked then converted).
import type { JsonValue } from "../data/index.js";
import {
  celError, isCelError, kindOf, K, toJson, checkObjectTypeNames, JSONPATCH_TYPE,
  type CelValue, type CelError, type CelList, type CelObject,
} from "./values/index.js";

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
