// Fuzzing the KRM function end to end: valid ResourceLists (YAML and JSON, with a policy, a
// binding and objects) are mutated byte-wise and run through runFunction with real admission.
// It never throws; stdout is either empty (one stderr line per problem, exit 1) or a complete
// ResourceList; when the input reads as a ResourceList, every item comes out, and a YAML input
// gives the same list and exit code as the same list sent as JSON (the fast text path, which
// copies unchanged items from the input text, against the re-serialising one).
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { readDocument, runFunction } from "../../src/krm/index.js";
import { differenceFromJson } from "../krm/same-as-json.js";
import { isObject } from "../../src/data/index.js";
import { cpuMark, cpuMsSince } from "../cpu-time.js";

const yamlList = `apiVersion: config.kubernetes.io/v1
kind: ResourceList
items:
- apiVersion: admissionregistration.k8s.io/v1
  kind: MutatingAdmissionPolicy
  metadata: {name: p}
  spec:
    matchConstraints:
      resourceRules: [{apiGroups: [''], apiVersions: [v1], operations: [CREATE], resources: [configmaps]}]
    failurePolicy: Fail
    reinvocationPolicy: Never
    mutations:
    - patchType: JSONPatch
      jsonPatch:
        expression: '[JSONPatch{op: "add", path: "/data/x", value: object.metadata.name + "!"}]'
    - patchType: ApplyConfiguration
      applyConfiguration:
        expression: 'Object{metadata: Object.metadata{labels: {"a": "b"}}}'
- apiVersion: admissionregistration.k8s.io/v1
  kind: MutatingAdmissionPolicyBinding
  metadata: {name: pb}
  spec: {policyName: p}
- apiVersion: v1
  kind: ConfigMap
  metadata:
    name: c1
    namespace: default
    annotations: {config.kubernetes.io/index: '0'}
  data: {k: v, n: "1.0", anchor: &a x, ref: *a}
- apiVersion: v1
  kind: ConfigMap
  metadata: {name: c2}
  data: {"__proto__": "p", constructor: c}
functionConfig:
  apiVersion: fn.kmutate.dev/v1alpha1
  kind: MutationConfig
  spec: {operation: CREATE}
`;
// Text the fast path must not misplace (issue 22): anchors and aliases across items, a quoted
// scalar whose under-indented continuation lines look like an item, and a last item ending in a
// `|+` block scalar whose last line starts with `#`.
const yamlTricky = yamlList.slice(0, yamlList.indexOf("- apiVersion: v1\n  kind: ConfigMap\n")) + `- apiVersion: v1
  kind: ConfigMap
  metadata:
    name: decoy
    labels: &l {tier: web}
  data:
    note: &n "see
- apiVersion: v1
  kind: ConfigMap
  metadata:
    name: c1
end"
- apiVersion: v1
  kind: ConfigMap
  metadata:
    name: c1
    labels: *l
  data: {copy: *n}
- apiVersion: v1
  kind: ConfigMap
  metadata:
    name: script
  data:
    run.sh: |+
      #!/bin/sh
      echo start
      # the last line is a comment

`;
const loaded = readDocument(yamlList);
if (!loaded.ok) throw new Error("fixture does not read");
const jsonList = JSON.stringify(loaded.value, null, 1);

const special = fc.constantFrom(":", "-", "[", "]", "{", "}", "&", "*", "!", "|", ">", "'", '"', "#", "%", "@", "`", "\n", " ", "\t", ",", "?", "\\", "\u0000", "\ufeff", "<<", "&b", "*a", "---\n", "...", "~", "1e999", "\ud800");
const edit = fc.oneof(
  fc.tuple(fc.nat(), fc.nat({ max: 8 }), fc.oneof(special, fc.string({ maxLength: 3 }))).map(([at, del, ins]) => ({ at, del, ins })),
  fc.nat().map((at) => ({ at, del: 1_000_000, ins: "" })), // truncation
);

/** Applies edits (positions taken modulo the current length). */
function mutate(text: string, edits: { at: number; del: number; ins: string }[]): string {
  let s = text;
  for (const e of edits) {
    const at = e.at % (s.length + 1);
    s = s.slice(0, at) + e.ins + s.slice(at + e.del);
  }
  return s;
}

function itemsOf(text: string): unknown[] | undefined {
  const r = readDocument(text);
  if (!r.ok || !isObject(r.value)) return undefined;
  return Array.isArray(r.value.items) ? r.value.items : undefined;
}

for (const [format, base] of [["YAML", yamlList], ["YAML (anchors, quoted continuations, `|+`)", yamlTricky], ["JSON", jsonList]] as const) {
  test(`fuzz the KRM function on mutated ${format} ResourceLists (1500 cases): full output or none, never a throw`, () => {
    let full = 0;
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 4 }), (edits) => {
        const input = mutate(base, edits);
        const t0 = cpuMark();
        const run = runFunction(input);
        assert.ok(cpuMsSince(t0) < 3000, "bounded time");
        assert.ok(run.exitCode === 0 || run.exitCode === 1);
        if (run.stdout === "") {
          assert.equal(run.exitCode, 1, "no output means failure");
          assert.match(run.stderr, /^kmutate: .+\n$/s, "a one-line reason per problem");
          assert.doesNotMatch(run.stderr, /\n\s+at /, "no stack trace");
          return;
        }
        full++;
        assert.equal(run.stderr, "");
        const out = readDocument(run.stdout);
        assert.ok(out.ok, "stdout reads back");
        assert.ok(isObject(out.value) && out.value.kind === "ResourceList" || isObject(out.value) && out.value.kind === "List");
        const inItems = itemsOf(input);
        const outItems = itemsOf(run.stdout);
        if (inItems) assert.equal(outItems?.length, inItems.length, "every input item comes out");
        if (run.results.some((r) => r.severity === "error")) assert.equal(run.exitCode, 1);
        const difference = differenceFromJson(input, run);
        assert.equal(difference, undefined, `${difference}\n--- input:\n${input}`);
      }),
      { seed: 0x6b6d76, numRuns: 1500 },
    );
    assert.ok(full > 100, `too few mutated inputs produced output (${full}): the fuzzer is not reaching admission`);
  });
}
