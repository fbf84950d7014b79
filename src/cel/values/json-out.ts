// CEL values → JSON data (reference §5.1): big ints as decimal strings, integral doubles as
// JsonFloat, bytes base64, timestamps RFC 3339, durations `1.5s`, maps with string keys only;
// plus the Object type-name check of reference §4.3.
import { JsonFloat, setKey, type JsonObject, type JsonValue } from "../../data/index.js";
import { celError, isCelError, type CelError } from "./error.js";
import { kindOf, K, type CelValue } from "./value.js";
import type { CelList } from "./list.js";
import { jsonOfList } from "./list.js";
import { jsonOfMap, type CelMap } from "./map.js";
import type { CelObject } from "./object.js";
import type { CelUint } from "./uint.js";
import { formatDuration, formatTimestamp, type CelDuration, type CelTimestamp } from "./time.js";

const MAX_SAFE = 9007199254740991n;

/** Standard base64 of bytes. */
export function base64Encode(b: Uint8Array): string {
  return Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("base64");
}

function intToJson(n: bigint): JsonValue {
  return n > MAX_SAFE || n < -MAX_SAFE ? n.toString() : Number(n);
}

/**
 * Converts a CEL value to JSON data. JSON-backed lists/maps return their underlying data (shared,
 * not copied: callers must not mutate it). Errors for values with no JSON form.
 */
export function toJson(v: CelValue): JsonValue | CelError {
  switch (kindOf(v)) {
    case K.bool: case K.string: case K.null: return v as JsonValue;
    case K.int: return intToJson(v as bigint);
    case K.uint: return intToJson((v as CelUint).value);
    case K.double: {
      const d = v as number;
      if (Number.isNaN(d)) return "NaN";
      if (!Number.isFinite(d)) return d > 0 ? "Infinity" : "-Infinity";
      return Number.isInteger(d) ? new JsonFloat(d) : d;
    }
    case K.bytes: return base64Encode(v as Uint8Array);
    case K.timestamp: return formatTimestamp(v as CelTimestamp);
    case K.duration: return formatDuration(v as CelDuration);
    case K.list: {
      const l = v as CelList;
      const raw = jsonOfList(l);
      if (raw) return raw as JsonValue[];
      const out: JsonValue[] = [];
      for (let i = 0; i < l.size(); i++) {
        const e = toJson(l.get(i));
        if (isCelError(e)) return e;
        out.push(e);
      }
      return out;
    }
    case K.map: {
      const m = v as CelMap;
      const raw = jsonOfMap(m);
      if (raw) return raw;
      const out: JsonObject = {};
      for (const k of m.keys()) {
        if (typeof k !== "string") return celError(`unsupported map key type: ${typeof k === "bigint" ? "int" : kindOf(k) === K.uint ? "uint" : "bool"}`);
        const e = toJson(m.get(k) as CelValue);
        if (isCelError(e)) return e;
        setKey(out, k, e);
      }
      return out;
    }
    case K.object: {
      const o = v as CelObject;
      const out: JsonObject = {};
      for (const f of o.fieldNames()) {
        const fv = o.get(f);
        if (fv === undefined) continue;
        if (isCelError(fv)) return fv;
        const e = toJson(fv);
        if (isCelError(e)) return e;
        setKey(out, f, e);
      }
      return out;
    }
    case K.optional: return celError("unsupported type conversion from optional_type to JSON");
    case K.type: return celError("unsupported type conversion from type to JSON");
    default: return celError("unsupported type conversion to JSON");
  }
}

function collectTypeErrors(v: CelValue, path: string, errs: string[]): void {
  const k = kindOf(v);
  if (k === K.object) {
    const o = v as CelObject;
    if (o.typeName !== path) errs.push(`unexpected type name "${o.typeName}", expected "${path}", which matches field name path from root Object type`);
    for (const f of o.fieldNames()) {
      const fv = o.get(f);
      if (fv !== undefined && !isCelError(fv)) collectTypeErrors(fv, path + "." + f, errs);
    }
  } else if (k === K.list && !jsonOfList(v as CelList)) {
    const l = v as CelList;
    for (let i = 0; i < l.size(); i++) collectTypeErrors(l.get(i), path, errs);
  } else if (k === K.map && !jsonOfMap(v as CelMap)) {
    const m = v as CelMap;
    for (const key of m.keys()) collectTypeErrors(m.get(key) as CelValue, path, errs);
  }
}

/**
 * The §4.3 type-name check of an `Object…{}` tree: every nested object must be named
 * `<root>.<field path>` (lists and map values transparent). Returns the joined error text or undefined.
 */
export function checkObjectTypeNames(v: CelObject, rootTypeName: string = v.typeName): string | undefined {
  const errs: string[] = [];
  collectTypeErrors(v, rootTypeName, errs);
  return errs.length ? errs.join("\n") : undefined;
}

/**
 * Type-checks (reference §4.3, error prefixed `type mismatch: `) and converts an Object value to JSON.
 */
export function objectToJson(v: CelObject, rootTypeName: string = v.typeName): JsonObject | CelError {
  const err = checkObjectTypeNames(v, rootTypeName);
  if (err !== undefined) return celError(`type mismatch: ${err}`);
  return toJson(v) as JsonObject | CelError;
}
