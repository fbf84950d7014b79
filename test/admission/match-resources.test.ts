// MatchResources: the evaluation order of §3 (namespaceSelector, objectSelector, exclude, rules),
// selector errors only when the rules otherwise match, and the policy AND binding combination.
import { test } from "node:test";
import assert from "node:assert/strict";
import { matchBinding, matchPolicyAndBinding, matchResources } from "../../src/admission/match/match-resources.js";
import type { MatchResult, RequestAttrs, NamespaceLookup } from "../../src/admission/match/match-types.js";
import type { MatchResourcesModel } from "../../src/admission/policy/policy-model.js";
import { attrs, bindingModel, coreAttrs, criteria, lookupOf, namespace, obj, policyModel, rule } from "./fixtures.js";

const prod = namespace("default", { env: "prod" });
const lookup = lookupOf(prod);
const none: NamespaceLookup = () => undefined;
const deploymentMatch = {
  matches: true,
  resource: { group: "apps", version: "v1", resource: "deployments" },
  kind: { group: "apps", version: "v1", kind: "Deployment" },
};
const badSelector = { matchExpressions: [{ key: "a", operator: "In" }] };
const badSelectorError = "Internal error occurred: values: Invalid value: null: for 'in', 'notin' operators, values set can't be empty";
const onlyPods = [rule({ apiGroups: [""], resources: ["pods"] })];

const cases: { name: string; criteria: MatchResourcesModel; req: RequestAttrs; lookup?: NamespaceLookup; expected: MatchResult }[] = [
  { name: "match-all criteria match with the request's own resource and kind", criteria: criteria(), req: attrs(), expected: deploymentMatch },
  { name: "empty resourceRules match everything (binding form)", criteria: criteria({ resourceRules: [] }), req: attrs(), expected: deploymentMatch },
  { name: "excludeResourceRules win over resourceRules", criteria: criteria({ excludeResourceRules: [rule({ apiGroups: ["apps"], resources: ["deployments"] })] }), req: attrs(), expected: { matches: false } },
  { name: "excludeResourceRules for another resource do not exclude", criteria: criteria({ excludeResourceRules: [rule({ apiGroups: [""], resources: ["configmaps"] })] }), req: attrs(), expected: deploymentMatch },
  { name: "excludeResourceRules also exclude with empty resourceRules", criteria: criteria({ resourceRules: [], excludeResourceRules: [rule()] }), req: attrs(), expected: { matches: false } },
  { name: "namespaceSelector matching the Namespace's labels matches", criteria: criteria({ namespaceSelector: { matchLabels: { env: "prod" } } }), req: attrs(), expected: deploymentMatch },
  { name: "namespaceSelector not matching the Namespace's labels does not match", criteria: criteria({ namespaceSelector: { matchLabels: { env: "dev" } } }), req: attrs(), expected: { matches: false } },
  { name: "namespaceSelector is ignored for cluster-scoped objects", criteria: criteria({ namespaceSelector: { matchLabels: { env: "dev" } } }), req: attrs({ namespace: "", resource: "clusterroles" }), expected: { matches: true, resource: { group: "apps", version: "v1", resource: "clusterroles" }, kind: deploymentMatch.kind } },
  { name: "objectSelector matching the object's labels matches", criteria: criteria({ objectSelector: { matchLabels: { app: "web" } } }), req: attrs(), expected: deploymentMatch },
  { name: "objectSelector not matching the object's labels does not match", criteria: criteria({ objectSelector: { matchLabels: { app: "db" } } }), req: attrs(), expected: { matches: false } },
  {
    name: "objectSelector matches the old object's labels on UPDATE",
    criteria: criteria({ objectSelector: { matchLabels: { app: "old" } } }),
    req: attrs({ operation: "UPDATE", oldObject: obj("apps/v1", "Deployment", "web", "default", { app: "old" }) }),
    expected: deploymentMatch,
  },
  { name: "objectSelector never matches a missing old object on CREATE", criteria: criteria({ objectSelector: { matchExpressions: [{ key: "app", operator: "DoesNotExist" }] } }), req: attrs({ object: null }), expected: { matches: false } },
  { name: "erroring namespace selector on otherwise matching rules errors", criteria: criteria({ namespaceSelector: badSelector }), req: attrs(), expected: { matches: false, error: badSelectorError } },
  { name: "erroring namespace selector on otherwise non-matching rules does not error", criteria: criteria({ namespaceSelector: badSelector, resourceRules: onlyPods }), req: attrs(), expected: { matches: false } },
  { name: "erroring object selector on otherwise matching rules errors", criteria: criteria({ objectSelector: badSelector }), req: attrs(), expected: { matches: false, error: badSelectorError } },
  { name: "erroring object selector on otherwise non-matching rules does not error", criteria: criteria({ objectSelector: badSelector, resourceRules: onlyPods }), req: attrs(), expected: { matches: false } },
  { name: "erroring object selector on an excluded request does not error", criteria: criteria({ objectSelector: badSelector, excludeResourceRules: [rule()] }), req: attrs(), expected: { matches: false } },
  { name: "erroring object selector after a non-matching namespace selector does not error", criteria: criteria({ objectSelector: badSelector, namespaceSelector: { matchLabels: { env: "dev" } } }), req: attrs(), expected: { matches: false } },
  { name: "namespace selector error wins over object selector error", criteria: criteria({ namespaceSelector: badSelector, objectSelector: { matchExpressions: [{ key: "b", operator: "Exists", values: ["x"] }] } }), req: attrs(), expected: { matches: false, error: badSelectorError } },
  {
    name: "missing Namespace on otherwise matching rules is a NotFound error and flagged",
    criteria: criteria({ namespaceSelector: { matchLabels: { env: "prod" } } }),
    req: attrs({ namespace: "ghost" }),
    expected: { matches: false, error: 'namespaces "ghost" not found', missingNamespace: "ghost" },
  },
  {
    name: "missing Namespace on otherwise non-matching rules neither errors nor is flagged",
    criteria: criteria({ namespaceSelector: { matchLabels: { env: "prod" } }, resourceRules: onlyPods }),
    req: attrs({ namespace: "ghost" }),
    expected: { matches: false },
  },
  { name: "missing Namespace with an empty namespaceSelector needs no lookup", criteria: criteria(), req: attrs({ namespace: "ghost" }), lookup: none, expected: deploymentMatch },
  {
    name: "a Namespace being created is matched by its own labels",
    criteria: criteria({ namespaceSelector: { matchLabels: { mesh: "on" } } }),
    req: coreAttrs("Namespace", "namespaces", "payments", "", { object: namespace("payments", { mesh: "on" }) }),
    lookup: none,
    expected: { matches: true, resource: { group: "", version: "v1", resource: "namespaces" }, kind: { group: "", version: "v1", kind: "Namespace" } },
  },
  {
    name: "a Namespace being created without the labels does not match",
    criteria: criteria({ namespaceSelector: { matchLabels: { mesh: "on" } } }),
    req: coreAttrs("Namespace", "namespaces", "payments", "", { object: namespace("payments") }),
    lookup: none,
    expected: { matches: false },
  },
  {
    name: "a Namespace's subresource is matched against the looked-up Namespace, not the object",
    criteria: criteria({ namespaceSelector: { matchLabels: { env: "prod" } }, resourceRules: [rule({ resources: ["*/*"] })] }),
    req: coreAttrs("Namespace", "namespaces", "default", "default", { subresource: "finalize", operation: "UPDATE", object: namespace("default") }),
    expected: { matches: true, resource: { group: "", version: "v1", resource: "namespaces" }, kind: { group: "", version: "v1", kind: "Namespace" } },
  },
  { name: "matchPolicy Exact matches the identical resource", criteria: criteria({ matchPolicy: "Exact" }), req: attrs(), expected: deploymentMatch },
  { name: "matchPolicy Equivalent cannot match another version offline", criteria: criteria({ resourceRules: [rule({ apiVersions: ["v1beta2"] })] }), req: attrs(), expected: { matches: false } },
];

for (const c of cases) {
  test(`matchResources: ${c.name}`, () => {
    assert.deepEqual(matchResources(c.criteria, c.req, c.lookup ?? lookup), c.expected);
  });
}

test("matchResources: assume-no-labels matches a missing Namespace as unlabelled and flags it", () => {
  const notIn = criteria({ namespaceSelector: { matchExpressions: [{ key: "skip", operator: "NotIn", values: ["true"] }] } });
  assert.deepEqual(matchResources(notIn, attrs({ namespace: "ghost" }), none, { onMissingNamespace: "assume-no-labels" }), { ...deploymentMatch, missingNamespace: "ghost" });
  const needsLabel = criteria({ namespaceSelector: { matchLabels: { env: "prod" } } });
  assert.deepEqual(matchResources(needsLabel, attrs({ namespace: "ghost" }), none, { onMissingNamespace: "assume-no-labels" }), { matches: false, missingNamespace: "ghost" });
  const needsLabelPods = criteria({ namespaceSelector: { matchLabels: { env: "prod" } }, resourceRules: onlyPods });
  assert.deepEqual(matchResources(needsLabelPods, attrs({ namespace: "ghost" }), none, { onMissingNamespace: "assume-no-labels" }), { matches: false });
});

test("matchBinding: a binding without matchResources matches everything", () => {
  assert.deepEqual(matchBinding(bindingModel("b", "p"), attrs(), none), deploymentMatch);
});

const pairCases: { name: string; policy: MatchResourcesModel; binding?: MatchResourcesModel; expected: ReturnType<typeof matchPolicyAndBinding> }[] = [
  { name: "both match", policy: criteria(), binding: criteria({ resourceRules: [] }), expected: { ...deploymentMatch, missingNamespaces: [] } },
  { name: "binding without matchResources", policy: criteria(), expected: { ...deploymentMatch, missingNamespaces: [] } },
  { name: "binding restricts the policy (AND)", policy: criteria(), binding: criteria({ resourceRules: onlyPods }), expected: { matches: false, missingNamespaces: [] } },
  { name: "binding cannot widen the policy", policy: criteria({ resourceRules: onlyPods }), binding: criteria(), expected: { matches: false, missingNamespaces: [] } },
  { name: "policy selector error is a policy error", policy: criteria({ objectSelector: badSelector }), binding: criteria(), expected: { matches: false, policyError: badSelectorError, missingNamespaces: [] } },
  { name: "binding selector error is a binding error", policy: criteria(), binding: criteria({ objectSelector: badSelector }), expected: { matches: false, bindingError: badSelectorError, missingNamespaces: [] } },
  { name: "binding is not evaluated when the policy does not match", policy: criteria({ resourceRules: onlyPods }), binding: criteria({ objectSelector: badSelector }), expected: { matches: false, missingNamespaces: [] } },
];

for (const c of pairCases) {
  test(`matchPolicyAndBinding: ${c.name}`, () => {
    const p = policyModel("p", { matchConstraints: c.policy });
    const b = bindingModel("b", "p", c.binding ? { matchResources: c.binding } : {});
    assert.deepEqual(matchPolicyAndBinding(p, b, attrs(), lookup), c.expected);
  });
}

test("matchPolicyAndBinding: a missing Namespace needed by the binding is reported once", () => {
  const p = policyModel("p", { matchConstraints: criteria({ namespaceSelector: { matchExpressions: [{ key: "x", operator: "DoesNotExist" }] } }) });
  const b = bindingModel("b", "p", { matchResources: criteria({ resourceRules: [], namespaceSelector: { matchExpressions: [{ key: "y", operator: "DoesNotExist" }] } }) });
  assert.deepEqual(matchPolicyAndBinding(p, b, attrs({ namespace: "ghost" }), none, { onMissingNamespace: "assume-no-labels" }), {
    ...deploymentMatch,
    missingNamespaces: ["ghost"],
  });
  assert.deepEqual(matchPolicyAndBinding(p, b, attrs({ namespace: "ghost" }), none), {
    matches: false,
    policyError: 'namespaces "ghost" not found',
    missingNamespaces: ["ghost"],
  });
});
