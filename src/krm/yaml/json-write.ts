// JSON writer for JsonValue: 2-space indentation like JSON.stringify, doubles keep a fraction
// (`1.0`), bigints print exactly. NaN and ±Infinity cannot be written (an error value).
import { JsonFloat, isObject, type JsonValue } from "../../data/index.js";
import { floatText, intText } from "./numbers.js";
import type { KrmError } from "../types.js";

/** Serialises `value` as indented JSON with a final newline, or an UNREPRESENTABLE error. */
export function writeJson(value: JsonValue): { ok: true; text: string } | { ok: false; error: KrmError } {
  const w = new Writer();
  w.emit(value, "");
  if (w.bad !== undefined) {
    const { what, path } = w.bad;
    return { ok: false, error: { code: "UNREPRESENTABLE", message: `cannot write ${what} at ${path || "the top level"} as JSON`, field: path } };
  }
  return { ok: true, text: w.out + "\n" };
}

const NEEDS_ESCAPE = /["\\\u0000-\u001f\u2028\u2029\ud800-\udfff]/;

function quote(s: string): string {
  return NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : '"' + s + '"';
}

class Writer {
  out = "";
  bad: { what: string; path: string } | undefined;
  /** Keys and indexes leading to the value being written (for the error path only). */
  private readonly stack: Array<string | number> = [];

  private fail(what: number): void {
    this.bad = { what: String(what), path: this.stack.map((k, i) => (typeof k === "number" ? `[${k}]` : i === 0 ? k : "." + k)).join("") };
  }

  emit(v: JsonValue, indent: string): void {
    if (this.bad) return;
    if (typeof v === "string") this.out += quote(v);
    else if (typeof v === "number") {
      if (!Number.isFinite(v)) this.fail(v);
      else this.out += Number.isInteger(v) ? intText(v) : floatText(v);
    } else if (v === null || typeof v === "boolean") this.out += String(v);
    else if (typeof v === "bigint") this.out += intText(v);
    else if (v instanceof JsonFloat) {
      if (!Number.isFinite(v.value)) this.fail(v.value);
      else this.out += floatText(v.value);
    } else if (Array.isArray(v)) {
      if (v.length === 0) {
        this.out += "[]";
        return;
      }
      const inner = indent + "  ";
      this.out += "[\n";
      for (let i = 0; i < v.length; i++) {
        this.out += inner;
        this.stack.push(i);
        this.emit(v[i], inner);
        this.stack.pop();
        this.out += i + 1 < v.length ? ",\n" : "\n";
      }
      this.out += indent + "]";
    } else if (isObject(v)) {
      const keys = Object.keys(v);
      if (keys.length === 0) {
        this.out += "{}";
        return;
      }
      const inner = indent + "  ";
      this.out += "{\n";
      for (let i = 0; i < keys.length; i++) {
        const k = keys[i];
        this.out += inner + quote(k) + ": ";
        this.stack.push(k);
        this.emit(v[k], inner);
        this.stack.pop();
        this.out += i + 1 < keys.length ? ",\n" : "\n";
      }
      this.out += indent + "}";
    }
  }
}
