// Admission on the server view (issue 23): CEL, JSON patches and apply configurations see the
// object as kube-apiserver decodes (and, with `defaulting: builtin`, defaults) it; the output is
// the manifest plus exactly the policies' changes; a JSON patch result that does not decode into
// the Go type stops the request whatever the failurePolicy (issue 17 item 4).
import { test } from "node:test";
import assert from "node:assert/strict";
import { admit, defaultAdmitOptions, type AdmitOptions, type KrmResult } from "../../src/admission/index.js";
import type { JsonObject } from "../../src/data/index.js";
import { binding, policy } from "./fixtures.js";

const options = (extra: Partial<AdmitOptions> = {}): AdmitOptions => ({ ...defaultAdmitOptions, ...extra });
const raw = options({ view: { mode: "raw", defaulting: "none" } });
const builtin = options({ view: { mode: "server", defaulting: "builtin" } });

const web = (spec: JsonObject = {}, metadata: JsonObject = {}): JsonObject => ({
  apiVersion: "apps/v1",
  kind: "Deployment",
  metadata: { name: "web", namespace: "default", ...metadata },
  spec: { selector: { matchLabels: { app: "web" } }, template: { metadata: { labels: { app: "web" } }, spec: { containers: [{ name: "web", image: "nginx" }] } }, ...spec },
});

const jsonPatch = (expression: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({ mutations: [{ patchType: "JSONPatch", jsonPatch: { expression } }], ...extra });
const apply = (expression: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({ mutations: [{ patchType: "ApplyConfiguration", applyConfiguration: { expression } }], ...extra });
const annotate = (value: string, extra: Record<string, unknown> = {}): Record<string, unknown> => apply(`Object{metadata: Object.metadata{annotations: {"seen": ${value}}}}`, extra);

/** Admits `object` under one policy `p` (bound as `p-b`); the output item and the results other than info. */
function run(spec: Record<string, unknown>, object: JsonObject, opts: AdmitOptions = options(), rules?: Record<string, unknown>, bindingSpec: Record<string, unknown> = {}): { item: JsonObject; results: KrmResult[] } {
  const p = policy("p", rules ? { ...spec, matchConstraints: rules } : spec);
  const out = admit([p, binding("p-b", "p", bindingSpec), object], opts);
  return { item: out.items[2], results: out.results.filter((r) => r.severity !== "info") };
}

const withAnnotation = (o: JsonObject, value: string): JsonObject => ({ ...o, metadata: { ...(o.metadata as JsonObject), annotations: { seen: value } } });

const readRows: { name: string; expr: string; object?: JsonObject; opts?: AdmitOptions; seen: string }[] = [
  { name: "a struct the manifest lacks is there, zero-valued", expr: "string(has(object.spec.strategy))", seen: "true" },
  { name: "raw view: the manifest as written", expr: "string(has(object.spec.strategy))", opts: raw, seen: "false" },
  { name: "a container's resources are there", expr: "string(has(object.spec.template.spec.containers[0].resources))", seen: "true" },
  { name: "status is there", expr: "string(has(object.status))", seen: "true" },
  { name: "an empty labels map is gone (omitempty)", expr: "string(has(object.metadata.labels))", object: web({}, { labels: {} }), seen: "false" },
  { name: "a null creationTimestamp is gone (omitzero)", expr: "string(has(object.metadata.creationTimestamp))", object: web({}, { creationTimestamp: null }), seen: "false" },
  { name: "a quantity is canonical", expr: "object.spec.template.spec.containers[0].resources.limits.memory", object: web({ template: { spec: { containers: [{ name: "web", resources: { limits: { memory: "1024Mi" } } }] } } }), seen: "1Gi" },
  { name: "without defaulting, no imagePullPolicy", expr: "string(has(object.spec.template.spec.containers[0].imagePullPolicy))", seen: "false" },
  { name: "with defaulting builtin, the default imagePullPolicy", expr: "object.spec.template.spec.containers[0].imagePullPolicy", opts: builtin, seen: "Always" },
  { name: "with defaulting builtin, the default strategy", expr: "object.spec.strategy.rollingUpdate.maxSurge", opts: builtin, seen: "25%" },
];

for (const row of readRows) {
  test(`server view, CEL object: ${row.name}`, () => {
    const object = row.object ?? web();
    const { item, results } = run(annotate(row.expr), object, row.opts);
    assert.deepEqual(results, []);
    assert.deepEqual(item, withAnnotation(object, row.seen));
  });
}

test("server view, CEL oldObject (UPDATE): the old object's view", () => {
  const { item, results } = run(annotate("string(has(oldObject.spec.strategy))"), web(), options({ operation: "UPDATE" }), {
    resourceRules: [{ apiGroups: ["apps"], apiVersions: ["v1"], operations: ["UPDATE"], resources: ["deployments"] }],
  });
  assert.deepEqual(results, []);
  assert.deepEqual(item, withAnnotation(web(), "true"));
});

test("server view: a JSON patch into a struct the manifest lacks applies; only the patched field is written", () => {
  const { item, results } = run(jsonPatch(`[JSONPatch{op: "add", path: "/spec/template/spec/containers/0/resources/limits", value: {"cpu": "500m"}}]`), web());
  assert.deepEqual(results, []);
  const expected = web({ template: { metadata: { labels: { app: "web" } }, spec: { containers: [{ name: "web", image: "nginx", resources: { limits: { cpu: "500m" } } }] } } });
  assert.deepEqual(item, expected);
});

test("raw view: the same JSON patch fails on the missing path", () => {
  const object = web();
  const { item, results } = run(jsonPatch(`[JSONPatch{op: "add", path: "/spec/template/spec/containers/0/resources/limits", value: {"cpu": "500m"}}]`), object, raw);
  assert.equal(item, object);
  assert.deepEqual(results.map((r) => r.message), [
    `policy 'p' with binding 'p-b' denied request: JSON Patch: add operation does not apply: doc is missing path: "/spec/template/spec/containers/0/resources/limits": missing value`,
  ]);
});

test("server view: a JSON patch copying the view's containers writes no zero values, but the defaults it copied", () => {
  const { item, results } = run(jsonPatch(`[JSONPatch{op: "add", path: "/spec/template/spec/initContainers", value: object.spec.template.spec.containers}]`), web(), builtin);
  assert.deepEqual(results, []);
  const tpl = (item.spec as JsonObject).template as JsonObject;
  assert.deepEqual((tpl.spec as JsonObject).initContainers, [{ name: "web", image: "nginx", imagePullPolicy: "Always", terminationMessagePath: "/dev/termination-log", terminationMessagePolicy: "File" }]);
  const plain = run(jsonPatch(`[JSONPatch{op: "add", path: "/spec/template/spec/initContainers", value: object.spec.template.spec.containers}]`), web());
  assert.deepEqual((((plain.item.spec as JsonObject).template as JsonObject).spec as JsonObject).initContainers, [{ name: "web", image: "nginx" }]);
});

/** [name, object, JSON patch expression, expected error text] — issue 17 item 4. */
const decodeRows: [string, JsonObject, string, string][] = [
  ["a string replicas", web(), `[JSONPatch{op: "replace", path: "/spec/replicas", value: "3"}]`,
    "Internal error occurred: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32"],
  ["a number in ConfigMap data", { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "c", namespace: "default" }, data: { a: "b" } }, `[JSONPatch{op: "add", path: "/data/n", value: 5}]`,
    "Internal error occurred: json: cannot unmarshal number into Go struct field ConfigMap.data of type string"],
  ["a fraction for an int32", web(), `[JSONPatch{op: "add", path: "/spec/minReadySeconds", value: 1.5}]`,
    "Internal error occurred: json: cannot unmarshal number 1.5 into Go struct field DeploymentSpec.spec.minReadySeconds of type int32"],
  ["an invalid quantity", web(), `[JSONPatch{op: "add", path: "/spec/template/spec/containers/0/resources/limits", value: {"cpu": "lots"}}]`,
    "Internal error occurred: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"],
  ["an unknown field", web(), `[JSONPatch{op: "add", path: "/spec/template/spec/unknownField", value: 1}]`,
    "Internal error occurred: strict decoding error: unknown field \"spec.template.spec.unknownField\""],
];

for (const [name, object, expr, message] of decodeRows) {
  for (const failurePolicy of ["Fail", "Ignore"]) {
    test(`server view: a JSON patch result with ${name} stops the request (failurePolicy ${failurePolicy})`, () => {
      const rules = { resourceRules: [{ apiGroups: ["*"], apiVersions: ["*"], operations: ["CREATE"], resources: ["*"] }] };
      const { item, results } = run(jsonPatch(expr, { failurePolicy }), object, options(), rules);
      assert.equal(item, object);
      assert.deepEqual(results, [{ message, severity: "error", resourceRef: { apiVersion: String(object.apiVersion), kind: String(object.kind), name: String((object.metadata as JsonObject).name), namespace: "default" }, tags: { policy: "p", binding: "p-b", policyField: "spec.mutations[0].jsonPatch.expression" } }]);
    });
  }
}

test("server view: a manifest that does not decode is refused as the apiserver refuses it, when a policy is invoked", () => {
  const bad = web({ replicas: "3" });
  const { item, results } = run(annotate(`"x"`), bad);
  assert.equal(item, bad);
  assert.deepEqual(results.map((r) => [r.severity, r.message]), [
    ["error", 'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32'],
  ]);
  const unmatched = run(annotate(`"x"`), bad, options(), undefined, { matchResources: { objectSelector: { matchLabels: { never: "x" } } } });
  assert.deepEqual(unmatched.results.map((r) => [r.severity, r.tags?.code]), [["warning", "unmatched-policy"]]);
  assert.equal(unmatched.item, bad);
});

test("server view: unknown manifest fields are dropped from the view with a warning each, and kept in the output", () => {
  const object = web({ foo: 1 }, { bar: "x" });
  const { item, results } = run(annotate("string(has(object.spec.foo))"), object);
  assert.deepEqual(results.map((r) => [r.severity, r.message, r.field]), [
    ["warning", 'unknown field "metadata.bar"', { path: "metadata.bar" }],
    ["warning", 'unknown field "spec.foo"', { path: "spec.foo" }],
  ]);
  assert.deepEqual(item, withAnnotation(object, "false"));
});

test("server view with strict: unknown manifest fields refuse the object (fieldValidation Strict)", () => {
  const object = web({ foo: 1 });
  const { item, results } = run(annotate(`"x"`), object, options({ strict: true }));
  assert.equal(item, object);
  assert.deepEqual(results.map((r) => [r.severity, r.message]), [
    ["error", 'Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.foo"'],
  ]);
});

test("server view: an object no policy changes is the input object itself", () => {
  const object = web({}, { labels: {}, creationTimestamp: null });
  const { item, results } = run(jsonPatch(`[JSONPatch{op: "test", path: "/spec/strategy", value: {}}]`), object, builtin);
  assert.deepEqual(results, []);
  assert.equal(item, object);
});

test("server view with defaulting builtin: a Job's labels default to its template's and objectSelector sees them", () => {
  const job: JsonObject = { apiVersion: "batch/v1", kind: "Job", metadata: { name: "j", namespace: "default" }, spec: { template: { metadata: { labels: { team: "a" } }, spec: { containers: [{ name: "c", image: "busybox" }] } } } };
  const rules = { resourceRules: [{ apiGroups: ["batch"], apiVersions: ["v1"], operations: ["CREATE"], resources: ["jobs"] }] };
  const sel = { matchResources: { objectSelector: { matchLabels: { team: "a" } } } };
  assert.deepEqual(run(annotate(`"x"`), job, builtin, rules, sel).item, withAnnotation(job, "x"));
  assert.equal(run(annotate(`"x"`), job, options(), rules, sel).item, job);
});

test("server view with defaulting builtin: a CRD's schema defaults are seen, not written", () => {
  const crd: JsonObject = {
    apiVersion: "apiextensions.k8s.io/v1", kind: "CustomResourceDefinition", metadata: { name: "widgets.example.com" },
    spec: {
      group: "example.com", scope: "Namespaced", names: { kind: "Widget", plural: "widgets", singular: "widget", listKind: "WidgetList" },
      versions: [{ name: "v1", served: true, storage: true, schema: { openAPIV3Schema: { type: "object", properties: { spec: { type: "object", default: {}, properties: { size: { type: "integer", default: 3 } } } } } } }],
    },
  };
  const widget: JsonObject = { apiVersion: "example.com/v1", kind: "Widget", metadata: { name: "w", namespace: "default" } };
  const p = policy("p", { ...annotate("string(object.spec.size)"), matchConstraints: { resourceRules: [{ apiGroups: ["example.com"], apiVersions: ["v1"], operations: ["CREATE"], resources: ["widgets"] }] } });
  const out = admit([crd, p, binding("p-b", "p"), widget], builtin);
  assert.deepEqual(out.items[3], withAnnotation(widget, "3"));
  const none = admit([crd, p, binding("p-b", "p"), widget], options());
  assert.equal(none.results.filter((r) => r.severity === "error").length, 1);
});
