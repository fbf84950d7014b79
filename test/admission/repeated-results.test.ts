// Results stay linear in the work: the same error or warning on many objects is reported for the
// first objectsShownPerResult objects, then once with a count; messages are capped.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mutate } from "../../src/index.js";
import { capMessage, maxMessageLength, objectsShownPerResult, RunResults } from "../../src/admission/dispatch/index.js";
import type { KrmResult } from "../../src/admission/index.js";
import type { JsonObject } from "../../src/data/index.js";
import { binding, configMap, policy } from "../adversarial/fixtures.js";

const broken = '[JSONPatch{op: "add", path: "/data/x", value: object.data.nope}]';
const names = (n: number): string[] => Array.from({ length: n }, (_, i) => `c${i}`);
const run = (objects: string[], ...policies: JsonObject[]): KrmResult[] =>
  mutate([...policies.flatMap((p) => [p, binding((p.metadata as JsonObject).name as string)]), ...objects.map((n) => configMap(n, { k: "v" }))]).results;
const inner = "policy 'p' with binding 'p-binding' denied request: expression '[JSONPatch{op: \"add\", path: \"/data/x\", value: object.data.nope}]' resulted in error: no such key: nope";

test(`objectsShownPerResult is 3: a result repeated on ${objectsShownPerResult} objects is shown for each`, () => {
  assert.equal(objectsShownPerResult, 3);
  const results = run(names(3), policy("p", [broken]));
  assert.deepEqual(results.map((r) => [r.severity, r.resourceRef?.name, r.message]), names(3).map((n) => ["error", n, inner]));
});

test("a result repeated on 7 objects: 3 shown, then one error counting the other 4 and naming the first of them", () => {
  const results = run(names(7), policy("p", [broken]));
  assert.deepEqual(results.slice(0, 3).map((r) => r.resourceRef?.name), ["c0", "c1", "c2"]);
  assert.deepEqual(results.slice(3), [{
    severity: "error",
    message: `4 more objects (ConfigMap default/c3, ConfigMap default/c4, ConfigMap default/c5 and 1 more) had the same error: ${inner}`,
    tags: { policy: "p", binding: "p-binding", policyField: "spec.mutations[0].jsonPatch.expression", code: "repeated", count: "4" },
  }]);
});

test("repeats are counted per policy and severity: an Ignore policy's warnings are counted apart from a Fail policy's errors", () => {
  const results = run(names(5), policy("p", [broken]), policy("q", [broken], { failurePolicy: "Ignore" }));
  const counted = results.filter((r) => r.tags?.code === "repeated").map((r) => [r.severity, r.tags?.policy, r.tags?.count]);
  assert.deepEqual(counted, [["error", "p", "2"], ["warning", "q", "2"]]);
  assert.equal(results.filter((r) => r.resourceRef).length, 6);
});

test("mutations are one info result per invocation by default, with the count of objects it changed", () => {
  const results = run(names(6), policy("p", ['[JSONPatch{op: "add", path: "/data/x", value: "y"}]']));
  assert.deepEqual(results.map((r) => [r.severity, r.resourceRef?.name, r.tags?.objects]), [["info", undefined, "6"]]);
});

test("with results: objects, info results are never folded: each mutated object keeps its own", () => {
  const items = [policy("p", ['[JSONPatch{op: "add", path: "/data/x", value: "y"}]']), binding("p"), ...names(6).map((n) => configMap(n, { k: "v" }))];
  const results = mutate(items, { results: "objects" }).results;
  assert.deepEqual(results.map((r) => [r.severity, r.resourceRef?.name]), names(6).map((n) => ["info", n]));
});

test("results about no object are kept in order, unfolded", () => {
  const r = new RunResults();
  for (let i = 0; i < 5; i++) r.push({ severity: "warning", message: "same" });
  assert.equal(r.list.length, 5);
});

const capRows: Array<{ name: string; length: number; capped: boolean }> = [
  { name: "short", length: 10, capped: false },
  { name: "at the cap", length: maxMessageLength, capped: false },
  { name: "one past the cap", length: maxMessageLength + 1, capped: true },
  { name: "a 1 MB message", length: 1_000_000, capped: true },
];
for (const row of capRows) {
  test(`capMessage: ${row.name}`, () => {
    const message = "a".repeat(row.length - 1) + "z";
    const out = capMessage(message);
    if (!row.capped) return assert.equal(out, message);
    assert.equal(out, `${"a".repeat(12288)} …[${row.length - 16384} characters left out]… ${"a".repeat(4095)}z`);
  });
}

test("a runtime error quoting a 100,000-character expression is capped, keeping the error at its end", () => {
  const long = `[JSONPatch{op: "add", path: "/data/x", value: "${"x".repeat(99_000)}" + object.data.nope}]`;
  const [r] = run(["c0"], policy("p", [long]));
  assert.equal(r.severity, "error");
  assert.ok(r.message.length < maxMessageLength + 100, String(r.message.length));
  assert.ok(r.message.startsWith("policy 'p' with binding 'p-binding' denied request: expression '[JSONPatch{"));
  assert.ok(r.message.endsWith("object.data.nope}]' resulted in error: no such key: nope"));
  assert.match(r.message, / …\[\d+ characters left out\]… /);
});

test("resultsPerObject: Infinity keeps a result per object (the differential test compares per object)", () => {
  const items = [policy("p", [broken]), binding("p"), ...names(7).map((n) => configMap(n, { k: "v" }))];
  const results = mutate(items, { resultsPerObject: Infinity }).results;
  assert.deepEqual(results.map((r) => r.resourceRef?.name), names(7));
});
