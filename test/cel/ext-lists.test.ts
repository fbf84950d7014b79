// The lists extension over JSON-backed lists and concatenation views (issue 8): slice, reverse and
// flatten results, the flatten size guard, and loops whose per-call work must stay within the cost charged.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { JsonValue } from "../../src/data/index.js";
import { run, show, render } from "./eval-helpers.js";
import { cpuMark, cpuMsSince } from "../cpu-time.js";

/** A result as text: the value rendered, `error: …` or `compile: …`. */
function outcome(r: ReturnType<typeof run>): string {
  return "compile" in r ? `compile: ${r.compile}` : r.error ? `error: ${r.error.message}` : render(r.value);
}

const nested: JsonValue = { a: [[1, 2], [3]], items: Array.from({ length: 300 }, (_, i) => i) };

const rows: { name: string; expr: string; object?: JsonValue; want: string }[] = [
  { name: "flatten: one level", expr: "[[dyn(1), dyn(2)], [dyn(3)], [], [dyn(4), dyn([5])]].flatten()", want: "[1,2,3,4,[5]]" },
  { name: "flatten: two levels", expr: "[dyn(1), dyn([dyn(2), dyn([dyn(3), dyn([4])])])].flatten(2)", want: "[1,2,3,[4]]" },
  { name: "flatten: level 0 keeps the list", expr: "[dyn(1), dyn([dyn(2), dyn([dyn(3), dyn([4])])])].flatten(0)", want: "[1,[2,[3,[4]]]]" },
  { name: "flatten: deeper than the nesting", expr: "[dyn(1), dyn([2]), dyn([[3]])].flatten(5)", want: "[1,2,3]" },
  { name: "flatten: empty list", expr: "[].flatten()", want: "[]" },
  { name: "flatten: only empty inner lists", expr: "[[], []].flatten()", want: "[]" },
  { name: "flatten: negative level", expr: "[dyn(1), dyn([2])].flatten(-1)", want: "error: level must be non-negative" },
  { name: "flatten: JSON-backed inner lists", expr: "object.a.flatten()", object: nested, want: "[1,2,3]" },
  { name: "flatten: a result over 256 elements (a view) reads in order", expr: "[lists.range(200), [7], lists.range(200)].flatten()[200] == 7 && [lists.range(200), [7], lists.range(200)].flatten()[400] == 199", want: "true" },
  { name: "flatten: many inner lists keep their order", expr: "lists.range(300).map(i, [i, -i]).flatten() == lists.range(600).map(j, j % 2 == 0 ? j / 2 : -(j / 2))", want: "true" },
  { name: "flatten: a view equals its copy", expr: "[object.items, object.items].flatten() == object.items + object.items", object: nested, want: "true" },
  { name: "slice: the end of a long list", expr: "lists.range(1000).slice(998, 1000)", want: "[998,999]" },
  { name: "slice: across the seam of a concatenation", expr: "(lists.range(300) + lists.range(300)).slice(299, 301)", want: "[299,0]" },
  { name: "slice: JSON-backed list", expr: "object.a.slice(1, 2)", object: nested, want: "[[3]]" },
  { name: "slice: empty range", expr: "[1, 2].slice(1, 1)", want: "[]" },
  { name: "slice: past the end", expr: "[1, 2].slice(1, 3)", want: "error: cannot slice(1, 3), list is length 2" },
  { name: "slice: start after end", expr: "[1, 2].slice(2, 1)", want: "error: cannot slice(2, 1), start index must be less than or equal to end index" },
  { name: "reverse: a concatenation view", expr: "(lists.range(300) + [7]).reverse().slice(0, 3)", want: "[7,299,298]" },
  { name: "reverse: JSON-backed list", expr: "object.a.reverse()", object: nested, want: "[[3],[1,2]]" },
  { name: "reverse: empty list", expr: "[].reverse()", want: "[]" },
  { name: "range: the ints from 0", expr: "lists.range(4)", want: "[0,1,2,3]" },
  { name: "range: zero and negative are empty", expr: "[lists.range(0), lists.range(-3)]", want: "[[],[]]" },
  { name: "range: equals its literal, holds its last element", expr: "lists.range(3) == [0, 1, 2] && 2 in lists.range(3) && !(3 in lists.range(3))", want: "true" },
  { name: "range: elements are ints", expr: "type(lists.range(400000)[399999]) == int && lists.range(400000)[399999] == 399999", want: "true" },
  { name: "range: as a map's keys and sorted in reverse", expr: "lists.range(3).reverse().map(i, i * 10)", want: "[20,10,0]" },
];
for (const r of rows) test(`lists: ${r.name}`, () => assert.equal(show(r.expr, r.object ?? null), r.want));

test("flatten: a result past kmutate's list limit is refused, like +; just under it is a view (no 4M-element copy)", () => {
  const x4 = "[object.items, object.items, object.items, object.items].flatten()";
  const over = run(`${x4}.size()`, { items: Array.from({ length: 1_100_000 }, (_, i) => i) }, undefined, 100_000_000);
  assert.ok(!("compile" in over) && over.error, "an error");
  assert.equal(over.error.message, "flatten: result size exceeds kmutate's list limit 4194304");
  const t0 = cpuMark();
  const under = run(`${x4}[3999999]`, { items: Array.from({ length: 1_000_000 }, (_, i) => i) }, undefined, 100_000_000);
  assert.ok(!("compile" in under) && !under.error, outcome(under));
  assert.equal(render(under.value), "999999");
  assert.ok(cpuMsSince(t0) < 3000, `${(cpuMsSince(t0)).toFixed(0)} ms`);
});

test("range: a size past kmutate's list limit is refused when the budget would allow it", () => {
  const over = run("lists.range(4194305).size()", null, undefined, 100_000_000);
  assert.ok(!("compile" in over) && over.error, "an error");
  assert.equal(over.error.message, "lists.range: result size 4194305 exceeds kmutate's list limit 4194304");
  assert.equal(show("lists.range(4194304).size()"), "error: operation cancelled: actual cost limit exceeded");
});

test("range: a large range read once costs no more than reading it (elements made on access)", () => {
  const t0 = cpuMark();
  for (let i = 0; i < 20; i++) assert.equal(show("lists.range(900000).size()"), "900000");
  assert.ok(cpuMsSince(t0) < 500, `${(cpuMsSince(t0)).toFixed(0)} ms for 20 calls`);
});

// Adversarial loops under the apiserver's per-call cost limit (1,000,000). Each call charges about
// its output size, so the work per step must not be the size of the input. These rows with the
// previous slice/flatten (toArray per call, flatten copying), same machine under load: JSON slice
// 22.8 s, view slice 30.8 s, flatten 6.4 s, flatten(0) 7.9 s (each now < 0.3 s).
const n = 20_000;
const big: JsonValue = { items: Array.from({ length: n }, (_, i) => i) };
const loops: { name: string; expr: string; want: string }[] = [
  { name: "slicing one element of a JSON-backed list per step", expr: `lists.range(${n}).map(i, object.items.slice(i, i + 1)[0]).size()`, want: String(n) },
  { name: "slicing a fresh concatenation view per step", expr: `lists.range(${n}).map(i, (object.items + [i]).slice(i, i + 1)[0]).size()`, want: String(n) },
  { name: "slicing a concatenation that grows each step", expr: `lists.range(${n}).map(i, (object.items + lists.range(i)).slice(i, i + 1)[0]).size()`, want: "error: operation cancelled: actual cost limit exceeded" },
  { name: "flattening a large list with one more element per step", expr: `lists.range(${n / 2}).map(i, [object.items, dyn([i])].flatten()[${n}]).size()`, want: String(n / 2) },
  { name: "flatten(0) of a large list per step", expr: `lists.range(${n}).map(i, object.items.flatten(0)[i]).size()`, want: String(n) },
  { name: "reversing a large list per step (charged its size)", expr: `lists.range(${n}).map(i, object.items.reverse()[0]).size()`, want: "error: operation cancelled: actual cost limit exceeded" },
  { name: "sorting a growing view per step (charged n²)", expr: `lists.range(${n}).map(i, (object.items + [i]).sort()[0]).size()`, want: "error: operation cancelled: actual cost limit exceeded" },
];
for (const l of loops) {
  test(`lists, ${n}-step loop: ${l.name} finishes in bounded time`, () => {
    const t0 = cpuMark();
    const r = run(l.expr, big, undefined, 1_000_000);
    const ms = cpuMsSince(t0);
    assert.equal(outcome(r), l.want);
    assert.ok(ms < 2000, `${ms.toFixed(0)} ms`);
  });
}
