// Field selection, presence tests and indexing on CEL values as cel-go's attributes resolve them:
// maps, objects (JSONPatch defaults, dynamic Object fields), lists, and optional chaining.
import {
  K, kindOf, celError, isCelError, errText, celOptional, optionalNone, JSONPATCH_TYPE, JSONPATCH_FIELDS,
  type CelValue, type CelError, type CelList, type CelMap, type CelObject, type CelOptional, type CelUint,
} from "./index.js";

export function optionalSelect(v: CelValue, field: string): CelOptional | CelError {
  const k = kindOf(v);
  if (k === K.map) {
    const r = (v as CelMap).get(field);
    return r === undefined ? optionalNone : celOptional(r);
  }
  if (k === K.object) {
    const o = v as CelObject;
    if (!objectHas(o, field)) return optionalNone;
    const r = objectField(o, field);
    return isCelError(r) ? r : celOptional(r);
  }
  return celError(errText.noSuchOverload);
}

export function objectHas(o: CelObject, field: string): boolean {
  if (o.typeName === JSONPATCH_TYPE && field !== "value") {
    const v = o.get(field);
    return typeof v === "string" && v !== "";
  }
  return o.isSet(field);
}
export function objectField(o: CelObject, field: string): CelValue | CelError {
  const v = o.get(field);
  if (v !== undefined) return v;
  if (o.typeName === JSONPATCH_TYPE) {
    if (!JSONPATCH_FIELDS.has(field)) return celError(`unexpected JSONPatchType field: ${field}`);
    return field === "value" ? null : "";
  }
  return o.typeName.startsWith("Object") ? null : celError(`no such key: ${field}`);
}

/** `v.field` for maps and objects, with optional chaining through optionals. */
export function selectField(v: CelValue, field: string): CelValue | CelError {
  switch (kindOf(v)) {
    case K.map: {
      const r = (v as CelMap).get(field);
      return r === undefined ? celError(`no such key: ${field}`) : r;
    }
    case K.object: return objectField(v as CelObject, field);
    case K.optional: {
      const inner = (v as CelOptional).value;
      return inner === undefined ? optionalNone : optionalSelect(inner, field);
    }
    default: return celError(`no such key: ${field}`);
  }
}

export function testField(v: CelValue, field: string): CelValue | CelError {
  switch (kindOf(v)) {
    case K.map: return (v as CelMap).has(field);
    case K.object: return objectHas(v as CelObject, field);
    case K.optional: {
      const inner = (v as CelOptional).value;
      return inner === undefined ? false : testField(inner, field);
    }
    default: return celError(`invalid type for field selection.`);
  }
}

/** `a[i]` for lists and maps (and optional chaining). */
export function indexValue(a: CelValue, i: CelValue): CelValue | CelError {
  switch (kindOf(a)) {
    case K.list: {
      const ki = kindOf(i);
      if (ki !== K.int && ki !== K.uint && ki !== K.double) return celError(errText.noSuchOverload);
      return listIndex(a as CelList, i);
    }
    case K.map: {
      const ki = kindOf(i);
      if (ki > K.double && ki !== K.string) return celError(errText.noSuchOverload);
      return mapIndex(a as CelMap, i);
    }
    case K.optional: {
      const inner = (a as CelOptional).value;
      return inner === undefined ? optionalNone : optionalIndex(inner, i);
    }
    default: return celError(errText.noSuchOverload);
  }
}
export function optionalIndex(a: CelValue, i: CelValue): CelValue | CelError {
  const k = kindOf(a);
  if (k === K.optional) {
    const inner = (a as CelOptional).value;
    return inner === undefined ? optionalNone : optionalIndex(inner, i);
  }
  if (k === K.map) {
    const r = (a as CelMap).get(i);
    return r === undefined ? optionalNone : celOptional(r);
  }
  if (k === K.list) {
    const r = indexValue(a, i);
    return isCelError(r) ? (r.message.startsWith("index out of bounds") ? optionalNone : r) : celOptional(r);
  }
  return celError(errText.noSuchOverload);
}


/** `l[i]` with cel-go's index errors (int, uint or integral double index). */
export function listIndex(l: CelList, i: CelValue): CelValue | CelError {
  let n: number;
  if (typeof i === "bigint") n = Number(i);
  else if (typeof i === "number") { if (!Number.isInteger(i)) return celError(`unsupported index value ${i} in list`); n = i; }
  else n = Number((i as CelUint).value);
  if (n < 0 || n >= l.size()) return celError(`index out of bounds: ${String(typeof i === "object" ? (i as CelUint).value : i)}`);
  return l.get(n);
}
/** `m[k]` with cel-go's `no such key` error. */
export function mapIndex(m: CelMap, k: CelValue): CelValue | CelError {
  const v = m.get(k);
  return v === undefined ? celError(`no such key: ${typeof k === "object" && k !== null && (k as { kind: number }).kind === 2 ? (k as CelUint).value : String(k)}`) : v;
}

