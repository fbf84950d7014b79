// cel-go `math` extension (conformance env only; not in Kubernetes 1.36): greatest/least (via
// macros to math.@max/@min), rounding, abs, sign, classification, bit operations, sqrt.
import type { CelLibrary } from "../types.js";
import { celError, celUint, checkedInt, compareValues, kindOf, K, type CelValue, type CelError, type CelList, type CelUint } from "../values/index.js";
import { T, fn } from "./sig.js";

function extreme(pick: (c: number) => boolean, name: string): (v: CelValue) => CelValue | CelError {
  return (v) => {
    if (kindOf(v) !== K.list) return v;
    const l = v as CelList;
    if (l.size() === 0) return celError(`${name}(list) argument must not be empty`);
    let best = l.get(0);
    for (let i = 0; i < l.size(); i++) {
      const x = l.get(i);
      const c = compareValues(x, best);
      if (c === undefined || kindOf(x) > K.double) return celError(`${name}(${["bool", "int", "uint", "double"][kindOf(x)] ?? "dyn"}) no such overload`);
      if (pick(c)) best = x;
    }
    return best;
  };
}
// Go's math.Round: half away from zero.
const goRound = (d: number): number => {
  if (!Number.isFinite(d)) return d;
  const t = Math.trunc(d);
  return Math.abs(d - t) >= 0.5 ? t + Math.sign(d) : t;
};
const U64 = (v: bigint): CelUint => celUint(BigInt.asUintN(64, v));
/** The 64 bits of `x` shifted by `by` (a negative offset is an error). */
function shiftBits(left: boolean, x: bigint, by: bigint): bigint | CelError {
  if (by < 0n) return celError(`math.${left ? "bitShiftLeft" : "bitShiftRight"}() negative offset: ${by}`);
  return by >= 64n ? 0n : left ? BigInt.asUintN(64, x << by) : x >> by;
}
function shiftInt(left: boolean, v: bigint, by: bigint): bigint | CelError {
  const r = shiftBits(left, BigInt.asUintN(64, v), by);
  return typeof r === "bigint" ? BigInt.asIntN(64, r) : r;
}
function shiftUint(left: boolean, v: CelUint, by: bigint): CelUint | CelError {
  const r = shiftBits(left, v.value, by);
  return typeof r === "bigint" ? celUint(r) : r;
}
const D = T.double, I = T.int, U = T.uint;
const bit = (f: (a: bigint, b: bigint) => bigint) => [
  (a: bigint, b: bigint): bigint => BigInt.asIntN(64, f(a, b)),
  (a: CelUint, b: CelUint): CelUint => U64(f(a.value, b.value)),
] as const;
const [andI, andU] = bit((a, b) => a & b), [orI, orU] = bit((a, b) => a | b), [xorI, xorU] = bit((a, b) => a ^ b);

/** cel-go math extension. */
export const mathLibrary: CelLibrary = {
  name: "math",
  overloads: [
    ...[T.int, T.uint, T.double, T.list(T.dyn)].flatMap((t) => [
      fn("math.@max", [t], t.kind === "list" ? T.dyn : t, extreme((c) => c > 0, "math.@max")),
      fn("math.@min", [t], t.kind === "list" ? T.dyn : t, extreme((c) => c < 0, "math.@min")),
    ]),
    fn("math.ceil",          [D],    D,      Math.ceil),
    fn("math.floor",         [D],    D,      Math.floor),
    fn("math.round",         [D],    D,      goRound),
    fn("math.trunc",         [D],    D,      Math.trunc),
    fn("math.abs",           [I],    I,      (v: bigint) => checkedInt(v < 0n ? -v : v)),
    fn("math.abs",           [U],    U,      (v: CelUint) => v),
    fn("math.abs",           [D],    D,      Math.abs),
    fn("math.sign",          [I],    I,      (v: bigint) => (v > 0n ? 1n : v < 0n ? -1n : 0n)),
    fn("math.sign",          [U],    U,      (v: CelUint) => celUint(v.value > 0n ? 1n : 0n)),
    fn("math.sign",          [D],    D,      (v: number) => (Number.isNaN(v) ? v : v > 0 ? 1 : v < 0 ? -1 : 0)),
    fn("math.isInf",         [D],    T.bool, (v: number) => v === Infinity || v === -Infinity),
    fn("math.isNaN",         [D],    T.bool, (v: number) => Number.isNaN(v)),
    fn("math.isFinite",      [D],    T.bool, (v: number) => Number.isFinite(v)),
    fn("math.bitAnd",        [I, I], I,      andI),
    fn("math.bitAnd",        [U, U], U,      andU),
    fn("math.bitOr",         [I, I], I,      orI),
    fn("math.bitOr",         [U, U], U,      orU),
    fn("math.bitXor",        [I, I], I,      xorI),
    fn("math.bitXor",        [U, U], U,      xorU),
    fn("math.bitNot",        [I],    I,      (v: bigint) => BigInt.asIntN(64, ~v)),
    fn("math.bitNot",        [U],    U,      (v: CelUint) => U64(~v.value)),
    fn("math.bitShiftLeft",  [I, I], I,      (v: bigint, b: bigint) => shiftInt(true, v, b)),
    fn("math.bitShiftLeft",  [U, I], U,      (v: CelUint, b: bigint) => shiftUint(true, v, b)),
    fn("math.bitShiftRight", [I, I], I,      (v: bigint, b: bigint) => shiftInt(false, v, b)),
    fn("math.bitShiftRight", [U, I], U,      (v: CelUint, b: bigint) => shiftUint(false, v, b)),
    fn("math.sqrt",          [D],    D,      Math.sqrt),
    fn("math.sqrt",          [I],    D,      (v: bigint) => Math.sqrt(Number(v))),
    fn("math.sqrt",          [U],    D,      (v: CelUint) => Math.sqrt(Number(v.value))),
  ],
};

/** cel-go encoders extension: base64 (conformance env only). */
export const encodersLibrary: CelLibrary = {
  name: "encoders",
  overloads: [
    fn("base64.encode", [T.bytes],  T.string, (b: Uint8Array) => Buffer.from(b).toString("base64")),
    fn("base64.decode", [T.string], T.bytes,  (s: string) => {
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(s) || (s.includes("=") && s.length % 4 !== 0) || s.replace(/=+$/, "").length % 4 === 1) return celError("illegal base64 data");
      return new Uint8Array(Buffer.from(s, "base64"));
    }),
  ],
};

/** `cel.bind` needs no functions: its macro is enabled by this library's name. */
export const bindingsLibrary: CelLibrary = { name: "bindings", overloads: [] };
