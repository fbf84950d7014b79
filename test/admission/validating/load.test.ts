// Loading ValidatingAdmissionPolicies and bindings (VAP reference §1): create-time validation with
// the apiserver's field paths and texts (§1.5), one row per message beside a valid twin, defaults
// (§1.4), the three versions and their Lists, decode errors.
import { test } from "node:test";
import assert from "node:assert/strict";
import { loadPolicies } from "../../../src/admission/policy/load-policies.js";
import type { JsonObject } from "../../../src/data/index.js";
import { vap, vapBinding } from "./fixtures.js";

const keyMsg =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const denyWarn = "must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)";

function messages(...items: JsonObject[]): string[] {
  return loadPolicies(items).problems.map((p) => p.message);
}

const annotation = (key: string, valueExpression = "'v'"): Record<string, string> => ({ key, valueExpression });

const policyRows: { name: string; spec: Record<string, unknown>; expected: string[]; policyName?: string }[] = [
  {
    name: "validations or auditAnnotations are required (both fields named)",
    spec: { validations: [] },
    expected: [
      "spec.validations: Required value: validations or auditAnnotations must contain at least one item",
      "spec.auditAnnotations: Required value: validations or auditAnnotations must contain at least one item",
    ],
  },
  { name: "auditAnnotations alone suffice", spec: { validations: undefined, auditAnnotations: [annotation("a")] }, expected: [] },
  { name: "a blank expression is required", spec: { validations: [{ expression: " \n" }] }, expected: ["spec.validations[0].expression: Required value: expression is not specified"] },
  { name: "a multi-line expression needs no message (dead upstream branch)", spec: { validations: [{ expression: "true &&\ntrue" }] }, expected: [] },
  { name: "a blank messageExpression is invalid", spec: { validations: [{ expression: "true", messageExpression: "  " }] }, expected: ['spec.validations[0].messageExpression: Invalid value: "  ": must be non-empty if specified'] },
  { name: "a blank message is invalid", spec: { validations: [{ expression: "true", message: " " }] }, expected: ['spec.validations[0].message: Invalid value: " ": must be non-empty if specified'] },
  { name: "a message with a line break is invalid", spec: { validations: [{ expression: "true", message: "a\nb" }] }, expected: ['spec.validations[0].message: Invalid value: "a\\nb": must not contain line breaks'] },
  { name: "a carriage return is a line break too", spec: { validations: [{ expression: "true", message: "a\rb" }] }, expected: ['spec.validations[0].message: Invalid value: "a\\rb": must not contain line breaks'] },
  { name: "line breaks around a message are trimmed away", spec: { validations: [{ expression: "true", message: "\n message \n" }] }, expected: [] },
  {
    name: "reason Unauthorized is refused although documented",
    spec: { validations: [{ expression: "true", reason: "Unauthorized" }] },
    expected: ['spec.validations[0].reason: Unsupported value: "Unauthorized": supported values: "Forbidden", "Invalid", "RequestEntityTooLarge"'],
  },
  {
    name: "a reason prints as JSON (a named Go string type)",
    spec: { validations: [{ expression: "true", reason: "a<b" }] },
    expected: ['spec.validations[0].reason: Unsupported value: "a\\u003cb": supported values: "Forbidden", "Invalid", "RequestEntityTooLarge"'],
  },
  { name: "reasons Forbidden, Invalid, RequestEntityTooLarge are valid", spec: { validations: ["Forbidden", "Invalid", "RequestEntityTooLarge"].map((reason) => ({ expression: "true", reason })) }, expected: [] },
  { name: "an auditAnnotation key must make a qualified name", spec: { auditAnnotations: [annotation("a b")] }, expected: [`spec.auditAnnotations[0].key: Invalid value: "p/a b": ${keyMsg}`] },
  { name: "an auditAnnotation key's name part is at most 63 bytes", spec: { auditAnnotations: [annotation("k".repeat(64))] }, expected: [`spec.auditAnnotations[0].key: Invalid value: "p/${"k".repeat(64)}": name part must be no more than 63 bytes`] },
  { name: "a 63-byte key is valid", spec: { auditAnnotations: [annotation("k".repeat(63))] }, expected: [] },
  { name: "auditAnnotation keys are unique", spec: { auditAnnotations: [annotation("a"), annotation("b"), annotation("a")] }, expected: ['spec.auditAnnotations[2].key: Duplicate value: "a"'] },
  { name: "a blank valueExpression is required", spec: { auditAnnotations: [annotation("a", "\t")] }, expected: ["spec.auditAnnotations[0].valueExpression: Required value: valueExpression is not specified"] },
  {
    name: "a valueExpression over 5120 bytes is refused (as Required, sic)",
    spec: { auditAnnotations: [annotation("a", `'${"é".repeat(2560)}'`)] },
    expected: ["spec.auditAnnotations[0].valueExpression: Required value: must not exceed 5120 bytes in length"],
  },
  { name: "a valueExpression of 5120 bytes is valid", spec: { auditAnnotations: [annotation("a", `'${"x".repeat(5118)}'`)] }, expected: [] },
  {
    name: "at most 20 auditAnnotations (the value printed as the internal Go type's JSON)",
    spec: { auditAnnotations: Array.from({ length: 21 }, (_, i) => annotation(`k${i}`)) },
    expected: [`spec.auditAnnotations: Invalid value: [${Array.from({ length: 21 }, (_, i) => `{"Key":"k${i}","ValueExpression":"'v'"}`).join(",")}]: must not have more than 20 auditAnnotations`],
  },
  { name: "20 auditAnnotations are valid", spec: { auditAnnotations: Array.from({ length: 20 }, (_, i) => annotation(`k${i}`)) }, expected: [] },
  { name: "failurePolicy must be Fail or Ignore", spec: { failurePolicy: "Maybe" }, expected: ['spec.failurePolicy: Unsupported value: "Maybe": supported values: "Fail", "Ignore"'] },
  { name: "matchConstraints are required", spec: { matchConstraints: undefined }, expected: ["spec.matchConstraints: Required value"] },
  { name: "matchConstraints need a resource rule", spec: { matchConstraints: { resourceRules: [] } }, expected: ["spec.matchConstraints.resourceRules: Required value"] },
  {
    name: "DELETE is a valid operation (unlike for MutatingAdmissionPolicies)",
    spec: { matchConstraints: { resourceRules: [{ apiGroups: [""], apiVersions: ["v1"], operations: ["DELETE", "CONNECT"], resources: ["pods"] }] } },
    expected: [],
  },
  {
    name: "an unknown operation is refused by the rule check only",
    spec: { matchConstraints: { resourceRules: [{ apiGroups: [""], apiVersions: ["v1"], operations: ["PATCH"], resources: ["pods"] }] } },
    expected: ['spec.matchConstraints.resourceRules[0].operations[0]: Unsupported value: "PATCH": supported values: "*", "CONNECT", "CREATE", "DELETE", "UPDATE"'],
  },
  { name: "variable names are CEL identifiers", spec: { variables: [{ name: "a-b", expression: "1" }] }, expected: ['spec.variables[0].name: Invalid value: "a-b": must be a valid CEL identifier'] },
  { name: "matchCondition names are required", spec: { matchConditions: [{ expression: "true" }] }, expected: ["spec.matchConditions[0].name: Required value"] },
  { name: "paramKind needs a kind", spec: { paramKind: { apiVersion: "v1" } }, expected: ["spec.paramKind.kind: Required value"] },
];

for (const row of policyRows) {
  test(`ValidatingAdmissionPolicy validation: ${row.name}`, () => {
    assert.deepEqual(messages(vap("p", row.spec)), row.expected);
  });
}

const bindingRows: { name: string; actions: string[] | null; spec?: Record<string, unknown>; version?: string; expected: string[] }[] = [
  { name: "validationActions are required", actions: null, expected: ["spec.validationActions: Required value: at least one validation action is required"] },
  { name: "an empty validationActions is required too", actions: [], expected: ["spec.validationActions: Required value: at least one validation action is required"] },
  { name: "Deny and Warn together are refused", actions: ["Deny", "Warn"], expected: [`spec.validationActions: Invalid value: ["Deny","Warn"]: ${denyWarn}`] },
  { name: "Deny, Warn and Audit together are refused", actions: ["Warn", "Audit", "Deny"], expected: [`spec.validationActions: Invalid value: ["Warn","Audit","Deny"]: ${denyWarn}`] },
  { name: "an unknown action is refused", actions: ["Block"], expected: ['spec.validationActions[0]: Unsupported value: "Block": supported values: "Audit", "Deny", "Warn"'] },
  { name: "a repeated action is refused", actions: ["Audit", "Audit"], expected: ['spec.validationActions[1]: Duplicate value: "Audit"'] },
  { name: "[Deny, Audit] is valid", actions: ["Deny", "Audit"], expected: [] },
  { name: "[Warn, Audit] is valid", actions: ["Audit", "Warn"], expected: [] },
  { name: "[Warn] is valid", actions: ["Warn"], expected: [] },
  {
    name: "paramRef needs parameterNotFoundAction in v1",
    actions: ["Deny"],
    spec: { paramRef: { name: "x" } },
    expected: ['spec.paramRef.parameterNotFoundAction: Required value (supported values: "Deny", "Allow")'],
  },
  { name: "paramRef defaults parameterNotFoundAction to Deny in v1alpha1", actions: ["Deny"], spec: { paramRef: { name: "x" } }, version: "v1alpha1", expected: [] },
  {
    name: "paramRef name and selector are exclusive",
    actions: ["Deny"],
    spec: { paramRef: { name: "x", selector: {}, parameterNotFoundAction: "Allow" } },
    expected: ["spec.paramRef.name: Forbidden: name and selector are mutually exclusive", "spec.paramRef.selector: Forbidden: name and selector are mutually exclusive"],
  },
  { name: "policyName is required", actions: ["Deny"], spec: { policyName: "" }, expected: ["spec.policyName: Required value"] },
  {
    name: "matchResources may have no rules but valid ones",
    actions: ["Deny"],
    spec: { matchResources: { resourceRules: [{ apiGroups: [""], apiVersions: ["v1"], operations: ["DELETE"], resources: [] }] } },
    expected: ["spec.matchResources.resourceRules[0].resources: Required value"],
  },
];

for (const row of bindingRows) {
  test(`ValidatingAdmissionPolicyBinding validation: ${row.name}`, () => {
    assert.deepEqual(messages(vapBinding("b", "p", row.actions, row.spec, row.version)), row.expected);
  });
}

test("defaults: failurePolicy Fail, matchPolicy Equivalent, selectors {}, scope *; the model keeps validations and annotations", () => {
  const out = loadPolicies([
    vap("p", {
      failurePolicy: undefined,
      validations: [{ expression: "x", message: " m ", messageExpression: "'e'", reason: "Forbidden" }, { expression: "y" }],
      auditAnnotations: [{ key: "k", valueExpression: "'v'" }],
    }),
    vapBinding("b", "p", ["Audit", "Warn"], { matchResources: {} }),
  ]);
  assert.deepEqual(out.problems, []);
  const [p] = out.validatingPolicies;
  assert.equal(p.failurePolicy, "Fail");
  assert.deepEqual(p.matchConstraints.namespaceSelector, {});
  assert.deepEqual(p.matchConstraints.objectSelector, {});
  assert.equal(p.matchConstraints.matchPolicy, "Equivalent");
  assert.equal(p.matchConstraints.resourceRules[0].scope, "*");
  assert.deepEqual(p.validations, [
    { expression: "x", fieldPath: "spec.validations[0].expression", message: " m ", messageExpression: "'e'", reason: "Forbidden" },
    { expression: "y", fieldPath: "spec.validations[1].expression", message: "", messageExpression: "" },
  ]);
  assert.deepEqual(p.auditAnnotations, [{ key: "k", valueExpression: "'v'", fieldPath: "spec.auditAnnotations[0].valueExpression" }]);
  const [b] = out.validatingBindings;
  assert.deepEqual(b.validationActions, ["Audit", "Warn"]);
  assert.deepEqual(b.matchResources, { namespaceSelector: {}, objectSelector: {}, resourceRules: [], excludeResourceRules: [], matchPolicy: "Equivalent" });
  assert.deepEqual([out.policies, out.bindings], [[], []]);
});

test("all three versions load into one model, also inside Lists (problems name the list index)", () => {
  const list = (kind: string, items: JsonObject[]): JsonObject => ({ apiVersion: "admissionregistration.k8s.io/v1beta1", kind: `${kind}List`, items });
  const out = loadPolicies([
    vap("a", {}, "v1alpha1"),
    list("ValidatingAdmissionPolicy", [vap("b", {}, "v1beta1"), vap("c", { validations: [] }, "v1beta1")]),
    list("ValidatingAdmissionPolicyBinding", [vapBinding("bb", "b", ["Warn"], {}, "v1beta1")]),
  ]);
  assert.deepEqual(out.validatingPolicies.map((p) => [p.name, p.apiVersion, p.source]), [
    ["a", "admissionregistration.k8s.io/v1alpha1", { index: 0 }],
    ["b", "admissionregistration.k8s.io/v1beta1", { index: 1, listIndex: 0 }],
  ]);
  assert.deepEqual(out.problems.map((p) => [p.kind, p.name, p.source, p.code]), [
    ["ValidatingAdmissionPolicy", "c", { index: 1, listIndex: 1 }, "invalid"],
    ["ValidatingAdmissionPolicy", "c", { index: 1, listIndex: 1 }, "invalid"],
  ]);
  assert.deepEqual(out.validatingBindings.map((b) => [b.name, b.source]), [["bb", { index: 2, listIndex: 0 }]]);
});

test("decode errors: wrong JSON types and unknown fields, with the Go type names; status is accepted", () => {
  assert.deepEqual(messages(vap("p", { validations: { expression: "true" } })), [
    'ValidatingAdmissionPolicy in version "v1" cannot be handled as a ValidatingAdmissionPolicy: json: cannot unmarshal object into Go struct field ValidatingAdmissionPolicySpec.spec.validations of type []v1.Validation',
  ]);
  assert.deepEqual(messages(vap("p", { validations: [{ expression: "true", messge: "x" }] })), [
    'ValidatingAdmissionPolicy in version "v1" cannot be handled as a ValidatingAdmissionPolicy: strict decoding error: unknown field "spec.validations[0].messge"',
  ]);
  assert.deepEqual(messages(vapBinding("b", "p", null, { validationActions: ["Deny", 1] })), [
    'ValidatingAdmissionPolicyBinding in version "v1" cannot be handled as a ValidatingAdmissionPolicyBinding: json: cannot unmarshal number into Go struct field ValidatingAdmissionPolicyBindingSpec.spec.validationActions of type v1.ValidationAction',
  ]);
  assert.deepEqual(messages({ ...vap("p"), status: { observedGeneration: 1, typeChecking: { expressionWarnings: [] } } }), []);
});

test("a second object with the same name is refused per kind (a MAP and a VAP may share a name)", () => {
  const out = loadPolicies([vap("p"), vap("p"), vapBinding("b", "p"), vapBinding("b", "p")]);
  assert.deepEqual(out.problems.map((p) => p.message), [
    'validatingadmissionpolicies.admissionregistration.k8s.io "p" already exists',
    'validatingadmissionpolicybindings.admissionregistration.k8s.io "b" already exists',
  ]);
});
