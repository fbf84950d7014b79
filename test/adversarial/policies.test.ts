// Adversarial policies and inputs, each run through the built bin (`kmutate` on stdin) and, for a
// CPU bound, in-process: every case ends within its bound, exits as expected, names the limit it
// hit, and writes either the whole ResourceList (all items) or nothing — never a stack trace.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { runFunction, readDocument } from "../../src/krm/index.js";
import { isObject } from "../../src/data/index.js";
import { binding, configMap, nest, policy, resourceList } from "./fixtures.js";

const bin = fileURLToPath(new URL("../../src/cli/kmutate.cjs", import.meta.url));

interface Case {
  name: string;
  input: string;
  exitCode: 0 | 1;
  /** Text the output must contain (a result message) or, with `stderr: true`, the stderr line. */
  message: string;
  stderr?: boolean;
  /** CPU bound of the in-process run, ms. */
  cpuMs: number;
}

const p = (mutations: string[], opts?: Parameters<typeof policy>[2]): string => resourceList([policy("adv", mutations, opts), binding("adv"), configMap("c1", { k: "v" }), configMap("c2")]);
const add = (value: string): string => `[JSONPatch{op: "add", path: "/data/out", value: ${value}}]`;

const cases: Case[] = [
  // The last replace before the limit builds 4M characters, on each of the two ConfigMaps; in-process 0.4–0.7 s (the first case: it also warms the code up).
  { name: "exponential string growth by chained replace stops at the per-call cost limit", input: p([add(nest("'ab'", 60, "($).replace('a', 'aa')"))]), exitCode: 1, message: "operation cancelled: actual cost limit exceeded", cpuMs: 1500 },
  // Through dyn, cel-go charges string `+` 1 (not by size): the cost limit never stops the doubling (the apiserver runs out of memory); kmutate refuses.
  { name: "exponential string growth through nested comprehensions stops at kmutate's string limit", input: p([add(nest("object.metadata.name", 50, "[$].map(x#, x# + x#)[0]"))]), exitCode: 1, message: "string concatenation: result size 33554432 exceeds kmutate's string limit 16777216", cpuMs: 1000 },
  { name: "exponential list growth by concatenation hits kmutate's list limit", input: p([add(nest("[[1]]", 40, "$.map(x#, x# + x#)") + ".size()")]), exitCode: 1, message: "exceeds kmutate's list limit 4194304", cpuMs: 1500 },
  // `+` on lists is an O(1) view (cel-go: lazy, cost 1): a 2M-element variable concatenated at every step of a
  // 300,000-step map must not copy it each time (it did: over a minute), only run into the per-call cost limit.
  { name: "a 2,000,000-element variable (built by concatenation) concatenated in a long loop stops at the cost limit", input: p([add("string(lists.range(300000).map(i, (variables.big + [i])[2000000]).size())")], { variables: [["half", "lists.range(500000)"], ["one", "variables.half + variables.half"], ["big", "variables.one + variables.one"]] }), exitCode: 1, message: "operation cancelled: actual cost limit exceeded", cpuMs: 1500 },
  { name: "a variable holding lists.range(2000000) concatenated in a long loop stops at the cost limit (the range alone exceeds it)", input: p([add("string(lists.range(300000).map(i, (variables.big + [i]).size()).size())")], { variables: [["big", "lists.range(2000000)"]] }), exitCode: 1, message: "operation cancelled: actual cost limit exceeded", cpuMs: 1500 },
  { name: "nested comprehensions over large lists stop at the cost limit", input: p([add("lists.range(2000).map(a, lists.range(2000).map(b, lists.range(2000).map(c, a * b * c))).size()")]), exitCode: 1, message: "operation cancelled: actual cost limit exceeded", cpuMs: 1000 },
  { name: "a huge lists.range is refused before it is built (its cost also exceeds the mutation budget, which upstream reports first)", input: p([add("lists.range(9000000000000000000).size()")]), exitCode: 1, message: "validation failed due to running out of cost budget", cpuMs: 500 },
  // The 10M budget is charged, not worked through: lists.range makes its elements on access, so the
  // ~11 calls charged 0.9M each end quickly (eager ranges took 5-7 s of CPU here); no earlier stop exists upstream.
  { name: "per-mutation budget: 12 variables of ~0.9M cost each run out of the 10M budget", input: p([add(`[${Array.from({ length: 12 }, (_, i) => `variables.v${i}`).join(", ")}]`)], { variables: Array.from({ length: 12 }, (_, i) => [`v${i}`, `lists.range(${900_000 + i}).size()`] as [string, string]) }), exitCode: 1, message: "validation failed due to running out of cost budget, no further validation rules will be run", cpuMs: 1500 },
  { name: "catastrophic-for-backtracking regex (a+)+$ on object data is linear in RE2", input: resourceList([policy("adv", [add("string(object.data.s.matches('^(a+)+$'))")]), binding("adv"), configMap("c1", { s: "a".repeat(100_000) + "b" })]), exitCode: 0, message: '"false"', cpuMs: 1000 },
  { name: "a regex past Go's repeat limit is a compile error with RE2's text", input: p([add("string('a'.matches('(a{1000}){1000}'))")]), exitCode: 1, message: "invalid matches argument", cpuMs: 500 },
  { name: "deeply nested expression exceeds the parser's recursion limit", input: p([add(nest("1", 400, "[$]"))]), exitCode: 1, message: "expression recursion limit exceeded: 250", cpuMs: 500 },
  { name: "an expression over 100,000 code points is refused", input: p([add(`'${"a".repeat(100_001)}'`)]), exitCode: 1, message: "expression code point size exceeds limit", cpuMs: 500 },
  { name: "JSON-patch copy bomb hits the 3 MiB copy limit", input: resourceList([policy("adv", [`[${Array.from({ length: 8 }, (_, i) => `JSONPatch{op: "copy", from: "/data/big", path: "/data/c${i}"}`).join(", ")}]`]), binding("adv"), configMap("c1", { big: "x".repeat(512 * 1024) })]), exitCode: 1, message: "exceeding the limit 3145728", cpuMs: 1000 },
  { name: "a 200,000-element list in an object (a typed field: the server view drops unknown ones) stops a costly map at the cost limit", input: resourceList([policy("adv", [add("string(object.metadata.finalizers.map(x, int(x) * 2).size())")]), binding("adv"), configMap("c1", {}, { metadata: { name: "c1", namespace: "default", finalizers: Array.from({ length: 200_000 }, (_, i) => String(i)) } })]), exitCode: 1, message: "operation cancelled: actual cost limit exceeded", cpuMs: 2000 },
  { name: "a YAML alias bomb is refused with ALIAS_EXPANSION and no output", input: "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nx0: &a0 [x, x, x, x, x, x, x, x, x, x]\n" + Array.from({ length: 8 }, (_, i) => `x${i + 1}: &a${i + 1} [${Array(10).fill(`*a${i}`).join(", ")}]\n`).join("") + "items: []\n", exitCode: 1, message: "aliases expand the document", stderr: true, cpuMs: 1000 },
  { name: "input nested 5,000 levels deep is a syntax error, not a stack overflow", input: "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems: []\nx: " + "[".repeat(5000) + "]".repeat(5000) + "\n", exitCode: 1, message: "kmutate: stdin", stderr: true, cpuMs: 1000 },
];

/** Checks the output contract: empty stdout (exit 1), or a ResourceList with every input item. */
function assertWholeOrNothing(input: string, stdout: string, code: number | null): void {
  if (stdout === "") {
    assert.equal(code, 1);
    return;
  }
  const inDoc = readDocument(input), outDoc = readDocument(stdout);
  assert.ok(outDoc.ok && isObject(outDoc.value) && Array.isArray(outDoc.value.items), "stdout is a ResourceList");
  if (inDoc.ok && isObject(inDoc.value) && Array.isArray(inDoc.value.items) && outDoc.ok && isObject(outDoc.value) && Array.isArray(outDoc.value.items)) {
    assert.equal(outDoc.value.items.length, inDoc.value.items.length, "every item comes out");
  }
}

for (const c of cases) {
  test(`adversarial: ${c.name}`, () => {
    const cpu0 = process.cpuUsage();
    const run = runFunction(c.input);
    const cpu = process.cpuUsage(cpu0);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    assert.ok(cpuMs < c.cpuMs, `in-process CPU ${cpuMs.toFixed(0)} ms (bound ${c.cpuMs} ms)`);
    assert.equal(run.exitCode, c.exitCode);

    const r = spawnSync(process.execPath, [bin], { input: c.input, encoding: "utf8", timeout: 30_000, maxBuffer: 64 * 1024 * 1024 });
    assert.equal(r.signal, null, "the bin ended by itself");
    assert.equal(r.status, c.exitCode, r.stderr);
    assert.doesNotMatch(r.stderr, /\n\s+at \S+ \(|FATAL ERROR|JavaScript heap|Native stack/, "no stack trace or abort");
    assert.ok((c.stderr ? r.stderr : r.stdout).includes(c.message), `missing ${JSON.stringify(c.message)} in ${(c.stderr ? r.stderr : r.stdout).slice(0, 600)}`);
    assertWholeOrNothing(c.input, r.stdout, r.status);
  });
}
