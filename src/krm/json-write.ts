// JSON writer for JsonValue: 2-space indentation like JSON.stringify, doubles keep a fraction
// (`1.0`), bigints print exactly. NaN and ±Infinity cannot be written (an error value).
import { JsonFloat, isObject, type JsonValue } from "../data/index.js";
import { floatText, intText } from "./numbers.js";
import type { KrmError } from "./types.js";

/** Serialises `value` as indented JSON with a final newline, or an UNREPRESENTABLE error. */
export function writeJson(value: JsonValue): { ok: true; text: string } | { ok: false; error: KrmError } {
  const parts: string[] = [];
  const bad = emit(value, "", parts, "");
  if (bad !== undefined) {
    return { ok: false, error: { code: "UNREPRESENTABLE", message: `cannot write ${bad.what} at ${bad.path || "the top level"} as JSON`, field: bad.path } };
  }
  parts.push("\n");
  return { ok: true, text: parts.join("") };
}

interface Bad {
  what: string;
  path: string;
}

function emit(v: JsonValue, indent: string, out: string[], path: string): Bad | undefined {
  if (v === null || typeof v === "boolean") out.push(String(v));
  else if (typeof v === "string") out.push(JSON.stringify(v));
  else if (typeof v === "bigint") out.push(intText(v));
  else if (typeof v === "number" || v instanceof JsonFloat) {
    const n = typeof v === "number" ? v : v.value;
    if (!Number.isFinite(n)) return { what: String(n), path };
    out.push(typeof v === "number" && Number.isInteger(v) ? intText(v) : floatText(n));
  } else if (Array.isArray(v)) {
    if (v.length === 0) {
      out.push("[]");
      return undefined;
    }
    const inner = indent + "  ";
    out.push("[\n");
    for (let i = 0; i < v.length; i++) {
      out.push(inner);
      const bad = emit(v[i], inner, out, `${path}[${i}]`);
      if (bad) return bad;
      out.push(i + 1 < v.length ? ",\n" : "\n");
    }
    out.push(indent, "]");
  } else if (isObject(v)) {
    const keys = Object.keys(v);
    if (keys.length === 0) {
      out.push("{}");
      return undefined;
    }
    const inner = indent + "  ";
    out.push("{\n");
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i];
      out.push(inner, JSON.stringify(k), ": ");
      const bad = emit(v[k], inner, out, path === "" ? k : `${path}.${k}`);
      if (bad) return bad;
      out.push(i + 1 < keys.length ? ",\n" : "\n");
    }
    out.push(indent, "}");
  }
  return undefined;
}
