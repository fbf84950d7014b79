// CEL limits, each hit by a test: per-call cost (1,000,000), expression length (100,000 code
// points), nesting depth (250), RE2 program limits (re2js: repeat count 1000, nesting, size), and
// kmutate's own memory guards on list concatenation and `replace`. Each must stop fast.
import { test } from "node:test";
import assert from "node:assert/strict";
import { celEnv, compile, kubernetesLibraries, type CelEnv } from "../../src/cel/index.js";

const env: CelEnv = celEnv({ ...kubernetesLibraries({ mutation: true }), variables: { object: { kind: "dyn" } } });

/** `depth` levels of `wrap` around `seed`, `$` marking where the inner text goes and `#` the level. */
function nest(seed: string, depth: number, wrap: string): string {
  let s = seed;
  for (let i = 0; i < depth; i++) s = wrap.replaceAll("$", s).replaceAll("#", String(i));
  return s;
}

interface Row {
  name: string;
  expr: string;
  /** Expected compile error text (substring), or undefined if it compiles. */
  compileError?: string;
  /** Expected runtime error text (substring), or undefined for a value. */
  evalError?: string;
  /** Expected value (strings and ints), when no error. */
  value?: unknown;
  /** Upper bound of compile + eval time in ms (generous: CI machines are shared). */
  maxMs: number;
}

const a60k = "a".repeat(60_000);
const rows: Row[] = [
  { name: "per-call cost: a 100M-element lists.range is refused before it is built", expr: "lists.range(100000000).size()", evalError: "operation cancelled: actual cost limit exceeded", maxMs: 1000 },
  { name: "per-call cost: nested comprehensions over 1000-element lists stop at the limit", expr: "lists.range(1000).map(a, lists.range(1000).map(b, lists.range(1000).map(c, a + b + c)))", evalError: "operation cancelled: actual cost limit exceeded", maxMs: 2000 },
  { name: "per-call cost: 40 chained doubling replaces stop at the limit (was a V8 out-of-memory abort)", expr: nest("'ab'", 40, "($).replace('a', 'aa')"), evalError: "operation cancelled: actual cost limit exceeded", maxMs: 2000 },
  { name: "per-call cost: string doubling through nested map variables stops at the limit", expr: nest("'ab'", 40, "[$].map(x#, x# + x#)[0]"), evalError: "operation cancelled: actual cost limit exceeded", maxMs: 2000 },
  { name: "twin: a cheap replace chain still evaluates", expr: nest("'ab'", 10, "($).replace('a', 'aa')") + ".size()", value: 1025n, maxMs: 1000 },
  { name: "list limit: doubling a list by concatenation is refused past 4,194,304 elements (was a V8 abort)", expr: nest("[[1]]", 40, "$.map(x#, x# + x#)"), evalError: "exceeds kmutate's list limit 4194304", maxMs: 3000 },
  { name: "string limit: one replace that would build 1.6 G characters is refused", expr: `'${"a".repeat(40_000)}'.replace('a', '${"a".repeat(40_000)}').size()`, evalError: "exceeds kmutate's string limit 16777216", maxMs: 1000 },
  { name: "replace with an empty pattern and a count is linear (was quadratic: minutes)", expr: `'${a60k}'.replace('', 'x', 50000).size()`, value: 110_000n, maxMs: 1000 },
  { name: "replace with an empty pattern follows Go: count beyond the runes adds a trailing copy", expr: "'ab'.replace('', 'x', 3) + '|' + 'ab'.replace('', 'x', 2) + '|' + 'a€b'.replace('', '-', 2)", value: "xaxbx|xaxb|-a-€b", maxMs: 1000 },
  { name: "expression length: more than 100,000 code points is a compile error naming the limit", expr: `'${"a".repeat(100_001)}'`, compileError: "expression code point size exceeds limit: size: 100003, limit 100000", maxMs: 1000 },
  { name: "twin: 99,999 code points compile", expr: `'${"a".repeat(99_990)}'.size()`, value: 99_990n, maxMs: 1000 },
  { name: "nesting depth: 300 nested parentheses exceed the recursion limit", expr: nest("1", 300, "($)"), compileError: "expression recursion limit exceeded: 250", maxMs: 1000 },
  { name: "nesting depth: 300 nested lists exceed the recursion limit", expr: nest("1", 300, "[$]"), compileError: "expression recursion limit exceeded: 250", maxMs: 1000 },
  { name: "twin: 100 nested parentheses compile", expr: nest("1", 100, "($)"), value: 1n, maxMs: 1000 },
  { name: "regex: a literal pattern over Go's repeat limit is a compile error (cel-go validator)", expr: "'a'.matches('a{1001}')", compileError: "invalid matches argument", maxMs: 1000 },
  // A constant pattern (`dyn('…')` folds to one) is compiled with the program, as cel-go's regex optimisation does.
  { name: "regex: a repeat count over 1000 is refused (Go regexp limit)", expr: "'a'.matches(dyn('a{1001}'))", compileError: "error parsing regexp: invalid repeat count: `{1001}`", maxMs: 1000 },
  { name: "regex: nested repeats multiplying past 1000 are refused", expr: "'a'.matches(dyn('((a{100}){100}){100}'))", compileError: "error parsing regexp: invalid repeat count", maxMs: 1000 },
  { name: "regex: nesting beyond 1000 groups is refused", expr: `'a'.matches(dyn('${"(".repeat(1100)}a${")".repeat(1100)}'))`, compileError: "error parsing regexp: expression nests too deeply", maxMs: 1000 },
  { name: "twin: a 1000-fold repeat is allowed", expr: "'a'.matches(dyn('^a{0,1000}$'))", value: true, maxMs: 1000 },
  { name: "regex: catastrophic-for-backtracking (a+)+$ on 50,000 characters is linear in RE2", expr: `'${"a".repeat(50_000)}b'.matches('^(a+)+$')`, value: false, maxMs: 2000 },
];

for (const row of rows) {
  test(row.name, () => {
    const t0 = performance.now();
    const c = compile(env, row.expr);
    if (row.compileError !== undefined) {
      assert.equal(c.ok, false, "expected a compile error");
      if (!c.ok) assert.ok(c.message.includes(row.compileError), c.message.slice(0, 300));
    } else {
      assert.ok(c.ok, c.ok ? "" : c.message.slice(0, 300));
      const r = c.program.eval({ object: null });
      if (row.evalError !== undefined) {
        assert.ok(r.error, `expected an error, got ${String(r.value).slice(0, 80)}`);
        assert.ok(r.error.message.includes(row.evalError), r.error.message);
      } else {
        assert.equal(r.error, undefined, r.error?.message);
        assert.deepEqual(r.value, row.value);
      }
    }
    const ms = performance.now() - t0;
    assert.ok(ms < row.maxMs, `took ${ms.toFixed(0)} ms (bound ${row.maxMs} ms)`);
  });
}

test("per-call cost limit is configurable per evaluation (EvalOptions.costLimit) and per env", () => {
  const c = compile(env, "lists.range(100).map(x, x * 2).size()");
  assert.ok(c.ok);
  assert.equal(c.program.eval({ object: null }).value, 100n);
  assert.match(c.program.eval({ object: null }, { costLimit: 50 }).error?.message ?? "", /actual cost limit exceeded/);
  const small = celEnv({ ...kubernetesLibraries(), costLimit: 50 });
  const c2 = compile(small, "lists.range(100).map(x, x * 2).size()");
  assert.ok(c2.ok);
  assert.match(c2.program.eval({}).error?.message ?? "", /actual cost limit exceeded/);
});

test("expression length and depth limits are configurable per env", () => {
  const short = celEnv({ ...kubernetesLibraries(), maxExpressionLength: 10 });
  const long = compile(short, "'0123456789'");
  assert.ok(!long.ok && long.message.includes("limit 10"));
  const shallow = celEnv({ ...kubernetesLibraries(), maxRecursionDepth: 5 });
  const deep = compile(shallow, nest("1", 8, "($)"));
  assert.ok(!deep.ok && deep.message.includes("expression recursion limit exceeded: 5"));
});
