// CEL values → JSON data (reference §5.1): big ints as decimal strings, integral doubles as
// JsonFloat, bytes base64, timestamps RFC 3339, durations `1.5s`, maps with string keys only.
import { JsonFloat, setKey, type JsonObject, type JsonValue } from "../../data/index.js";
import { celError, isCelError, type CelError } from "./error.js";
import { kindOf, K, type CelValue } from "./value.js";
import type { CelList } from "./list.js";
import { jsonOfList } from "./list.js";
import { jsonOfMap, type CelMap } from "./map.js";
import { structFields, type CelObject } from "./object.js";
import type { CelOptional } from "./misc.js";
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
 * Told where a conversion wrote a bytes value (as base64): the new JSON object or array and the
 * key or index in it.
 */
export type BytesSink = (container: JsonObject | JsonValue[], key: string | number, bytes: Uint8Array) => void;

/** {@link toJson} of a child value of `container` at `key`, reporting bytes to `onBytes`. */
function childToJson(v: CelValue, onBytes: BytesSink | undefined, container: JsonObject | JsonValue[], key: string | number): JsonValue | CelError {
  if (onBytes !== undefined && kindOf(v) === K.bytes) onBytes(container, key, v as Uint8Array);
  return toJson(v, onBytes);
}

/**
 * Converts a CEL value to JSON data. JSON-backed lists/maps return their underlying data (shared,
 * not copied: callers must not mutate it). Errors for values with no JSON form.
 * `onBytes`: told where bytes values were written in the new objects and arrays. Default: none.
 */
export function toJson(v: CelValue, onBytes?: BytesSink): JsonValue | CelError {
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
        const e = childToJson(l.get(i), onBytes, out, i);
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
        const e = childToJson(m.get(k) as CelValue, onBytes, out, k);
        if (isCelError(e)) return e;
        setKey(out, k, e);
      }
      return out;
    }
    case K.object: {
      const o = v as CelObject;
      const out: JsonObject = {};
      // A struct's fields are read straight from its arrays; a lazy object's through get().
      const fields = structFields(o);
      const names = fields?.names ?? o.fieldNames();
      for (let i = 0; i < names.length; i++) {
        const f = names[i];
        const set = fields !== undefined ? fields.values[i] : o.get(f);
        if (set === undefined) continue;
        if (isCelError(set)) return set;
        // An optional field value converts as its value, or null without one (cel-go's native conversion).
        const fv = kindOf(set) === K.optional ? ((set as CelOptional).value ?? null) : set;
        const e = childToJson(fv, onBytes, out, f);
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
