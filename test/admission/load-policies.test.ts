// Loading policies and bindings: the three API versions, List kinds, defaults (§1.4), strict
// decoding (unknown fields, wrong types, the pre-release mutation shape), duplicates, the model
// contents and the dispatch order of bound policies.
import { test } from "node:test";
import assert from "node:assert/strict";
import { invalidObjectMessage, isPolicyItem, loadPolicies } from "../../src/admission/policy/load-policies.js";
import { bindPolicies } from "../../src/admission/policy/policy-model.js";
import type { JsonObject } from "../../src/data/index.js";
import { binding, bindingModel, configMap, policy, policyModel } from "./fixtures.js";

for (const version of ["v1alpha1", "v1beta1", "v1"]) {
  test(`load: ${version} policy and binding load into the same model`, () => {
    const apiVersion = `admissionregistration.k8s.io/${version}`;
    const out = loadPolicies([policy("p1", {}, apiVersion), binding("b1", "p1", {}, apiVersion)]);
    assert.deepEqual(out.problems, []);
    const v1 = loadPolicies([policy("p1"), binding("b1", "p1")]);
    assert.deepEqual({ ...out.policies[0], apiVersion: "" }, { ...v1.policies[0], apiVersion: "" });
    assert.deepEqual({ ...out.bindings[0], apiVersion: "" }, { ...v1.bindings[0], apiVersion: "" });
    assert.equal(out.policies[0].apiVersion, apiVersion);
  });
}

test("load: an unserved version is reported and left out", () => {
  const out = loadPolicies([policy("p1", {}, "admissionregistration.k8s.io/v2")]);
  assert.deepEqual(out.policies, []);
  assert.deepEqual(out.problems, [
    { code: "version", source: { index: 0 }, kind: "MutatingAdmissionPolicy", name: "p1", message: 'no matches for kind "MutatingAdmissionPolicy" in version "admissionregistration.k8s.io/v2"' },
  ]);
});

test("load: other kinds (ConfigMap, other groups) are ignored; ValidatingAdmissionPolicies are policy items", () => {
  const vap: JsonObject = { apiVersion: "admissionregistration.k8s.io/v1", kind: "ValidatingAdmissionPolicy", metadata: { name: "v" }, spec: {} };
  const fake: JsonObject = { ...policy("x"), apiVersion: "example.com/v1" };
  const out = loadPolicies([configMap("c", "default"), fake]);
  assert.deepEqual(out, { policies: [], bindings: [], validatingPolicies: [], validatingBindings: [], problems: [] });
  assert.deepEqual([vap, fake, policy("p"), binding("b", "p")].map(isPolicyItem), [true, false, true, true]);
});

test("load: defaults are applied (failurePolicy Fail, matchPolicy Equivalent, selectors {}, scope *)", () => {
  const out = loadPolicies([policy("p1", { failurePolicy: undefined })]);
  assert.deepEqual(out.problems, []);
  const p = out.policies[0];
  assert.equal(p.failurePolicy, "Fail");
  assert.deepEqual(p.matchConstraints, {
    namespaceSelector: {},
    objectSelector: {},
    resourceRules: [{ apiGroups: ["apps"], apiVersions: ["v1"], operations: ["CREATE"], resources: ["deployments"], scope: "*", resourceNames: [] }],
    excludeResourceRules: [],
    matchPolicy: "Equivalent",
  });
});

test("load: explicit values are kept over defaults", () => {
  const out = loadPolicies([
    policy("p1", {
      failurePolicy: "Ignore",
      matchConstraints: {
        matchPolicy: "Exact",
        objectSelector: { matchLabels: { a: "b" } },
        resourceRules: [{ apiGroups: [""], apiVersions: ["v1"], operations: ["*"], resources: ["pods"], scope: "Namespaced", resourceNames: ["x"] }],
        excludeResourceRules: [{ apiGroups: [""], apiVersions: ["v1"], operations: ["*"], resources: ["pods/status"] }],
      },
    }),
  ]);
  const p = out.policies[0];
  assert.equal(p.failurePolicy, "Ignore");
  assert.equal(p.matchConstraints.matchPolicy, "Exact");
  assert.deepEqual(p.matchConstraints.objectSelector, { matchLabels: { a: "b" } });
  assert.deepEqual(p.matchConstraints.namespaceSelector, {});
  assert.equal(p.matchConstraints.resourceRules[0].scope, "Namespaced");
  assert.deepEqual(p.matchConstraints.resourceRules[0].resourceNames, ["x"]);
  assert.equal(p.matchConstraints.excludeResourceRules[0].scope, "*");
});

test("load: binding matchResources are defaulted; absent matchResources stay absent", () => {
  const out = loadPolicies([binding("b1", "p1", { matchResources: { resourceRules: [] } }), binding("b2", "p1")]);
  assert.deepEqual(out.bindings[0].matchResources, { namespaceSelector: {}, objectSelector: {}, resourceRules: [], excludeResourceRules: [], matchPolicy: "Equivalent" });
  assert.equal("matchResources" in out.bindings[1], false);
});

test("load: v1alpha1 defaults parameterNotFoundAction to Deny; v1 keeps what is written", () => {
  const a = loadPolicies([binding("b1", "p1", { paramRef: { name: "x" } }, "admissionregistration.k8s.io/v1alpha1")]);
  assert.deepEqual(a.bindings[0].paramRef, { name: "x", namespace: "", parameterNotFoundAction: "Deny" });
  const v1 = loadPolicies([binding("b1", "p1", { paramRef: { selector: {}, namespace: "ns", parameterNotFoundAction: "Allow" } })]);
  assert.deepEqual(v1.bindings[0].paramRef, { name: "", namespace: "ns", selector: {}, parameterNotFoundAction: "Allow" });
});

test("load: the model holds expressions with their field paths, paramKind split into group/version", () => {
  const out = loadPolicies([
    policy("p1", {
      paramKind: { apiVersion: "mesh.example.com/v1", kind: "SidecarConfig" },
      variables: [{ name: "a", expression: "1" }],
      matchConditions: [{ name: "c", expression: "true" }],
      mutations: [
        { patchType: "ApplyConfiguration", applyConfiguration: { expression: "Object{}" } },
        { patchType: "JSONPatch", jsonPatch: { expression: "[]" } },
      ],
      reinvocationPolicy: "IfNeeded",
    }),
  ]);
  const p = out.policies[0];
  assert.deepEqual(p.paramKind, { apiVersion: "mesh.example.com/v1", group: "mesh.example.com", version: "v1", kind: "SidecarConfig" });
  assert.deepEqual(p.variables, [{ name: "a", expression: "1", fieldPath: "spec.variables[0].expression" }]);
  assert.deepEqual(p.matchConditions, [{ name: "c", expression: "true", fieldPath: "spec.matchConditions[0].expression" }]);
  assert.deepEqual(p.mutations, [
    { patchType: "ApplyConfiguration", expression: "Object{}", fieldPath: "spec.mutations[0].applyConfiguration.expression" },
    { patchType: "JSONPatch", expression: "[]", fieldPath: "spec.mutations[1].jsonPatch.expression" },
  ]);
  assert.equal(p.reinvocationPolicy, "IfNeeded");
  assert.deepEqual(p.source, { index: 0 });
  const core = loadPolicies([policy("p2", { paramKind: { apiVersion: "v1", kind: "ConfigMap" } })]).policies[0];
  assert.deepEqual(core.paramKind, { apiVersion: "v1", group: "", version: "v1", kind: "ConfigMap" });
  assert.equal("paramKind" in loadPolicies([policy("p3")]).policies[0], false);
});

const decodeCases: { name: string; item: JsonObject; expected: string }[] = [
  {
    name: "the pre-release per-mutation shape is rejected as unknown fields",
    item: policy("p1", { mutations: [{ patchType: "ApplyConfiguration", expression: "Object{}", reinvocationPolicy: "IfNeeded" }] }),
    expected: 'MutatingAdmissionPolicy in version "v1" cannot be handled as a MutatingAdmissionPolicy: strict decoding error: unknown field "spec.mutations[0].expression", unknown field "spec.mutations[0].reinvocationPolicy"',
  },
  {
    name: "an unknown spec field",
    item: policy("p1", { validations: [] }),
    expected: 'MutatingAdmissionPolicy in version "v1" cannot be handled as a MutatingAdmissionPolicy: strict decoding error: unknown field "spec.validations"',
  },
  {
    name: "an unknown rule field in a binding",
    item: binding("b1", "p1", { matchResources: { resourceRules: [{ apiGroup: "apps" }] } }, "admissionregistration.k8s.io/v1beta1"),
    expected: 'MutatingAdmissionPolicyBinding in version "v1beta1" cannot be handled as a MutatingAdmissionPolicyBinding: strict decoding error: unknown field "spec.matchResources.resourceRules[0].apiGroup"',
  },
  {
    name: "a string where a list is expected",
    item: policy("p1", { mutations: "x" }),
    expected: 'MutatingAdmissionPolicy in version "v1" cannot be handled as a MutatingAdmissionPolicy: json: cannot unmarshal string into Go struct field MutatingAdmissionPolicySpec.spec.mutations of type []v1.Mutation',
  },
  {
    name: "a number where a string is expected",
    item: policy("p1", { mutations: [{ patchType: 1 }] }, "admissionregistration.k8s.io/v1alpha1"),
    expected: 'MutatingAdmissionPolicy in version "v1alpha1" cannot be handled as a MutatingAdmissionPolicy: json: cannot unmarshal number into Go struct field Mutation.spec.mutations.patchType of type v1alpha1.PatchType',
  },
  {
    name: "a list where an object is expected",
    item: policy("p1", { paramKind: [] }),
    expected: 'MutatingAdmissionPolicy in version "v1" cannot be handled as a MutatingAdmissionPolicy: json: cannot unmarshal array into Go struct field MutatingAdmissionPolicySpec.spec.paramKind of type v1.ParamKind',
  },
];

for (const c of decodeCases) {
  test(`load: decode error: ${c.name}`, () => {
    const out = loadPolicies([c.item]);
    assert.deepEqual(out.policies, []);
    assert.deepEqual(out.bindings, []);
    assert.equal(out.problems.length, 1);
    assert.equal(out.problems[0].code, "decode");
    assert.equal(out.problems[0].message, c.expected);
  });
}

test("load: null fields count as unset (Go decoding)", () => {
  const out = loadPolicies([policy("p1", { failurePolicy: null, variables: null, paramKind: null })]);
  assert.deepEqual(out.problems, []);
  assert.equal(out.policies[0].failurePolicy, "Fail");
});

test("load: unknown metadata fields are accepted (ObjectMeta is open here)", () => {
  const item = policy("p1");
  (item.metadata as JsonObject).annotations = { "config.kubernetes.io/index": "0" };
  (item.metadata as JsonObject).labels = { a: "b" };
  assert.deepEqual(loadPolicies([item]).problems, []);
});

test("load: List kinds are expanded with listIndex", () => {
  const list: JsonObject = {
    apiVersion: "admissionregistration.k8s.io/v1",
    kind: "MutatingAdmissionPolicyList",
    items: [policy("p1"), { metadata: { name: "p2" }, spec: policy("p2").spec }],
  };
  const blist: JsonObject = { apiVersion: "admissionregistration.k8s.io/v1", kind: "MutatingAdmissionPolicyBindingList", items: [binding("b1", "p1")] };
  const out = loadPolicies([configMap("c", "d"), list, blist]);
  assert.deepEqual(out.problems, []);
  assert.deepEqual(out.policies.map((p) => [p.name, p.source]), [["p1", { index: 1, listIndex: 0 }], ["p2", { index: 1, listIndex: 1 }]]);
  assert.deepEqual(out.bindings.map((b) => [b.name, b.source]), [["b1", { index: 2, listIndex: 0 }]]);
});

test("load: a List member of another kind is reported", () => {
  const list: JsonObject = { apiVersion: "admissionregistration.k8s.io/v1", kind: "MutatingAdmissionPolicyList", items: [binding("b1", "p1")] };
  const out = loadPolicies([list]);
  assert.deepEqual(out.problems.map((p) => [p.code, p.message]), [
    ["decode", "MutatingAdmissionPolicyList items[0] is admissionregistration.k8s.io/v1, Kind=MutatingAdmissionPolicyBinding, not admissionregistration.k8s.io/v1, Kind=MutatingAdmissionPolicy"],
  ]);
});

test("load: a second object with the same name is reported and the first kept", () => {
  const out = loadPolicies([policy("p1", { failurePolicy: "Ignore" }), policy("p1"), binding("b", "p1"), binding("b", "p1")]);
  assert.equal(out.policies.length, 1);
  assert.equal(out.policies[0].failurePolicy, "Ignore");
  assert.equal(out.bindings.length, 1);
  assert.deepEqual(out.problems.map((p) => [p.code, p.source.index, p.message]), [
    ["duplicate", 1, 'mutatingadmissionpolicies.admissionregistration.k8s.io "p1" already exists'],
    ["duplicate", 3, 'mutatingadmissionpolicybindings.admissionregistration.k8s.io "b" already exists'],
  ]);
});

test("load: an invalid policy does not hide valid ones; problems carry kind, name, field and index", () => {
  const out = loadPolicies([policy("bad", { reinvocationPolicy: undefined, mutations: [] }), policy("good")]);
  assert.deepEqual(out.policies.map((p) => p.name), ["good"]);
  assert.deepEqual(out.problems, [
    { code: "invalid", source: { index: 0 }, kind: "MutatingAdmissionPolicy", name: "bad", field: "spec.mutations", message: "spec.mutations: Required value: mutations must contain at least one item" },
    { code: "invalid", source: { index: 0 }, kind: "MutatingAdmissionPolicy", name: "bad", field: "spec.reinvocationPolicy", message: 'spec.reinvocationPolicy: Required value (supported values: "IfNeeded", "Never")' },
  ]);
  assert.equal(
    invalidObjectMessage("MutatingAdmissionPolicy", "bad", ["spec.mutations: Required value: mutations must contain at least one item", "spec.reinvocationPolicy: Required value"]),
    'MutatingAdmissionPolicy.admissionregistration.k8s.io "bad" is invalid: [spec.mutations: Required value: mutations must contain at least one item, spec.reinvocationPolicy: Required value]',
  );
  assert.equal(
    invalidObjectMessage("MutatingAdmissionPolicy", "bad", ["spec.reinvocationPolicy: Required value"]),
    'MutatingAdmissionPolicy.admissionregistration.k8s.io "bad" is invalid: spec.reinvocationPolicy: Required value',
  );
});

test("bindPolicies: policies by name, bindings by name; unbound policies and dangling bindings drop out", () => {
  const policies = [policyModel("zeta"), policyModel("alpha"), policyModel("lonely")];
  const bindings = [bindingModel("b2", "alpha"), bindingModel("b1", "alpha"), bindingModel("z", "zeta"), bindingModel("x", "missing")];
  assert.deepEqual(
    bindPolicies(policies, bindings).map((e) => [e.policy.name, e.bindings.map((b) => b.name)]),
    [["alpha", ["b1", "b2"]], ["zeta", ["z"]]],
  );
});

const moreDecodeCases: { name: string; item: JsonObject; expected: string }[] = [
  {
    name: "a non-string label value in a selector",
    item: policy("p1", { matchConstraints: { resourceRules: [{ apiGroups: [""], apiVersions: ["v1"], operations: ["CREATE"], resources: ["pods"] }], objectSelector: { matchLabels: { a: 1 } } } }),
    expected: 'MutatingAdmissionPolicy in version "v1" cannot be handled as a MutatingAdmissionPolicy: json: cannot unmarshal number into Go struct field LabelSelector.spec.matchConstraints.objectSelector.matchLabels of type string',
  },
  {
    name: "a non-string list entry",
    item: policy("p1", { matchConstraints: { resourceRules: [{ apiGroups: [true], apiVersions: ["v1"], operations: ["CREATE"], resources: ["pods"] }] } }),
    expected: 'MutatingAdmissionPolicy in version "v1" cannot be handled as a MutatingAdmissionPolicy: json: cannot unmarshal bool into Go struct field NamedRuleWithOperations.spec.matchConstraints.resourceRules.apiGroups of type string',
  },
  {
    name: "a type error wins over unknown fields",
    item: policy("p1", { bogus: 1, failurePolicy: ["Fail"] }),
    expected: 'MutatingAdmissionPolicy in version "v1" cannot be handled as a MutatingAdmissionPolicy: json: cannot unmarshal array into Go struct field MutatingAdmissionPolicySpec.spec.failurePolicy of type v1.FailurePolicyType',
  },
];

for (const c of moreDecodeCases) {
  test(`load: decode error: ${c.name}`, () => {
    const out = loadPolicies([c.item]);
    assert.deepEqual(out.problems.map((p) => p.message), [c.expected]);
  });
}

test("load: a null list entry decodes as the zero value (and then fails validation)", () => {
  const out = loadPolicies([policy("p1", { mutations: [null] })]);
  assert.deepEqual(out.problems.map((p) => p.message), ['spec.mutations[0].patchType: Required value (supported values: "ApplyConfiguration", "JSONPatch")']);
});
