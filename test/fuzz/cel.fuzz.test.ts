// Fuzzing the CEL engine: generated expressions (from a small CEL grammar, from token soup and
// from raw strings) go through parse → check → plan → eval. Nothing may throw, every outcome is a
// value or an error message, and no single case may run long. Seeded: failures reproduce.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { celEnv, compile, fromJson, isCelError, kubernetesLibraries, type CelEnv } from "../../src/cel/index.js";
import { JsonFloat } from "../../src/data/index.js";
import { cpuMark, cpuMsSince } from "../cpu-time.js";

const env: CelEnv = celEnv({ ...kubernetesLibraries({ mutation: true }), variables: { object: { kind: "dyn" }, x: { kind: "dyn" } } });
const activation = {
  object: fromJson({ metadata: { name: "n", labels: { app: "a", "x.io/t": "" } }, spec: { replicas: 3, ratio: new JsonFloat(2), list: [1, "two", null, [3]], big: 2n ** 60n } }),
  x: fromJson([1, 2, 3]),
};
/** Upper bound of one compile + eval, in ms (generous: CI machines are shared). */
const PER_CASE_MS = 2000;

const ident = fc.constantFrom("object", "x", "object.spec", "object.metadata.labels", "object.spec.list", "request", "y", "__proto__", "constructor");
const literal = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }).map(String),
  fc.constantFrom("9223372036854775807", "-9223372036854775808", "18446744073709551615u", "0u", "1.5", "-0.0", "1e308", "1e-320", "0x7fffffffffffffff"),
  fc.constantFrom("true", "false", "null", "''", "'a\\u00e9'", "b'\\xff'", "'''multi\nline'''", "r'\\d+'", "\"%s\"", "'__proto__'", "dyn(1)", "duration('1s')", "timestamp('2024-01-01T00:00:00Z')"),
  fc.string({ maxLength: 6 }).map((s) => JSON.stringify(s)),
);
const binop = fc.constantFrom("+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=", "&&", "||", "in");
const member = fc.constantFrom("size()", "contains('a')", "startsWith('a')", "matches('^a+$')", "replace('a', 'bb')", "split(',')", "lowerAscii()", "join('-')",
  "indexOf('a')", "substring(1)", "charAt(0)", "isSorted()", "sum()", "min()", "max()", "reverse()", "flatten()", "distinct()", "sort()",
  "all(v, v == 1)", "exists(v, v > 0)", "exists_one(v, true)", "map(v, v + v)", "filter(v, v != null)", "map(k, v, v)", "transformList(i, v, i)",
  "orValue(1)", "hasValue()", "value()", "?metadata", "metadata", "spec.replicas", "format([1])", "isQuantity()", "ip()", "url()");
const fn = fc.constantFrom("size", "string", "int", "uint", "double", "bytes", "bool", "type", "dyn", "has", "duration", "timestamp",
  "quantity", "isIP", "cidr", "isURL", "optional.of", "optional.none", "lists.range", "sets.contains", "jsonpatch.escapeKey", "matches");

const expr: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
  e: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    literal,
    ident,
    fc.tuple(tie("e"), binop, tie("e")).map(([a, o, b]) => `${a} ${o} ${b}`),
    fc.tuple(fc.constantFrom("!", "-", "--", "!!"), tie("e")).map(([o, a]) => `${o}${a}`),
    fc.tuple(tie("e"), tie("e"), tie("e")).map(([c, a, b]) => `${c} ? ${a} : ${b}`),
    fc.tuple(tie("e"), member).map(([a, m]) => `(${a}).${m}`),
    fc.tuple(fn, fc.array(tie("e"), { maxLength: 3 })).map(([f, as]) => `${f}(${as.join(", ")})`),
    fc.tuple(tie("e"), tie("e")).map(([a, i]) => `${a}[${i}]`),
    fc.tuple(tie("e"), tie("e")).map(([a, i]) => `${a}[?${i}]`),
    fc.array(tie("e"), { maxLength: 4 }).map((es) => `[${es.join(", ")}]`),
    fc.array(fc.tuple(tie("e"), tie("e")), { maxLength: 3 }).map((kv) => `{${kv.map(([k, v]) => `${k}: ${v}`).join(", ")}}`),
    fc.tuple(fc.constantFrom("Object", "Object.spec", "JSONPatch", "Foo"), fc.array(fc.tuple(fc.constantFrom("op", "path", "value", "spec", "a"), tie("e")), { maxLength: 3 }))
      .map(([t, fs]) => `${t}{${fs.map(([k, v]) => `${k}: ${v}`).join(", ")}}`),
    tie("e").map((a) => `(${a})`),
    tie("e").map((a) => `dyn(${a})`),
    fc.tuple(tie("e"), binop, tie("e")).map(([a, o, b]) => `dyn(${a}) ${o} dyn(${b})`),
  ),
})).e;

const token = fc.constantFrom("(", ")", "[", "]", "{", "}", ".", ",", ":", "?", "!", "-", "+", "*", "/", "%", "==", "<=", "&&", "||", "in",
  "1", "1u", "1.0", "'s'", "b'x'", "\"", "'", "r", "object", "x", "map", "all", "has", "size", "Object", " ", "\\", "`", "?.", ".?", "@", "#", "__proto__", "\u0000", "\ud800");
const tokenSoup = fc.array(token, { maxLength: 30 }).map((ts) => ts.join(""));

type Outcome = "compileError" | "evalError" | "value";

/** Compiles and evaluates `text`; fails the property on a throw, a malformed outcome or a slow case. */
function runOne(text: string): Outcome {
  let outcome: Outcome;
  const t0 = cpuMark();
  const c = compile(env, text);
  if (!c.ok) {
    assert.equal(typeof c.message, "string");
    assert.ok(c.message.length > 0, "a compile failure has a message");
    outcome = "compileError";
  } else {
    const r = c.program.eval(activation);
    assert.equal(typeof r.cost, "number");
    if (r.error) {
      assert.ok(isCelError(r.error));
      assert.equal(typeof r.error.message, "string");
      outcome = "evalError";
    } else {
      assert.ok(r.value !== undefined, "a value or an error");
      outcome = "value";
    }
  }
  const ms = cpuMsSince(t0);
  assert.ok(ms < PER_CASE_MS, `${ms.toFixed(0)} ms for ${JSON.stringify(text).slice(0, 200)}`);
  return outcome;
}

// minValues: the share of cases that must evaluate to a value, so the fuzzer reaches the evaluator.
const suites: { name: string; arb: fc.Arbitrary<string>; numRuns: number; minValues: number }[] = [
  { name: "expressions from a CEL grammar", arb: expr, numRuns: 8000, minValues: 0.15 },
  { name: "token soup", arb: tokenSoup, numRuns: 4000, minValues: 0.01 },
  { name: "raw strings", arb: fc.string({ unit: "binary", maxLength: 40 }), numRuns: 2000, minValues: 0 },
];

for (const s of suites) {
  test(`fuzz CEL (${s.name}, ${s.numRuns} cases): parse, check and eval never throw nor hang`, () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    const seen: Record<Outcome, number> = { compileError: 0, evalError: 0, value: 0 };
    fc.assert(fc.property(s.arb, (text) => void seen[runOne(text)]++), { seed: 0x6b6d75, numRuns: s.numRuns });
    const total = seen.compileError + seen.evalError + seen.value;
    assert.ok(seen.value >= s.minValues * total, `too few values reached: ${JSON.stringify(seen)}`);
    console.log(`# ${s.name}: ${JSON.stringify(seen)}`);
    assert.deepEqual(Object.getOwnPropertyNames(Object.prototype).sort(), before);
  });
}

// Crashes found by the fuzzers and by hand (each ran out of memory or for minutes before).
const regressions: string[] = [
  "lists.range(100000000)",
  "[[1]]" + ".map(a, a + a)".repeat(30),
  "('ab')" + ".replace('a', 'aa')".repeat(40),
  `'${"a".repeat(30_000)}'.replace('', 'x', 29000)`,
];
for (const text of regressions) {
  test(`regression: ${text.slice(0, 60)}… ends in bounded time without a throw`, () => {
    runOne(text);
  });
}
