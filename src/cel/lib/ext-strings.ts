// cel-go `strings` extension, version 2 (charAt … strings.quote, join), plus `reverse` (version 3)
// as a separate optional library: Kubernetes 1.36 leaves it out, the conformance env turns it on.
import type { CelLibrary } from "../types.js";
import { celError, celList, type CelError, type CelList } from "../values/index.js";
import { T, fn, member, actualSize, traversal, codePoints, byOverload, utf8Length } from "./sig.js";
import { traversalCost } from "./k8s-lists.js";
import { formatString } from "./util-string-format.js";
import { formatStringV2 } from "./strings-format-v2.js";

const SURROGATE = /[\uD800-\uDFFF]/;
const runes = (s: string): string[] => (SURROGATE.test(s) ? Array.from(s) : s.split(""));
const outOfRange = (i: bigint | number): CelError => celError(`index out of range: ${i}`);

function charAt(s: string, i: bigint): string | CelError {
  const r = runes(s);
  if (i < 0n || i > BigInt(r.length)) return outOfRange(i);
  return i === BigInt(r.length) ? "" : r[Number(i)];
}
// As cel-go v0.26: an empty substring is found at the offset as given (even past the end or
// negative); an offset past the end finds nothing; a negative one is an error.
function indexOf(s: string, sub: string, offset = 0n): bigint | CelError {
  if (sub === "") return offset;
  if (offset < 0n) return outOfRange(offset);
  const r = runes(s);
  const off = Number(offset);
  const sr = runes(sub);
  if (off >= r.length) return -1n;
  outer: for (let i = off; i < r.length - (sr.length - 1); i++) {
    for (let j = 0; j < sr.length; j++) if (r[i + j] !== sr[j]) continue outer;
    return BigInt(i);
  }
  return -1n;
}
function lastIndexOf(s: string, sub: string, offset?: bigint): bigint | CelError {
  const r = runes(s);
  if (offset === undefined) {
    if (sub === "") return BigInt(r.length);
    if (utf8Length(s) < utf8Length(sub)) return -1n;
    offset = BigInt(r.length - 1);
  }
  if (sub === "") return offset;
  if (offset < 0n) return outOfRange(offset);
  let off = Number(offset);
  const sr = runes(sub);
  if (off >= r.length) return -1n;
  if (off > r.length - sr.length) off = r.length - sr.length;
  outer: for (let i = off; i >= 0; i--) {
    for (let j = 0; j < sr.length; j++) if (r[i + j] !== sr[j]) continue outer;
    return BigInt(i);
  }
  return -1n;
}
const mapAscii = (s: string, f: (c: string) => string): string => s.replace(/[A-Za-z]/g, f);
/** Longest string `replace` builds (UTF-16 units): kmutate's guard against memory blow-up; cel-go has none. */
export const MAX_REPLACE_RESULT = 1 << 24;
/** Non-overlapping occurrences of `from` (not empty) in `s`, left to right, counted up to `limit`. */
function occurrences(s: string, from: string, limit: number): number {
  let found = 0;
  for (let i = s.indexOf(from); i !== -1 && found < limit; i = s.indexOf(from, i + from.length)) found++;
  return found;
}
function replaceN(s: string, from: string, to: string, n = -1n): string | CelError {
  const r = from === "" ? runes(s) : undefined;
  // Replacing all: one split gives both the count and the pieces to join.
  const parts = r === undefined && n < 0n ? s.split(from) : undefined;
  const found = r ? r.length + 1 : parts ? parts.length - 1 : occurrences(s, from, Number(n));
  const count = n < 0n || BigInt(found) < n ? found : Number(n);
  const size = s.length + count * (to.length - from.length);
  if (size > MAX_REPLACE_RESULT) return celError(`replace: result size ${size} exceeds kmutate's string limit ${MAX_REPLACE_RESULT}`);
  if (r) {
    // Linear: insert `to` before each of the first `count` runes (and at the end when all are covered).
    let out = "";
    for (let i = 0; i < r.length; i++) out += (i < count ? to : "") + r[i];
    return count > r.length ? out + to : out;
  }
  if (parts) return parts.join(to);
  let out = "";
  let rest = s;
  for (let k = 0; k < count; k++) {
    const i = rest.indexOf(from);
    out += rest.slice(0, i) + to;
    rest = rest.slice(i + from.length);
  }
  return out + rest;
}
function splitN(s: string, sep: string, n = -1n): CelList {
  if (n === 0n) return celList([]);
  let parts = sep === "" ? runes(s) : s.split(sep);
  if (n > 0n && BigInt(parts.length) > n) {
    const k = Number(n) - 1;
    parts = [...parts.slice(0, k), parts.slice(k).join(sep)];
  }
  return celList(parts);
}
function substring(s: string, start: bigint, end?: bigint): string | CelError {
  const r = runes(s);
  const l = BigInt(r.length);
  if (end === undefined) {
    if (start < 0n || start > l) return outOfRange(start);
    return r.slice(Number(start)).join("");
  }
  if (start > end) return celError(`invalid substring range. start: ${start}, end: ${end}`);
  if (start < 0n || start > l) return outOfRange(start);
  if (end < 0n || end > l) return outOfRange(end);
  return r.slice(Number(start), Number(end)).join("");
}
const GO_SPACE = /^[\t\n\v\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+|[\t\n\v\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+$/g;
function join(l: CelList, sep = ""): string | CelError {
  const parts: string[] = [];
  for (let i = 0; i < l.size(); i++) {
    const e = l.get(i);
    if (typeof e !== "string") return celError(`join: invalid input: ${String(e)}`);
    parts.push(e);
  }
  return parts.join(sep);
}
const QUOTE_ESC: Record<string, string> = { "\x07": "\\a", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\v": "\\v", "\\": "\\\\", '"': '\\"' };
function quote(s: string): string {
  return '"' + s.replace(/[\x07\b\f\n\r\t\v\\"]/g, (c) => QUOTE_ESC[c]).replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD") + '"';
}

const S = T.string, I = T.int;
const sizeCost = (s: string): number => traversal(actualSize(s));
const twiceCost = (s: string): number => traversal(actualSize(s) * 2);
/** Kubernetes charges indexOf/lastIndexOf a traversal of the string: floor(0.1 × UTF-8 bytes), without the base 1. */
const searchCost = (s: string): number => traversalCost(s) - 1;
/** cel-go charges format ceil(0.1 × size of the format string). */
const formatCost = (f: string): number => traversal(codePoints(f));
// Kubernetes charges join by its result: ceil(2 × 0.1 × size(result)).
function joinCost(l: CelList, sep = ""): number {
  let n = l.size() > 1 ? sep.length * (l.size() - 1) : 0;
  for (let i = 0; i < l.size(); i++) {
    const e = l.get(i);
    if (typeof e === "string") n += e.length;
  }
  return traversal(n * 2);
}

/** cel-go strings extension version 2 (as Kubernetes 1.36 declares it: no `reverse`). */
export const stringsLibrary: CelLibrary = {
  name: "strings",
  overloads: [
    member("charAt",      [S, I],       S,          charAt),
    member("indexOf",     [S, S],       I,          (s: string, x: string) => indexOf(s, x), searchCost),
    member("indexOf",     [S, S, I],    I,          indexOf, searchCost),
    member("lastIndexOf", [S, S],       I,          (s: string, x: string) => lastIndexOf(s, x), searchCost),
    member("lastIndexOf", [S, S, I],    I,          lastIndexOf, searchCost),
    member("lowerAscii",  [S],          S,          (s: string) => mapAscii(s, (c) => c.toLowerCase()), sizeCost),
    member("upperAscii",  [S],          S,          (s: string) => mapAscii(s, (c) => c.toUpperCase()), sizeCost),
    member("replace",     [S, S, S],    S,          (s: string, a: string, b: string) => replaceN(s, a, b), twiceCost),
    member("replace",     [S, S, S, I], S,          replaceN, twiceCost),
    member("split",       [S, S],       T.list(S),  (s: string, sep: string) => splitN(s, sep), twiceCost),
    member("split",       [S, S, I],    T.list(S),  splitN, twiceCost),
    member("substring",   [S, I],       S,          (s: string, a: bigint) => substring(s, a), sizeCost),
    member("substring",   [S, I, I],    S,          substring, sizeCost),
    member("trim",        [S],          S,          (s: string) => s.replace(GO_SPACE, ""), sizeCost),
    member("join",        [T.list(S)],  S,          (l: CelList) => join(l), (l: CelList) => joinCost(l)),
    member("join",        [T.list(S), S], S,        join, joinCost),
    ...byOverload(fn("strings.quote", [S], S, quote, sizeCost)),
  ],
};

/** `format` as the strings extension's versions 1–3 implement it (the Kubernetes env; see strings-format-v2.ts). */
export const stringsFormatV2Library: CelLibrary = {
  name: "strings-format-v2",
  overloads: byOverload(member("format", [S, T.list(T.dyn)], S, formatStringV2, formatCost)),
};

/** `format` as the cel-spec conformance tests expect it (version 4's formatter, conformance env only). */
export const stringsFormatLibrary: CelLibrary = {
  name: "strings-format",
  overloads: byOverload(member("format", [S, T.list(T.dyn)], S, formatString, formatCost)),
};

/** `reverse` of strings extension version 3 (optional: not in Kubernetes 1.36). */
export const stringsReverseLibrary: CelLibrary = {
  name: "strings-reverse",
  overloads: [member("reverse", [S], S, (s: string) => runes(s).reverse().join(""))],
};
