// Go's text forms that kmutate must print byte for byte as the apiserver does: strconv.Quote (`%q`),
// strconv.FormatFloat in the 'g' (`%v`), 'f' and 'e' formats, and encoding/json's number text. The
// one home of Go-compatible formatting: CEL, patch and admission messages all print through it.

const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

/**
 * Quotes `s` the way Go's `strconv.Quote` does: `"` and `\` escaped, printable runes kept,
 * `\a \b \f \n \r \t \v` by name, other ASCII controls as `\xNN`, other non-printable runes as
 * `\uNNNN` / `\UNNNNNNNN`. Unicode tables are the JS engine's (Go may use a different Unicode version).
 */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0) as number;
    switch (ch) {
      case '"': out += '\\"'; continue;
      case "\\": out += "\\\\"; continue;
      case "\x07": out += "\\a"; continue;
      case "\b": out += "\\b"; continue;
      case "\f": out += "\\f"; continue;
      case "\n": out += "\\n"; continue;
      case "\r": out += "\\r"; continue;
      case "\t": out += "\\t"; continue;
      case "\v": out += "\\v"; continue;
    }
    if (cp < 0x80) {
      out += cp < 0x20 || cp === 0x7f ? "\\x" + hex(cp, 2) : ch;
    } else if (cp >= 0xd800 && cp <= 0xdfff) {
      out += "\\ufffd"; // a lone surrogate cannot come from valid UTF-8; Go would see U+FFFD
    } else if (PRINTABLE.test(ch)) {
      out += ch;
    } else if (cp < 0x10000) {
      out += "\\u" + hex(cp, 4);
    } else {
      out += "\\U" + hex(cp, 8);
    }
  }
  return out + '"';
}

function hex(n: number, width: number): string {
  return n.toString(16).padStart(width, "0");
}

/** FormatFloat's text of NaN and the infinities (every format), else undefined. */
function special(f: number): string | undefined {
  if (Number.isNaN(f)) return "NaN";
  if (f === Infinity) return "+Inf";
  if (f === -Infinity) return "-Inf";
  return undefined;
}

/** The shortest round-trip digits of finite `f` (no sign) and its decimal exponent (`d.ddd × 10^exp`). */
function shortestDigits(f: number): { digits: string; exp: number } {
  const [mant, expS] = Math.abs(f).toExponential().split("e") as [string, string];
  return { digits: mant.replace(".", ""), exp: Number(expS) };
}

/** `strconv.FormatFloat(f, 'g', -1, 64)`, which is also fmt's `%v` of a float64 (`1e+06`, `1.5`, `-0`). */
export function goFloatG(f: number): string {
  const s = special(f);
  if (s !== undefined) return s;
  if (f === 0) return Object.is(f, -0) ? "-0" : "0";
  const { digits, exp } = shortestDigits(f);
  const sign = f < 0 ? "-" : "";
  // Shortest 'g' uses the exponent form below 1e-4 and from 1e6 on (eprec 6).
  if (exp < -4 || exp >= 6) {
    const e = Math.abs(exp);
    return `${sign}${digits[0]}${digits.length > 1 ? "." + digits.slice(1) : ""}e${exp < 0 ? "-" : "+"}${e < 10 ? "0" : ""}${e}`;
  }
  return sign + layoutFixed(digits, exp + 1);
}

/** Digits `d1d2…` with the decimal point after `point` digits (may be ≤ 0 or past the end). */
function layoutFixed(digits: string, point: number): string {
  if (point <= 0) return "0." + "0".repeat(-point) + digits;
  if (point >= digits.length) return digits + "0".repeat(point - digits.length);
  return digits.slice(0, point) + "." + digits.slice(point);
}

/** The exact value of finite `|f|` as `value / 10^scale` (every double is a finite decimal). */
function exactDecimal(f: number): { value: bigint; scale: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(f));
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const frac = bits & ((1n << 52n) - 1n);
  const mant = biased === 0 ? frac : frac | (1n << 52n);
  const exp2 = (biased === 0 ? 1 : biased) - 1075;
  if (exp2 >= 0) return { value: mant << BigInt(exp2), scale: 0 };
  return { value: mant * 5n ** BigInt(-exp2), scale: -exp2 };
}

/** `value / 10^drop` rounded to an integer, ties to even (Go's correctly rounded decimal conversion). */
function roundHalfEven(value: bigint, drop: number): bigint {
  if (drop <= 0) return value * 10n ** BigInt(-drop);
  const unit = 10n ** BigInt(drop);
  const q = value / unit, r = value % unit, twice = 2n * r;
  return twice > unit || (twice === unit && q % 2n === 1n) ? q + 1n : q;
}

/**
 * `strconv.FormatFloat(f, 'f', prec, 64)` (fmt's `%.<prec>f`): `prec` digits after the point,
 * correctly rounded with ties to even; `prec` -1 (the default) prints the shortest round-trip digits.
 */
export function goFloatF(f: number, prec = -1): string {
  const s = special(f);
  if (s !== undefined) return s;
  const sign = f < 0 || Object.is(f, -0) ? "-" : "";
  if (prec < 0) {
    if (f === 0) return sign + "0";
    const { digits, exp } = shortestDigits(f);
    return sign + layoutFixed(digits, exp + 1);
  }
  const { value, scale } = exactDecimal(f);
  const text = roundHalfEven(value, scale - prec).toString().padStart(prec + 1, "0");
  return sign + (prec === 0 ? text : text.slice(0, -prec) + "." + text.slice(-prec));
}

/** `strconv.FormatFloat(f, 'e', prec, 64)` (fmt's `%.<prec>e`): correctly rounded, ties to even, exponent of two digits at least. */
export function goFloatE(f: number, prec: number): string {
  const s = special(f);
  if (s !== undefined) return s;
  const sign = f < 0 || Object.is(f, -0) ? "-" : "";
  let digits: string, exp: number;
  if (f === 0) {
    digits = "0".repeat(prec + 1);
    exp = 0;
  } else {
    const { value, scale } = exactDecimal(f);
    const all = value.toString();
    exp = all.length - 1 - scale;
    digits = roundHalfEven(value, all.length - (prec + 1)).toString();
    if (digits.length > prec + 1) { // rounding carried into a new digit (9.99 → 10.0)
      digits = digits.slice(0, prec + 1);
      exp++;
    }
  }
  const e = Math.abs(exp);
  return `${sign}${digits[0]}${prec > 0 ? "." + digits.slice(1) : ""}e${exp < 0 ? "-" : "+"}${e < 10 ? "0" : ""}${e}`;
}

/**
 * The text encoding/json writes for a finite float64: shortest digits, fixed notation exactly for
 * 1e-6 ≤ |f| < 1e21, else the exponent form without padding (`1e+21`, `1e-7`), `-0` for negative zero.
 */
export function goJsonFloat(f: number): string {
  if (Object.is(f, -0)) return "-0";
  // JS Number#toString switches notation at the same bounds, with the same digits and exponent form.
  return String(f);
}
