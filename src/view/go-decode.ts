// The typed decode of a built-in object: what `ToUnstructured(decode(json))` gives for its Go type
// (k8s.io/api v0.36.3) — zero values of fields without omitempty filled in, empty omitempty
// fields dropped, custom types printed canonically — with the decoder's errors and unknown fields.
import { hasKey, isObject, JsonFloat, setKey, type JsonObject, type JsonValue } from "../data/index.js";
import { goStruct, type GoField, type GoShape, type GoStruct } from "../schema/index.js";
import { goBytes, goInt, goQuantity, numberText } from "./go-scalars.js";
import { goMicroTime, goTime } from "./go-time.js";

/** The outcome of decoding one object into its Go type. */
export interface TypedDecode {
  /** The object as the apiserver holds it (shares unchanged sub-trees with the input when it can). */
  value: JsonObject;
  /** Strict-decoding paths of the fields the Go type lacks (`spec.containers[0].x`), dropped from `value`; sorted. */
  unknown: string[];
  /** The decoder's error for a wrong JSON type or a bad quantity, time or base64 value; the object is refused. */
  error?: string;
}

/** A route into the input: keys and list indexes. */
type Route = (string | number)[];

/** An error found on the way; `fatal` ones (custom unmarshallers) abort Go's decoder, type errors do not. */
interface Found {
  route: Route;
  fatal: boolean;
  message: string;
}

/** Walk state: the Go error context (innermost struct, JSON field stack) and what was found. */
interface Walk {
  route: Route;
  fields: string[];
  struct: string;
  errors: Found[];
  unknown: Route[];
  /**
   * Set pointers to a zero time seen so far: they print `null`, which decodes back to a nil
   * pointer (dropped), so a struct holding one is no fixed point of the decode and is not marked.
   */
  unstable: number;
}

/** Struct nodes this module produced, by the type they were produced for: already decoded. */
const decodedAs = new WeakMap<JsonObject, string>();

/** Decodes `input` as the Go struct `type` (an OpenAPI model name of typed-shape). */
export function decodeTyped(input: JsonObject, type: string): TypedDecode {
  const st = goStruct(type);
  if (st === undefined) return { value: input, unknown: [] };
  const w: Walk = { route: [], fields: [], struct: st.goName, errors: [], unknown: [], unstable: 0 };
  const value = decodeStruct(input, st, w);
  const out: TypedDecode = { value: isObject(value) ? value : input, unknown: w.unknown.sort(compareRoutes).map(routeText) };
  const fatal = w.errors.filter((e) => e.fatal);
  const first = (fatal.length > 0 ? fatal : w.errors).sort((a, b) => compareRoutes(a.route, b.route))[0];
  if (first !== undefined) out.error = first.message;
  return out;
}

/** True when `v` is a struct node this module produced for `type` (nothing to decode again). */
export function isDecoded(v: JsonValue, type: string): boolean {
  return isObject(v) && decodedAs.get(v) === type;
}

/** Marks a struct node built elsewhere from decoded parts (defaults) as decoded for `type`. */
export function markDecoded(v: JsonObject, type: string): JsonObject {
  decodedAs.set(v, type);
  return v;
}

/** Document order of kubectl's JSON (keys sorted at every level): keys by code unit, indexes numerically. */
function compareRoutes(a: Route, b: Route): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] === b[i]) continue;
    return a[i] < b[i] ? -1 : 1;
  }
  return a.length - b.length;
}

/** `spec.containers[0].x`, as the strict decoder prints a field path. */
function routeText(r: Route): string {
  let out = "";
  for (const k of r) out += typeof k === "number" ? `[${k}]` : out === "" ? k : "." + k;
  return out;
}

/** The JSON kind Go's UnmarshalTypeError names. */
function jsonKind(v: JsonValue): string {
  if (typeof v === "string") return "string";
  if (typeof v === "boolean") return "bool";
  if (Array.isArray(v)) return "array";
  if (isObject(v)) return "object";
  return "number";
}

function typeError(w: Walk, what: string, goType: string): JsonValue {
  const at = w.fields.length > 0 ? `Go struct field ${w.struct}.${w.fields.join(".")}` : "Go value";
  w.errors.push({ route: [...w.route], fatal: false, message: `json: cannot unmarshal ${what} into ${at} of type ${goType}` });
  return null;
}

function fatalError(w: Walk, message: string): JsonValue {
  w.errors.push({ route: [...w.route], fatal: true, message });
  return null;
}

/** The value of a field the input lacks (its Go zero), or undefined when ToUnstructured drops it. */
export function zeroOf(f: GoField): JsonValue | undefined {
  if (f.omitzero) return undefined;
  const s = f.shape;
  switch (s.kind) {
    case "struct":
      return zeroStruct(s.type);
    case "quantity":
      return "0";
    case "intOrString":
      return 0;
    case "time":
    case "microTime":
    case "raw":
      return null;
    default:
      if (f.omitempty) return undefined;
      return s.kind === "string" ? "" : s.kind === "int32" || s.kind === "int64" ? 0 : s.kind === "bool" ? false : null;
  }
}

/** The zero value of a struct, filled by the same rule (a fresh object each time). */
export function zeroStruct(type: string): JsonObject {
  const st = goStruct(type);
  const out: JsonObject = {};
  if (st === undefined) return out;
  for (const f of st.fields) {
    const z = zeroOf(f);
    if (z !== undefined) setKey(out, f.name, z);
  }
  return markDecoded(out, type);
}

/** Whether omitempty drops a decoded value of this shape. */
export function isEmpty(v: JsonValue, s: GoShape): boolean {
  switch (s.kind) {
    case "string":
      return v === "";
    case "int32":
    case "int64":
      return v === 0;
    case "bool":
      return v === false;
    case "pointer":
      return v === null;
    case "bytes":
      return v === null || v === "";
    case "slice":
      return v === null || (Array.isArray(v) && v.length === 0);
    case "map":
      return v === null || (isObject(v) && Object.keys(v).length === 0);
    default:
      return false;
  }
}

function decodeStruct(v: JsonValue, st: GoStruct, w: Walk): JsonValue {
  if (v === null) return zeroStruct(st.name);
  if (!isObject(v)) return typeError(w, jsonKind(v), st.goType);
  if (decodedAs.get(v) === st.name) return v;
  const out: JsonObject = {};
  let same = true;
  const outer = w.struct;
  const unstable = w.unstable;
  for (const key of Object.keys(v)) {
    const f = st.byName.get(key);
    w.route.push(key);
    if (f === undefined) {
      w.unknown.push([...w.route]);
      same = false;
    } else {
      w.struct = st.goName;
      w.fields.push(key);
      const d = decodeValue(v[key], f.shape, f.goType, w);
      w.fields.pop();
      // A pointer is empty when nil (JSON null), whatever its target prints (a zero Time prints null).
      const empty = f.shape.kind === "pointer" ? v[key] === null : isEmpty(d, f.shape);
      if (f.omitzero ? d === null : f.omitempty && empty) same = false;
      else {
        if (d !== v[key]) same = false;
        setKey(out, key, d);
      }
    }
    w.route.pop();
  }
  w.struct = outer;
  for (const f of st.fields) {
    if (hasKey(v, f.name)) continue;
    const z = zeroOf(f);
    if (z !== undefined) {
      setKey(out, f.name, z);
      same = false;
    }
  }
  const result = same ? v : out;
  return w.unstable === unstable ? markDecoded(result, st.name) : result;
}

/** The element Go type of a slice or map type text (`[]v1.Container` → `v1.Container`), else derived. */
function elemGoType(goType: string, elem: GoShape): string {
  if (goType.startsWith("[]")) return goType.slice(2);
  if (goType.startsWith("map[")) return goType.slice(goType.indexOf("]") + 1);
  if (goType.startsWith("*")) return goType.slice(1);
  return shapeGoType(elem);
}

function shapeGoType(s: GoShape): string {
  switch (s.kind) {
    case "struct": {
      const st = goStruct(s.type);
      return st ? st.goType : s.type;
    }
    case "pointer":
      return "*" + shapeGoType(s.elem);
    case "slice":
      return "[]" + shapeGoType(s.elem);
    case "map":
      return "map[string]" + shapeGoType(s.elem);
    case "bytes":
      return "[]uint8";
    case "quantity":
      return "resource.Quantity";
    case "intOrString":
      return "intstr.IntOrString";
    case "time":
      return "v1.Time";
    case "microTime":
      return "v1.MicroTime";
    case "raw":
      return "runtime.RawExtension";
    default:
      return s.kind;
  }
}

const isNumber = (v: JsonValue): v is number | bigint | JsonFloat => typeof v === "number" || typeof v === "bigint" || v instanceof JsonFloat;

function decodeValue(v: JsonValue, s: GoShape, goType: string, w: Walk): JsonValue {
  switch (s.kind) {
    case "string":
      if (v === null) return "";
      return typeof v === "string" ? v : typeError(w, jsonKind(v), goType);
    case "bool":
      if (v === null) return false;
      return typeof v === "boolean" ? v : typeError(w, jsonKind(v), goType);
    case "int32":
    case "int64": {
      if (v === null) return 0;
      if (!isNumber(v)) return typeError(w, jsonKind(v), goType);
      const n = goInt(v, s.kind === "int32" ? 32 : 64);
      return n === undefined ? typeError(w, `number ${numberText(v)}`, goType) : n === v ? v : n;
    }
    case "bytes": {
      if (v === null) return null;
      if (typeof v !== "string") return typeError(w, jsonKind(v), goType);
      const b = goBytes(v);
      return typeof b === "string" ? (b === v ? v : b) : fatalError(w, b.error);
    }
    case "quantity": {
      const q = goQuantity(v);
      return typeof q === "string" ? (q === v ? v : q) : fatalError(w, q.error);
    }
    case "intOrString": {
      if (v === null) return 0;
      if (typeof v === "string") return v;
      if (!isNumber(v)) return typeError(w, jsonKind(v), "int32");
      const n = goInt(v, 32);
      return n === undefined ? typeError(w, `number ${numberText(v)}`, "int32") : n === v ? v : n;
    }
    case "time":
    case "microTime": {
      if (v === null) return null;
      if (typeof v !== "string") return typeError(w, jsonKind(v), "string");
      const t = s.kind === "time" ? goTime(v) : goMicroTime(v);
      return t !== null && typeof t === "object" ? fatalError(w, t.error) : t;
    }
    case "raw":
      return v;
    case "struct": {
      const st = goStruct(s.type);
      return st === undefined ? v : decodeStruct(v, st, w);
    }
    case "pointer": {
      if (v === null) return null;
      const d = decodeValue(v, s.elem, elemGoType(goType, s.elem), w);
      if (d === null && (s.elem.kind === "time" || s.elem.kind === "microTime")) w.unstable++;
      return d;
    }
    case "slice":
      return decodeSlice(v, s.elem, goType, w);
    case "map":
      return decodeMap(v, s.elem, goType, w);
  }
}

function decodeSlice(v: JsonValue, elem: GoShape, goType: string, w: Walk): JsonValue {
  if (v === null) return null;
  if (!Array.isArray(v)) return typeError(w, jsonKind(v), goType);
  const eg = elemGoType(goType, elem);
  let out: JsonValue[] | undefined;
  for (let i = 0; i < v.length; i++) {
    w.route.push(i);
    const d = decodeValue(v[i], elem, eg, w);
    w.route.pop();
    if (d !== v[i] && out === undefined) out = v.slice(0, i);
    out?.push(d);
  }
  return out ?? v;
}

function decodeMap(v: JsonValue, elem: GoShape, goType: string, w: Walk): JsonValue {
  if (v === null) return null;
  if (!isObject(v)) return typeError(w, jsonKind(v), goType);
  const eg = elemGoType(goType, elem);
  let out: JsonObject | undefined;
  const keys = Object.keys(v);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    w.route.push(k);
    const d = decodeValue(v[k], elem, eg, w);
    w.route.pop();
    if (d !== v[k] && out === undefined) {
      out = {};
      for (let j = 0; j < i; j++) setKey(out, keys[j], v[keys[j]]);
    }
    if (out !== undefined) setKey(out, k, d);
  }
  return out ?? v;
}
