// Standard library: type conversions int(), uint(), double(), string(), bytes(), bool(),
// timestamp(), duration(), dyn() and type().
import type { Overload } from "../types.js";
import {
  celError, errText, INT64_MAX, checkedUint, doubleToInt, doubleToUint, celUint, celTimestamp, parseTimestamp,
  parseDuration, formatTimestamp, formatDuration, celType, typeNameOf, isCelError, K, kindOf,
  type CelValue, type CelObject, type CelError, type CelUint, type CelTimestamp, type CelDuration,
} from "../values/index.js";
import { T, fn, traversal, byOverload } from "./sig.js";
import { goFloatG } from "../../data/index.js";

const utf8 = new TextEncoder();
const utf8Strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const INT_RE = /^[+-]?\d+$/;
// Go's float syntax: underscores may separate digits (and follow a 0x prefix).
const DECIMAL_FLOAT = /^[+-]?(?:\d+(?:_\d+)*(?:\.(?:\d+(?:_\d+)*)?)?|\.\d+(?:_\d+)*)(?:[eE][+-]?\d+(?:_\d+)*)?$/;
const HEX_FLOAT = /^([+-]?)0[xX]_?((?:[0-9a-fA-F]+(?:_[0-9a-fA-F]+)*)?)(?:\.([0-9a-fA-F]*))?[pP]([+-]?\d+)$/;
const SPECIAL_FLOAT = /^(?:([+-]?)(inf|infinity)|(nan))$/i;

/** cel-go's error for a string that does not convert: `type conversion error from 'string' to '<type>'`. */
const conversionError = (to: string): CelError => celError(`type conversion error from 'string' to '${to}'`);

function parseInt64(s: string): bigint | CelError {
  if (!INT_RE.test(s)) return conversionError("int");
  const v = BigInt(s);
  return v > INT64_MAX || v < -INT64_MAX - 1n ? conversionError("int") : v;
}
function parseUint64(s: string): CelUint | CelError {
  if (!/^\d+$/.test(s)) return conversionError("uint");
  const u = checkedUint(BigInt(s));
  return isCelError(u) ? conversionError("uint") : u;
}
/** Go's strconv.ParseFloat: decimal, hexadecimal (`0x1p3`) and inf/infinity/nan in any case; out of range fails. */
function parseDouble(s: string): number | CelError {
  let v: number;
  const special = SPECIAL_FLOAT.exec(s);
  const hex = HEX_FLOAT.exec(s);
  if (special) v = special[3] ? NaN : special[1] === "-" ? -Infinity : Infinity;
  else if (hex && (hex[2] !== "" || (hex[3] ?? "") !== "")) {
    const digits = hex[2]!.replace(/_/g, "") + (hex[3] ?? "");
    v = Number(BigInt("0x" + digits)) * 2 ** (Number(hex[4]) - 4 * (hex[3] ?? "").length) * (hex[1] === "-" ? -1 : 1);
  } else if (DECIMAL_FLOAT.test(s)) v = Number(s.replace(/_/g, ""));
  else return conversionError("double");
  return !special && !Number.isFinite(v) ? conversionError("double") : v;
}
const BOOL_TEXT: Record<string, boolean> = { "1": true, t: true, T: true, TRUE: true, true: true, True: true, "0": false, f: false, F: false, FALSE: false, false: false, False: false };
function parseBool(s: string): boolean | CelError {
  const b = BOOL_TEXT[s];
  return b === undefined ? celError(`type conversion error from 'string' to 'bool'`) : b;
}
function bytesToString(b: Uint8Array): string | CelError {
  try {
    return utf8Strict.decode(b);
  } catch {
    return celError("invalid UTF-8 in bytes, cannot convert to string");
  }
}
const uintToInt = (u: CelUint): bigint | CelError => (u.value > INT64_MAX ? celError(errText.intOverflow) : u.value);
const intToUint = (i: bigint): CelUint | CelError => checkedUint(i);
const strCost = (s: string): number => traversal(s.length);

/** A parse result, its failure worded as cel-go's conversion error. */
function failsAs<V>(r: V | CelError, to: string): V | CelError {
  return isCelError(r) ? conversionError(to) : r;
}

/** Conversion functions of the standard library. */
export const stdConversions: Overload[] = [
  fn("int",       [T.int],       T.int,       (v: bigint) => v),
  fn("int",       [T.uint],      T.int,       uintToInt),
  fn("int",       [T.double],    T.int,       doubleToInt),
  fn("int",       [T.string],    T.int,       parseInt64),
  fn("int",       [T.timestamp], T.int,       (t: CelTimestamp) => BigInt(t.sec)),
  fn("int",       [T.duration],  T.int,       (d: CelDuration) => d.nanos),
  fn("uint",      [T.uint],      T.uint,      (v: CelUint) => v),
  fn("uint",      [T.int],       T.uint,      intToUint),
  fn("uint",      [T.double],    T.uint,      doubleToUint),
  fn("uint",      [T.string],    T.uint,      parseUint64),
  fn("double",    [T.double],    T.double,    (v: number) => v),
  fn("double",    [T.int],       T.double,    (v: bigint) => Number(v)),
  fn("double",    [T.uint],      T.double,    (v: CelUint) => Number(v.value)),
  fn("double",    [T.string],    T.double,    parseDouble),
  fn("string",    [T.string],    T.string,    (v: string) => v),
  fn("string",    [T.int],       T.string,    (v: bigint) => v.toString()),
  fn("string",    [T.uint],      T.string,    (v: CelUint) => v.value.toString()),
  fn("string",    [T.double],    T.string,    goFloatG),
  fn("string",    [T.bool],      T.string,    (v: boolean) => String(v)),
  ...byOverload(fn("string", [T.bytes], T.string, bytesToString, (b: Uint8Array) => traversal(b.length))),
  fn("string",    [T.timestamp], T.string,    formatTimestamp),
  fn("string",    [T.duration],  T.string,    formatDuration),
  fn("bytes",     [T.bytes],     T.bytes,     (v: Uint8Array) => v),
  ...byOverload(fn("bytes", [T.string], T.bytes, (s: string) => utf8.encode(s), strCost)),
  fn("bool",      [T.bool],      T.bool,      (v: boolean) => v),
  fn("bool",      [T.string],    T.bool,      parseBool),
  fn("timestamp", [T.timestamp], T.timestamp, (v: CelTimestamp) => v),
  fn("timestamp", [T.string],    T.timestamp, (s: string) => failsAs(parseTimestamp(s), "google.protobuf.Timestamp")),
  fn("timestamp", [T.int],       T.timestamp, (v: bigint) => celTimestamp(Number(v))),
  fn("duration",  [T.duration],  T.duration,  (v: CelDuration) => v),
  fn("duration",  [T.string],    T.duration,  (s: string) => failsAs(parseDuration(s), "google.protobuf.Duration")),
  fn("dyn",       [T.A],         T.dyn,       (v: CelValue) => v),
  fn("type",      [T.A],         T.typeOf(T.A), (v: CelValue) => celType(typeValueNameOf(v))),
];

/** The name of `type(v)`: the value's type name, unless its object type declares another. */
function typeValueNameOf(v: CelValue): string {
  return (kindOf(v) === K.object ? (v as CelObject).decl.typeValueName : undefined) ?? typeNameOf(v);
}

/** A uint from a number (re-export for libraries that build uints). */
export const uintOf = celUint;
