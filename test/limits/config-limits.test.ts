// Every limit of AdmitOptions.limits (functionConfig spec.limits) can be lowered and is then hit
// with a message naming it; the defaults are the apiserver's.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mutate } from "../../src/index.js";
import { defaultLimits, type AdmitLimits } from "../../src/admission/index.js";
import type { JsonObject } from "../../src/data/index.js";
import { parseByteCount } from "../../src/cli/util-byte-count.js";

function list(expression: string): JsonObject[] {
  return [
    {
      apiVersion: "admissionregistration.k8s.io/v1", kind: "MutatingAdmissionPolicy", metadata: { name: "p" },
      spec: {
        matchConstraints: { resourceRules: [{ apiGroups: [""], apiVersions: ["v1"], operations: ["CREATE"], resources: ["configmaps"] }] },
        variables: [{ name: "big", expression: "lists.range(2000).map(i, i * 2).sum()" }],
        failurePolicy: "Fail", reinvocationPolicy: "Never",
        mutations: [{ patchType: "JSONPatch", jsonPatch: { expression } }],
      },
    },
    { apiVersion: "admissionregistration.k8s.io/v1", kind: "MutatingAdmissionPolicyBinding", metadata: { name: "b" }, spec: { policyName: "p" } },
    { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "c", namespace: "default" }, data: { k: "v" } },
  ];
}

function errors(items: JsonObject[], limits: Partial<AdmitLimits>): string[] {
  const out = mutate(items, { limits: { ...defaultLimits, ...limits } });
  return out.results.filter((r) => r.severity === "error").map((r) => r.message);
}

const copy = '[JSONPatch{op: "copy", from: "/data", path: "/metadata/annotations"}]';

const rows: { name: string; items: JsonObject[]; limits: Partial<AdmitLimits>; error: string }[] = [
  { name: "costPerCall", items: list('[JSONPatch{op: "add", path: "/data/n", value: string(lists.range(5000).map(i, i).size())}]'), limits: { costPerCall: 1000 }, error: "resulted in error: operation cancelled: actual cost limit exceeded" },
  { name: "costPerMutation (variables count)", items: list('[JSONPatch{op: "add", path: "/data/n", value: string(variables.big)}]'), limits: { costPerMutation: 5000 }, error: "validation failed due to running out of cost budget, no further validation rules will be run" },
  { name: "jsonPatchCopyBytes", items: list(copy), limits: { jsonPatchCopyBytes: 4 }, error: "JSON Patch: Unable to complete the copy, the accumulated size increase of copy is 9, exceeding the limit 4" },
  { name: "maxExpressionLength", items: list('[JSONPatch{op: "add", path: "/data/x", value: "' + "x".repeat(200) + '"}]'), limits: { maxExpressionLength: 100 }, error: "expression code point size exceeds limit: size: 250, limit 100" },
  { name: "maxExpressionDepth", items: list("[" + "(".repeat(30) + "1" + ")".repeat(30) + "].map(x, JSONPatch{op: \"add\", path: \"/data/d\", value: string(x)})"), limits: { maxExpressionDepth: 10 }, error: "compilation failed: ERROR: <input>:" },
  { name: "maxItems", items: list(copy), limits: { maxItems: 2 }, error: "the input has 3 items, more than the limit of 2 (spec.limits.maxItems): nothing was admitted" },
];

for (const row of rows) {
  test(`limit ${row.name}: lowered, it is hit with its message`, () => {
    const got = errors(row.items, row.limits);
    assert.ok(got.some((m) => m.includes(row.error)), got.join("\n"));
  });
  test(`limit ${row.name}: at the default the same input passes`, () => {
    assert.deepEqual(errors(row.items, {}), []);
  });
}

test("limit on the fn-mode input size: KMUTATE_MAX_INPUT_BYTES, one stderr line, nothing on stdout", async () => {
  const { spawnSync } = await import("node:child_process");
  const { fileURLToPath } = await import("node:url");
  const bin = fileURLToPath(new URL("../../src/cli/kmutate.cjs", import.meta.url));
  const input = "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems: []\n" + "#".repeat(1000) + "\n";
  const over = spawnSync(process.execPath, [bin], { input, encoding: "utf8", env: { ...process.env, KMUTATE_MAX_INPUT_BYTES: "500" } });
  assert.equal(over.status, 1);
  assert.equal(over.stdout, "");
  assert.equal(over.stderr, "kmutate: stdin: the input is larger than the limit of 500 bytes (set KMUTATE_MAX_INPUT_BYTES to change it)\n");
  const under = spawnSync(process.execPath, [bin], { input, encoding: "utf8", env: { ...process.env, KMUTATE_MAX_INPUT_BYTES: "5000" } });
  assert.equal(under.status, 0, under.stderr);
});

const byteCounts: Array<{ text: string; bytes: number | undefined }> = [
  { text: "0", bytes: 0 },
  { text: "500", bytes: 500 },
  { text: "007", bytes: 7 },
  { text: "2k", bytes: 2000 },
  { text: "3M", bytes: 3_000_000 },
  { text: "1G", bytes: 1_000_000_000 },
  { text: "4Ki", bytes: 4096 },
  { text: "10Mi", bytes: 10 * 1024 * 1024 },
  { text: "2Gi", bytes: 2 * 1024 ** 3 },
  { text: "1e6", bytes: undefined },
  { text: "10MiB", bytes: undefined },
  { text: "-1", bytes: undefined },
  { text: "abc", bytes: undefined },
  { text: "1.5Mi", bytes: undefined },
  { text: "10K", bytes: undefined },
  { text: "10 Mi", bytes: undefined },
  { text: " 500", bytes: undefined },
  { text: "0x10", bytes: undefined },
  { text: "9007199254740992", bytes: undefined },
];
for (const row of byteCounts) {
  test(`byte count ${JSON.stringify(row.text)} reads as ${row.bytes ?? "an error"}`, () => {
    assert.equal(parseByteCount(row.text), row.bytes);
  });
}

test("an invalid KMUTATE_MAX_INPUT_BYTES is one stderr line naming it, exit 1, nothing read or written", async () => {
  const { spawnSync } = await import("node:child_process");
  const { fileURLToPath } = await import("node:url");
  const bin = fileURLToPath(new URL("../../src/cli/kmutate.cjs", import.meta.url));
  const input = "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems: []\n";
  for (const value of ["1e6", "10MiB", "-1", "abc"]) {
    const run = spawnSync(process.execPath, [bin], { input, encoding: "utf8", env: { ...process.env, KMUTATE_MAX_INPUT_BYTES: value } });
    assert.equal(run.status, 1, value);
    assert.equal(run.stdout, "");
    assert.equal(
      run.stderr,
      `kmutate: KMUTATE_MAX_INPUT_BYTES="${value}" is not a byte count: expected a whole number of bytes, optionally with a suffix k, M, G (10^3, 10^6, 10^9) or Ki, Mi, Gi (2^10, 2^20, 2^30)\n`,
    );
  }
  for (const [value, status] of [["1Ki", 0], ["", 0], ["0k", 1]] as const) {
    const run = spawnSync(process.execPath, [bin], { input, encoding: "utf8", env: { ...process.env, KMUTATE_MAX_INPUT_BYTES: value } });
    assert.equal(run.status, status, `${JSON.stringify(value)}: ${run.stderr}`);
    if (status === 1) assert.equal(run.stderr, "kmutate: stdin: the input is larger than the limit of 0 bytes (set KMUTATE_MAX_INPUT_BYTES to change it)\n");
  }
});

const heapRows: Array<{ heapMiB: number; limit: number }> = [
  { heapMiB: 4144, limit: 256 * 1024 * 1024 },
  { heapMiB: 2592, limit: 256 * 1024 * 1024 },
  { heapMiB: 512, limit: Math.floor((512 - 32) * 1024 * 1024 / 7) },
  { heapMiB: 100, limit: Math.floor((100 - 32) * 1024 * 1024 / 7) },
  { heapMiB: 16, limit: 0 },
];
for (const row of heapRows) {
  test(`the default input limit follows the heap: ${row.heapMiB} MiB of heap → ${row.limit} bytes`, async () => {
    const { heapInputLimit } = await import("../../src/cli/fn.js");
    assert.equal(heapInputLimit(row.heapMiB * 1024 * 1024), row.limit);
  });
}

test("an input larger than the heap can hold is refused up front with one stderr line; KMUTATE_MAX_INPUT_BYTES overrides", async () => {
  const { spawnSync } = await import("node:child_process");
  const { fileURLToPath } = await import("node:url");
  const { heapBytesPerInputByte, heapInputLimit } = await import("../../src/cli/fn.js");
  const bin = fileURLToPath(new URL("../../src/cli/kmutate.cjs", import.meta.url));
  // The young generation pinned at Node 20's and 22's default (Node 24's is 64 MiB per semi-space,
  // which alone puts the heap limit at 256 MiB): the same limit, and the same text, on every version.
  const small = ["--max-old-space-size=64", "--max-semi-space-size=16"];
  const heap = Number(spawnSync(process.execPath, [...small, "-p", "v8.getHeapStatistics().heap_size_limit"], { encoding: "utf8" }).stdout);
  const limit = heapInputLimit(heap);
  assert.ok(limit > 1000 && limit < 16 * 1024 * 1024, String(limit));
  const input = "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems: []\n" + "#".repeat(limit) + "\n";
  const env = { ...process.env, KMUTATE_MAX_INPUT_BYTES: "" };
  const over = spawnSync(process.execPath, [...small, bin], { input, encoding: "utf8", env, maxBuffer: 64 * 1024 * 1024 });
  assert.equal(over.status, 1);
  assert.equal(over.stdout, "");
  assert.equal(over.stderr, `kmutate: stdin: the input is larger than the limit of ${limit} bytes that a JavaScript heap of ${Math.floor(heap / 1048576)} MiB can hold: give node ${heapBytesPerInputByte} MiB of heap per MB of input (NODE_OPTIONS=--max-old-space-size=MiB) or set KMUTATE_MAX_INPUT_BYTES\n`);
  const set = spawnSync(process.execPath, [...small, bin], { input, encoding: "utf8", env: { ...env, KMUTATE_MAX_INPUT_BYTES: "64Mi" }, maxBuffer: 64 * 1024 * 1024 });
  assert.equal(set.status, 0, set.stderr);
});

test("a JSON list with policies just under the limit a heap gives is admitted in that heap", async () => {
  const { spawnSync } = await import("node:child_process");
  const { fileURLToPath } = await import("node:url");
  const { heapInputLimit } = await import("../../src/cli/fn.js");
  const { generateWorkload, serialiseResourceList } = await import("../../bench/workload.js");
  const bin = fileURLToPath(new URL("../../src/cli/kmutate.cjs", import.meta.url));
  const small = ["--max-old-space-size=64", "--max-semi-space-size=16"];
  const heap = Number(spawnSync(process.execPath, [...small, "-p", "v8.getHeapStatistics().heap_size_limit"], { encoding: "utf8" }).stdout);
  const limit = heapInputLimit(heap);
  // The bench's workload as JSON, the format that needs the most heap per input byte.
  const list = (objects: number): string => serialiseResourceList(generateWorkload({ objects, policies: 10, seed: 1 }).list, "json");
  const perObject = list(1000).length / 1000;
  const input = list(Math.floor((0.95 * limit) / perObject));
  assert.ok(input.length <= limit && input.length > 0.8 * limit, `${input.length} bytes for a limit of ${limit}`);
  const env = { ...process.env, KMUTATE_MAX_INPUT_BYTES: "", KMUTATE_WORKERS: "1" };
  const r = spawnSync(process.execPath, [...small, bin, "-q"], { input, encoding: "utf8", env, maxBuffer: 256 * 1024 * 1024, timeout: 300_000 });
  // A heap too small for the inputs the limit lets in ends in V8's out-of-memory abort (signal, no status).
  assert.equal(r.status, 0, r.stderr.slice(0, 400));
});
