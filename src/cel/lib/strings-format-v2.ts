// `string.format` as cel-go's strings extension versions 1–3 implement it (the formatter Kubernetes
// enables with strings v2, not the version-4 one): clauses %s %d %f %e %b %x %X %o with an optional
// precision, en_US number text for %f / %e (digit grouping, `∞`, `1.5×10⁰⁰`), CEL-literal text for
// list and map elements, and the error texts. `walkFormat` is shared with the compile-time check.
import { goFloatE, goFloatF, goFloatG, goQuote } from "../../data/index.js";
import {
  K, kindOf, typeNameOf, celError, formatTimestamp, formatDuration,
  type CelValue, type CelError, type CelList, type CelMap, type CelUint, type CelTypeValue, type CelTimestamp, type CelDuration,
} from "../values/index.js";

const utf8 = new TextEncoder();
const utf8Strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const latin1 = new TextDecoder("latin1");

/** A failure while formatting: the message, and (for a type error found by the compile-time check) the node it concerns. */
export interface FormatFailure { message: string; at?: number }

/** What `walkFormat` asks of its caller: argument count, the optional early argument check, each clause's text. */
export interface FormatSink {
  /** Number of arguments. */
  readonly size: number;
  /** Fetches argument `index` before its clause is read (the runtime list fails past its end). */
  fetch(index: number): FormatFailure | undefined;
  /** The text of clause `verb` (`s d f e b x X o`) for argument `index`; `precision` undefined when not given. */
  clause(verb: string, precision: number | undefined, index: number): string | FormatFailure;
}

const CLAUSES = "sdfebxXo";

/** Reads `.<digits>` at `at`: the precision and the next position, or a failure (strconv.Atoi's texts). */
function precisionAt(b: Uint8Array, at: number): { precision: number | undefined; next: number } | FormatFailure {
  if (b[at] !== 0x2e) return { precision: undefined, next: at };
  let i = at + 1;
  let digits = "";
  for (;;) {
    if (i >= b.length) return { message: "error while parsing precision: could not find end of precision specifier" };
    const c = b[i]!;
    if (c < 0x30 || c > 0x39) break;
    digits += String.fromCharCode(c);
    i++;
  }
  const bad = (why: string): FormatFailure => ({ message: `error while parsing precision: error while converting precision to integer: strconv.Atoi: parsing ${goQuote(digits)}: ${why}` });
  if (digits === "") return bad("invalid syntax");
  const n = Number(digits);
  if (!Number.isSafeInteger(n) || n > 9223372036854775807) return bad("value out of range");
  return { precision: n, next: i };
}

/**
 * Interpolates `fmt` (read byte by byte, as Go does) through `sink`: `%%` is a percent sign, any
 * other `%` takes the next argument. Returns the text or the first failure, worded as cel-go's.
 */
export function walkFormat(fmt: string, sink: FormatSink): string | FormatFailure {
  const b = utf8.encode(fmt);
  const out: number[] = [];
  let arg = 0;
  for (let i = 0; i < b.length; ) {
    if (b[i] !== 0x25) { out.push(b[i]!); i++; continue; }
    if (b[i + 1] === 0x25) { out.push(0x25); i += 2; continue; }
    const fetched = sink.fetch(arg);
    if (fetched) return fetched;
    if (i + 1 >= b.length) return { message: "unexpected end of string" };
    if (arg >= sink.size) return { message: `index ${arg} out of range` };
    const p = precisionAt(b, i + 1);
    if ("message" in p) return { message: `could not parse formatting clause: ${p.message}` };
    const verb = latin1.decode(b.subarray(p.next, p.next + 1));
    if (!CLAUSES.includes(verb)) return { message: `could not parse formatting clause: unrecognized formatting clause "${verb}"` };
    const text = sink.clause(verb, p.precision, arg);
    if (typeof text !== "string") return { message: `error during formatting: ${text.message}`, at: text.at };
    out.push(...utf8.encode(text));
    i = p.next + 1;
    arg++;
  }
  return new TextDecoder().decode(new Uint8Array(out));
}

/** The messages of a clause given a value it cannot format (`was given <type name>`). */
export const clauseErrors: Readonly<Record<string, string>> = {
  s: "string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given ",
  d: "decimal clause can only be used on integers, was given ",
  f: "fixed-point clause can only be used on doubles, was given ",
  e: "scientific clause can only be used on doubles, was given ",
  b: "only integers and bools can be formatted as binary, was given ",
  x: "only integers, byte buffers, and strings can be formatted as hex, was given ",
  X: "only integers, byte buffers, and strings can be formatted as hex, was given ",
  o: "octal clause can only be used on integers, was given ",
};

function integer(v: CelValue): bigint | undefined {
  const k = kindOf(v);
  return k === K.int ? (v as bigint) : k === K.uint ? (v as CelUint).value : undefined;
}
const radix = (v: bigint, r: number): string => (v < 0n ? "-" + (-v).toString(r) : v.toString(r));
const fail = (verb: string, v: CelValue): FormatFailure => ({ message: clauseErrors[verb] + typeNameOf(v) });

/** A double argument of %f / %e: a double, or one of the strings `NaN`, `Infinity`, `-Infinity`. */
function floatArg(v: CelValue): number | undefined {
  if (typeof v === "number") return v;
  if (v === "NaN") return NaN;
  if (v === "Infinity") return Infinity;
  if (v === "-Infinity") return -Infinity;
  return undefined;
}

/** en_US fixed-point text (golang.org/x/text): Go's correctly rounded digits, `,` every three integer digits, `∞`, no sign on -0. */
function fixedEn(d: number, precision: number): string {
  if (Number.isNaN(d)) return "NaN";
  if (!Number.isFinite(d)) return d > 0 ? "∞" : "-∞";
  const text = goFloatF(Math.abs(d), precision);
  const dot = text.indexOf(".");
  const int = dot < 0 ? text : text.slice(0, dot);
  const grouped = int.replace(/\B(?=(\d{3})+$)/g, ",");
  return (d < 0 ? "-" : "") + grouped + (dot < 0 ? "" : text.slice(dot));
}

const SUPERSCRIPT = "⁰¹²³⁴⁵⁶⁷⁸⁹";
/**
 * en_US scientific text as cel-go prints it: its `%<p>e` makes the precision a width, so there are
 * always six fraction digits, `×10` and a superscript exponent, left-padded with spaces to `width` runes.
 */
function scientificEn(d: number, width: number): string {
  let text: string;
  if (Number.isNaN(d)) text = "NaN";
  else if (!Number.isFinite(d)) text = d > 0 ? "∞" : "-∞";
  else {
    const [mant, exp] = goFloatE(Math.abs(d), 6).split("e") as [string, string];
    const e = exp.replace(/^\+/, "").replace(/^-/, "⁻").replace(/\d/g, (c) => SUPERSCRIPT[Number(c)]!);
    text = (d < 0 ? "-" : "") + mant + "×10" + e;
  }
  const runes = [...text].length;
  return runes < width ? " ".repeat(width - runes) + text : text;
}

/** A value's text inside a list or map under %s: a CEL literal (strings quoted, doubles `%.6f`, `timestamp("…")`). */
function literalText(v: CelValue): string | FormatFailure {
  switch (kindOf(v)) {
    case K.int: case K.uint: return String(integer(v));
    case K.string: return goQuote(v as string);
    case K.bytes: {
      const s = plainText(v);
      return typeof s === "string" ? "b" + goQuote(s) : s;
    }
    case K.bool: return String(v);
    case K.null: return "null";
    case K.type: return (v as CelTypeValue).name;
    case K.timestamp: return `timestamp(${goQuote(formatTimestamp(v as CelTimestamp))})`;
    case K.duration: return `duration(${goQuote(formatDuration(v as CelDuration))})`;
    case K.list: return listText(v as CelList);
    case K.map: return mapText(v as CelMap);
    case K.double: {
      const d = v as number;
      const text = goFloatF(d, 6);
      return Number.isFinite(d) ? text : goQuote(text);
    }
    default: return { message: `no formatting function for ${typeNameOf(v)}` };
  }
}

function listText(l: CelList): string | FormatFailure {
  const parts: string[] = [];
  for (let i = 0; i < l.size(); i++) {
    const t = literalText(l.get(i));
    if (typeof t !== "string") return t;
    parts.push(t);
  }
  return `[${parts.join(", ")}]`;
}

function mapText(m: CelMap): string | FormatFailure {
  const pairs: [Buffer, string][] = [];
  for (const k of m.keys()) {
    const kk = kindOf(k);
    if (kk !== K.string && kk !== K.bool && kk !== K.int && kk !== K.uint) return { message: `no formatting function for map key of type ${typeNameOf(k)}` };
    const key = kk === K.string ? goQuote(k as string) : String(kk === K.uint ? (k as CelUint).value : k);
    const value = literalText(m.get(k) as CelValue);
    if (typeof value !== "string") return value;
    pairs.push([Buffer.from(key), `${key}:${value}`]);
  }
  pairs.sort((a, b) => Buffer.compare(a[0], b[0]));
  return `{${pairs.map((p) => p[1]).join(", ")}}`;
}

/** A value's text under a top-level %s. */
function plainText(v: CelValue): string | FormatFailure {
  switch (kindOf(v)) {
    case K.list: return listText(v as CelList);
    case K.map: return mapText(v as CelMap);
    case K.int: case K.uint: return String(integer(v));
    case K.double: return goFloatG(v as number);
    case K.bool: return String(v);
    case K.string: return v as string;
    case K.bytes:
      try {
        return utf8Strict.decode(v as Uint8Array);
      } catch {
        return { message: `could not convert argument ${goQuote("invalid UTF-8 in bytes, cannot convert to string")} to string` };
      }
    case K.timestamp: return formatTimestamp(v as CelTimestamp);
    case K.duration: return formatDuration(v as CelDuration);
    case K.type: return (v as CelTypeValue).name;
    case K.null: return "null";
    default: return fail("s", v);
  }
}

function hexText(v: CelValue, upper: boolean): string | FormatFailure {
  const i = integer(v);
  let s: string;
  if (i !== undefined) s = radix(i, 16);
  else if (kindOf(v) === K.string || kindOf(v) === K.bytes) {
    const bytes = typeof v === "string" ? utf8.encode(v) : (v as Uint8Array);
    s = "";
    for (const x of bytes) s += x.toString(16).padStart(2, "0");
  } else return fail("x", v);
  return upper ? s.toUpperCase() : s;
}

/** The text of one clause for a runtime value. */
function clauseText(verb: string, precision: number | undefined, v: CelValue): string | FormatFailure {
  switch (verb) {
    case "s": return plainText(v);
    case "d": {
      const i = integer(v);
      return i === undefined ? fail("d", v) : i.toString();
    }
    case "f": {
      const d = floatArg(v);
      return d === undefined ? fail("f", v) : fixedEn(d, precision ?? 6);
    }
    case "e": {
      const d = floatArg(v);
      return d === undefined ? fail("e", v) : scientificEn(d, precision ?? 6);
    }
    case "b": {
      const i = integer(v);
      if (i !== undefined) return radix(i, 2);
      return typeof v === "boolean" ? (v ? "1" : "0") : fail("b", v);
    }
    case "o": {
      const i = integer(v);
      return i === undefined ? fail("o", v) : radix(i, 8);
    }
    default: return hexText(v, verb === "X");
  }
}

/** `fmt.format(args)` as Kubernetes evaluates it (strings library version 2). */
export function formatStringV2(fmt: string, args: CelList): string | CelError {
  const n = args.size();
  const r = walkFormat(fmt, {
    size: n,
    fetch: (i) => (i >= n ? { message: `index ${i} out of range` } : undefined),
    clause: (verb, precision, i) => clauseText(verb, precision, args.get(i)),
  });
  return typeof r === "string" ? r : celError(r.message);
}
