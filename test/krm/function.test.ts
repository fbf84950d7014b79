// The KRM function end to end in-process: pass-through identity, results with file locations,
// functionConfig errors as results, exit code, and re-rendering only the items that changed.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { AdmitOptions, KrmResult } from "../../src/admission/index.js";
import { JsonFloat, type JsonObject } from "../../src/data/index.js";
import { exitCodeOf, resultFor, runFunction, withFiles, type Admitter } from "../../src/krm/index.js";
import { rlYaml } from "./fixtures.js";

const kptInput = `apiVersion: config.kubernetes.io/v1
kind: ResourceList
items:
- # The web tier.
  apiVersion: apps/v1
  kind: Deployment
  metadata:
    name: web # keep
    namespace: shop
    annotations:
      config.kubernetes.io/index: '0'
      config.kubernetes.io/path: 'deploy.yaml'
      internal.config.kubernetes.io/index: '0'
      internal.config.kubernetes.io/path: 'deploy.yaml'
      internal.config.kubernetes.io/id: '1'
      config.k8s.io/id: '1'
  spec:
    replicas: 3
    template:
      spec:
        containers:
        - name: app
          image: "nginx:1.27" # pinned
          args: [a, "b"]
          resources: {limits: {cpu: 1.0}}
- apiVersion: v1
  kind: ConfigMap
  metadata:
    name: cm
    annotations:
      config.kubernetes.io/local-config: "true"
      internal.config.kubernetes.io/path: 'cm.yaml'
      internal.config.kubernetes.io/index: '1'
  data:
    on: "yes"
functionConfig:
  apiVersion: v1
  kind: ConfigMap
  metadata:
    name: function-input
  data: {}
`;

/** Pass-through tests run quiet: without `--quiet` the output gains the summary result (tested below). */
const quiet = { quiet: true } as const;

test("pass-through: output is the input byte for byte (styles, comments, annotations)", () => {
  const run = runFunction(kptInput, undefined, quiet);
  assert.equal(run.stdout, kptInput);
  assert.equal(run.exitCode, 0);
});

test("not quiet: a run that changes nothing gains exactly one summary info result, saying so", () => {
  const run = runFunction(kptInput);
  assert.deepEqual(run.results, [{ severity: "info", message: "2 objects read, 0 changed by 0 invocations, 0 warnings, 0 errors", tags: { code: "summary" } }]);
  assert.equal(run.stdout, kptInput + "results:\n- message: 2 objects read, 0 changed by 0 invocations, 0 warnings, 0 errors\n  severity: info\n  tags:\n    code: summary\n");
});

test("pass-through of a v1beta1 ResourceList and a v1 List", () => {
  for (const head of ["apiVersion: config.kubernetes.io/v1beta1\nkind: ResourceList\n", "apiVersion: v1\nkind: List\n"]) {
    const text = head + "items:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: a\n";
    assert.equal(runFunction(text, undefined, quiet).stdout, text);
  }
});

test("pass-through of a list that starts with a document marker and has a comment before items", () => {
  const text = "---\n# header\napiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n# first\n- apiVersion: v1\n  kind: A\n  metadata: {name: a}\n";
  assert.equal(runFunction(text, undefined, quiet).stdout, text);
});

test("a stale results field is replaced (list re-serialised)", () => {
  const text = rlYaml("- apiVersion: v1\n  kind: A\n  metadata:\n    name: a\n", "results:\n- message: old\n  severity: error\n");
  const run = runFunction(text, undefined, quiet);
  assert.equal(run.stdout, rlYaml("- apiVersion: v1\n  kind: A\n  metadata:\n    name: a\n"));
  assert.equal(run.exitCode, 0);
});

test("JSON in gives JSON out, numbers keep their kinds", () => {
  const text = '{"apiVersion":"config.kubernetes.io/v1","kind":"ResourceList","items":[{"apiVersion":"v1","kind":"X","metadata":{"name":"a"},"f":1.0,"i":1,"b":12345678901234567890}]}';
  const run = runFunction(text, undefined, quiet);
  assert.equal(run.exitCode, 0);
  assert.equal(JSON.stringify(JSON.parse(run.stdout)), JSON.stringify(JSON.parse(text)));
  assert.match(run.stdout, /"f": 1\.0,/);
  assert.match(run.stdout, /"b": 12345678901234567000\.0/);
});

test("the text is released once before admission for JSON input, never for YAML (spliced from it)", () => {
  const json = '{"apiVersion":"config.kubernetes.io/v1","kind":"ResourceList","items":[{"apiVersion":"v1","kind":"X","metadata":{"name":"a"}}]}';
  const events: string[] = [];
  const admit: Admitter = (items) => {
    events.push("admit");
    return { items, results: [] };
  };
  const onTextReleased = (): void => void events.push("released");
  assert.equal(runFunction(json, admit, { ...quiet, onTextReleased }).exitCode, 0);
  assert.deepEqual(events, ["released", "admit"]);
  events.length = 0;
  assert.equal(runFunction(kptInput, admit, { ...quiet, onTextReleased }).exitCode, 0);
  assert.deepEqual(events, ["admit"]);
});

const addLabel: Admitter = (items) => ({
  items: items.map((it) => (it.kind === "Deployment" ? { ...it, spec: { ...(it.spec as JsonObject), replicas: 5, extra: new JsonFloat(2) } } : it)),
  results: [resultFor(items[0], "info", "mutated by p1", { tags: { policy: "p1", binding: "b1" } })],
});

test("a changed item is re-serialised with its quoting and flow styles; other items stay byte-identical", () => {
  const run = runFunction(kptInput, addLabel);
  // The changed item loses its comments: kpt and kustomize restore them from their own copy.
  const expected = kptInput
    .replace("- # The web tier.\n  apiVersion: apps/v1\n", "- apiVersion: apps/v1\n")
    .replace("    name: web # keep\n", "    name: web\n")
    .replace('          image: "nginx:1.27" # pinned\n', '          image: "nginx:1.27"\n')
    .replace("    replicas: 3\n", "    replicas: 5\n")
    .replace("          resources: {limits: {cpu: 1.0}}\n", "          resources: {limits: {cpu: 1.0}}\n    extra: 2.0\n")
    + "results:\n- message: mutated by p1\n  severity: info\n  resourceRef:\n    apiVersion: apps/v1\n    kind: Deployment\n    name: web\n    namespace: shop\n  file:\n    path: deploy.yaml\n    index: 0\n  tags:\n    policy: p1\n    binding: b1\n";
  assert.equal(run.stdout, expected);
  assert.equal(run.exitCode, 0);
});

test("an error result makes exit code 1 and gets the file of its object", () => {
  const err: Admitter = (items) => ({ items, results: [{ severity: "error", message: "denied", resourceRef: { apiVersion: "v1", kind: "ConfigMap", name: "cm" } }] });
  const run = runFunction(kptInput, err);
  assert.equal(run.exitCode, 1);
  assert.deepEqual(run.results[0].file, { path: "cm.yaml", index: 1 });
  assert.ok(run.stdout.startsWith(kptInput), "items untouched, results appended");
});

test("a bad functionConfig is an error result; items pass through unchanged and admission does not run", () => {
  const text = rlYaml("- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: a\n", "functionConfig:\n  apiVersion: fn.kmutate.dev/v1alpha1\n  kind: MutationConfig\n  spec:\n    operation: PATCH\n");
  const run = runFunction(text, () => assert.fail("admission must not run"));
  assert.equal(run.exitCode, 1);
  assert.equal(
    run.stdout,
    text + "results:\n- message: 'functionConfig spec.operation: \"PATCH\" is not allowed; allowed values: CREATE, UPDATE, DELETE'\n  severity: error\n  field:\n    path: functionConfig.spec.operation\n  tags:\n    code: FUNCTION_CONFIG\n",
  );
});

test("the functionConfig reaches admission as options", () => {
  let seen: AdmitOptions | undefined;
  const text = rlYaml("- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: a\n", "functionConfig:\n  apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: function-input\n  data:\n    operation: UPDATE\n    groups: a,b\n");
  runFunction(text, (items, o) => {
    seen = o;
    return { items, results: [] };
  });
  assert.equal(seen?.operation, "UPDATE");
  assert.deepEqual(seen?.userInfo.groups, ["a", "b"]);
});

test("admission that drops an item is an internal error, and no item is lost", () => {
  const run = runFunction(kptInput, (items) => ({ items: items.slice(1), results: [] }));
  assert.equal(run.exitCode, 1);
  assert.equal(run.results[0].message, "internal error: admission returned 1 items for 2");
  assert.ok(run.stdout.startsWith(kptInput));
});

test("admission that throws is one internal-error result, never a stack trace", () => {
  const run = runFunction(kptInput, () => {
    throw new Error("boom");
  });
  assert.equal(run.exitCode, 1);
  assert.deepEqual(run.results, [{ severity: "error", message: "internal error: boom" }]);
  assert.equal(run.stderr, "");
});

test("flow-style items are re-serialised (no spans), still complete and in order", () => {
  const text = 'apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems: [{apiVersion: v1, kind: A, metadata: {name: a}}, {apiVersion: v1, kind: B, metadata: {name: b}}]\n';
  const run = runFunction(text, undefined, quiet);
  assert.equal(run.stdout, "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n- apiVersion: v1\n  kind: A\n  metadata:\n    name: a\n- apiVersion: v1\n  kind: B\n  metadata:\n    name: b\n");
});

test("wide (indented) item sequences are spliced too", () => {
  const text = "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n  - apiVersion: v1\n    kind: A\n    metadata:\n      name: a # c\n    v: 'q'\n  - apiVersion: v1\n    kind: B\n    metadata:\n      name: b\n";
  const run = runFunction(text, (items) => ({ items: [items[0], { ...items[1], x: 1, n: "no" }], results: [] }));
  assert.equal(run.stdout, text + '    x: 1\n    "n": "no"\n');
});

const exitRows: Array<{ name: string; results: KrmResult[]; expected: 0 | 1 }> = [
  { name: "no results", results: [], expected: 0 },
  { name: "info and warning only", results: [{ severity: "info", message: "i" }, { severity: "warning", message: "w" }], expected: 0 },
  { name: "one error among others", results: [{ severity: "warning", message: "w" }, { severity: "error", message: "e" }], expected: 1 },
];
for (const row of exitRows) {
  test(`exit code: ${row.name}`, () => assert.equal(exitCodeOf(row.results), row.expected));
}

test("withFiles: internal annotations win over legacy ones; results with a file keep it", () => {
  const item: JsonObject = { apiVersion: "v1", kind: "A", metadata: { name: "a", annotations: { "config.kubernetes.io/path": "old.yaml", "internal.config.kubernetes.io/path": "new.yaml" } } };
  const legacy: JsonObject = { apiVersion: "v1", kind: "B", metadata: { name: "b", annotations: { "config.kubernetes.io/path": "b.yaml", "config.kubernetes.io/index": "3" } } };
  const out = withFiles(
    [
      { severity: "info", message: "1", resourceRef: { apiVersion: "v1", kind: "A", name: "a" } },
      { severity: "info", message: "2", resourceRef: { apiVersion: "v1", kind: "B", name: "b" } },
      { severity: "info", message: "3", resourceRef: { apiVersion: "v1", kind: "A", name: "a" }, file: { path: "kept" } },
      { severity: "info", message: "4", resourceRef: { apiVersion: "v1", kind: "A", name: "a", namespace: "other" } },
    ],
    [item, legacy],
  );
  assert.deepEqual(out.map((r) => r.file), [{ path: "new.yaml" }, { path: "b.yaml", index: 3 }, { path: "kept" }, undefined]);
});
