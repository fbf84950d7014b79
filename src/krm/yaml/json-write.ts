// JSON writer for JsonValue: 2-space indentation like JSON.stringify down to 32 levels (deeper
// values on one line, so output stays linear in the input), doubles keep a fraction (`1.0`),
// bigints print exactly. NaN and ±Infinity cannot be written (an error value, found before any text).
import { JsonFloat, isObject, type JsonValue } from "../../data/index.js";
import { floatText, intText } from "./numbers.js";
import type { KrmError } from "../types.js";

/** Serialises `value` as indented JSON with a final newline, or an UNREPRESENTABLE error. */
export function writeJson(value: JsonValue): { ok: true; text: string } | { ok: false; error: KrmError } {
  const w = writeJsonChunks(value);
  return w.ok ? { ok: true, text: [...w.chunks].join("") } : w;
}

/**
 * {@link writeJson}'s text as flat pieces of about 64 Ki characters, in order, each written as it
 * is iterated (every iteration writes anew): a large output is never held whole, only the piece
 * being written. The whole value is checked first, so an error comes before any text.
 */
export function writeJsonChunks(value: JsonValue): { ok: true; chunks: Iterable<string> } | { ok: false; error: KrmError } {
  const stack: Array<string | number> = [];
  const bad = unrepresentable(value, stack);
  if (bad !== undefined) {
    const path = stack.map((k, i) => (typeof k === "number" ? `[${k}]` : i === 0 ? k : "." + k)).join("");
    return { ok: false, error: { code: "UNREPRESENTABLE", message: `cannot write ${bad} at ${path || "the top level"} as JSON`, field: path } };
  }
  return { ok: true, chunks: { [Symbol.iterator]: () => pieces(value) } };
}

/**
 * Deepest level written indented; deeper lists and maps are written on one line. Indenting every
 * level makes the output quadratic in the depth (a 94 KB list of 900-deep values printed as 82 MB).
 */
export const maxIndentedDepth = 32;

/**
 * Levels whose members are written one at a time between pieces: the document and its `items`,
 * so the text of at most one item (and one piece) is held at a time.
 */
const lazyLevels = 2;

/** The first number in `v` JSON cannot hold (NaN, ±Infinity), leaving its path on `stack`. */
function unrepresentable(v: JsonValue, stack: Array<string | number>): number | undefined {
  if (typeof v === "number") return Number.isFinite(v) ? undefined : v;
  if (v instanceof JsonFloat) return Number.isFinite(v.value) ? undefined : v.value;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      stack.push(i);
      const bad = unrepresentable(v[i], stack);
      if (bad !== undefined) return bad;
      stack.pop();
    }
  } else if (isObject(v)) {
    for (const k of Object.keys(v)) {
      stack.push(k);
      const bad = unrepresentable(v[k], stack);
      if (bad !== undefined) return bad;
      stack.pop();
    }
  }
  return undefined;
}

/** The pieces of `value`'s text with the final newline, written as they are asked for. */
function* pieces(value: JsonValue): Generator<string, void, undefined> {
  const w = new Writer();
  yield* w.lazily(value, "", lazyLevels);
  w.out += "\n";
  w.setAside();
  yield* w.taken();
}

const NEEDS_ESCAPE = /["\\\u0000-\u001f\u2028\u2029\ud800-\udfff]/;

function quote(s: string): string {
  return NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : '"' + s + '"';
}

/** Characters the writer appends to one string before handing it out as a flat piece. */
const chunkLength = 1 << 16;

/** Writes checked values (see {@link unrepresentable}) into {@link out}. */
class Writer {
  /**
   * The text being written. Appending builds a rope of ~32 bytes per piece (10 million pieces for
   * a 30 MB list); every {@link chunkLength} characters it is flattened and set aside.
   */
  out = "";
  /** Flat pieces set aside and not yet handed out, in order. */
  private full: string[] = [];

  /** Sets the text written so far aside as one flat piece. */
  setAside(): void {
    // Reading a character makes V8 flatten the rope into one sequential string.
    if (this.out.charCodeAt(0) >= 0) this.full.push(this.out);
    this.out = "";
  }

  /** The pieces set aside, handed out (the writer keeps none of them). */
  taken(): string[] {
    const full = this.full;
    this.full = [];
    return full;
  }

  /**
   * Writes `v` as {@link emit} does, but the members of containers down to `levels` deep one at a
   * time, handing out a piece whenever one is full.
   */
  *lazily(v: JsonValue, indent: string, levels: number): Generator<string, void, undefined> {
    const keys = levels > 0 && isObject(v) ? Object.keys(v) : undefined;
    const list = levels > 0 && Array.isArray(v) ? v : undefined;
    const n = keys ? keys.length : list ? list.length : 0;
    if (n === 0) {
      this.emit(v, indent);
    } else {
      const inner = innerIndent(indent);
      this.out += list ? (inner === undefined ? "[" : "[\n") : inner === undefined ? "{" : "{\n";
      for (let i = 0; i < n; i++) {
        const member = keys ? (v as Record<string, JsonValue>)[this.key(keys[i], inner)] : this.element((list as JsonValue[])[i], inner);
        if (inner === undefined) this.emit(member, inner);
        else yield* this.lazily(member, inner, levels - 1);
        this.separate(i, n, inner);
      }
      this.out += (inner === undefined ? "" : indent) + (list ? "]" : "}");
    }
    if (this.out.length >= chunkLength) this.setAside();
    if (this.full.length > 0) yield* this.taken();
  }

  /** Writes `v` at `indent`; `indent` undefined: on one line (past {@link maxIndentedDepth}). */
  emit(v: JsonValue, indent: string | undefined): void {
    if (this.out.length >= chunkLength) this.setAside();
    if (typeof v === "string") this.out += quote(v);
    else if (typeof v === "number") this.out += Number.isInteger(v) ? intText(v) : floatText(v);
    else if (v === null || typeof v === "boolean") this.out += String(v);
    else if (typeof v === "bigint") this.out += intText(v);
    else if (v instanceof JsonFloat) this.out += floatText(v.value);
    else if (Array.isArray(v)) {
      if (v.length === 0) {
        this.out += "[]";
        return;
      }
      const inner = innerIndent(indent);
      this.out += inner === undefined ? "[" : "[\n";
      for (let i = 0; i < v.length; i++) {
        this.emit(this.element(v[i], inner), inner);
        this.separate(i, v.length, inner);
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
        this.emit(v[this.key(keys[i], inner)], inner);
        this.separate(i, keys.length, inner);
      }
      this.out += inner === undefined ? "}" : indent + "}";
    }
  }

  /** Writes what comes before a list element at `inner`; returns the element. */
  private element(v: JsonValue, inner: string | undefined): JsonValue {
    if (inner !== undefined) this.out += inner;
    return v;
  }

  /** Writes an object key and its colon at `inner`; returns the key. */
  private key(k: string, inner: string | undefined): string {
    this.out += inner === undefined ? quote(k) + ":" : inner + quote(k) + ": ";
    return k;
  }

  /** Writes what follows member `i` of `n`. */
  private separate(i: number, n: number, inner: string | undefined): void {
    this.out += inner === undefined ? (i + 1 < n ? "," : "") : i + 1 < n ? ",\n" : "\n";
  }
}

/** The indentation one level below `indent`; undefined (one line) past {@link maxIndentedDepth}. */
function innerIndent(indent: string | undefined): string | undefined {
  return indent === undefined || indent.length >= 2 * maxIndentedDepth ? undefined : indent + "  ";
}
