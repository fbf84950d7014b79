// Number conversions shared by the readers and writers: int literals to number/bigint, doubles
// to JsonFloat when integral, and the text of each that reads back as the same kind.
import { JsonFloat } from "../../data/index.js";

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Parses a YAML 1.2 core int literal (`12`, `-0x1F`, `0o17`, `0b101`) into a JsonValue number. */
export function intFromLiteral(text: string): number | bigint | JsonFloat {
  let s = text;
  let neg = false;
  if (s[0] === "-" || s[0] === "+") {
    neg = s[0] === "-";
    s = s.slice(1);
  }
  if (s.length < 16 && s[1] !== "x" && s[1] !== "o" && s[1] !== "b") {
    const n = parseInt(s, 10);
    return neg ? -n : n;
  }
  const big = BigInt(s);
  return intValue(neg ? -big : big);
}

/** An int as a JsonValue: a number when safe, a bigint within int64, else a double (as Go's JSON). */
export function intValue(v: bigint): number | bigint | JsonFloat {
  if (v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER)) return Number(v);
  // Go's JSON decoding of unstructured objects turns ints beyond int64 into float64.
  if (v < INT64_MIN || v > INT64_MAX) return new JsonFloat(Number(v));
  return v;
}

/** A double as a JsonValue: integral values become JsonFloat so they stay doubles. */
export function floatValue(n: number): number | JsonFloat {
  return Number.isInteger(n) ? new JsonFloat(n) : n;
}

/** Text of a double that reads back as a double (`1.0`, not `1`) in YAML and JSON. */
export function floatText(n: number): string {
  const s = String(n);
  if (Number.isInteger(n) && !s.includes("e")) return Object.is(n, -0) ? "-0.0" : s + ".0";
  return s;
}

/** Text of an int (number or bigint). */
export function intText(v: number | bigint): string {
  return typeof v === "bigint" || Number.isSafeInteger(v) ? String(v) : BigInt(v).toString();
}
