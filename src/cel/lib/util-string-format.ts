// cel-go `strings` extension `format` (library versions 1–3): %s %d %f %e %b %o %x %X %% with
// optional precision, and cel-go's error texts.
import {
  kindOf, K, formatTimestamp, formatDuration, celError,
  type CelValue, type CelError, type CelList, type CelMap, type CelUint, type CelTypeValue, type CelTimestamp, type CelDuration,
} from "../values/index.js";
import { goFloatE, goFloatF } from "../../data/index.js";

const utf8 = new TextEncoder();
const utf8Lenient = new TextDecoder();

function specialDouble(d: number): string | undefined {
  if (Number.isNaN(d)) return "NaN";
  if (d === Infinity) return "Infinity";
  if (d === -Infinity) return "-Infinity";
  return undefined;
}

/** `%.Nf` (Go's correctly rounded text, ties to even). */
function fixed(d: number, p: number): string {
  return specialDouble(d) ?? goFloatF(d, p);
}
function scientific(d: number, p: number): string {
  return specialDouble(d) ?? goFloatE(d, p);
}

const STRING_CLAUSE_ERR = "error during formatting: string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps";

function asString(v: CelValue): string | CelError {
  switch (kindOf(v)) {
    case K.string: return v as string;
    case K.bool: return String(v);
    case K.int: return (v as bigint).toString();
    case K.uint: return (v as CelUint).value.toString();
    case K.double: return specialDouble(v as number) ?? goFloatF(v as number);
    case K.bytes: return utf8Lenient.decode(v as Uint8Array);
    case K.null: return "null";
    case K.type: return (v as CelTypeValue).name;
    case K.timestamp: return formatTimestamp(v as CelTimestamp);
    case K.duration: return formatDuration(v as CelDuration);
    case K.list: {
      const l = v as CelList;
      const parts: string[] = [];
      for (let i = 0; i < l.size(); i++) {
        const s = asString(l.get(i));
        if (typeof s !== "string") return s;
        parts.push(s);
      }
      return `[${parts.join(", ")}]`;
    }
    case K.map: {
      const m = v as CelMap;
      const parts: [string, string][] = [];
      for (const k of m.keys()) {
        const ks = asString(k);
        const vs = asString(m.get(k) as CelValue);
        if (typeof ks !== "string") return ks;
        if (typeof vs !== "string") return vs;
        parts.push([ks, vs]);
      }
      parts.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
      return `{${parts.map(([k, x]) => `${k}: ${x}`).join(", ")}}`;
    }
    default: return celError(STRING_CLAUSE_ERR);
  }
}

function integer(v: CelValue): bigint | undefined {
  const k = kindOf(v);
  return k === K.int ? (v as bigint) : k === K.uint ? (v as CelUint).value : undefined;
}
function radix(v: bigint, r: number): string {
  return v < 0n ? "-" + (-v).toString(r) : v.toString(r);
}
function hexOf(v: CelValue): string | CelError {
  const i = integer(v);
  if (i !== undefined) return radix(i, 16);
  const k = kindOf(v);
  const bytes = k === K.string ? utf8.encode(v as string) : k === K.bytes ? (v as Uint8Array) : undefined;
  if (!bytes) return celError("error during formatting: only integers, byte buffers, and strings can be formatted as hex");
  let s = "";
  for (const b of bytes) s += b.toString(16).padStart(2, "0");
  return s;
}

function clause(verb: string, prec: number | undefined, v: CelValue): string | CelError {
  const k = kindOf(v);
  switch (verb) {
    case "s": return asString(v);
    case "d": {
      const i = integer(v);
      if (i !== undefined) return i.toString();
      if (k === K.double && specialDouble(v as number)) return specialDouble(v as number) as string;
      return celError("error during formatting: decimal clause can only be used on integers, was given " + kindName(v));
    }
    case "f":
      if (k === K.double) return fixed(v as number, prec ?? 6);
      if (integer(v) !== undefined) return fixed(Number(integer(v)), prec ?? 6);
      return celError("error during formatting: fixed-point clause can only be used on doubles, was given " + kindName(v));
    case "e":
      if (k === K.double) return scientific(v as number, prec ?? 6);
      if (integer(v) !== undefined) return scientific(Number(integer(v)), prec ?? 6);
      return celError("error during formatting: scientific clause can only be used on doubles, was given " + kindName(v));
    case "b": {
      const i = integer(v);
      if (i !== undefined) return radix(i, 2);
      if (k === K.bool) return v ? "1" : "0";
      return celError("error during formatting: only integers and bools can be formatted as binary, was given " + kindName(v));
    }
    case "o": {
      const i = integer(v);
      if (i !== undefined) return radix(i, 8);
      return celError("error during formatting: octal clause can only be used on integers, was given " + kindName(v));
    }
    case "x": return hexOf(v);
    case "X": {
      const h = hexOf(v);
      return typeof h === "string" ? h.toUpperCase() : h;
    }
    default: return celError(`could not parse formatting clause: unrecognized formatting clause "${verb}"`);
  }
}
function kindName(v: CelValue): string {
  return ["bool", "int", "uint", "double", "string", "bytes", "null_type", "google.protobuf.Timestamp", "google.protobuf.Duration", "list", "map", "type", "optional_type", "object", "opaque"][kindOf(v)];
}

/** `fmt.format(args)`. */
export function formatString(fmt: string, args: CelList): string | CelError {
  let out = "";
  let argi = 0;
  for (let i = 0; i < fmt.length; i++) {
    const c = fmt[i];
    if (c !== "%") { out += c; continue; }
    i++;
    if (fmt[i] === "%") { out += "%"; continue; }
    let prec: number | undefined;
    if (fmt[i] === ".") {
      let j = i + 1;
      while (j < fmt.length && fmt[j] >= "0" && fmt[j] <= "9") j++;
      if (j === i + 1) return celError("could not parse formatting clause: unable to find end of precision specifier");
      prec = Number(fmt.slice(i + 1, j));
      i = j;
    }
    if (i >= fmt.length) return celError("could not parse formatting clause: unexpected end of string");
    const verb = fmt[i];
    if (!"sdfebxXo".includes(verb)) return celError(`could not parse formatting clause: unrecognized formatting clause "${verb}"`);
    if (argi >= args.size()) return celError(`index ${argi} out of range`);
    const r = clause(verb, prec, args.get(argi++));
    if (typeof r !== "string") return r;
    out += r;
  }
  return out;
}
