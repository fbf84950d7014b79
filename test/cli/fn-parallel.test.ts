// Parallel admission of a list (pre-pass, slices, merge) gives exactly the serial run's stdout,
// stderr, exit code and results — on generated lists with mutations, policy errors and warnings
// (folded across slices), params, assumed Namespaces and VAP denials — or falls back to the
// serial run where it cannot prove that (renames, an object in two slices, items the pre-pass missed).
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import yaml from "js-yaml";
import type { JsonObject } from "../../src/data/index.js";
import { admitReadSlice, cutSlices, InputDecoder, mainSliceWeight, mergeSlices, planParallel, postedOutcome, readSlice, runFunction, type FunctionRun, type HandedText } from "../../src/krm/index.js";
import { parallelSettings, runParallel } from "../../src/cli/fn-parallel.js";

const group = "admissionregistration.k8s.io/v1";
const onConfigMaps = { resourceRules: [{ apiGroups: [""], apiVersions: ["v1"], operations: ["CREATE"], resources: ["configmaps"] }] };
const when = (k: string): JsonObject[] => [{ name: "k", expression: `has(object.data) && has(object.data.k) && object.data.k == "${k}"` }];

function map(name: string, k: string, mutation: JsonObject, extra: JsonObject = {}): JsonObject[] {
  return [
    { apiVersion: group, kind: "MutatingAdmissionPolicy", metadata: { name }, spec: { matchConstraints: onConfigMaps, failurePolicy: "Fail", reinvocationPolicy: "Never", matchConditions: when(k), mutations: [mutation], ...extra } },
    { apiVersion: group, kind: "MutatingAdmissionPolicyBinding", metadata: { name: `${name}-b` }, spec: { policyName: name, ...(extra.paramKind ? { paramRef: { name: "params", parameterNotFoundAction: "Allow" } } : {}) } },
  ];
}
const apply = (expression: string): JsonObject => ({ patchType: "ApplyConfiguration", applyConfiguration: { expression } });
const patch = (expression: string): JsonObject => ({ patchType: "JSONPatch", jsonPatch: { expression } });

function vap(name: string, k: string, actions: string[]): JsonObject[] {
  return [
    { apiVersion: group, kind: "ValidatingAdmissionPolicy", metadata: { name }, spec: { failurePolicy: "Fail", matchConstraints: onConfigMaps, validations: [{ expression: `!has(object.data) || !has(object.data.k) || object.data.k != "${k}"`, message: `no ${k}` }] } },
    { apiVersion: group, kind: "ValidatingAdmissionPolicyBinding", metadata: { name: `${name}-b` }, spec: { policyName: name, validationActions: actions } },
  ];
}

/** Policies for every kind of outcome; `rename` adds one that renames objects. */
function policies(rename: boolean): JsonObject[] {
  return [
    ...map("label", "mutate", apply('Object{metadata: Object.metadata{labels: {"tier": "x"}}}')),
    ...map("boom", "boom", patch('[JSONPatch{op: "add", path: "/data/x", value: string(object.data.missing)}]')),
    ...map("ignored", "ignore", patch('[JSONPatch{op: "add", path: "/data/x", value: string(object.data.missing)}]'), { failurePolicy: "Ignore" }),
    ...map("param", "param", apply('Object{metadata: Object.metadata{labels: {"p": params.data.v}}}'), { paramKind: { apiVersion: "v1", kind: "ConfigMap" } }),
    ...map("never", "nothing-has-this", apply('Object{metadata: Object.metadata{labels: {"n": "n"}}}')),
    ...map("on-secrets", "keep", apply('Object{metadata: Object.metadata{labels: {"s": "s"}}}'), {
      matchConstraints: { resourceRules: [{ apiGroups: [""], apiVersions: ["v1"], operations: ["CREATE"], resources: ["secrets"] }] },
    }),
    ...(rename ? map("rename", "rename", apply('Object{metadata: Object.metadata{name: object.metadata.name + "-r"}}')) : []),
    ...vap("deny", "deny", ["Deny"]),
    ...vap("warn", "warn", ["Warn"]),
  ];
}

const namespaces = ["a", "b", "c", "default"];
const outcomes = ["keep", "mutate", "boom", "ignore", "param", "deny", "warn"];

interface ItemSpec {
  ns: string;
  k: string;
  script: boolean;
  kpt: boolean;
}

const itemSpec: fc.Arbitrary<ItemSpec> = fc.record({ ns: fc.constantFrom(...namespaces), k: fc.constantFrom(...outcomes), script: fc.boolean(), kpt: fc.boolean() });

/** A ResourceList as kpt or js-yaml lays it out, with comment lines between some items. */
function listText(items: JsonObject[], kptLayout: boolean, comments: number[]): string {
  const text = yaml.dump({ apiVersion: "config.kubernetes.io/v1", kind: "ResourceList", items }, { noRefs: true, lineWidth: -1, noArrayIndent: kptLayout });
  const dash = kptLayout ? "- " : "  - ";
  let n = 0;
  return text
    .split("\n")
    .map((line) => (line.startsWith(dash) && comments.includes(n++) ? `# between items\n${line}` : line))
    .join("\n");
}

function configMap(i: number, s: ItemSpec, name = `cm-${i}`): JsonObject {
  const data: JsonObject = { k: s.k };
  if (s.script) data.script = "#!/bin/sh\n# a comment line in a block scalar\necho hi\n";
  const metadata: JsonObject = { name, namespace: s.ns };
  if (s.kpt) metadata.annotations = { "config.kubernetes.io/path": `cm/${name}.yaml`, "internal.config.kubernetes.io/path": `cm/${name}.yaml` };
  return { apiVersion: "v1", kind: "ConfigMap", metadata, data };
}

function generated(specs: ItemSpec[], rename = false): JsonObject[] {
  return [
    ...policies(rename),
    { apiVersion: "v1", kind: "Namespace", metadata: { name: "a", labels: { env: "prod" } } },
    { apiVersion: "v1", kind: "Namespace", metadata: { name: "b" } },
    { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "params", namespace: "a" }, data: { v: "from-a" } },
    ...specs.map((s, i) => configMap(i, s)),
    { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "params", namespace: "b" }, data: { v: "from-b" } },
  ];
}

/**
 * The parallel run in one thread: the pre-pass, each slice (read from a clone of its text before
 * the rest of the pre-pass, as a worker does; then admitted with a clone of the context), the
 * merge of the outcomes: the first slice's as the main thread has it, the others' as a worker
 * posts them (text moved as bytes).
 */
function inThread(text: string, workers: number): FunctionRun | { serial: string } {
  const cut = cutSlices(text, workers);
  if ("serial" in cut) return cut;
  const read = cut.slices.map((slice) => readSlice(structuredClone(slice)));
  const plan = planParallel(cut);
  if ("serial" in plan) return plan;
  const done = read.map((r, i) => {
    const outcome = "kind" in r ? r : admitReadSlice(r, structuredClone(plan.context));
    if (i === 0) return outcome;
    const posted = postedOutcome(outcome);
    return structuredClone(posted.outcome, { transfer: posted.transfer });
  });
  return mergeSlices(plan, done, false);
}

function assertSameRun(got: FunctionRun, want: FunctionRun): void {
  assert.equal(got.stdout, want.stdout);
  assert.equal(got.stderr, want.stderr);
  assert.equal(got.exitCode, want.exitCode);
  assert.deepEqual(got.results, want.results);
}

test("parallel admission gives the serial run's output, results and exit code on generated lists", () => {
  let parallel = 0;
  const reasons = new Set<string>();
  fc.assert(
    fc.property(
      fc.array(itemSpec, { minLength: 4, maxLength: 40 }), fc.integer({ min: 2, max: 4 }), fc.boolean(), fc.array(fc.nat(50), { maxLength: 4 }),
      (specs, workers, kptLayout, comments) => {
        const text = listText(generated(specs), kptLayout, comments);
        const serial = runFunction(text);
        const run = inThread(text, workers);
        if ("serial" in run) {
          reasons.add(run.serial);
          return;
        }
        parallel++;
        assertSameRun(run, serial);
      },
    ),
    { numRuns: 80 },
  );
  // Without renames or duplicate objects every list this generator makes is admitted in parallel.
  assert.deepEqual([...reasons], []);
  assert.equal(parallel, 80);
});

test("the generated lists have results of every kind: errors, warnings, folded repeats and denials", () => {
  const specs = Array.from({ length: 40 }, (_, i): ItemSpec => ({ ns: namespaces[i % 4], k: outcomes[i % outcomes.length], script: i % 3 === 0, kpt: i % 2 === 0 }));
  const text = listText(generated(specs), true, [5, 20]);
  const serial = runFunction(text);
  const run = inThread(text, 3);
  assert.ok(!("serial" in run));
  assertSameRun(run, serial);
  const codes = new Set(serial.results.map((r) => r.tags?.code ?? r.severity));
  for (const c of ["error", "warning", "repeated", "unmatched-policy", "summary"]) assert.ok(codes.has(c), `no ${c} result`);
  assert.ok(serial.results.some((r) => r.message.includes("no deny")));
  assert.ok(serial.results.some((r) => r.message.includes(`Namespace "c" is not in the input`)));
  assert.ok(serial.results.some((r) => r.message.includes("changed")));
  assert.equal(serial.exitCode, 1);
});

const some = (n: number): ItemSpec[] => Array.from({ length: n }, (_, i) => ({ ns: "a", k: i % 2 === 0 ? "mutate" : "keep", script: false, kpt: true }));

test("the main thread's slice has mainSliceWeight times a worker's text, to one item", () => {
  const text = listText(generated(some(300)), true, []);
  for (const workers of [2, 3, 4]) {
    const cut = cutSlices(text, workers);
    assert.ok(!("serial" in cut));
    const sizes = cut.slices.map((s) => s.text.length);
    const item = Math.max(...cut.slices.flatMap((s) => s.spans.map(([a, b]) => b - a)));
    const unit = sizes.reduce((a, b) => a + b, 0) / (mainSliceWeight + workers - 1);
    assert.ok(Math.abs(sizes[0] - mainSliceWeight * unit) <= item, `${workers}: ${sizes}`);
    for (const s of sizes.slice(1)) assert.ok(Math.abs(s - unit) <= 2 * item, `${workers}: ${sizes}`);
    // Contiguous and complete.
    assert.equal(cut.slices.map((s) => s.text).join(""), text.slice(cut.head.length, text.length - cut.tail.length));
  }
});

test("a run is done serially when slices cannot be proven to give the serial output", () => {
  const dupes = generated(some(12));
  // The same object twice, in different slices, with results: the result's file is the first one's.
  dupes.push({ ...configMap(0, { ns: "a", k: "boom", script: false, kpt: true }, "twice") });
  dupes.unshift(configMap(0, { ns: "a", k: "boom", script: false, kpt: false }, "twice"));
  const hidden = generated(some(12));
  // A Namespace whose kind the pre-pass cannot see in the text (an escape): a slice finds it.
  const nsText = listText(hidden, true, []).replace('kind: ConfigMap\n  metadata:\n    name: cm-11', 'kind: "Namespac\\x65"\n  metadata:\n    name: cm-11');
  const cases: Array<{ name: string; text: string; reason: string | string[] }> = [
    { name: "a policy renames an object", text: listText(generated([...some(12), { ns: "a", k: "rename", script: false, kpt: false }], true), true, []), reason: "a policy renamed an object" },
    { name: "an object is in two slices", text: listText(dupes, true, []), reason: "an object is in two slices" },
    { name: "an item read across items hides its kind", text: nsText, reason: `item ${hidden.findIndex((i) => (i.metadata as JsonObject).name === "cm-11") + 1} is read by the admission of other items but the pre-pass did not find it` },
    { name: "the input has results", text: listText(generated(some(12)), true, []) + "results:\n- message: old\n  severity: info\n", reason: ["the input has results", "an item cannot be read alone"] },
    { name: "the input has results (items indented)", text: listText(generated(some(12)), false, []) + "results:\n- message: old\n  severity: info\n", reason: "the input has results" },
    { name: "JSON", text: JSON.stringify({ apiVersion: "config.kubernetes.io/v1", kind: "ResourceList", items: generated(some(12)) }), reason: "not block YAML" },
    {
      name: "the functionConfig names files",
      text: listText(generated(some(12)), true, []) + "functionConfig:\n  apiVersion: fn.kmutate.dev/v1alpha1\n  kind: MutationConfig\n  spec:\n    oldObjectsPath: old.yaml\n",
      reason: "the functionConfig names files",
    },
    {
      name: "a quoted scalar whose continuation line looks like an item",
      text: listText(generated(some(12)), true, []).replace("    name: cm-3\n", '    name: cm-3\n    annotations:\n      note: "one\n- two"\n'),
      // Which one depends on where the slices are cut.
      reason: ["the block reader found other item spans than the pre-pass", "a slice of the items is outside the block reader's subset"],
    },
    {
      name: "an alias names an anchor in another item",
      text: listText(generated(some(12)), true, []).replace("    name: cm-3\n", "    name: cm-3\n    generateName: &g cm-\n").replace("    name: cm-9\n", "    name: cm-9\n    generateName: *g\n"),
      reason: "an alias names an anchor outside its item",
    },
    {
      name: "an alias names an anchor outside the items",
      text: "x: &g cm-\n" + listText(generated(some(12)), true, []).replace("    name: cm-9\n", "    name: cm-9\n    generateName: [*g]\n"),
      reason: "an alias names an anchor outside its item",
    },
  ];
  for (const c of cases) {
    const run = inThread(c.text, 2);
    const got = "serial" in run ? run.serial : "parallel";
    assert.ok(Array.isArray(c.reason) ? c.reason.includes(got) : got === c.reason, `${c.name}: ${got}`);
  }
});

test("aliases of anchors in their own item, and stars that cannot start an alias, are admitted in parallel", () => {
  const text = listText(generated(some(12)), true, [])
    .replace("    name: cm-3\n", "    name: cm-3\n    generateName: &g cm-\n    uid: *g\n")
    .replace("    name: cm-5\n", "    name: cm-5\n    generateName: &g2 x\n    uid: &g x\n    labels: {a: *g, b: *g2}\n")
    .replace("    name: cm-7\n", "    name: cm-7\n    generateName: 'x*g'\n    uid: 2 * 3\n");
  const run = inThread(text, 3);
  assert.ok(!("serial" in run), "serial" in run ? run.serial : "");
  assertSameRun(run, runFunction(text));
});

/** `text` as stdin hands it over: decoded in chunks of `chunk` bytes. */
function handed(text: string, chunk = 1000): HandedText {
  return handedBytes(new TextEncoder().encode(text), chunk);
}

/** `bytes` as stdin hands them over: decoded in chunks of `chunk` bytes. */
function handedBytes(bytes: Uint8Array, chunk = 1000): HandedText {
  const decoder = new InputDecoder();
  for (let at = 0; at < bytes.length; at += chunk) decoder.push(bytes.subarray(at, at + chunk));
  return { decoded: decoder.end(), bytes: decoder.bytes };
}

test("worker threads give the serial run; KMUTATE_WORKERS is checked", async () => {
  const text = listText(generated(Array.from({ length: 30 }, (_, i): ItemSpec => ({ ns: namespaces[i % 4], k: outcomes[i % outcomes.length], script: i % 4 === 0, kpt: true }))), true, [3]);
  const serial = runFunction(text);
  const out = await runParallel(handed(text), { workers: 3, minBytes: 0 }, false);
  assert.ok("run" in out, "serial" in out ? out.reason : "");
  assertSameRun(out.run, serial);
  const quiet = await runParallel(handed(text), { workers: 2, minBytes: 0 }, true);
  assert.ok("run" in quiet);
  assertSameRun(quiet.run, runFunction(text, undefined, { quiet: true }));
  const below = await runParallel(handed(text), { workers: 2, minBytes: text.length + 1 }, false);
  assert.ok("serial" in below && below.reason === "below the threshold");
  // The threshold counts bytes, not characters: 200 "é" are 400 bytes.
  const accented = text.replace("items:\n", `# ${"é".repeat(200)}\nitems:\n`);
  assert.notEqual(accented, text);
  const bytes = Buffer.byteLength(accented);
  assert.equal(bytes, accented.length + 200);
  const atBytes = await runParallel(handed(accented), { workers: 2, minBytes: bytes }, false);
  assert.ok("run" in atBytes, "serial" in atBytes ? atBytes.reason : "");
  assertSameRun(atBytes.run, runFunction(accented));
  const pastBytes = await runParallel(handed(accented), { workers: 2, minBytes: bytes + 1 }, false);
  assert.ok("serial" in pastBytes && pastBytes.reason === "below the threshold");
  // JSON goes to the serial run as it was handed over, its pieces not joined.
  const json = handed(JSON.stringify({ apiVersion: "config.kubernetes.io/v1", kind: "ResourceList", items: [] }), 7);
  const pieces = json.decoded;
  const jsonOut = await runParallel(json, { workers: 2, minBytes: 0 }, false);
  assert.ok("serial" in jsonOut && jsonOut.serial === json && json.decoded === pieces && jsonOut.reason === "not block YAML");
  // Workers start before the pre-pass; a run it finds serial stops them and hands the text on.
  const noPolicy = listText(generated(Array.from({ length: 6 }, (_, i): ItemSpec => ({ ns: namespaces[i % 4], k: "keep", script: false, kpt: true }))).filter((o) => !String(o.apiVersion).startsWith("admissionregistration")), true, []);
  const planned = await runParallel(handed(noPolicy), { workers: 3, minBytes: 0 }, false);
  assert.deepEqual(planned, { serial: noPolicy, reason: "no policy in the input" });
  // Found serial after the slices were sent (the workers are reading them): stopped, text handed on.
  const badConfig = text + "functionConfig:\n  apiVersion: fn.kmutate.dev/v1alpha1\n  kind: MutationConfig\n  spec:\n    nope: 1\n";
  assert.equal(runFunction(badConfig).exitCode, 1);
  const late = await runParallel(handed(badConfig), { workers: 3, minBytes: 0 }, false);
  assert.deepEqual(late, { serial: badConfig, reason: "the functionConfig has errors" });
  const notText = await runParallel(handedBytes(Uint8Array.of(0x61, 0xff, 0x62)), { workers: 2, minBytes: 0 }, false);
  assert.ok("serial" in notText && notText.reason === "not text");
  assert.deepEqual(parallelSettings({ KMUTATE_WORKERS: "3" }), { ok: true, settings: { workers: 3, minBytes: 64 * 1024 * 1024 } });
  // Serial unless asked for.
  for (const unset of [{}, { KMUTATE_WORKERS: "" }]) assert.deepEqual(parallelSettings(unset), { ok: true, settings: { workers: 1, minBytes: 64 * 1024 * 1024 } });
  for (const bad of ["0", "-1", "two", "1.5"]) {
    assert.deepEqual(parallelSettings({ KMUTATE_WORKERS: bad }), {
      ok: false,
      error: `kmutate: KMUTATE_WORKERS=${JSON.stringify(bad)} is not a number of worker threads: expected a whole number from 1 to 9999\n`,
    });
  }
});
