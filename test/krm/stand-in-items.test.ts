// A YAML list without policies run with stand-in items gives exactly the output, results and exit
// code of the same run on whole items; a list that turns out to hold a policy is run on whole items.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import type { JsonObject } from "../../src/data/index.js";
import { readDocument, runFunction, writeYaml } from "../../src/krm/index.js";
import { StandIns } from "../../src/krm/stand-in-items.js";

/** Both runs of `text`: with stand-ins, then on whole items. */
function both(text: string): [ReturnType<typeof runFunction>, ReturnType<typeof runFunction>] {
  return [runFunction(text, undefined, { standInItems: true }), runFunction(text, undefined, { standInItems: false })];
}

function assertSame(text: string): void {
  const [lazy, whole] = both(text);
  assert.equal(lazy.stdout, whole.stdout);
  assert.equal(lazy.stderr, whole.stderr);
  assert.equal(lazy.exitCode, whole.exitCode);
  assert.deepEqual(lazy.results, whole.results);
}

/** How many stand-ins reading `text` makes (0: every item kept whole, or another reader). */
function standIns(text: string): number {
  const s = new StandIns();
  readDocument(text, s.itemValue);
  return s.count;
}

const kpt = (path: string, index: number): JsonObject => ({ "config.kubernetes.io/path": path, "internal.config.kubernetes.io/path": path, "config.kubernetes.io/index": String(index) });
const cm = (name: string, extra: JsonObject = {}): JsonObject => ({ apiVersion: "v1", kind: "ConfigMap", metadata: { name, namespace: "apps", annotations: kpt(`${name}.yaml`, 0) }, data: { k: "v", script: "#!/bin/sh\n# not a comment\necho hi\n" }, ...extra });
const list = (items: JsonObject[], extra: JsonObject = {}): string => writeYaml({ apiVersion: "config.kubernetes.io/v1", kind: "ResourceList", items, ...extra });

const rows: Array<{ name: string; text: string; standIns: number }> = [
  { name: "ConfigMaps, a Namespace and a Deployment", standIns: 2, text: list([{ apiVersion: "v1", kind: "Namespace", metadata: { name: "apps", labels: { env: "prod" } } }, cm("a"), { apiVersion: "apps/v1", kind: "Deployment", metadata: { name: "d", namespace: "apps" }, spec: { replicas: 2 } }]) },
  { name: "a missing Namespace, strict", standIns: 1, text: list([cm("a")], { functionConfig: { apiVersion: "fn.kmutate.dev/v1alpha1", kind: "MutationConfig", metadata: { name: "c" }, spec: { strict: true, operation: "UPDATE" } } }) },
  { name: "a Job (its labels are defaulted before matching) and a local-config item", standIns: 2, text: list([{ apiVersion: "batch/v1", kind: "Job", metadata: { name: "j" }, spec: { template: { spec: { containers: [{ name: "c", image: "i" }] } } } }, cm("l", { metadata: { name: "l", annotations: { "config.kubernetes.io/local-config": "true" } } })]) },
  { name: "a CRD and its object", standIns: 1, text: list([{ apiVersion: "apiextensions.k8s.io/v1", kind: "CustomResourceDefinition", metadata: { name: "ws.x.io" }, spec: { group: "x.io", names: { kind: "W", plural: "ws" }, scope: "Namespaced", versions: [{ name: "v1", served: true, storage: true }] } }, { apiVersion: "x.io/v1", kind: "W", metadata: { name: "w", namespace: "n" } }]) },
  { name: "an item without a name (error results)", standIns: 2, text: list([cm("a"), { apiVersion: "v1", kind: "ConfigMap", metadata: { namespace: "x" } }]) },
  { name: "a stale results field (re-serialised: run on whole items)", standIns: 1, text: list([cm("a")], { results: [{ message: "old", severity: "info" }] }) },
  { name: "a bad side-input ConfigMap", standIns: 1, text: list([cm("a"), cm("s", { metadata: { name: "s", annotations: { "fn.kmutate.dev/side-input": "nope" } } })]) },
];

for (const row of rows) {
  test(`stand-ins: ${row.name} — same output, results and exit code as whole items`, () => {
    assert.equal(standIns(row.text), row.standIns);
    assertSame(row.text);
  });
}

test("stand-ins: a policy whose apiVersion is written with escapes is still found and applied", () => {
  const text = `apiVersion: config.kubernetes.io/v1
kind: ResourceList
items:
- apiVersion: "\\x61dmissionregistration.k8s.io/v1"
  kind: MutatingAdmissionPolicy
  metadata:
    name: p
  spec:
    matchConstraints:
      resourceRules:
      - apiGroups: [""]
        apiVersions: [v1]
        operations: [CREATE]
        resources: [configmaps]
    failurePolicy: Fail
    reinvocationPolicy: Never
    mutations:
    - patchType: JSONPatch
      jsonPatch:
        expression: '[JSONPatch{op: "add", path: "/data/x", value: "y"}]'
- apiVersion: "\\x61dmissionregistration.k8s.io/v1"
  kind: MutatingAdmissionPolicyBinding
  metadata:
    name: b
  spec:
    policyName: p
- apiVersion: v1
  kind: ConfigMap
  metadata:
    name: c
  data:
    a: b
`;
  assert.ok(StandIns.applies(text));
  const [lazy] = both(text);
  assert.equal(lazy.exitCode, 0, lazy.stdout);
  assert.match(lazy.stdout, /\n {4}x: "y"\n/);
  assertSame(text);
});

test("stand-ins: a list naming admissionregistration is read whole", () => {
  assert.equal(StandIns.applies(list([cm("a", { data: { note: "admissionregistration" } })])), false);
});

const name = fc.stringMatching(/^[a-z][a-z0-9-]{0,6}$/);
const labels = fc.dictionary(fc.constantFrom("app", "env", "kubernetes.io/metadata.name"), name, { maxKeys: 2 });
const annotations = fc.dictionary(fc.constantFrom("config.kubernetes.io/local-config", "config.kubernetes.io/path", "a.io/b"), fc.constantFrom("true", "false", "x.yaml"), { maxKeys: 2 });
const anyItem: fc.Arbitrary<JsonObject> = fc.record({
  kind: fc.constantFrom(["v1", "ConfigMap"], ["v1", "Namespace"], ["batch/v1", "Job"], ["apps/v1", "Deployment"], ["v1", "Pod"], ["x.io/v1", "Unknown"], ["kpt.dev/v1", "Kptfile"]),
  name: fc.option(name, { nil: undefined }),
  namespace: fc.option(name, { nil: undefined }),
  labels,
  annotations,
  replicas: fc.option(fc.integer({ min: -1, max: 3 }), { nil: undefined }),
}).map(({ kind, name, namespace, labels, annotations, replicas }) => ({
  apiVersion: kind[0],
  kind: kind[1],
  metadata: { ...(name !== undefined ? { name } : {}), ...(namespace !== undefined ? { namespace } : {}), labels, annotations },
  ...(replicas !== undefined ? { spec: { replicas } } : {}),
}));
const config = fc.option(fc.record({ operation: fc.constantFrom("CREATE", "UPDATE", "DELETE"), strict: fc.boolean() }), { nil: undefined });

test("property: lists without policies give the same run with stand-ins as with whole items", () => {
  fc.assert(
    fc.property(fc.array(anyItem, { maxLength: 6 }), config, (items, spec) => {
      const fnConfig: JsonObject = spec ? { functionConfig: { apiVersion: "fn.kmutate.dev/v1alpha1", kind: "MutationConfig", metadata: { name: "c" }, spec } } : {};
      assertSame(list(items, fnConfig));
    }),
    { numRuns: 300, seed: 22 },
  );
});
