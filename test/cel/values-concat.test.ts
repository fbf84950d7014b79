// List concatenation views (issue 8): `+` is O(1), element access, flattening, depth bound, the
// accumulator fast path and the size guard, directly and through the engine.
import { test } from "node:test";
import assert from "node:assert/strict";
import { celList, isCelList, celEquals, toJson, type CelValue, type CelList } from "../../src/cel/index.js";
// Private import: the concatenation view and the accumulator helpers are internal to the engine.
import { concatLists, jsonList, mutableList, appendInPlace, freezeList } from "../../src/cel/values/list.js";
import { run, show } from "./eval-helpers.js";
import { cpuMark, cpuMsSince } from "../cpu-time.js";

const ints = (...xs: number[]): CelList => celList(xs.map((x) => BigInt(x)));
const elems = (l: CelList): CelValue[] => Array.from({ length: l.size() }, (_, i) => l.get(i));
const depth = (l: CelList): number => (l as { depth?: number }).depth ?? 0;

// Results over 256 elements are views; smaller ones are copied. `seq(from, n)`: from, from+1, ….
const seq = (from: number, n: number): bigint[] => Array.from({ length: n }, (_, i) => BigInt(from + i));
const list = (from: number, n: number): CelList => celList(seq(from, n));
const json = (from: number, n: number): CelList => jsonList(Array.from({ length: n }, (_, i) => from + i));

const shapes: { name: string; build: () => CelList; want: bigint[]; view: boolean }[] = [
  { name: "two arrays", build: () => concatLists(list(0, 200), list(200, 100)), want: seq(0, 300), view: true },
  { name: "JSON-backed operands", build: () => concatLists(json(0, 150), json(150, 150)), want: seq(0, 300), view: true },
  { name: "left-nested", build: () => concatLists(concatLists(list(0, 300), json(300, 1)), list(301, 2)), want: seq(0, 303), view: true },
  { name: "right-nested", build: () => concatLists(list(0, 1), concatLists(list(1, 299), json(300, 300))), want: seq(0, 600), view: true },
  { name: "a view with itself", build: () => { const x = concatLists(list(0, 200), list(200, 100)); return concatLists(x, x); }, want: [...seq(0, 300), ...seq(0, 300)], view: true },
  { name: "a small result (copied)", build: () => concatLists(ints(1, 2), json(3, 1)), want: [1n, 2n, 3n], view: false },
  { name: "empty left", build: () => concatLists(ints(), list(5, 1)), want: [5n], view: false },
  { name: "empty right", build: () => concatLists(list(0, 300), ints()), want: seq(0, 300), view: false },
  { name: "both empty", build: () => concatLists(ints(), ints()), want: [], view: false },
];
for (const s of shapes) {
  test(`concat: ${s.name} — size, get, toArray, JSON and equality agree`, () => {
    const l = s.build();
    assert.ok(isCelList(l));
    assert.equal(depth(l) > 0, s.view, `depth ${depth(l)}`);
    assert.equal(l.size(), s.want.length);
    assert.deepEqual(elems(l), s.want);
    assert.deepEqual([...s.build().toArray()], s.want);
    assert.deepEqual(toJson(s.build()), s.want.map(Number));
    assert.equal(celEquals(s.build(), celList(s.want)), true);
    assert.equal(celEquals(s.build(), celList([...s.want, 0n])), false);
  });
}

test("concat view: an empty operand returns the other list itself (no new view)", () => {
  const a = list(0, 300);
  assert.equal(concatLists(a, ints()), a);
  assert.equal(concatLists(ints(), a), a);
});

test("concat view: reads keep working across flattening (its own, and of a shared child)", () => {
  const child = concatLists(list(0, 200), list(200, 100));
  const parent = concatLists(child, list(300, 100));
  assert.equal(parent.get(250), 250n);
  assert.deepEqual(elems(child), seq(0, 300)); // the child flattens during this pass
  assert.deepEqual(elems(parent), seq(0, 400));
  assert.deepEqual(elems(parent), seq(0, 400));
  assert.deepEqual([...parent.toArray()], seq(0, 400));
});

for (const side of ["left", "right"] as const) {
  test(`concat view: a ${side}-deep chain of 500 concatenations keeps its depth bounded and its order`, () => {
    let l = list(0, 300);
    for (let i = 1; i <= 500; i++) l = side === "left" ? concatLists(l, ints(299 + i)) : concatLists(ints(-i), l);
    assert.ok(depth(l) > 0 && depth(l) <= 24, `depth ${depth(l)}`);
    assert.deepEqual(elems(l), side === "left" ? seq(0, 800) : seq(-500, 800));
  });
}

test("concat view: an accumulator operand is snapshotted, so appending to it later does not change the view", () => {
  const acc = mutableList();
  assert.ok(appendInPlace(acc, list(0, 300)));
  const v = concatLists(ints(-1), acc), w = concatLists(acc, ints(300));
  assert.ok(appendInPlace(acc, ints(7)));
  assert.deepEqual(elems(v), seq(-1, 301));
  assert.deepEqual(elems(w), seq(0, 301));
  assert.deepEqual(elems(freezeList(acc)), [...seq(0, 300), 7n]);
});

test("accumulator fast path: appendInPlace still appends to an accumulator (also from a view) and declines other lists", () => {
  const acc = mutableList();
  assert.equal(appendInPlace(acc, concatLists(ints(1), ints(2))), acc);
  assert.deepEqual(elems(acc), [1n, 2n]);
  assert.equal(appendInPlace(concatLists(ints(1), ints(2)), ints(3)), undefined);
});

test("concat is O(1): 300,000 concatenations of a 2,000,000-element list, each read at its end, take well under a second", () => {
  const big = celList(Array.from({ length: 2_000_000 }, (_, i) => BigInt(i)));
  // CPU time, not wall time: at load 20 the wall time passed the bound on an idle-fast run.
  const t0 = cpuMark();
  let sum = 0n;
  for (let i = 0; i < 300_000; i++) {
    const l = concatLists(big, ints(i));
    sum += l.get(2_000_000) as bigint;
    sum += l.get(i) as bigint;
  }
  const ms = cpuMsSince(t0);
  assert.equal(sum, 2n * (300_000n * 299_999n / 2n));
  assert.ok(ms < 1000, `${ms.toFixed(0)} ms`);
});

const engineRows: { expr: string; want: string }[] = [
  { expr: "[1, 2] + [3] + [] + [4, 5]", want: "[1,2,3,4,5]" },
  { expr: "(lists.range(3) + [7])[3]", want: "7" },
  { expr: "size(lists.range(3) + lists.range(4))", want: "7" },
  { expr: "[1] + [2] == [1, 2]", want: "true" },
  { expr: "(lists.range(5) + lists.range(5)).map(x, x * 2)", want: "[0,2,4,6,8,0,2,4,6,8]" },
  { expr: "lists.range(4).map(x, [x] + [x]).map(l, l + l)[3]", want: "[3,3,3,3]" },
  { expr: "(['a'] + ['b', 'c']).filter(s, s != 'b')", want: '["a","c"]' },
  { expr: "3 in ([1, 2] + [3])", want: "true" },
  { expr: "[[1]].map(x, x + x).map(y, y + y).map(z, z + z)[0]", want: "[1,1,1,1,1,1,1,1]" },
];
for (const r of engineRows) test(`engine: ${r.expr}`, () => assert.equal(show(r.expr), r.want));

test("engine: the list size guard still refuses a concatenation past 2^22 elements", () => {
  const r = run("size(lists.range(2100000) + lists.range(2100000))", null, undefined, 100_000_000);
  assert.ok(!("compile" in r) && r.error, "an error");
  assert.match(r.error.message, /list concatenation: result size 4200000 exceeds kmutate's list limit 4194304/);
});
