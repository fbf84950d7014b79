// The typed decode of a built-in object: what `ToUnstructured(decode(json))` gives for its Go type
// (k8s.io/api v0.36.3) — zero values of fields without omitempty filled in, empty omitempty
// fields dropped, custom types printed canonically — with the decoder's errors and unknown fields.
import { hasKey, isObject, JsonFloat, setKey, setOrDelete, type JsonObject, type JsonValue } from "../data/index.js";
import type { GoShape } from "../schema/index.js";
import { isPlain, nodePlan, PLAIN_NONE, shownZero, structPlan, type FieldPlan, type ShapeNode, type StructPlan } from "./decode-plan.js";
import { goBytes, goInt, goQuantity, numberText } from "./go-scalars.js";
import { goMicroTime, goTime } from "./go-time.js";
import type { RewriteTree } from "./rewrite-tree.js";

/** The outcome of decoding one object into its Go type. */
export interface TypedDecode {
  /** The object as the apiserver holds it (shares unchanged sub-trees with the input when it can). */
  value: JsonObject;
  /** Strict-decoding paths of the fields the Go type lacks (`spec.containers[0].x`), dropped from `value`; sorted. */
  unknown: string[];
  /** The decoder's error for a wrong JSON type or a bad quantity, time or base64 value; the object is refused. */
  error?: string;
  /**
   * The value holds a set pointer to a zero time: it prints `null`, which decodes back to a nil
   * pointer (dropped), so this value is no fixed point of the decode (Go behaves the same).
   */
  unstable?: boolean;
}

/** A route into the input: keys and list indexes. */
type Route = (string | number)[];

/** An error found on the way; `fatal` ones (custom unmarshallers) abort Go's decoder, type errors do not. */
interface Found {
  route: Route;
  fatal: boolean;
  message: string;
}

/**
 * Walk state: the Go error context (innermost struct, JSON field stack) and what was found. The
 * context is kept only when `track` is set: a first walk without it only notes that something
 * was `found`, and a second walk with it reports what (most objects have nothing to report).
 */
interface Walk {
  track: boolean;
  found: boolean;
  route: Route;
  fields: string[];
  struct: string;
  errors: Found[];
  unknown: Route[];
  unstable: boolean;
}

/**
 * Decodes `input` as the Go struct `type` (an OpenAPI model name of typed-shape). `reference`, a
 * decoded value `input` was made from (the view a patch applied to), lets every sub-tree `input`
 * shares with it by identity be taken as decoded; `rewritten`, the only places where `input`
 * differs from it (the rest shared by reference), spares the walk the maps' other keys.
 */
export function decodeTyped(input: JsonObject, type: string, reference?: TypedDecode, rewritten?: RewriteTree): TypedDecode {
  const plan = structPlan(type);
  if (plan === undefined) return { value: input, unknown: [] };
  const ref = reference !== undefined && !reference.unstable ? reference.value : undefined;
  const tree = ref === undefined ? undefined : rewritten;
  const walk = (track: boolean): Walk => ({ track, found: false, route: [], fields: [], struct: plan.st.goName, errors: [], unknown: [], unstable: false });
  let w = walk(false);
  let value = decodeStruct(input, plan, w, ref, tree);
  if (w.found) {
    w = walk(true);
    value = decodeStruct(input, plan, w, ref, tree);
  }
  const out: TypedDecode = { value: isObject(value) ? value : input, unknown: w.unknown.sort(compareRoutes).map(routeText) };
  const fatal = w.errors.filter((e) => e.fatal);
  const first = (fatal.length > 0 ? fatal : w.errors).sort((a, b) => compareRoutes(a.route, b.route))[0];
  if (first !== undefined) out.error = first.message;
  if (w.unstable) out.unstable = true;
  return out;
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
  w.found = true;
  if (!w.track) return null;
  const at = w.fields.length > 0 ? `Go struct field ${w.struct}.${w.fields.join(".")}` : "Go value";
  w.errors.push({ route: [...w.route], fatal: false, message: `json: cannot unmarshal ${what} into ${at} of type ${goType}` });
  return null;
}

function fatalError(w: Walk, message: string): JsonValue {
  w.found = true;
  if (!w.track) return null;
  w.errors.push({ route: [...w.route], fatal: true, message });
  return null;
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

/**
 * A struct. `ref` is the decoded struct `v` was made from (or undefined): a field value `v`
 * shares with it is decoded already; with `tree`, only its keys can differ from `ref`. The output
 * is `v` itself when decoding changes nothing.
 */
function decodeStruct(v: JsonValue, plan: StructPlan, w: Walk, ref: JsonValue | undefined, tree?: RewriteTree): JsonValue {
  if (v === null) return zeroStruct(plan);
  if (!isObject(v)) return typeError(w, jsonKind(v), plan.st.goType);
  if (v === ref) return v;
  const r = isObject(ref) ? ref : undefined;
  const keys = tree?.keys ?? null;
  // The output is a copy of `v` made at the first difference: changed values set, dropped keys deleted.
  let out: JsonObject | undefined;
  const outer = w.struct;
  // Whether some field may be absent: its zero shows then (only fields whose zero shows need looking at).
  let absent: boolean;
  if (keys !== null && r !== undefined) {
    // The other keys are `ref`'s (decoded, so every field whose zero shows is among them).
    absent = false;
    for (const [key, sub] of keys) {
      if (!hasKey(v, key)) {
        absent = true;
        continue;
      }
      const x = v[key];
      const keep = decodeField(x, key, plan.byName.get(key), plan, w, r[key], sub);
      if (keep === x) continue;
      setOrDelete((out ??= { ...v }), key, keep);
    }
  } else {
    let known = 0;
    for (const key in v) {
      const x = v[key];
      const f = plan.byName.get(key);
      if (f !== undefined) known++;
      // (A JSON value never equals what an inherited property would give.)
      const keep = decodeField(x, key, f, plan, w, r === undefined ? undefined : r[key], undefined);
      if (keep === x) continue;
      setOrDelete((out ??= { ...v }), key, keep);
    }
    absent = known < plan.fieldCount;
  }
  w.struct = outer;
  if (absent) {
    for (const f of plan.shownWhenAbsent) {
      if (hasKey(v, f.field.name)) continue;
      out ??= { ...v };
      setKey(out, f.field.name, shownZero(f));
    }
  }
  return out ?? v;
}

/**
 * The decoded value of key `key` (field `f`, undefined: unknown to the type) holding `x`, or
 * undefined when the decode drops it; `rx` is its decoded value in the reference.
 */
function decodeField(x: JsonValue, key: string, f: FieldPlan | undefined, plan: StructPlan, w: Walk, rx: JsonValue | undefined, tree: RewriteTree | undefined): JsonValue | undefined {
  if (f === undefined) {
    w.found = true;
    if (w.track) w.unknown.push([...w.route, key]);
    return undefined;
  }
  if (rx === x) return x;
  // A scalar of the field's own JSON type decodes to itself (the common case, no walk).
  if (f.plain !== PLAIN_NONE && isPlain(x, f.plain)) return f.dropsEmptyPlain && (x === "" || x === 0 || x === false) ? undefined : x;
  const field = f.field;
  let d: JsonValue;
  if (w.track) {
    w.route.push(key);
    w.struct = plan.st.goName;
    w.fields.push(key);
    d = decodeValue(x, f.node, w, rx, tree);
    w.fields.pop();
    w.route.pop();
  } else d = decodeValue(x, f.node, w, rx, tree);
  // A pointer is empty when nil (JSON null), whatever its target prints (a zero Time prints null).
  const empty = f.pointer ? x === null : isEmpty(d, field.shape);
  return (field.omitzero ? d === null : field.omitempty && empty) ? undefined : d;
}

/** A struct's zero value (a fresh object). */
function zeroStruct(plan: StructPlan): JsonObject {
  const out: JsonObject = {};
  for (const f of plan.shownWhenAbsent) setKey(out, f.field.name, shownZero(f));
  return out;
}

const isNumber = (v: JsonValue): v is number | bigint | JsonFloat => typeof v === "number" || typeof v === "bigint" || v instanceof JsonFloat;

/** A value of shape `node`; `tree` (maps and structs): the only keys that can differ from `ref`. */
function decodeValue(v: JsonValue, node: ShapeNode, w: Walk, ref: JsonValue | undefined, tree?: RewriteTree): JsonValue {
  const s = node.shape;
  switch (s.kind) {
    case "string":
      if (v === null) return "";
      return typeof v === "string" ? v : typeError(w, jsonKind(v), s.goType);
    case "bool":
      if (v === null) return false;
      return typeof v === "boolean" ? v : typeError(w, jsonKind(v), s.goType);
    case "int32":
    case "int64": {
      if (v === null) return 0;
      if (!isNumber(v)) return typeError(w, jsonKind(v), s.goType);
      const n = goInt(v, s.kind === "int32" ? 32 : 64);
      return n === undefined ? typeError(w, `number ${numberText(v)}`, s.goType) : n === v ? v : n;
    }
    case "bytes": {
      if (v === null) return null;
      if (typeof v !== "string") return typeError(w, jsonKind(v), s.goType);
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
      const plan = nodePlan(node);
      return plan === undefined ? v : decodeStruct(v, plan, w, ref, tree);
    }
    case "pointer": {
      if (v === null) return null;
      const d = decodeValue(v, node.elem as ShapeNode, w, ref, tree);
      if (d === null && (s.elem.kind === "time" || s.elem.kind === "microTime")) w.unstable = true;
      return d;
    }
    case "slice":
      return decodeSlice(v, node.elem as ShapeNode, s.goType, w, ref);
    case "map":
      return decodeMap(v, node.elem as ShapeNode, s.goType, w, ref, tree);
  }
}

/** Strings decode to themselves: a list or map of them needs no walk (labels, args, data). */
const isString = (x: JsonValue): boolean => typeof x === "string";

function allStrings(m: JsonObject): boolean {
  for (const k in m) if (typeof m[k] !== "string") return false;
  return true;
}

function decodeSlice(v: JsonValue, elem: ShapeNode, goType: string, w: Walk, ref: JsonValue | undefined): JsonValue {
  if (v === null) return null;
  if (!Array.isArray(v)) return typeError(w, jsonKind(v), goType);
  if (v === ref || (elem.shape.kind === "string" && v.every(isString))) return v;
  // Elements of the reference list are decoded: an element `v` shares with it needs no walk.
  const r = Array.isArray(ref) ? ref : undefined;
  const known = r !== undefined && r.length !== v.length ? new Set(r) : undefined;
  let out: JsonValue[] | undefined;
  for (let i = 0; i < v.length; i++) {
    const x = v[i];
    let d: JsonValue;
    if (r !== undefined && (r[i] === x || known?.has(x))) d = x;
    else if (w.track) {
      w.route.push(i);
      d = decodeValue(x, elem, w, r?.[i]);
      w.route.pop();
    } else d = decodeValue(x, elem, w, r?.[i]);
    if (d !== x && out === undefined) out = v.slice(0, i);
    out?.push(d);
  }
  return out ?? v;
}

function decodeMap(v: JsonValue, elem: ShapeNode, goType: string, w: Walk, ref: JsonValue | undefined, tree?: RewriteTree): JsonValue {
  if (v === null) return null;
  if (!isObject(v)) return typeError(w, jsonKind(v), goType);
  if (v === ref) return v;
  const r = isObject(ref) ? ref : undefined;
  if (r !== undefined && tree !== undefined && tree.keys !== null) return decodeMapKeys(v, elem, w, r, tree.keys);
  if (elem.shape.kind === "string" && allStrings(v)) return v;
  let out: JsonObject | undefined;
  const keys = Object.keys(v);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    const x = v[k];
    const rk = r !== undefined && hasKey(r, k) ? r[k] : undefined;
    let d: JsonValue;
    if (rk !== undefined && rk === x) d = x;
    else if (w.track) {
      w.route.push(k);
      d = decodeValue(x, elem, w, rk);
      w.route.pop();
    } else d = decodeValue(x, elem, w, rk);
    if (d !== x && out === undefined) {
      out = {};
      for (let j = 0; j < i; j++) setKey(out, keys[j], v[keys[j]]);
    }
    if (out !== undefined) setKey(out, k, d);
  }
  return out ?? v;
}

/** A map where only `keys` can differ from its decoded reference `r` (the same copy as {@link decodeMap} makes). */
function decodeMapKeys(v: JsonObject, elem: ShapeNode, w: Walk, r: JsonObject, keys: Map<string, RewriteTree>): JsonValue {
  let out: JsonObject | undefined;
  for (const [k, sub] of keys) {
    if (!hasKey(v, k)) continue;
    const x = v[k];
    const rk = hasKey(r, k) ? r[k] : undefined;
    if (rk === x) continue;
    let d: JsonValue;
    if (w.track) {
      w.route.push(k);
      d = decodeValue(x, elem, w, rk, sub);
      w.route.pop();
    } else d = decodeValue(x, elem, w, rk, sub);
    if (d === x) continue;
    out ??= { ...v };
    setKey(out, k, d);
  }
  return out ?? v;
}
