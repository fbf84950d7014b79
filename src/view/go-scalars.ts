// Scalar values as Go's JSON decoder reads them into typed fields: integers with their Go range,
// base64 []byte (encoding/base64 StdEncoding, its error offsets), resource quantities and
// int-or-strings, each printed back as ToUnstructured prints it.
import { JsonFloat, type JsonValue } from "../data/index.js";
import { parseQuantity, quantityToString } from "../cel/index.js";

/** The JSON literal kubectl sends for a number (Go's float64 / int64 text). */
export function numberText(v: number | bigint | JsonFloat): string {
  return String(v instanceof JsonFloat ? v.value : v);
}

const INT32: readonly [bigint, bigint] = [-(2n ** 31n), 2n ** 31n - 1n];
const INT64: readonly [bigint, bigint] = [-(2n ** 63n), 2n ** 63n - 1n];

/**
 * A JSON number read into a Go int32/int64: the integer (a number, or a bigint beyond 2^53), or
 * undefined when Go refuses it (a fraction or out of range: `number <literal>`). An integral
 * double (`1.0`, `1e3`) counts as its integer: kubectl sends it as one.
 */
export function goInt(v: number | bigint | JsonFloat, bits: 32 | 64): number | bigint | undefined {
  if (typeof v === "number" && Number.isSafeInteger(v) && (bits === 64 || (v >= -2147483648 && v <= 2147483647))) return v;
  const n = v instanceof JsonFloat ? v.value : v;
  if (typeof n === "number" && !Number.isInteger(n)) return undefined;
  const big = BigInt(n);
  const [min, max] = bits === 32 ? INT32 : INT64;
  if (big < min || big > max) return undefined;
  return Number.isSafeInteger(Number(big)) ? Number(big) : big;
}

const B64 = new Uint8Array(256).fill(0xff);
for (const [i, c] of [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"].entries()) B64[c.charCodeAt(0)] = i;
const NL = (b: number): boolean => b === 0x0a || b === 0x0d;

/**
 * The offset of the first byte Go's base64.StdEncoding refuses in `src` (newlines are skipped,
 * padding is required), or -1 when it decodes.
 */
function base64ErrorOffset(src: Uint8Array): number {
  let si = 0;
  for (;;) {
    let j = 0;
    for (; j < 4; j++) {
      if (si === src.length) {
        if (j === 0) return -1;
        return si - j;
      }
      const b = src[si++];
      if (B64[b] !== 0xff) continue;
      if (NL(b)) {
        j--;
        continue;
      }
      if (b !== 0x3d) return si - 1;
      if (j < 2) return si - 1;
      if (j === 2) {
        while (si < src.length && NL(src[si])) si++;
        if (si === src.length) return src.length;
        if (src[si] !== 0x3d) return si - 1;
        si++;
      }
      while (si < src.length && NL(src[si])) si++;
      return si < src.length ? si : -1;
    }
  }
}

/** A []byte field's JSON string decoded and printed back (canonical base64), or Go's error. */
export function goBytes(s: string): string | { error: string } {
  const bytes = new TextEncoder().encode(s);
  const off = base64ErrorOffset(bytes);
  if (off >= 0) return { error: `illegal base64 data at input byte ${off}` };
  const clean = s.includes("\n") || s.includes("\r") ? s.replace(/[\r\n]/g, "") : s;
  return Buffer.from(clean, "base64").toString("base64");
}

/**
 * A resource.Quantity from its JSON value (a string, or the text of any other literal, as
 * Quantity.UnmarshalJSON parses it), printed canonically; null is the zero quantity "0".
 */
export function goQuantity(v: JsonValue): string | { error: string } {
  if (v === null) return "0";
  // Quantity.UnmarshalJSON parses the literal's text: a bool, list or map never matches.
  const text = typeof v === "string" ? v.trim() : typeof v === "number" || typeof v === "bigint" || v instanceof JsonFloat ? numberText(v) : typeof v === "boolean" ? String(v) : "{";
  let out = quantityTexts.get(text);
  if (out === undefined) {
    const q = parseQuantity(text);
    out = "error" in q ? q : quantityToString(q);
    if (quantityTexts.size >= 4096) quantityTexts.clear();
    quantityTexts.set(text, out);
  }
  return out;
}

/** Canonical texts (or errors) of quantity literals seen: a manifest list repeats a few ("100m", "64Mi"). */
const quantityTexts = new Map<string, string | { error: string }>();
