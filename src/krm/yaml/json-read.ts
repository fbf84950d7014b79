// A small JSON reader that keeps what JSON.parse loses: `1.0` stays a double (JsonFloat) and
// ints beyond 2^53 become bigint. Keys such as `__proto__` are data; a key repeated in one object
// is an error, as in YAML and the apiserver's strict decoding. Reads text in pieces as it came
// (never joined). Never throws.
import { setKey, type JsonFloat, type JsonObject, type JsonValue } from "../../data/index.js";
import { floatValue, intFromLiteral } from "./numbers.js";
import type { InputText, TextPieces } from "./decode-text.js";
import type { KrmError } from "../types.js";

/** Maximum nesting of arrays and objects. */
export const MAX_JSON_DEPTH = 1000;

class JsonSyntaxError {
  constructor(readonly message: string, readonly pos: number) {}
}

/**
 * Parses one JSON value (surrounded by optional whitespace) or returns the first syntax error
 * (its offset counts characters of the whole text). `onProgress`: called as each piece after the
 * first is reached and as each object of the first {@link progressDepth} levels ends (a
 * ResourceList's items: a caller minding memory may look at the heap there). Default: none.
 */
export function readJson(text: InputText, onProgress?: () => void): { ok: true; value: JsonValue } | { ok: false; error: KrmError } {
  const r = new Reader(typeof text === "string" ? [text] : text, onProgress);
  try {
    r.ws();
    const value = r.value(0);
    r.ws();
    if (r.i < r.s.length) r.fail("unexpected text after the JSON value");
    return { ok: true, value };
  } catch (e) {
    if (!(e instanceof JsonSyntaxError)) throw e;
    return { ok: false, error: { code: "JSON_SYNTAX", message: `JSON syntax error: ${e.message}`, pos: [e.pos, e.pos + 1] } };
  }
}

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * Objects this deep or less tell the progress hook they ended: a ResourceList (1), its items (3).
 * Once per piece was too rarely for the young-generation cap (src/cli/young-generation.ts): V8
 * grew the new space from 4 to 8 MB within the 1.34 MB list of 1k objects.
 */
const progressDepth = 3;

const NUMBER = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/y;

/**
 * Distinct string values a reader remembers; past it, it starts afresh (a bound on the map for
 * lists of mostly unique values).
 */
const internLimit = 1 << 16;

class Reader {
  /** The piece being read (with the start of a number or word the piece's end cut: see extend). */
  s: string;
  /** Position in {@link s}. */
  i = 0;
  /** Characters of the text before {@link s}. */
  private base = 0;
  /** The piece after {@link s}. */
  private next = 1;
  /**
   * String values read so far, each kept once: manifests repeat most of theirs (`TCP`, `http`, an
   * image, a config path), so a 66.7 MB list of 50k objects holds one copy of each (strings were
   * 14.1 MB of a 10k list's heap, 5.7 MB of them distinct).
   */
  private readonly seen = new Map<string, string>();
  /**
   * Elements of the arrays being read, innermost last (from {@link top} on: stale). An array
   * grown by `push` keeps room for 16 more elements (~130 bytes wasted by each short list).
   */
  private readonly stack: JsonValue[] = [];
  private top = 0;
  constructor(private readonly pieces: TextPieces, private readonly onProgress: (() => void) | undefined) {
    this.s = pieces[0] ?? "";
  }

  /** Remembers `v` (a string not seen before, never a view of the text) and returns it. */
  private keep(v: string): string {
    if (this.seen.size >= internLimit) this.seen.clear();
    this.seen.set(v, v);
    return v;
  }

  /** Moves on to the next piece (false after the last); {@link i} is the caller's to set. */
  private advance(): boolean {
    if (this.next >= this.pieces.length) return false;
    this.base += this.s.length;
    this.s = this.pieces[this.next++];
    this.onProgress?.();
    return true;
  }

  /** Adds the next piece to what is left of this one from {@link i} (false after the last). */
  private extend(): boolean {
    if (this.next >= this.pieces.length) return false;
    this.base += this.i;
    this.s = this.s.slice(this.i) + this.pieces[this.next++];
    this.i = 0;
    this.onProgress?.();
    return true;
  }

  /** Throws the syntax error at `at`, an offset in the whole text. Default: the current position. */
  fail(message: string, at = this.base + this.i): never {
    throw new JsonSyntaxError(message, at);
  }

  /** Skips white space, across pieces: after it, {@link i} is inside {@link s} unless the text ended. */
  ws(): void {
    let s = this.s;
    let i = this.i;
    for (;;) {
      const c = s.charCodeAt(i);
      if (c === 32 || c === 10 || c === 13 || c === 9) i++;
      else if (i < s.length || !this.advance()) break;
      else {
        s = this.s;
        i = 0;
      }
    }
    this.i = i;
  }

  value(depth: number): JsonValue {
    const c = this.s.charCodeAt(this.i);
    if (c === 123 /* { */) return this.object(depth + 1);
    if (c === 91 /* [ */) return this.array(depth + 1);
    if (c === 34 /* " */) return this.string();
    if (c === 45 || (c >= 48 && c <= 57)) return this.number();
    while (this.s.length - this.i < 5 && this.extend());
    for (const [word, v] of WORDS) {
      if (this.s.startsWith(word, this.i)) {
        this.i += word.length;
        return v;
      }
    }
    if (this.i >= this.s.length) return this.fail("unexpected end of input");
    return this.fail(`unexpected character ${JSON.stringify(this.s[this.i])}`);
  }

  object(depth: number): JsonObject {
    if (depth > MAX_JSON_DEPTH) this.fail(`nesting deeper than ${MAX_JSON_DEPTH}`);
    const out: JsonObject = {};
    this.i++;
    this.ws();
    if (this.s.charCodeAt(this.i) === 125 /* } */) {
      this.i++;
      return out;
    }
    for (;;) {
      if (this.s.charCodeAt(this.i) !== 34) this.fail("expected a string key");
      const at = this.base + this.i;
      const key = this.string(true);
      if (hasOwn.call(out, key)) this.fail(`duplicate key ${JSON.stringify(key)}`, at);
      this.ws();
      if (this.s.charCodeAt(this.i) !== 58 /* : */) this.fail("expected ':' after an object key");
      this.i++;
      this.ws();
      setKey(out, key, this.value(depth));
      this.ws();
      const c = this.s.charCodeAt(this.i++);
      if (c === 125) {
        if (depth <= progressDepth) this.onProgress?.();
        return out;
      }
      if (c !== 44 /* , */) this.fail("expected ',' or '}' in an object", this.base + this.i - 1);
      this.ws();
    }
  }

  array(depth: number): JsonValue[] {
    if (depth > MAX_JSON_DEPTH) this.fail(`nesting deeper than ${MAX_JSON_DEPTH}`);
    this.i++;
    this.ws();
    if (this.s.charCodeAt(this.i) === 93 /* ] */) {
      this.i++;
      return [];
    }
    // The elements go on the shared stack, then into an array of their exact size.
    const { stack } = this;
    const base = this.top;
    for (;;) {
      const v = this.value(depth);
      stack[this.top++] = v;
      this.ws();
      const c = this.s.charCodeAt(this.i++);
      if (c === 93) {
        const out = stack.slice(base, this.top);
        this.top = base;
        return out;
      }
      if (c !== 44) this.fail("expected ',' or ']' in an array", this.base + this.i - 1);
      this.ws();
    }
  }

  /** A string value, or with `isKey` an object key (a property name: V8 keeps its own copy). */
  string(isKey = false): string {
    let s = this.s;
    const quote = this.i;
    const at = this.base + quote;
    let start = quote + 1;
    let i = start;
    let escaped = false;
    /** The characters in earlier pieces, when the string is cut by a piece's end. */
    let head: string | undefined;
    for (;;) {
      const c = s.charCodeAt(i);
      if (c === 34) break;
      if (c === 92 /* \ */) {
        escaped = true;
        i += 2;
        continue;
      }
      if (c < 32 || i >= s.length) {
        if (i >= s.length && this.advance()) {
          head = (head ?? "") + s.slice(start);
          // Past the end when the piece ended with a backslash: the escaped character is skipped.
          i -= s.length;
          s = this.s;
          start = 0;
          continue;
        }
        this.fail(i >= s.length ? "unterminated string" : "control character in a string", this.base + i);
      }
      i++;
    }
    this.i = i + 1;
    if (head !== undefined) {
      // One new string from the parts (a parse of them quoted), never a view of a piece.
      const v = this.parseQuoted('"' + head + s.slice(start, i) + '"', at);
      return isKey ? v : (this.seen.get(v) ?? this.keep(v));
    }
    // V8 makes a slice of 13 or more characters a view that keeps the whole text alive; a copy
    // lets the text be freed once read (JSON.parse of the quoted run copies it).
    if (!escaped && isKey) return s.slice(start, i);
    if (!escaped) {
      const v = s.slice(start, i);
      return this.seen.get(v) ?? this.keep(v.length < 13 ? v : (JSON.parse(s.slice(quote, i + 1)) as string));
    }
    const v = this.parseQuoted(s.slice(quote, i + 1), at);
    return isKey ? v : (this.seen.get(v) ?? this.keep(v));
  }

  /** The string a quoted run (read up to its closing quote) stands for; `at`: where it starts. */
  private parseQuoted(quoted: string, at: number): string {
    try {
      return JSON.parse(quoted) as string;
    } catch {
      return this.fail("invalid escape sequence in a string", at);
    }
  }

  number(): number | bigint | JsonFloat {
    let m: RegExpExecArray | null;
    for (;;) {
      NUMBER.lastIndex = this.i;
      m = NUMBER.exec(this.s);
      // Three more characters decide where a number ends (`1` + `e+5`): else it is read again
      // with the next piece.
      if (this.i + (m === null ? 0 : m[0].length) + 3 <= this.s.length || !this.extend()) break;
    }
    if (m === null) return this.fail("invalid number");
    this.i += m[0].length;
    if (m[1] === undefined && m[2] === undefined) return intFromLiteral(m[0]);
    const n = Number(m[0]);
    if (!Number.isFinite(n)) return this.fail("number out of the range of a double", this.base + this.i - m[0].length);
    return floatValue(n);
  }
}

const WORDS: ReadonlyArray<[string, JsonValue]> = [["true", true], ["false", false], ["null", null]];
