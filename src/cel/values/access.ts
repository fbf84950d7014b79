// Field selection, presence tests and indexing on CEL values as cel-go's attributes resolve them:
// maps, objects (unset and unknown fields as their type declares), lists, and optional chaining.
import {
  K, kindOf, typeNameOf, celError, isCelError, celOptional, optionalNone, noSuchKey, jsonOfList, jsonOfMap,
  type CelValue, type CelError, type CelList, type CelMap, type CelObject, type CelOptional, type CelUint,
} from "./index.js";
import { goFloatG } from "../../data/index.js";
import { isZeroValue } from "./zero.js";
import { isDataObject, dataValue } from "./object-data.js";

/** cel-go's error for a list qualified by a value that is no number: `unsupported index type 'string' in list`. */
function badListIndex(i: CelValue): CelError {
  return celError(`unsupported index type '${typeNameOf(i)}' in list`);
}
/** Whether `i` may index a list (an int, uint or double; a double must be integral, see `listIndex`). */
function numericIndex(i: CelValue): boolean {
  const k = kindOf(i);
  return k === K.int || k === K.uint || k === K.double;
}
/**
 * `v.field` with a presence test (`.?field`, `has()`): the value, undefined when absent, or cel-go's
 * error. Null and scalars have no fields: absent, or with `strict` (cel-go's error-on-bad-presence-test,
 * which Kubernetes leaves off) `no such key`.
 */
function qualifyIfPresent(v: CelValue, field: string, strict: boolean): CelValue | CelError | undefined {
  switch (kindOf(v)) {
    case K.map: return (v as CelMap).get(field);
    case K.object: {
      const o = v as CelObject;
      if (o.decl.dataOnly) return undefined;
      const has = objectHas(o, field);
      if (has !== true) return has === false ? undefined : has;
      return objectField(o, field);
    }
    case K.list: return badListIndex(field);
    default: return strict ? noSuchKey(field) : undefined;
  }
}

/** The value optional `v` holds as an attribute qualifies it: cel-go takes its native value, so a data-only object becomes data. */
export function optionalInner(v: CelOptional): CelValue | CelError | undefined {
  const inner = v.value;
  return inner !== undefined && isDataObject(inner) ? dataValue(inner) : inner;
}

/** `v.?field` (on a value that is not itself optional). */
export function optionalSelect(v: CelValue, field: string, strict = false): CelOptional | CelError {
  const r = qualifyIfPresent(v, field, strict);
  return r === undefined ? optionalNone : isCelError(r) ? r : celOptional(r);
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
  if (o.decl.dataOnly) return noSuchKey(field);
  const v = o.get(field);
  if (v !== undefined) return v;
  const d = o.decl;
  if (unknownField(o, field)) return d.unknownField ? celError(d.unknownField.select + field) : noSuchKey(field);
  const zero = d.zeroValues && Object.prototype.hasOwnProperty.call(d.zeroValues, field) ? d.zeroValues[field] : d.otherZeroValue;
  return zero === undefined ? noSuchKey(field) : zero;
}

/** Whether object type `o` lacks `field` altogether (a closed type without such a declared field). */
function unknownField(o: CelObject, field: string): boolean {
  const d = o.decl;
  return !d.open && !Object.prototype.hasOwnProperty.call(d.fields, field);
}

/** `v.field` for maps and objects, with optional chaining through optionals. */
export function selectField(v: CelValue, field: string, strict = false): CelValue | CelError {
  switch (kindOf(v)) {
    case K.map: {
      const r = (v as CelMap).get(field);
      return r === undefined ? noSuchKey(field) : r;
    }
    case K.object: return objectField(v as CelObject, field);
    case K.optional: {
      const inner = optionalInner(v as CelOptional);
      return inner === undefined ? optionalNone : isCelError(inner) ? inner : optionalSelect(inner, field, strict);
    }
    case K.list: return badListIndex(field);
    default: return noSuchKey(field);
  }
}

/** `has(v.field)`: false for null and scalars unless `strict` (see `qualifyIfPresent`). */
export function testField(v: CelValue, field: string, strict = false): CelValue | CelError {
  if (kindOf(v) === K.optional) {
    const inner = optionalInner(v as CelOptional);
    return inner === undefined ? false : isCelError(inner) ? inner : testField(inner, field, strict);
  }
  const r = qualifyIfPresent(v, field, strict);
  return r === undefined ? false : isCelError(r) ? r : true;
}

const GO_TYPES: Readonly<Record<number, string>> = {
  [K.bool]: "types.Bool", [K.int]: "types.Int", [K.uint]: "types.Uint", [K.double]: "types.Double", [K.string]: "types.String",
  [K.bytes]: "types.Bytes", [K.null]: "types.Null", [K.timestamp]: "types.Timestamp", [K.duration]: "types.Duration",
  [K.type]: "*types.Type", [K.optional]: "*types.Optional",
};
/** The Go type cel-go holds a CEL value in (as its `%T` errors print it); library and object values by their CEL name. */
export function goTypeOf(v: CelValue): string {
  return GO_TYPES[kindOf(v)] ?? typeNameOf(v);
}

/** cel-go's text for a qualifier value it cannot use (`invalid qualifier type: <Go type>`), else undefined. */
export function invalidQualifier(i: CelValue): CelError | undefined {
  let goType: string;
  switch (kindOf(i)) {
    case K.int: case K.uint: case K.double: case K.string: case K.bool: return undefined;
    case K.null: goType = "<nil>"; break;
    case K.list: goType = jsonOfList(i as CelList) ? "[]interface {}" : "*types.baseList"; break;
    case K.map: goType = jsonOfMap(i as CelMap) ? "map[string]interface {}" : "*types.baseMap"; break;
    case K.bytes: goType = "types.Bytes"; break;
    case K.timestamp: goType = "types.Timestamp"; break;
    case K.duration: goType = "types.Duration"; break;
    case K.type: goType = "*types.Type"; break;
    case K.optional: goType = "*types.Optional"; break;
    default: goType = typeNameOf(i);
  }
  return celError(`invalid qualifier type: ${goType}`);
}

/** `a[i]` for lists and maps (and optional chaining); anything else has no keys. */
export function indexValue(a: CelValue, i: CelValue, strict = false): CelValue | CelError {
  const bad = invalidQualifier(i);
  if (bad) return bad;
  switch (kindOf(a)) {
    case K.list: return numericIndex(i) ? listIndex(a as CelList, i) : badListIndex(i);
    case K.map: return mapIndex(a as CelMap, i);
    case K.optional: {
      const inner = optionalInner(a as CelOptional);
      return inner === undefined ? optionalNone : isCelError(inner) ? inner : optionalIndex(inner, i, strict);
    }
    default: return keyError(i);
  }
}
/** `a[?i]`: none when the key or index is absent (or `a` has none: null, scalars; an error if `strict`). */
export function optionalIndex(a: CelValue, i: CelValue, strict = false): CelValue | CelError {
  const bad = invalidQualifier(i);
  if (bad) return bad;
  const k = kindOf(a);
  if (k === K.optional) {
    const inner = optionalInner(a as CelOptional);
    return inner === undefined ? optionalNone : isCelError(inner) ? inner : optionalIndex(inner, i, strict);
  }
  if (k === K.map) {
    const r = (a as CelMap).get(i);
    return r === undefined ? optionalNone : celOptional(r);
  }
  if (k === K.list) {
    if (!numericIndex(i)) return badListIndex(i);
    const r = listIndex(a as CelList, i);
    return isCelError(r) ? (r.code === "index_out_of_bounds" ? optionalNone : r) : celOptional(r);
  }
  return strict ? keyError(i) : optionalNone;
}

/** `no such key: <k>` with the key as Go's `%v` prints it. */
function keyError(k: CelValue): CelError {
  const text = typeof k === "number" ? goFloatG(k) : kindOf(k) === K.uint ? String((k as CelUint).value) : String(k);
  return celError(`no such key: ${text}`, 0, "no_such_key");
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
  return v === undefined ? keyError(k) : v;
}

