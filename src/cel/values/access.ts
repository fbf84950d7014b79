// Field selection, presence tests and indexing on CEL values as cel-go's attributes resolve them:
// maps, objects (unset and unknown fields as their type declares), lists, and optional chaining.
import {
  K, kindOf, celError, isCelError, errText, celOptional, optionalNone, noSuchKey,
  type CelValue, type CelError, type CelList, type CelMap, type CelObject, type CelOptional, type CelUint,
} from "./index.js";
import { isZeroValue } from "./zero.js";

export function optionalSelect(v: CelValue, field: string): CelOptional | CelError {
  const k = kindOf(v);
  if (k === K.map) {
    const r = (v as CelMap).get(field);
    return r === undefined ? optionalNone : celOptional(r);
  }
  if (k === K.object) {
    const o = v as CelObject;
    const has = objectHas(o, field);
    if (has !== true) return has === false ? optionalNone : has;
    const r = objectField(o, field);
    return isCelError(r) ? r : celOptional(r);
  }
  return celError(errText.noSuchOverload);
}

/** Whether object type `o` lacks `field` altogether (a closed type without such a declared field). */
function unknownField(o: CelObject, field: string): boolean {
  const d = o.decl;
  return !d.open && !Object.prototype.hasOwnProperty.call(d.fields, field);
}

/** `has(o.field)`: set (and, for `presentWhenNonZero` fields, not its zero value). */
export function objectHas(o: CelObject, field: string): boolean | CelError {
  if (!o.isSet(field)) {
    const texts = o.decl.unknownField;
    return texts && unknownField(o, field) ? celError(texts.test + field) : false;
  }
  if (o.decl.presentWhenNonZero?.includes(field)) {
    const v = o.get(field);
    return v !== undefined && !isCelError(v) && !isZeroValue(v);
  }
  return true;
}
/** `o.field`: its value, else the zero value its type declares, else cel-go's error. */
export function objectField(o: CelObject, field: string): CelValue | CelError {
  const v = o.get(field);
  if (v !== undefined) return v;
  const d = o.decl;
  if (unknownField(o, field)) return d.unknownField ? celError(d.unknownField.select + field) : noSuchKey(field);
  const zero = d.zeroValues && Object.prototype.hasOwnProperty.call(d.zeroValues, field) ? d.zeroValues[field] : d.otherZeroValue;
  return zero === undefined ? noSuchKey(field) : zero;
}

/** `v.field` for maps and objects, with optional chaining through optionals. */
export function selectField(v: CelValue, field: string): CelValue | CelError {
  switch (kindOf(v)) {
    case K.map: {
      const r = (v as CelMap).get(field);
      return r === undefined ? noSuchKey(field) : r;
    }
    case K.object: return objectField(v as CelObject, field);
    case K.optional: {
      const inner = (v as CelOptional).value;
      return inner === undefined ? optionalNone : optionalSelect(inner, field);
    }
    default: return noSuchKey(field);
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
    return isCelError(r) ? (r.code === "index_out_of_bounds" ? optionalNone : r) : celOptional(r);
  }
  return celError(errText.noSuchOverload);
}


/** `l[i]` with cel-go's index errors (int, uint or integral double index). */
export function listIndex(l: CelList, i: CelValue): CelValue | CelError {
  let n: number;
  if (typeof i === "bigint") n = Number(i);
  else if (typeof i === "number") { if (!Number.isInteger(i)) return celError(`unsupported index value ${i} in list`); n = i; }
  else n = Number((i as CelUint).value);
  if (n < 0 || n >= l.size()) return celError(`index out of bounds: ${String(typeof i === "object" ? (i as CelUint).value : i)}`, 0, "index_out_of_bounds");
  return l.get(n);
}
/** `m[k]` with cel-go's `no such key` error. */
export function mapIndex(m: CelMap, k: CelValue): CelValue | CelError {
  const v = m.get(k);
  return v === undefined ? celError(`no such key: ${typeof k === "object" && k !== null && (k as { kind: number }).kind === 2 ? (k as CelUint).value : String(k)}`, 0, "no_such_key") : v;
}

