// Go text forms the JSON-patch applier needs to match kube-apiserver byte for byte: encoding/json
// compact output (scalar comparison in `test`, copy-size accounting) and strconv.Quote.
import { JsonFloat, goJsonFloat, goQuote, isObject, type JsonValue } from "../data/index.js";
export { goQuote };

/** Characters that may need a Go-only escape in strconv.Quote (controls, DEL, astral runes). */
const NEEDS_QUOTE_CHECK = /[\u0000-\u001f\u007f\ud800-\udfff]/;

/**
 * The text Go's `encoding/json` writes for `v` (compact, HTML-safe escaping as `json.Marshal`
 * and the apiserver's serializer use): `<`, `>`, `&`, U+2028, U+2029 and control characters are
 * escaped; numbers use Go's float format, so the double `1.0` prints as `1` (exactly like the
 * int `1`), `1e21` as `1e+21`, `-0.0` as `-0`; bigints print all digits. NaN and ±Inf (never in
 * a manifest) print as protojson does: `"NaN"`, `"Infinity"`, `"-Infinity"`. Object keys keep
 * their insertion order (Go sorts them; this never changes a size or a scalar comparison).
 */
export function goJsonText(v: JsonValue): string {
  if (v === null) return "null";
  if (typeof v === "boolean") return v ? "true" : "false";
  if (typeof v === "string") return goJsonString(v);
  if (typeof v === "bigint") return v.toString();
  if (typeof v === "number") return Number.isInteger(v) ? BigInt(v).toString() : goFloat(v);
  if (v instanceof JsonFloat) return goFloat(v.value);
  if (Array.isArray(v)) return `[${v.map(goJsonText).join(",")}]`;
  if (isObject(v)) return `{${Object.keys(v).map((k) => `${goJsonString(k)}:${goJsonText(v[k])}`).join(",")}}`;
  return "null";
}

/** Bytes of {@link goJsonText}`(v)` in UTF-8: what json-patch v4 adds to its copy budget. */
export function goJsonSize(v: JsonValue): number {
  return Buffer.byteLength(goJsonText(v), "utf8");
}

/** A float's JSON text; NaN and ±Inf (never in a manifest) as protojson writes them. */
function goFloat(f: number): string {
  if (Number.isNaN(f)) return '"NaN"';
  if (f === Infinity) return '"Infinity"';
  if (f === -Infinity) return '"-Infinity"';
  return goJsonFloat(f);
}

/** A JSON string literal as Go's encoding/json writes it (HTML-safe, Go ≥ 1.22 escapes). */
export function goJsonString(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    if (ch === '"') out += '\\"';
    else if (ch === "\\") out += "\\\\";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (ch === "\b") out += "\\b";
    else if (ch === "\f") out += "\\f";
    else if (c < 0x20 || ch === "<" || ch === ">" || ch === "&" || c === 0x2028 || c === 0x2029) out += `\\u${c.toString(16).padStart(4, "0")}`;
    else if (c >= 0xd800 && c <= 0xdfff) out += "\ufffd"; // a lone surrogate: Go only ever holds U+FFFD
    else out += ch;
  }
  return out + '"';
}

/**
 * The apiserver writes each op's `op`, `path` and `from` as `strconv.Quote(s)` and json-patch
 * reads them back with `json.Unmarshal`. Go-only escapes (`\a`, `\v`, `\xNN`, `\UNNNNNNNN`) are
 * invalid JSON, so such strings do not survive: this returns the decoder's error text (e.g.
 * `invalid character 'x' in string escape code`), or undefined when `s` round-trips.
 */
export function quotedStringDecodeError(s: string): string | undefined {
  if (!NEEDS_QUOTE_CHECK.test(s)) return undefined; // printable ASCII always round-trips
  const q = goQuote(s);
  const m = /\\([avxU])/.exec(q.replace(/\\\\/g, "")); // drop escaped backslashes first
  return m ? `invalid character '${m[1]}' in string escape code` : undefined;
}
