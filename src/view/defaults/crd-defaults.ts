// Structural-schema defaulting of custom resources (apiextensions-apiserver 1.36): first
// non-nullable nulls without a default are pruned, then `default:` values fill absent fields and
// non-nullable nulls, at every level of properties, additionalProperties and items.
import { deepClone, getKey, hasKey, isObject, setKey, type JsonObject, type JsonValue } from "../../data/index.js";

/** An OpenAPI v3 (structural) schema node, as JSON. */
type Schema = JsonObject | undefined;

function sub(s: Schema, k: "items" | "additionalProperties"): Schema {
  const v = s === undefined ? undefined : getKey(s, k);
  return isObject(v) ? v : undefined;
}

function propertySchema(s: Schema, key: string): Schema {
  const props = s === undefined ? undefined : getKey(s, "properties");
  if (isObject(props) && hasKey(props, key)) {
    const p = props[key];
    return isObject(p) ? p : undefined;
  }
  return sub(s, "additionalProperties");
}

const nullable = (s: Schema): boolean => s !== undefined && getKey(s, "nullable") === true;
const defaultOf = (s: Schema): JsonValue | undefined => (s === undefined ? undefined : getKey(s, "default"));

/** PruneNonNullableNullsWithoutDefaults: drops `null` where the schema is neither nullable nor defaulted. */
function pruneNulls(v: JsonValue, s: Schema): JsonValue {
  if (Array.isArray(v)) {
    const items = sub(s, "items");
    let out: JsonValue[] | undefined;
    v.forEach((x, i) => {
      const r = pruneNulls(x, items);
      if (r !== x) (out ??= [...v])[i] = r;
    });
    return out ?? v;
  }
  if (!isObject(v)) return v;
  let out: JsonObject | undefined;
  for (const k of Object.keys(v)) {
    const ks = propertySchema(s, k);
    if (v[k] === null && ks !== undefined && !nullable(ks) && defaultOf(ks) === undefined) {
      out ??= { ...v };
      delete out[k];
      continue;
    }
    const r = pruneNulls(v[k], ks);
    if (r !== v[k]) setKey((out ??= { ...v }), k, r);
  }
  return out ?? v;
}

/** Default: absent fields and non-nullable nulls get (a copy of) their schema default, recursively. */
function applyDefaults(v: JsonValue, s: Schema): JsonValue {
  if (s === undefined) return v;
  if (Array.isArray(v)) {
    const items = sub(s, "items");
    let out: JsonValue[] | undefined;
    v.forEach((x, i) => {
      const d = defaultOf(items);
      const filled = x === null && items !== undefined && !nullable(items) && d !== undefined ? deepClone(d) : x;
      const r = applyDefaults(filled, items);
      if (r !== x) (out ??= [...v])[i] = r;
    });
    return out ?? v;
  }
  if (!isObject(v)) return v;
  let o = v;
  const props = getKey(s, "properties");
  if (isObject(props)) {
    for (const k of Object.keys(props)) {
      const ps = isObject(props[k]) ? props[k] : undefined;
      const d = defaultOf(ps);
      if (d === undefined) continue;
      if (!hasKey(o, k) || (o[k] === null && !nullable(ps))) {
        if (o === v) o = { ...v };
        setKey(o, k, deepClone(d));
      }
    }
  }
  for (const k of Object.keys(o)) {
    const ks = propertySchema(s, k);
    let x = o[k];
    if (!(isObject(props) && hasKey(props, k)) && x === null && ks !== undefined && !nullable(ks)) {
      const d = defaultOf(ks);
      if (d !== undefined) x = deepClone(d);
    }
    const r = applyDefaults(x, ks);
    if (r !== o[k]) {
      if (o === v) o = { ...v };
      setKey(o, k, r);
    }
  }
  return o;
}

/** A custom resource as its CRD's structural schema defaults it (copy-on-write). */
export function applyCrdDefaults(object: JsonObject, openAPIV3Schema: JsonObject): JsonObject {
  const out = applyDefaults(pruneNulls(object, openAPIV3Schema), openAPIV3Schema);
  return isObject(out) ? out : object;
}
