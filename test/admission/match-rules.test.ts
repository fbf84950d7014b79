// Resource rules: every wildcard form, operations, groups, versions, scope and resourceNames
// (apiserver predicates/rules and matching.matchesResourceRules), positive and negative twins.
import { test } from "node:test";
import assert from "node:assert/strict";
import { matchesResourceRules, resourceMatches, ruleMatches } from "../../src/admission/match/match-rules.js";
import type { RequestAttrs } from "../../src/admission/match/match-types.js";
import type { RuleModel } from "../../src/admission/policy/policy-model.js";
import { attrs, coreAttrs, rule } from "./fixtures.js";

const pod = coreAttrs("Pod", "pods", "p", "default");
const podStatus = coreAttrs("Pod", "pods", "p", "default", { subresource: "status" });
const deploymentScale = attrs({ subresource: "scale" });
const ns = coreAttrs("Namespace", "namespaces", "team-a", "");
const nsUpdate = coreAttrs("Namespace", "namespaces", "team-a", "team-a", { operation: "UPDATE" });
const clusterRole = attrs({ group: "rbac.authorization.k8s.io", resource: "clusterroles", kind: { group: "rbac.authorization.k8s.io", version: "v1", kind: "ClusterRole" }, namespace: "" });

const cases: { name: string; rule: Partial<RuleModel>; req: RequestAttrs; expected: boolean }[] = [
  // groups
  { name: "group * matches core", rule: { apiGroups: ["*"] }, req: pod, expected: true },
  { name: "group '' matches core", rule: { apiGroups: [""] }, req: pod, expected: true },
  { name: "group apps does not match core pods", rule: { apiGroups: ["apps"], resources: ["pods"] }, req: pod, expected: false },
  { name: "group apps matches apps deployments", rule: { apiGroups: ["apps"] }, req: attrs(), expected: true },
  { name: "group list matches any listed group", rule: { apiGroups: ["batch", "apps"] }, req: attrs(), expected: true },
  // versions
  { name: "version * matches", rule: { apiVersions: ["*"] }, req: attrs(), expected: true },
  { name: "version v1 matches v1", rule: { apiVersions: ["v1"] }, req: attrs(), expected: true },
  { name: "version v1beta1 does not match v1", rule: { apiVersions: ["v1beta1"] }, req: attrs(), expected: false },
  // operations
  { name: "operation * matches CREATE", rule: { operations: ["*"] }, req: attrs(), expected: true },
  { name: "operation CREATE matches CREATE", rule: { operations: ["CREATE"] }, req: attrs(), expected: true },
  { name: "operation UPDATE does not match CREATE", rule: { operations: ["UPDATE"] }, req: attrs(), expected: false },
  { name: "operation UPDATE matches UPDATE", rule: { operations: ["UPDATE"] }, req: attrs({ operation: "UPDATE" }), expected: true },
  { name: "operation CONNECT matches CONNECT", rule: { operations: ["CONNECT"] }, req: attrs({ operation: "CONNECT" }), expected: true },
  { name: "empty operations never match", rule: { operations: [] }, req: attrs(), expected: false },
  // resources
  { name: "resource * matches a resource", rule: { resources: ["*"] }, req: pod, expected: true },
  { name: "resource * does not match a subresource", rule: { resources: ["*"] }, req: podStatus, expected: false },
  { name: "resource */* matches a subresource", rule: { resources: ["*/*"] }, req: podStatus, expected: true },
  { name: "resource */* matches a resource without subresource", rule: { resources: ["*/*"] }, req: pod, expected: true },
  { name: "resource pods matches pods", rule: { resources: ["pods"] }, req: pod, expected: true },
  { name: "resource pods does not match pods/status", rule: { resources: ["pods"] }, req: podStatus, expected: false },
  { name: "resource pods/* matches pods itself", rule: { resources: ["pods/*"] }, req: pod, expected: true },
  { name: "resource pods/* matches pods/status", rule: { resources: ["pods/*"] }, req: podStatus, expected: true },
  { name: "resource pods/status matches only that subresource", rule: { resources: ["pods/status"] }, req: podStatus, expected: true },
  { name: "resource pods/status does not match pods", rule: { resources: ["pods/status"] }, req: pod, expected: false },
  { name: "resource */scale matches deployments/scale", rule: { resources: ["*/scale"] }, req: deploymentScale, expected: true },
  { name: "resource */scale does not match deployments", rule: { resources: ["*/scale"] }, req: attrs(), expected: false },
  { name: "resource list matches second entry", rule: { resources: ["statefulsets", "deployments"] }, req: attrs(), expected: true },
  { name: "resource list does not match unlisted", rule: { resources: ["statefulsets", "deployments"] }, req: attrs({ resource: "daemonsets" }), expected: false },
  { name: "resource names are plural, not kinds", rule: { resources: ["Deployment"] }, req: attrs(), expected: false },
  // scope
  { name: "scope * matches cluster-scoped", rule: { scope: "*" }, req: clusterRole, expected: true },
  { name: "scope Namespaced matches namespaced object", rule: { scope: "Namespaced" }, req: pod, expected: true },
  { name: "scope Namespaced does not match cluster-scoped", rule: { scope: "Namespaced" }, req: clusterRole, expected: false },
  { name: "scope Namespaced does not match a Namespace (CREATE)", rule: { scope: "Namespaced" }, req: ns, expected: false },
  { name: "scope Namespaced does not match a Namespace even with its own name as namespace (UPDATE)", rule: { scope: "Namespaced" }, req: nsUpdate, expected: false },
  { name: "scope Cluster matches cluster-scoped", rule: { scope: "Cluster" }, req: clusterRole, expected: true },
  { name: "scope Cluster matches a Namespace with its own name as namespace", rule: { scope: "Cluster" }, req: nsUpdate, expected: true },
  { name: "scope Cluster does not match namespaced object", rule: { scope: "Cluster" }, req: pod, expected: false },
];

for (const c of cases) {
  test(`rule: ${c.name}`, () => {
    assert.equal(ruleMatches(rule(c.rule), c.req), c.expected);
  });
}

const nameCases: { name: string; rules: RuleModel[]; req: RequestAttrs; expected: boolean }[] = [
  { name: "empty resourceNames match any name", rules: [rule()], req: attrs({ name: "x" }), expected: true },
  { name: "resourceNames match the listed name", rules: [rule({ resourceNames: ["a", "web"] })], req: attrs(), expected: true },
  { name: "resourceNames do not match another name", rules: [rule({ resourceNames: ["a"] })], req: attrs(), expected: false },
  { name: "resourceNames never match a generateName-only CREATE", rules: [rule({ resourceNames: ["web"] })], req: attrs({ name: "" }), expected: false },
  { name: "a later rule can match after an earlier rule's names fail", rules: [rule({ resourceNames: ["a"] }), rule({ resources: ["deployments"] })], req: attrs(), expected: true },
  { name: "no rules never match", rules: [], req: attrs(), expected: false },
];

for (const c of nameCases) {
  test(`rules: ${c.name}`, () => {
    assert.equal(matchesResourceRules(c.rules, c.req), c.expected);
  });
}

test("resourceMatches: subresource wildcard * also matches the empty subresource", () => {
  assert.equal(resourceMatches(["deployments/*"], "deployments", ""), true);
  assert.equal(resourceMatches(["deployments/*"], "statefulsets", ""), false);
});
