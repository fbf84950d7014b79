// The validating stage on the server view (issue 23): validations, messageExpressions,
// auditAnnotations and matchConditions see the typed (with `defaulting: builtin`, defaulted) view
// of the object the mutating stage produced, as kube-apiserver's ValidatingAdmissionPolicies see it
// after mutation; a manifest that does not decode is refused before any policy runs.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { AdmitOptions } from "../../../src/admission/index.js";
import type { JsonObject } from "../../../src/data/index.js";
import { lines, run, vap, vapBinding } from "./fixtures.js";

const PB = "ValidatingAdmissionPolicy 'p' with binding 'b'";
const raw: Partial<AdmitOptions> = { view: { mode: "raw", defaulting: "none" } };
const builtin: Partial<AdmitOptions> = { view: { mode: "server", defaulting: "builtin" } };

const deployRules = { resourceRules: [{ apiGroups: ["apps"], apiVersions: ["v1"], operations: ["CREATE", "UPDATE", "DELETE"], resources: ["deployments"] }] };

const web = (spec: JsonObject = {}, metadata: JsonObject = {}): JsonObject => ({
  apiVersion: "apps/v1",
  kind: "Deployment",
  metadata: { name: "web", namespace: "default", ...metadata },
  spec: { selector: { matchLabels: { app: "web" } }, template: { metadata: { labels: { app: "web" } }, spec: { containers: [{ name: "web", image: "nginx" }] } }, ...spec },
});

/** A VAP on Deployments denying with `message` unless `expression` holds. */
const check = (expression: string, extra: Record<string, unknown> = {}): JsonObject => vap("p", { matchConstraints: deployRules, validations: [{ expression, message: "no" }], ...extra });

/** A MAP on Deployments with one mutation of `patchType`. */
function map(patchType: "JSONPatch" | "ApplyConfiguration", expression: string): JsonObject[] {
  const mutation: JsonObject = patchType === "JSONPatch" ? { patchType, jsonPatch: { expression } } : { patchType, applyConfiguration: { expression } };
  const mapRules = { resourceRules: [{ apiGroups: ["apps"], apiVersions: ["v1"], operations: ["CREATE", "UPDATE"], resources: ["deployments"] }] };
  return [
    {
      apiVersion: "admissionregistration.k8s.io/v1",
      kind: "MutatingAdmissionPolicy",
      metadata: { name: "m" },
      spec: { matchConstraints: mapRules, failurePolicy: "Fail", reinvocationPolicy: "Never", mutations: [mutation] },
    },
    { apiVersion: "admissionregistration.k8s.io/v1", kind: "MutatingAdmissionPolicyBinding", metadata: { name: "m-b" }, spec: { policyName: "m" } },
  ];
}

const denied = `error web: ${PB} denied request: no`;

const rows: { name: string; items: JsonObject[]; options?: Partial<AdmitOptions>; expected: string[] }[] = [
  { name: "a struct the manifest lacks is there (no MAP)", items: [check("has(object.spec.strategy) && has(object.status)"), web()], expected: [] },
  { name: "raw view: the manifest as written", items: [check("has(object.spec.strategy)"), web()], options: raw, expected: [denied] },
  { name: "a container's resources are there", items: [check("has(object.spec.template.spec.containers[0].resources)"), web()], expected: [] },
  { name: "an empty labels map is gone (omitempty)", items: [check("!has(object.metadata.labels)"), web({}, { labels: {} })], expected: [] },
  { name: "a quantity is canonical", items: [check("object.spec.template.spec.containers[0].resources.limits.memory == '1Gi'"), web({ template: { spec: { containers: [{ name: "web", resources: { limits: { memory: "1024Mi" } } }] } } })], expected: [] },
  { name: "without defaulting, no imagePullPolicy", items: [check("!has(object.spec.template.spec.containers[0].imagePullPolicy)"), web()], expected: [] },
  { name: "defaulting builtin: the defaulted view", items: [check("object.spec.template.spec.containers[0].imagePullPolicy == 'Always' && object.spec.strategy.rollingUpdate.maxSurge == '25%'"), web()], options: builtin, expected: [] },
  {
    name: "after a JSON patch: the mutated view (zero-valued structs kept)",
    items: [...map("JSONPatch", `[JSONPatch{op: "add", path: "/spec/template/spec/containers/0/resources/limits", value: {"cpu": "500m"}}]`), check("object.spec.template.spec.containers[0].resources.limits.cpu == '500m' && has(object.spec.strategy)"), web()],
    expected: [],
  },
  {
    name: "after an apply configuration that writes an empty map: the map is gone",
    items: [...map("ApplyConfiguration", `Object{metadata: Object.metadata{annotations: {}}}`), check("!has(object.metadata.annotations)"), web()],
    expected: [],
  },
  {
    name: "after a mutation, defaulting builtin: the container the policy added is defaulted",
    items: [...map("ApplyConfiguration", `Object{spec: Object.spec{template: Object.spec.template{spec: Object.spec.template.spec{containers: [Object.spec.template.spec.containers{name: "side", image: "busybox:1.36"}]}}}}`), check("object.spec.template.spec.containers.map(c, c.imagePullPolicy) == ['Always', 'IfNotPresent']"), web()],
    options: builtin,
    expected: [],
  },
  { name: "messageExpression reads the view", items: [vap("p", { matchConstraints: deployRules, validations: [{ expression: "false", messageExpression: "'status=' + string(has(object.status))" }] }), web()], expected: [`error web: ${PB} denied request: status=true`] },
  { name: "matchConditions read the view", items: [check("false", { matchConditions: [{ name: "typed", expression: "has(object.spec.strategy)" }] }), web()], expected: [denied] },
  { name: "matchConditions, raw view: not matched", items: [check("false", { matchConditions: [{ name: "typed", expression: "has(object.spec.strategy)" }] }), web()], options: raw, expected: [] },
  {
    name: "auditAnnotations read the view",
    items: [vap("p", { matchConstraints: deployRules, validations: undefined, auditAnnotations: [{ key: "typed", valueExpression: "string(has(object.spec.strategy))" }] }), web()],
    expected: ["info web: p/typed: true"],
  },
  { name: "UPDATE: oldObject is the old object's view", items: [check("has(oldObject.spec.strategy)"), web()], options: { operation: "UPDATE" }, expected: [] },
  { name: "DELETE: oldObject is the view, object null", items: [check("object == null && has(oldObject.spec.strategy)"), web()], options: { operation: "DELETE" }, expected: [] },
  {
    name: "a manifest that does not decode is refused before validation",
    items: [check("false"), web({ replicas: "3" })],
    expected: [`error web: Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32`],
  },
  { name: "an unknown field: a warning, dropped from the view", items: [check("!has(object.spec.foo)"), web({ foo: 1 })], expected: [`warning web: unknown field "spec.foo"`] },
  {
    name: "an unknown field under strict: refused, not validated",
    items: [check("false"), web({ foo: 1 })],
    options: { strict: true },
    expected: [`error web: Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.foo"`],
  },
  {
    name: "an unknown field with a MAP and a VAP: one warning (the view is shared)",
    items: [...map("ApplyConfiguration", `Object{metadata: Object.metadata{labels: {"x": "y"}}}`), check("object.metadata.labels.x == 'y' && !has(object.spec.foo)"), web({ foo: 1 })],
    expected: [`warning web: unknown field "spec.foo"`],
  },
  { name: "an object no VAP matches is not decoded (no refusal)", items: [vap("p"), web({ replicas: "3" })], expected: [] },
];

for (const row of rows) {
  test(`VAP on the server view: ${row.name}`, () => {
    const items = [...row.items];
    const p = items.findIndex((o) => o.kind === "ValidatingAdmissionPolicy");
    items.splice(p + 1, 0, vapBinding("b", "p"));
    assert.deepEqual(lines(items, row.options), row.expected);
  });
}

test("VAP on the server view: a denied object comes out as the manifest, not as its view", () => {
  const object = web();
  const out = run([vap("p", { matchConstraints: deployRules, validations: [{ expression: "false" }] }), vapBinding("b", "p"), object]);
  assert.equal(out.items[2], object);
});
