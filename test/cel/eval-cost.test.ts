// Runtime cost: rows taken from cel-go's interpreter/runtimecost_test.go (same expressions, inputs
// and expected actual cost; Kubernetes' "has() costs 0" setting), plus the per-call limit, and
// rows for the planner's fast paths (`in` on maps, has() on JSON maps) with their values.
import { test } from "node:test";
import assert from "node:assert/strict";
import { celEnv, compile, conformanceLibraries, kubernetesLibraries, fromJson, isCelList, type CelValue } from "../../src/cel/index.js";
import type { JsonValue } from "../../src/data/index.js";

const vars = Object.fromEntries(["input", "arg1", "a", "b", "c", "d", "object"].map((n) => [n, { kind: "dyn" as const }]));
const env = celEnv({ variables: vars, libraries: conformanceLibraries() });
const k8s = celEnv({ variables: vars, ...kubernetesLibraries() });
const r500 = "a".repeat(500);

function cost(expr: string, input: Record<string, JsonValue> = {}, e = env): number {
  const c = compile(e, expr, { check: false });
  assert.ok(c.ok, c.ok ? "" : c.message);
  const act = Object.fromEntries(Object.entries(input).map(([k, v]) => [k, fromJson(v)]));
  return c.program.eval(act).cost;
}

const rows: { name: string; expr: string; input?: Record<string, JsonValue>; want: number }[] = [
  { name: "const", expr: '"Hello World!"', want: 0 },
  { name: "identity", expr: "input", input: { input: [1, 2] }, want: 1 },
  { name: "select: map", expr: "input['key']", input: { input: { key: "v" } }, want: 2 },
  { name: "select: array index", expr: "input[0]", input: { input: ["v"] }, want: 2 },
  { name: "expr select: map", expr: "input['ke' + 'y']", input: { input: { key: "v" } }, want: 3 },
  { name: "expr select: array index", expr: "input[3-3]", input: { input: ["v"] }, want: 3 },
  { name: "select: non-proto field test no has() cost", expr: "has(input.testAttr.nestedAttr)", input: { input: { testAttr: { nestedAttr: "x" } } }, want: 2 },
  { name: "create list", expr: "[1, 2, 3]", want: 10 },
  { name: "create map", expr: '{"a": 1, "b": 2, "c": 3}', want: 30 },
  { name: "all comprehension", expr: "input.all(x, true)", input: { input: [] }, want: 2 },
  { name: "all comprehension on literal", expr: "[1, 2, 3].all(x, true)", want: 20 },
  { name: "variable cost function", expr: "input.matches('[0-9]')", input: { input: r500 }, want: 103 },
  { name: "variable cost function with constant", expr: "'123'.matches('[0-9]')", want: 2 },
  { name: "or accumulated branch cost", expr: "a || b || c || d", input: { a: false, b: false, c: false, d: false }, want: 4 },
  { name: "and short-circuit", expr: "false && true", want: 0 },
  { name: "lt", expr: "1 < 2", want: 1 },
  { name: "eq", expr: "1 == 2", want: 1 },
  { name: "in", expr: "2 in [1, 2, 3]", want: 13 },
  { name: "in map: string key", expr: "'b' in input", input: { input: { a: 1 } }, want: 2 },
  { name: "in map: int key (generic path)", expr: "1 in input", input: { input: { a: 1 } }, want: 2 },
  { name: "in map literal", expr: "'a' in {'a': 1}", want: 31 },
  { name: "has() on a JSON map, absent", expr: "has(input.a.b)", input: { input: { a: { c: 1 } } }, want: 2 },
  { name: "plus", expr: "1 + 1", want: 1 },
  { name: "ternary", expr: "true ? 1 : 2", want: 0 },
  { name: "string size", expr: 'size("123")', want: 1 },
  { name: "str eq str", expr: "'12345678901234567890' == '123456789012345678901234567890'", want: 2 },
  { name: "string to bytes conversion", expr: "bytes(input)", input: { input: r500 }, want: 51 },
  { name: "int to string conversion", expr: "string(1)", want: 1 },
  { name: "contains", expr: "input.contains(arg1)", input: { input: r500, arg1: r500 }, want: 2502 },
  { name: "startsWith", expr: "input.startsWith(arg1)", input: { input: "idc", arg1: r500 }, want: 3 },
  { name: "size receiver", expr: "input.size()", input: { input: "500" }, want: 2 },
  { name: "ternary eval trivial, false", expr: "false ? false : 1 > 3", want: 1 },
  { name: "comprehension over map", expr: "input.all(k, input[k].single_int32 > 3)", input: { input: { val: { single_int32: 0 } } }, want: 9 },
  { name: "string size of map keys", expr: "input.all(k, k.contains(k))", input: { input: {} }, want: 2 },
];

for (const r of rows) test(`cost: ${r.name}`, () => assert.equal(cost(r.expr, r.input), r.want));

const valueRows: { expr: string; input: JsonValue; want: boolean }[] = [
  { expr: "'a' in input", input: { a: 1 }, want: true },
  { expr: "'b' in input", input: { a: 1 }, want: false },
  { expr: "'toString' in input", input: {}, want: false },
  { expr: "1 in input", input: { "1": 1 }, want: false },
  { expr: "has(input.a.b)", input: { a: { b: null } }, want: true },
  { expr: "has(input.a.b)", input: { a: { c: 1 } }, want: false },
  { expr: "has(input.a.toString)", input: { a: {} }, want: false },
];
for (const r of valueRows) {
  test(`fast path value: ${r.expr} on ${JSON.stringify(r.input)}`, () => {
    const c = compile(env, r.expr, { check: false });
    assert.ok(c.ok);
    assert.equal(c.program.eval({ input: fromJson(r.input) }).value, r.want);
  });
}

// A select chain ending in has() or serving as the map of `in` is planned as one closure that asks a
// JSON object it reaches directly; anything else takes the operator's ordinary path (same values,
// costs and errors as main's engine gave).
const chainEndRows: { expr: string; input: JsonValue; value?: boolean; error?: string; cost: number }[] = [
  { expr: "has(input.a.b.c)", input: { a: { b: { c: 1 } } }, value: true, cost: 3 },
  { expr: "has(input.a.b.c)", input: { a: { b: [] } }, error: "unsupported index type 'string' in list", cost: 3 },
  { expr: "has(input.a.b.c)", input: { a: 1 }, error: "no such key: b", cost: 2 },
  { expr: "has(input.a.b)", input: { a: null }, value: false, cost: 2 },
  { expr: "'k' in input.a.b", input: { a: { b: { k: 1 } } }, value: true, cost: 4 },
  { expr: "'k' in input.a.b", input: { a: { b: {} } }, value: false, cost: 4 },
  { expr: "'k' in input.a.b", input: { a: {} }, error: "no such key: b", cost: 4 },
  { expr: "1 in input.a.b", input: { a: { b: { k: 1 } } }, value: false, cost: 4 },
  { expr: "'k' in input.a.b", input: { a: { b: [1] } }, value: false, cost: 4 },
  { expr: "'k' in input.a", input: { a: { k: 1 } }, value: true, cost: 3 },
];
for (const r of chainEndRows) {
  test(`chain end: ${r.expr} on ${JSON.stringify(r.input)}`, () => {
    const c = compile(env, r.expr, { check: false });
    assert.ok(c.ok);
    const got = c.program.eval({ input: fromJson(r.input) });
    assert.deepEqual({ value: got.value, error: got.error?.message, cost: got.cost }, { value: r.value, error: r.error, cost: r.cost });
  });
}

test("a program evaluated inside its own evaluation keeps both states apart", () => {
  // `a` is lazy: reading it (in the loop) evaluates the same program on other data while the
  // outer comprehension is under way; each must keep its own accumulator and loop variable.
  const c = compile(env, "[1, 2].map(x, x + size(a))", { check: false });
  assert.ok(c.ok);
  const p = c.program;
  const elems = (v: unknown): unknown => (isCelList(v) ? v.toArray() : v);
  const inner = (): CelValue => p.eval({ a: fromJson([1, 1, 1]) }).value ?? null;
  assert.deepEqual(elems(inner()), [4n, 5n]);
  const outer = p.eval({ a: inner });
  assert.deepEqual(elems(outer.value), [3n, 4n]);
  // Again, from the kept state.
  assert.deepEqual(elems(p.eval({ a: fromJson([1]) }).value), [2n, 3n]);
});

test("Kubernetes lists library costs a traversal", () => {
  // traversalCost([1,2,3]) = 3; the constant list literal is folded (OptOptimize) and costs nothing.
  assert.equal(cost("[1, 2, 3].isSorted()", {}, k8s), 3);
  assert.equal(cost("['aaaaaaaaaa', 'bbbbbbbbbb'].indexOf('x')", {}, k8s), 2);
});

test("cost limit stops an expensive comprehension quickly", () => {
  const c = compile(k8s, "object.all(x, object.all(y, object.all(z, x + y + z >= 0)))");
  assert.ok(c.ok);
  const big = fromJson(Array.from({ length: 1000 }, (_, i) => i));
  const start = Date.now();
  const r = c.program.eval({ object: big });
  assert.equal(r.error?.message, "operation cancelled: actual cost limit exceeded");
  assert.ok(r.cost > 1_000_000 && r.cost < 1_000_100, `cost ${r.cost}`);
  assert.ok(Date.now() - start < 2000);
});

test("cost limit per evaluation is an option", () => {
  const c = compile(k8s, "[1, 2, 3].map(x, x * 2)");
  assert.ok(c.ok);
  assert.equal(c.program.eval({}, { costLimit: 20 }).error?.message, "operation cancelled: actual cost limit exceeded");
  const ok = c.program.eval({}, { costLimit: 1000 });
  assert.equal(ok.error, undefined);
  // range literal and accumulator init [] folded (0) + 3 × (ident 1 + x 1 + `*` 1 + [..] 10 + `+` 1) + result 1
  assert.equal(ok.cost, 3 * 14 + 1);
});

// A failed index is still a qualifier cel-go's tracker observes (1), unless the index is optional.
// Expected costs are the CEL oracle's (cel-go v0.26.0, Kubernetes 1.36 env with OptOptimize).
const failedIndexRows: { expr: string; error: string; want: number }[] = [
  { expr: "['a'][1/0]", error: "division by zero", want: 3 },
  { expr: "['a'][int('x' + 'y')]", error: "type conversion error from 'string' to 'int'", want: 4 },
  { expr: "['a'][true ? [1][5] : 0]", error: "index out of bounds: 5", want: 3 },
  { expr: "['a'][true ? {'a': 1}.b : 0]", error: "no such key: b", want: 3 },
  { expr: "dyn({'a': 1}).a[true ? [1][5] : 0]", error: "index out of bounds: 5", want: 4 },
  { expr: "['a'][[1][5]]", error: "index out of bounds: 5", want: 3 },
  { expr: "['a'][?(1/0)]", error: "division by zero", want: 2 },
  { expr: "['a'][?(true ? [1][5] : 0)]", error: "index out of bounds: 5", want: 2 },
];

// An optional index by an attribute that finds nothing: cel-go does not observe the enclosing
// attribute either (oracle-checked; the present twins cost one more).
const absentOptionalIndexRows: { expr: string; want: number }[] = [
  { expr: "{'a': 1}[?{'k': 'c'}.k]", want: 2 },
  { expr: "{'a': 1}[?{'k': 'a'}.k]", want: 3 },
  { expr: "[1, 2][?[5][0]]", want: 2 },
  { expr: "[1, 2][?[1][0]]", want: 3 },
];
for (const r of absentOptionalIndexRows) {
  test(`cost: an optional index by an attribute: ${r.expr}`, () => {
    const c = compile(k8s, r.expr);
    assert.ok(c.ok, c.ok ? "" : c.message);
    assert.equal(c.program.eval({}).cost, r.want);
  });
}
for (const r of failedIndexRows) {
  test(`cost: a failed index: ${r.expr}`, () => {
    const c = compile(k8s, r.expr);
    assert.ok(c.ok, c.ok ? "" : c.message);
    const out = c.program.eval({});
    assert.equal(out.error?.message, r.error);
    assert.equal(out.cost, r.want);
  });
}

// Kubernetes' estimator charges `indexOf`, `lastIndexOf`, `isSorted`, `sum`, `max` and `min` one
// traversal of the receiver by function name, also when an argument failed (oracle-checked).
const failedArgRows: { expr: string; error: string; want: number }[] = [
  { expr: "[].indexOf({'a': 1}['b'])", error: "no such key: b", want: 2 },
  { expr: "['aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'].indexOf({'a': 'x'}['b'])", error: "no such key: b", want: 5 },
  { expr: "'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'.lastIndexOf({'a': 'x'}['b'])", error: "no such key: b", want: 5 },
  { expr: "({'z': -1})[?'q'].orValue([].indexOf({'a': 1}['b']))", error: "no such key: b", want: 3 },
  { expr: "[1, 2].indexOf(1/0)", error: "division by zero", want: 3 },
];
for (const r of failedArgRows) {
  test(`cost: a list function with a failed argument: ${r.expr}`, () => {
    const c = compile(k8s, r.expr);
    assert.ok(c.ok, c.ok ? "" : c.message);
    const out = c.program.eval({});
    assert.equal(out.error?.message, r.error);
    assert.equal(out.cost, r.want);
  });
}
