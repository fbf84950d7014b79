// OpenAPI v3 (structural) schema → structured-merge-diff atom, following kube-openapi
// `schemaconv` rules: object/array/primitive/typeless forms, list and map extensions,
// additionalProperties, x-kubernetes-preserve-unknown-fields, formats and defaults.
import { getKey, isObject, type JsonObject, type JsonValue } from "../data/index.js";
import type { Atom, ListType, MapType, Relationship, StructField, TypeSpec } from "./types.js";
import { DEDUCED_TYPE, UNTYPED_ATOMIC_TYPE } from "./types.js";

/** How `$ref`s are turned into named types, and where conversion problems go. */
export interface ConvertContext {
  /** Maps a `$ref` string to a type name in the target schema, or undefined if unresolvable. */
  refName(ref: string): string | undefined;
  /** Receives each conversion problem (schemaconv would fail the whole schema on any). */
  report(message: string): void;
}

interface Walk {
  readonly ctx: ConvertContext;
  readonly preserve: boolean;
  readonly where: string;
}

const DEDUCED: TypeSpec = { named: DEDUCED_TYPE };
const UNTYPED: TypeSpec = { named: UNTYPED_ATOMIC_TYPE };

/**
 * Converts one OpenAPI v3 schema object into an atom.
 * @param preserveUnknownFields start with unknown fields preserved (deduced) everywhere. Default: false.
 */
export function convertOpenAPISchema(
  s: JsonObject,
  ctx: ConvertContext,
  where: string,
  preserveUnknownFields = false,
): Atom {
  return parseSchema(s, { ctx, preserve: preserveUnknownFields, where });
}

function ext(s: JsonObject, name: string): JsonValue | undefined {
  return getKey(s, name);
}

function parseSchema(s: JsonObject, w0: Walk): Atom {
  const w = ext(s, "x-kubernetes-preserve-unknown-fields") === true ? { ...w0, preserve: true } : w0;
  const t = getKey(s, "type");
  const typ = typeof t === "string" ? t : Array.isArray(t) && typeof t[0] === "string" ? t[0] : "";
  switch (typ) {
    case "":
      return { scalar: "untyped", list: parseList(s, w), map: parseObject(s, w) };
    case "object":
      return { map: parseObject(s, w) };
    case "array":
      return { list: parseList(s, w) };
    case "integer":
    case "number":
      return { scalar: "numeric" };
    case "boolean":
      return { scalar: "boolean" };
    case "string": {
      const f = getKey(s, "format");
      return { scalar: f === undefined || f === "" || f === "byte" ? "string" : "untyped" };
    }
    default:
      w.ctx.report(`${w.where}: unrecognized type: '${typ}'`);
      return { scalar: "untyped" };
  }
}

/** The `$ref` of a property, directly or as the single member of `allOf`. */
function refOf(s: JsonObject): string | undefined {
  const r = getKey(s, "$ref");
  if (typeof r === "string" && r !== "") return r;
  const all = getKey(s, "allOf");
  if (Array.isArray(all) && all.length === 1 && isObject(all[0])) {
    const r2 = getKey(all[0], "$ref");
    if (typeof r2 === "string" && r2 !== "") return r2;
  }
  return undefined;
}

function makeRef(s: JsonValue | undefined, w: Walk, where: string): TypeSpec {
  if (!isObject(s)) {
    w.ctx.report(`${where}: schema is not an object`);
    return DEDUCED;
  }
  const ref = refOf(s);
  if (ref !== undefined) {
    const name = w.ctx.refName(ref);
    if (name === undefined) {
      w.ctx.report(`${where}: unresolvable reference ${ref}`);
      return DEDUCED;
    }
    const rel = mapRelationship(s, w, where);
    return rel !== undefined ? { named: name, relationship: rel } : { named: name };
  }
  return { inlined: parseSchema(s, { ...w, where }) };
}

function mapRelationship(s: JsonObject, w: Walk, where: string): Relationship | undefined {
  const v = ext(s, "x-kubernetes-map-type");
  if (v === undefined) return undefined;
  if (v === "atomic") return "atomic";
  if (v === "granular") return "separable";
  w.ctx.report(`${where}: unknown map type ${String(v)}`);
  return undefined;
}

function parseObject(s: JsonObject, w: Walk): MapType {
  const fields = new Map<string, StructField>();
  const props = getKey(s, "properties");
  const names = isObject(props) ? Object.keys(props) : [];
  for (const name of names) {
    const member = getKey(props as JsonObject, name);
    const type = makeRef(member, w, `${w.where}.${name}`);
    const def = isObject(member) ? getKey(member, "default") : undefined;
    fields.set(name, def === undefined ? { type } : { type, default: def });
  }
  const ap = getKey(s, "additionalProperties");
  let elementType: TypeSpec | undefined;
  if (ap === undefined || ap === null) {
    if (w.preserve || names.length === 0) elementType = DEDUCED;
  } else if (isObject(ap)) {
    elementType = makeRef(ap, w, `${w.where}.additionalProperties`);
  } else if (ap === true) {
    elementType = DEDUCED;
  }
  const rel = mapRelationship(s, w, w.where);
  return { fields, ...(elementType ? { elementType } : {}), ...(rel ? { relationship: rel } : {}) };
}

function listRelationship(s: JsonObject, w: Walk): { relationship: Relationship; keys?: string[] } {
  const lt = ext(s, "x-kubernetes-list-type");
  if (lt !== undefined) {
    if (lt === "atomic") return { relationship: "atomic" };
    if (lt === "set") return { relationship: "associative" };
    if (lt === "map") {
      const keys = ext(s, "x-kubernetes-list-map-keys");
      if (keys === undefined) {
        w.ctx.report(`${w.where}: missing map keys`);
        return { relationship: "associative" };
      }
      if (!Array.isArray(keys) || !keys.every((k) => typeof k === "string")) {
        w.ctx.report(`${w.where}: uninterpreted map keys: ${JSON.stringify(keys)}`);
        return { relationship: "associative" };
      }
      return { relationship: "associative", keys: keys as string[] };
    }
    w.ctx.report(`${w.where}: unknown list type ${String(lt)}`);
    return { relationship: "atomic" };
  }
  const ps = ext(s, "x-kubernetes-patch-strategy");
  if (ps !== undefined) {
    if (ps === "merge" || ps === "merge,retainKeys") {
      const key = ext(s, "x-kubernetes-patch-merge-key");
      if (key === undefined) return { relationship: "associative" };
      if (typeof key !== "string") {
        w.ctx.report(`${w.where}: uninterpreted merge key: ${JSON.stringify(key)}`);
        return { relationship: "associative" };
      }
      return { relationship: "associative", keys: [key] };
    }
    if (ps === "retainKeys") return { relationship: "atomic" };
    w.ctx.report(`${w.where}: unknown patch strategy ${String(ps)}`);
    return { relationship: "atomic" };
  }
  return { relationship: "atomic" };
}

function parseList(s: JsonObject, w: Walk): ListType {
  const rel = listRelationship(s, w);
  const items = getKey(s, "items");
  let elementType: TypeSpec;
  if (items !== undefined && items !== null) {
    if (!isObject(items)) {
      w.ctx.report(`${w.where}: structural schema arrays must have exactly one member subtype`);
      elementType = DEDUCED;
    } else {
      elementType = makeRef(items, w, `${w.where}[]`);
    }
  } else {
    const t = getKey(s, "type");
    if (typeof t === "string" && t !== "") w.ctx.report(`${w.where}: \`items\` must be specified on arrays`);
    elementType = UNTYPED;
  }
  return { elementType, relationship: rel.relationship, ...(rel.keys ? { keys: rel.keys } : {}) };
}
