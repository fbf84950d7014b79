// Random CEL expressions of a requested type (well-typed by construction), and ill-typed variants
// that put an expression of one type where another is expected. Deterministic for a given Rng.
import type { Rng } from "../../bench/rng.js";

/** The types the random generator builds expressions of. */
export type Ty = "int" | "uint" | "double" | "string" | "bool" | "bytes" | "listInt" | "listString" | "mapStringInt" | "timestamp" | "duration" | "optInt";

export const allTypes: readonly Ty[] = ["int", "uint", "double", "string", "bool", "bytes", "listInt", "listString", "mapStringInt", "timestamp", "duration", "optInt"];

export const literals: Readonly<Record<Ty, readonly string[]>> = {
  int: ["0", "1", "-1", "2", "3", "7", "10", "42", "100", "-17", "1000000", "2147483647", "9223372036854775807", "-9223372036854775808", "4611686018427387904", "0x1F", "-0x10"],
  uint: ["0u", "1u", "2u", "10u", "255u", "18446744073709551615u", "9223372036854775808u", "0x10u"],
  double: ["0.0", "1.5", "-2.25", "0.1", "3.0", "1e10", "1e-5", "2.5e300", "-0.0", "100.0", "0.5", "1e308", "123456.789"],
  string: ["''", "'a'", "'abc'", "'Hello World'", "'héllo'", "'  padded  '", "'a,b,c'", "'a.b.c'", "'ABC'", "'%'", "'tab\\t'", "'日本語'", "'x-y_z'", "'aaa'", "\"dq\"", "r'raw\\n'", "'''tri'''", "'123'", "'-45'", "'1.5e3'", "'true'"],
  bool: ["true", "false"],
  bytes: ["b''", "b'abc'", "b'\\xff\\x00'", "b'héllo'"],
  listInt: ["[]", "[1]", "[1, 2, 3]", "[3, 1, 2, 1]", "[-5, 0, 5]", "[9223372036854775807, 1]"],
  listString: ["[]", "['a']", "['b', 'a', 'c']", "['x', 'x', 'y']", "['', 'z']"],
  mapStringInt: ["{}", "{'a': 1}", "{'a': 1, 'b': 2}", "{'z': -1, 'y': 0}"],
  timestamp: ["timestamp('2024-01-02T03:04:05Z')", "timestamp('1970-01-01T00:00:00Z')", "timestamp('2024-02-29T23:59:59.999999999Z')", "timestamp('2020-06-15T12:00:00+05:30')", "timestamp('0001-01-01T00:00:00Z')", "timestamp('9999-12-31T23:59:59Z')", "timestamp(0)", "timestamp(1700000000)"],
  duration: ["duration('1h')", "duration('90m')", "duration('1.5s')", "duration('-30s')", "duration('0s')", "duration('1h2m3s4ms5us6ns')", "duration('8760h')", "duration('300ms')", "duration('2562047h')"],
  optInt: ["optional.of(1)", "optional.none()", "optional.ofNonZeroValue(0)", "optional.ofNonZeroValue(5)"],
};

/** Builds random expressions; `vars` are comprehension variables in scope with their types. */
export class TypedGen {
  private vars: [string, Ty][] = [];
  private nextVar = 0;
  constructor(private readonly rng: Rng) {}

  /** An expression of type `t`, at most about `depth` levels deep. */
  gen(t: Ty, depth: number): string {
    const rng = this.rng;
    const inScope = this.vars.filter(([, vt]) => vt === t);
    if (depth <= 0 || rng.chance(0.25)) {
      if (inScope.length > 0 && rng.chance(0.5)) return rng.pick(inScope)[0];
      return rng.pick(literals[t]);
    }
    const d = depth - 1;
    const g = (x: Ty): string => this.gen(x, d);
    const ops = this.opsFor(t, g, d);
    return rng.pick(ops)();
  }

  private comprehension(range: "listInt" | "listString", body: (v: string) => string, d: number): [string, string] {
    const v = `v${this.nextVar++ % 4}`;
    const r = this.gen(range, d);
    this.vars.push([v, range === "listInt" ? "int" : "string"]);
    const b = body(v);
    this.vars.pop();
    return [r, `${v}, ${b}`];
  }

  private opsFor(t: Ty, g: (x: Ty) => string, d: number): (() => string)[] {
    const rng = this.rng;
    const p = (s: string): string => `(${s})`;
    switch (t) {
      case "int": return [
        () => `${p(g("int"))} ${rng.pick(["+", "-", "*", "/", "%"])} ${p(g("int"))}`,
        () => `-${p(g("int"))}`,
        () => `size(${g("string")})`,
        () => `${p(g("listInt"))}.size()`,
        () => `${p(g("mapStringInt"))}.size()`,
        () => `int(${g(rng.pick(["double", "uint", "string", "timestamp", "duration"] as const))})`,
        () => `${p(g("string"))}.indexOf(${g("string")})`,
        () => `${p(g("string"))}.lastIndexOf(${g("string")})`,
        () => `${p(g("listInt"))}.sum()`,
        () => `${p(g("listInt"))}[${g("int")}]`,
        () => `${p(g("mapStringInt"))}[${g("string")}]`,
        () => `${g("bool")} ? ${g("int")} : ${g("int")}`,
        () => `${p(g("timestamp"))}.${rng.pick(["getFullYear", "getMonth", "getDayOfYear", "getHours", "getDayOfWeek", "getMilliseconds"])}(${rng.chance(0.3) ? rng.pick(["'UTC'", "'America/New_York'", "'+05:30'", "'bad/zone'"]) : ""})`,
        () => `${p(g("duration"))}.${rng.pick(["getHours", "getMinutes", "getSeconds", "getMilliseconds"])}()`,
        () => `${p(g("optInt"))}.orValue(${g("int")})`,
        () => `${p(g("listInt"))}.${rng.pick(["min", "max"])}()`,
        () => `${p(g("listInt"))}.indexOf(${g("int")})`,
        () => { const [r, b] = this.comprehension("listInt", (v) => `${v} > ${g("int")}`, d); return `(${p(r)}.exists_one(${b}) ? 1 : 0)`; },
      ];
      case "uint": return [
        () => `${p(g("uint"))} ${rng.pick(["+", "-", "*", "/", "%"])} ${p(g("uint"))}`,
        () => `uint(${g(rng.pick(["int", "double", "string"] as const))})`,
        () => `${g("bool")} ? ${g("uint")} : ${g("uint")}`,
      ];
      case "double": return [
        () => `${p(g("double"))} ${rng.pick(["+", "-", "*", "/"])} ${p(g("double"))}`,
        () => `-${p(g("double"))}`,
        () => `double(${g(rng.pick(["int", "uint", "string"] as const))})`,
        () => `${g("bool")} ? ${g("double")} : ${g("double")}`,
        () => `quantity(${rng.pick(["'1Gi'", "'500m'", "'1.5'", "'2e3'"])}).asApproximateFloat()`,
      ];
      case "string": return [
        () => `${p(g("string"))} + ${p(g("string"))}`,
        () => `${p(g("string"))}.${rng.pick(["lowerAscii", "upperAscii", "trim"])}()`,
        () => `${p(g("string"))}.replace(${g("string")}, ${g("string")})`,
        () => `${p(g("string"))}.replace(${g("string")}, ${g("string")}, ${g("int")})`,
        () => `${p(g("string"))}.substring(${g("int")})`,
        () => `${p(g("string"))}.substring(${g("int")}, ${g("int")})`,
        () => `${p(g("string"))}.charAt(${g("int")})`,
        () => `string(${g(rng.pick(["int", "uint", "double", "bool", "bytes", "timestamp", "duration", "string"] as const))})`,
        () => `${p(g("listString"))}.join(${rng.chance(0.5) ? g("string") : ""})`,
        () => `strings.quote(${g("string")})`,
        () => `${rng.pick(["'%s'", "'%d'", "'%s-%s'", "'%v'", "'%.2f'", "'%x'", "'%%'"])}.format([${g(rng.pick(["string", "int", "double", "bool"] as const))}])`,
        () => `${g("bool")} ? ${g("string")} : ${g("string")}`,
        () => `${p(g("listString"))}[${g("int")}]`,
        () => `${p(g("string"))}.find(${rng.pick(["'[a-z]+'", "'b.'", "'^$'", "'\\\\d'"])})`,
        () => `${p(g("listString"))}.map(${this.comprehension("listString", (v) => `${v} + ${g("string")}`, d)[1]}).join(',')`,
      ];
      case "bool": return [
        () => `${p(g("int"))} ${rng.pick(["==", "!=", "<", "<=", ">", ">="])} ${p(g(rng.pick(["int", "uint", "double"] as const)))}`,
        () => `${p(g("string"))} ${rng.pick(["==", "!=", "<", ">"])} ${p(g("string"))}`,
        () => `${p(g("bool"))} ${rng.pick(["&&", "||"])} ${p(g("bool"))}`,
        () => `!${p(g("bool"))}`,
        () => `${p(g("string"))}.${rng.pick(["startsWith", "endsWith", "contains", "matches"])}(${g("string")})`,
        () => `${g("int")} in ${g("listInt")}`,
        () => `${g("string")} in ${g("mapStringInt")}`,
        () => `${g("string")} in ${g("listString")}`,
        () => { const [r, b] = this.comprehension("listInt", (v) => `${v} ${rng.pick(["<", ">", "=="])} ${g("int")}`, d); return `${p(r)}.${rng.pick(["exists", "all", "exists_one"])}(${b})`; },
        () => `${p(g("listInt"))}.isSorted()`,
        () => `sets.${rng.pick(["contains", "equivalent", "intersects"])}(${g("listInt")}, ${g("listInt")})`,
        () => `${p(g("timestamp"))} ${rng.pick(["<", ">", "=="])} ${p(g("timestamp"))}`,
        () => `${p(g("duration"))} ${rng.pick(["<", ">=", "!="])} ${p(g("duration"))}`,
        () => `${p(g("optInt"))}.hasValue()`,
        () => `${p(g("bytes"))} ${rng.pick(["==", "<"])} ${p(g("bytes"))}`,
      ];
      case "bytes": return [
        () => `bytes(${g("string")})`,
        () => `${p(g("bytes"))} + ${p(g("bytes"))}`,
      ];
      case "listInt": return [
        () => `[${g("int")}, ${g("int")}]`,
        () => `${p(g("listInt"))} + ${p(g("listInt"))}`,
        () => { const [r, b] = this.comprehension("listInt", (v) => `${v} ${rng.pick(["+", "*", "-"])} ${g("int")}`, d); return `${p(r)}.map(${b})`; },
        () => { const [r, b] = this.comprehension("listInt", (v) => `${v} ${rng.pick(["<", ">", "!="])} ${g("int")}`, d); return `${p(r)}.filter(${b})`; },
        () => `lists.range(${rng.pick(["0", "3", "5", "-1"])})`,
        () => `${p(g("listInt"))}.${rng.pick(["sort", "distinct", "reverse"])}()`,
        () => `${p(g("listInt"))}.slice(${g("int")}, ${g("int")})`,
        () => `[${g("listInt")}, ${g("listInt")}].flatten()`,
        () => `${p(g("listInt"))}.transformList(i, x, x + i)`,
      ];
      case "listString": return [
        () => `${p(g("string"))}.split(${g("string")})`,
        () => `${p(g("string"))}.split(${g("string")}, ${g("int")})`,
        () => `[${g("string")}, ${g("string")}]`,
        () => `${p(g("string"))}.findAll(${rng.pick(["'[a-z]'", "'.'", "'x*'"])})`,
        () => `${p(g("listString"))}.sort()`,
        () => `${p(g("mapStringInt"))}.map(k, k)`,
      ];
      case "mapStringInt": return [
        () => `{${g("string")}: ${g("int")}}`,
        () => `{${g("string")}: ${g("int")}, ${g("string")}: ${g("int")}}`,
        () => `${p(g("mapStringInt"))}.transformMap(k, v, v * 2)`,
        () => `${p(g("mapStringInt"))}.transformMapEntry(k, v, {k + 'x': v})`,
      ];
      case "timestamp": return [
        () => `${p(g("timestamp"))} + ${p(g("duration"))}`,
        () => `${p(g("timestamp"))} - ${p(g("duration"))}`,
        () => `timestamp(${rng.pick(["'2024-01-01t00:00:00z'", "'2024-13-01T00:00:00Z'", "'2024-01-01T00:00:00.5-08:00'", "'2024-01-01'"])})`,
      ];
      case "duration": return [
        () => `${p(g("duration"))} + ${p(g("duration"))}`,
        () => `${p(g("timestamp"))} - ${p(g("timestamp"))}`,
        () => `duration(${rng.pick(["'1d'", "'-1.5h'", "'1e3s'", "''", "'3000000h'"])})`,
      ];
      case "optInt": return [
        () => `${p(g("listInt"))}[?${g("int")}]`,
        () => `${p(g("mapStringInt"))}[?${g("string")}]`,
        () => `${p(g("mapStringInt"))}.?a`,
        () => `${p(g("optInt"))}.or(${g("optInt")})`,
        () => `${p(g("listInt"))}.${rng.pick(["first", "last"])}()`,
      ];
    }
  }
}

/** An expression that uses a value of the wrong type (a type error the checker must report as cel-go does). */
export function illTyped(rng: Rng, tg: TypedGen): string {
  const a = rng.pick(allTypes), b = rng.pick(allTypes.filter((t) => t !== a));
  const x = tg.gen(a, 1), y = tg.gen(b, 1);
  return rng.pick([
    () => `${x} + ${y}`,
    () => `${x} == ${y}`,
    () => `${x} < ${y}`,
    () => `(${x}).size() + (${y})`,
    () => `${x} ? ${y} : ${y}`,
    () => `${x} && ${y}`,
    () => `(${x}).startsWith(${y})`,
    () => `[${x}, ${y}]`,
    () => `{${x}: 1, ${y}: 2}`,
    () => `(${x})[${y}]`,
    () => `${y} in ${x}`,
    () => `(${x}).map(z, z + ${y})`,
    () => `int(${x}, ${y})`,
    () => `(${x}).noSuchFunction()`,
    () => `noSuchVariable + ${y}`,
    () => `!${x}`,
    () => `-${x}`,
  ])();
}
