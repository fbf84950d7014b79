// The small parts of the policy-test runner: field paths, paths relative to a test file, message
// matching (each substring to a different message), config merging, and reading test files with
// every problem located at its `file:line:col`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { matchMessages, mergeConfig, parseFieldPath, readTestFile, relativeTo, valueAtPath } from "../../src/authoring/index.js";
import type { JsonValue } from "../../src/data/index.js";

const fieldPathRows: Array<{ path: string; keys?: unknown[]; error?: string }> = [
  { path: "spec.replicas", keys: ["spec", "replicas"] },
  { path: "spec.containers[0].image", keys: ["spec", "containers", 0, "image"] },
  { path: "metadata.labels[app.kubernetes.io/name]", keys: ["metadata", "labels", "app.kubernetes.io/name"] },
  { path: 'metadata.labels["a.b"]', keys: ["metadata", "labels", "a.b"] },
  { path: "spec.containers[name=proxy].ports[0]", keys: ["spec", "containers", { field: "name", value: "proxy" }, "ports", 0] },
  { path: "[0][1]", keys: [0, 1] },
  { path: "a..b", error: '"a..b" is not a field path: empty key at character 3' },
  { path: "a.", error: '"a." is not a field path: empty key at character 3' },
  { path: ".a", error: '".a" is not a field path: empty key at character 1' },
  { path: "a[0", error: '"a[0" is not a field path: unclosed [ at character 2' },
  { path: "a[]", error: '"a[]" is not a field path: empty [] at character 2' },
  { path: "a[0]b", error: '"a[0]b" is not a field path: expected . or [ at character 5' },
  { path: "", error: "an empty field path" },
];

for (const r of fieldPathRows) {
  test(`parseFieldPath: ${JSON.stringify(r.path)}`, () => {
    const p = parseFieldPath(r.path);
    assert.deepEqual(p, r.error === undefined ? { ok: true, keys: r.keys } : { ok: false, message: r.error });
  });
}

const pod: JsonValue = { spec: { containers: [{ name: "app", image: "a:1" }, { name: "proxy", port: 15000 }] }, metadata: { labels: { "a.b/c": "x" } } };
const valueRows: Array<{ path: string; expected: JsonValue | undefined }> = [
  { path: "spec.containers[1].port", expected: 15000 },
  { path: "spec.containers[name=proxy].port", expected: 15000 },
  { path: "spec.containers[port=15000].name", expected: "proxy" },
  { path: "spec.containers[name=none].port", expected: undefined },
  { path: "spec.containers[5]", expected: undefined },
  { path: "metadata.labels[a.b/c]", expected: "x" },
  { path: "metadata.labels.a", expected: undefined },
  { path: "spec.containers.name", expected: undefined },
  { path: "metadata.labels.toString", expected: undefined },
];

for (const r of valueRows) {
  test(`valueAtPath: ${r.path}`, () => {
    const p = parseFieldPath(r.path);
    assert.ok(p.ok);
    assert.deepEqual(valueAtPath(pod, p.keys), r.expected);
  });
}

const relativeRows: Array<[file: string, rel: string, expected: string]> = [
  ["examples/x/kmutate-test.yaml", "policy.yaml", "examples/x/policy.yaml"],
  ["examples/x/kmutate-test.yaml", "./.expected/pods.yaml", "examples/x/.expected/pods.yaml"],
  ["examples/x/kmutate-test.yaml", "../shared/p.yaml", "examples/shared/p.yaml"],
  ["kmutate-test.yaml", "policy.yaml", "policy.yaml"],
  ["kmutate-test.yaml", "../up.yaml", "../up.yaml"],
  ["a/kmutate-test.yaml", "../../up.yaml", "../up.yaml"],
  ["a/kmutate-test.yaml", "/abs/./p.yaml", "/abs/p.yaml"],
  ["/t/kmutate-test.yaml", "p/", "/t/p"],
];

for (const [file, rel, expected] of relativeRows) {
  test(`relativeTo(${file}, ${rel}) is ${expected}`, () => assert.equal(relativeTo(file, rel), expected));
}

const matchRows: Array<{ name: string; expected: string[]; actual: string[]; missing: string[]; unexpected: string[] }> = [
  { name: "every substring in its own message", expected: ["a", "b"], actual: ["xb", "xa"], missing: [], unexpected: [] },
  { name: "a shorter substring does not take the only message a longer one fits", expected: ["de", "denied"], actual: ["denied twice", "de"], missing: [], unexpected: [] },
  { name: "one message cannot match two substrings", expected: ["a", "a"], actual: ["a"], missing: ["a"], unexpected: [] },
  { name: "messages left over are unexpected", expected: ["a"], actual: ["a", "b"], missing: [], unexpected: ["b"] },
  { name: "nothing expected, nothing there", expected: [], actual: [], missing: [], unexpected: [] },
];

for (const r of matchRows) {
  test(`matchMessages: ${r.name}`, () => {
    assert.deepEqual(matchMessages(r.expected, r.actual), { missing: r.missing, unexpected: r.unexpected });
  });
}

test("mergeConfig: mappings merge key by key, lists and scalars replace", () => {
  assert.deepEqual(
    mergeConfig({ operation: "CREATE", userInfo: { username: "a", groups: ["x"] } }, { userInfo: { groups: ["y"] }, strict: true }),
    { operation: "CREATE", userInfo: { username: "a", groups: ["y"] }, strict: true },
  );
});

const head = "apiVersion: test.kmutate.dev/v1alpha1\nkind: PolicyTest\nmetadata: {name: t}\n";
const readRows: Array<{ name: string; text: string; errors: string[]; caseErrors?: string[][] }> = [
  {
    name: "YAML syntax error",
    text: "apiVersion: [\n",
    errors: ["t.yaml:2:1: YAML syntax error: Flow sequence in block collection must be sufficiently indented and end with a ]"],
  },
  {
    name: "another kind",
    text: "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n",
    errors: ['t.yaml:2:7: kind: a test file holds PolicyTest documents (apiVersion test.kmutate.dev/v1alpha1), got "v1" "ConfigMap"'],
  },
  {
    name: "no spec",
    text: head,
    errors: ["t.yaml:1:1: spec: required: a mapping with policies and cases, got nothing"],
  },
  {
    name: "unknown field, no policies, bad config, no cases",
    text: head + "spec:\n  polices: [p.yaml]\n  config: {operation: REMOVE, userInfo: {groups: [1]}}\n",
    errors: [
      "t.yaml:5:3: spec.polices: unknown field; allowed fields: policies, config, cases",
      "t.yaml:4:1: spec.policies: required: a list of files and folders holding the policies, got nothing",
      't.yaml:6:23: spec.config.operation: "REMOVE" is not allowed; allowed values: CREATE, UPDATE, DELETE',
      "t.yaml:6:51: spec.config.userInfo.groups[0]: expected a string, got a number",
      "t.yaml:4:1: spec.cases: required: a list of cases, got nothing",
    ],
  },
  {
    name: "problems inside cases fail only those cases",
    text: head + `spec:
  policies: [p.yaml]
  cases:
  - name: fine
    object: {apiVersion: v1, kind: ConfigMap, metadata: {name: c}}
  - object: {apiVersion: v1, kind: ConfigMap}
    objectFile: x.yaml
  - name: bad expectations
    objectFile: x.yaml
    objectName: 3
    oldObject: {apiVersion: v1, kind: ConfigMap, metadata: {name: c}}
    oldObjectFile: y.yaml
    expect:
      objectt: {}
      unchanged: "yes"
      denied: {}
      errors: [""]
      warnings: nope
      fields: {"a[": 1}
      invocations: [{binding: b}, 3]
  - name: fine
    skip: 3
    object: {apiVersion: v1, kind: ConfigMap, metadata: {name: c}}
`,
    errors: [],
    caseErrors: [
      [],
      [
        "t.yaml:9:5: spec.cases[1].name: required: every case has a name",
        "t.yaml:10:17: spec.cases[1].objectFile: give object or objectFile, not both",
      ],
      [
        "t.yaml:13:17: spec.cases[2].objectName: expected a name, got a number",
        "t.yaml:15:20: spec.cases[2].oldObjectFile: give oldObject or oldObjectFile, not both",
        "t.yaml:17:7: spec.cases[2].expect.objectt: unknown field; allowed fields: object, objectFile, fields, unchanged, denied, errors, warnings, invocations",
        't.yaml:22:22: spec.cases[2].expect.fields.a[: "a[" is not a field path: unclosed [ at character 2',
        "t.yaml:18:18: spec.cases[2].expect.unchanged: expected true or false, got a string",
        "t.yaml:19:7: spec.cases[2].expect.denied: expected true, false, a message substring or a list of them, got a mapping",
        "t.yaml:20:16: spec.cases[2].expect.errors[0]: an empty substring matches every message: give part of the message",
        "t.yaml:21:17: spec.cases[2].expect.warnings: expected a list of message substrings, got a string",
        "t.yaml:23:21: spec.cases[2].expect.invocations[0].policy: required: the policy's name",
        "t.yaml:23:35: spec.cases[2].expect.invocations[1]: expected a mapping {policy, binding, param}, got a number",
      ],
      [
        "t.yaml:25:11: spec.cases[3].skip: expected true, false or a reason, got a number",
        't.yaml:24: name: "fine" is already the name of the case on line 7',
      ],
    ],
  },
];

for (const r of readRows) {
  test(`readTestFile: ${r.name}`, () => {
    const read = readTestFile({ path: "t.yaml", text: r.text });
    assert.deepEqual(read.errors, r.errors);
    if (r.caseErrors) assert.deepEqual(read.tests[0].cases.map((c) => ("errors" in c ? c.errors : [])), r.caseErrors);
  });
}
