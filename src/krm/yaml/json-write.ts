// JSON writer for JsonValue: 2-space indentation like JSON.stringify down to 32 levels (deeper
// values on one line, so output stays linear in the input), doubles keep a fraction (`1.0`),
// bigints print exactly. NaN and ±Infinity cannot be written (an error value).
import { JsonFloat, isObject, type JsonValue } from "../../data/index.js";
import { floatText, intText } from "./numbers.js";
import type { KrmError } from "../types.js";

/** Serialises `value` as indented JSON with a final newline, or an UNREPRESENTABLE error. */
export function writeJson(value: JsonValue): { ok: true; text: string } | { ok: false; error: KrmError } {
  const w = writeJsonChunks(value);
  return w.ok ? { ok: true, text: w.chunks.join("") } : w;
}

/**
 * {@link writeJson}'s text as flat pieces of about 64 Ki characters, in order: a large output is
 * never held twice (as pieces and as their concatenation).
 */
export function writeJsonChunks(value: JsonValue): { ok: true; chunks: string[] } | { ok: false; error: KrmError } {
  const w = new Writer();
  w.emit(value, "");
  if (w.bad !== undefined) {
    const { what, path } = w.bad;
    return { ok: false, error: { code: "UNREPRESENTABLE", message: `cannot write ${what} at ${path || "the top level"} as JSON`, field: path } };
  }
  return { ok: true, chunks: w.finish() };
}

/**
 * Deepest level written indented; deeper lists and maps are written on one line. Indenting every
 * level makes the output quadratic in the depth (a 94 KB list of 900-deep values printed as 82 MB).
 */
export const maxIndentedDepth = 32;

const NEEDS_ESCAPE = /["\\\u0000-\u001f\u2028\u2029\ud800-\udfff]/;

function quote(s: string): string {
  return NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : '"' + s + '"';
}

/** Characters the writer appends to one string before setting it aside as a flat chunk. */
const chunkLength = 1 << 16;

class Writer {
  /**
   * The text being written. Appending builds a rope of ~32 bytes per piece (10 million pieces for
   * a 30 MB list); every {@link chunkLength} characters it is flattened and set aside.
   */
  out = "";
  private readonly chunks: string[] = [];
  bad: { what: string; path: string } | undefined;
  /** Keys and indexes leading to the value being written (for the error path only). */
  private readonly stack: Array<string | number> = [];

  /** Everything written, as flat pieces, with the final newline. */
  finish(): string[] {
    this.out += "\n";
    this.setAside();
    return this.chunks;
  }

  private setAside(): void {
    // Reading a character makes V8 flatten the rope into one sequential string.
    if (this.out.charCodeAt(0) >= 0) this.chunks.push(this.out);
    this.out = "";
  }

  private fail(what: number): void {
    this.bad = { what: String(what), path: this.stack.map((k, i) => (typeof k === "number" ? `[${k}]` : i === 0 ? k : "." + k)).join("") };
  }

  /** Writes `v` at `indent`; `indent` undefined: on one line (past {@link maxIndentedDepth}). */
  emit(v: JsonValue, indent: string | undefined): void {
    if (this.bad) return;
    if (this.out.length >= chunkLength) this.setAside();
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
      const inner = innerIndent(indent);
      this.out += inner === undefined ? "[" : "[\n";
      for (let i = 0; i < v.length; i++) {
        if (inner !== undefined) this.out += inner;
        this.stack.push(i);
        this.emit(v[i], inner);
        this.stack.pop();
        this.out += inner === undefined ? (i + 1 < v.length ? "," : "") : i + 1 < v.length ? ",\n" : "\n";
      }
      this.out += inner === undefined ? "]" : indent + "]";
    } else if (isObject(v)) {
      const keys = Object.keys(v);
      if (keys.length === 0) {
        this.out += "{}";
        return;
      }
      const inner = innerIndent(indent);
      this.out += inner === undefined ? "{" : "{\n";
      for (let i = 0; i < keys.length; i++) {
        const k = keys[i];
        this.out += inner === undefined ? quote(k) + ":" : inner + quote(k) + ": ";
        this.stack.push(k);
        this.emit(v[k], inner);
        this.stack.pop();
        this.out += inner === undefined ? (i + 1 < keys.length ? "," : "") : i + 1 < keys.length ? ",\n" : "\n";
      }
      this.out += inner === undefined ? "}" : indent + "}";
    }
  }
}

/** The indentation one level below `indent`; undefined (one line) past {@link maxIndentedDepth}. */
function innerIndent(indent: string | undefined): string | undefined {
  return indent === undefined || indent.length >= 2 * maxIndentedDepth ? undefined : indent + "  ";
}
