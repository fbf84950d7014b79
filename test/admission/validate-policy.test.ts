// Create-time validation of policies and bindings (§1.5): one row per message, each with the
// apiserver's field path and text; every invalid row has a valid twin in `valid` below.
import { test } from "node:test";
import assert from "node:assert/strict";
import { loadPolicies } from "../../src/admission/policy/load-policies.js";
import type { JsonObject } from "../../src/data/index.js";
import { binding, policy } from "./fixtures.js";

const subdomainMsg =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const dns1035Msg =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
const keyMsg =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";

type R = Record<string, unknown>;
const rr = (r: R): R => ({ apiGroups: ["apps"], apiVersions: ["v1"], operations: ["CREATE"], resources: ["deployments"], ...r });
const mc = (r: R, extra: R = {}): R => ({ matchConstraints: { resourceRules: [rr(r)], ...extra } });
const res = (resources: string[]): R => mc({ resources });

function messages(item: JsonObject): string[] {
  const out = loadPolicies([item]);
  return out.problems.map((p) => p.message);
}

const policyCases: { name: string; spec: R; expected: string[]; metaName?: string }[] = [
  { name: "mutations must not be empty", spec: { mutations: [] }, expected: ["spec.mutations: Required value: mutations must contain at least one item"] },
  { name: "mutations are required", spec: { mutations: undefined }, expected: ["spec.mutations: Required value: mutations must contain at least one item"] },
  { name: "patchType is required", spec: { mutations: [{ jsonPatch: { expression: "[]" } }] }, expected: ['spec.mutations[0].patchType: Required value (supported values: "ApplyConfiguration", "JSONPatch")'] },
  { name: "patchType must be a known value", spec: { mutations: [{ patchType: "Merge" }] }, expected: ['spec.mutations[0].patchType: Unsupported value: "Merge": supported values: "ApplyConfiguration", "JSONPatch"'] },
  { name: "jsonPatch is required for JSONPatch", spec: { mutations: [{ patchType: "JSONPatch" }] }, expected: ["spec.mutations[0].jsonPatch: Required value: must be specified when patchType is JSONPatch"] },
  { name: "applyConfiguration is required for ApplyConfiguration", spec: { mutations: [{ patchType: "ApplyConfiguration" }] }, expected: ["spec.mutations[0].applyConfiguration: Required value: must be specified when patchType is ApplyConfiguration"] },
  {
    name: "applyConfiguration is forbidden for JSONPatch",
    spec: { mutations: [{ patchType: "JSONPatch", jsonPatch: { expression: "[]" }, applyConfiguration: { expression: "Object{}" } }] },
    expected: ['spec.mutations[0].applyConfiguration: Invalid value: "{applyConfiguration}": must not be specified when patchType is JSONPatch'],
  },
  {
    name: "jsonPatch is forbidden for ApplyConfiguration",
    spec: { mutations: [{ patchType: "ApplyConfiguration", applyConfiguration: { expression: "Object{}" }, jsonPatch: { expression: "[]" } }] },
    expected: ['spec.mutations[0].jsonPatch: Invalid value: "{jsonPatch}": must not be specified when patchType is ApplyConfiguration'],
  },
  { name: "a blank patch expression is required", spec: { mutations: [{ patchType: "JSONPatch", jsonPatch: { expression: "  \n" } }] }, expected: ["spec.mutations[0].jsonPatch.expression: Required value"] },
  { name: "an absent apply expression is required", spec: { mutations: [{ patchType: "ApplyConfiguration", applyConfiguration: {} }] }, expected: ["spec.mutations[0].applyConfiguration.expression: Required value"] },
  { name: "reinvocationPolicy is required", spec: { reinvocationPolicy: undefined }, expected: ['spec.reinvocationPolicy: Required value (supported values: "IfNeeded", "Never")'] },
  { name: "reinvocationPolicy must be Never or IfNeeded", spec: { reinvocationPolicy: "Always" }, expected: ['spec.reinvocationPolicy: Unsupported value: "Always": supported values: "IfNeeded", "Never"'] },
  { name: "failurePolicy must be Fail or Ignore", spec: { failurePolicy: "Maybe" }, expected: ['spec.failurePolicy: Unsupported value: "Maybe": supported values: "Fail", "Ignore"'] },
  { name: "matchConstraints are required", spec: { matchConstraints: undefined }, expected: ["spec.matchConstraints: Required value"] },
  { name: "matchConstraints need a resource rule", spec: { matchConstraints: { resourceRules: [] } }, expected: ["spec.matchConstraints.resourceRules: Required value"] },
  { name: "DELETE cannot be mutated", spec: mc({ operations: ["DELETE"] }), expected: ['spec.matchConstraints.resourceRules.operations: Unsupported value: "DELETE": supported values: "*", "CONNECT", "CREATE", "UPDATE"'] },
  {
    name: "an unknown operation fails both the rule and the mutating check",
    spec: mc({ operations: ["PATCH"] }),
    expected: [
      'spec.matchConstraints.resourceRules[0].operations[0]: Unsupported value: "PATCH": supported values: "*", "CONNECT", "CREATE", "DELETE", "UPDATE"',
      'spec.matchConstraints.resourceRules.operations: Unsupported value: "PATCH": supported values: "*", "CONNECT", "CREATE", "UPDATE"',
    ],
  },
  { name: "operations are required", spec: mc({ operations: [] }), expected: ["spec.matchConstraints.resourceRules[0].operations: Required value"] },
  { name: "operation * must be alone", spec: mc({ operations: ["*", "CREATE"] }), expected: ['spec.matchConstraints.resourceRules[0].operations: Invalid value: ["*","CREATE"]: if \'*\' is present, must not specify other operations'] },
  { name: "apiGroups are required", spec: mc({ apiGroups: [] }), expected: ["spec.matchConstraints.resourceRules[0].apiGroups: Required value"] },
  { name: "apiGroup * must be alone", spec: mc({ apiGroups: ["*", "apps"] }), expected: ['spec.matchConstraints.resourceRules[0].apiGroups: Invalid value: ["*","apps"]: if \'*\' is present, must not specify other API groups'] },
  { name: "apiVersions are required", spec: mc({ apiVersions: [] }), expected: ["spec.matchConstraints.resourceRules[0].apiVersions: Required value"] },
  { name: "apiVersion * must be alone", spec: mc({ apiVersions: ["v1", "*"] }), expected: ['spec.matchConstraints.resourceRules[0].apiVersions: Invalid value: ["v1","*"]: if \'*\' is present, must not specify other API versions'] },
  { name: "apiVersions must not be empty strings", spec: mc({ apiVersions: ["v1", ""] }), expected: ["spec.matchConstraints.resourceRules[0].apiVersions[1]: Required value"] },
  { name: "resources are required", spec: res([]), expected: ["spec.matchConstraints.resourceRules[0].resources: Required value"] },
  { name: "resources must not be empty strings", spec: res(["pods", ""]), expected: ["spec.matchConstraints.resourceRules[0].resources[1]: Required value"] },
  { name: "*/* must be alone", spec: res(["*/*", "pods"]), expected: ['spec.matchConstraints.resourceRules[0].resources: Invalid value: ["*/*","pods"]: if \'*/*\' is present, must not specify other resources'] },
  { name: "* with a resource without subresource", spec: res(["*", "pods"]), expected: ['spec.matchConstraints.resourceRules[0].resources: Invalid value: ["*","pods"]: if \'*\' is present, must not specify other resources without subresources'] },
  { name: "x/* conflicts with x/y", spec: res(["pods/*", "pods/status"]), expected: ['spec.matchConstraints.resourceRules[0].resources[1]: Invalid value: "pods/status": if \'pods/*\' is present, must not specify pods/status'] },
  { name: "*/y conflicts with z/y", spec: res(["*/scale", "deployments/scale"]), expected: ['spec.matchConstraints.resourceRules[0].resources[1]: Invalid value: "deployments/scale": if \'*/scale\' is present, must not specify deployments/scale'] },
  { name: "scope must be known", spec: mc({ scope: "Global" }), expected: ['spec.matchConstraints.resourceRules[0].scope: Unsupported value: "Global": supported values: "*", "Cluster", "Namespaced"'] },
  {
    name: "resourceNames must be path segments and unique",
    spec: mc({ resourceNames: ["a/b", "x", "x", ".."] }),
    expected: [
      "spec.matchConstraints.resourceRules[0].resourceNames[0]: Invalid value: \"a/b\": may not contain '/'",
      'spec.matchConstraints.resourceRules[0].resourceNames[2]: Duplicate value: "x"',
      "spec.matchConstraints.resourceRules[0].resourceNames[3]: Invalid value: \"..\": may not be '..'",
    ],
  },
  { name: "excludeResourceRules are validated too", spec: mc({}, { excludeResourceRules: [rr({ scope: "Everywhere" })] }), expected: ['spec.matchConstraints.excludeResourceRules[0].scope: Unsupported value: "Everywhere": supported values: "*", "Cluster", "Namespaced"'] },
  { name: "matchPolicy must be known", spec: mc({}, { matchPolicy: "Fuzzy" }), expected: ['spec.matchConstraints.matchPolicy: Unsupported value: "Fuzzy": supported values: "Equivalent", "Exact"'] },
  { name: "objectSelector is validated", spec: mc({}, { objectSelector: { matchExpressions: [{ key: "a", operator: "Is" }] } }), expected: ['spec.matchConstraints.objectSelector.matchExpressions[0].operator: Invalid value: "Is": not a valid selector operator'] },
  { name: "namespaceSelector is validated", spec: mc({}, { namespaceSelector: { matchLabels: { a: "b c" } } }), expected: ['spec.matchConstraints.namespaceSelector.matchLabels: Invalid value: "b c": a valid label must be an empty string or consist of alphanumeric characters, \'-\', \'_\' or \'.\', and must start and end with an alphanumeric character (e.g. \'MyValue\',  or \'my_value\',  or \'12345\', regex used for validation is \'(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?\')'] },
  { name: "paramKind needs apiVersion and kind", spec: { paramKind: {} }, expected: ["spec.paramKind.apiVersion: Required value", "spec.paramKind.kind: Required value"] },
  { name: "paramKind apiVersion with two slashes", spec: { paramKind: { apiVersion: "a/b/c", kind: "X" } }, expected: ['spec.paramKind.apiVersion: Invalid value: "a/b/c": unexpected GroupVersion string: a/b/c'] },
  { name: "paramKind apiVersion needs a version", spec: { paramKind: { apiVersion: "example.com/", kind: "X" } }, expected: ['spec.paramKind.apiVersion: Invalid value: "example.com/": version must be specified'] },
  { name: "paramKind group must be a DNS subdomain", spec: { paramKind: { apiVersion: "Example.com/v1", kind: "X" } }, expected: [`spec.paramKind.apiVersion: Invalid value: "Example.com": ${subdomainMsg}`] },
  { name: "paramKind version must be a DNS-1035 label", spec: { paramKind: { apiVersion: "example.com/1v", kind: "X" } }, expected: [`spec.paramKind.apiVersion: Invalid value: "1v": ${dns1035Msg}`] },
  { name: "paramKind kind must be a DNS-1035 label in lower case", spec: { paramKind: { apiVersion: "v1", kind: "Config_Map" } }, expected: [`spec.paramKind.kind: Invalid value: "Config_Map": may have mixed case, but should otherwise match: ${dns1035Msg}`] },
  { name: "matchCondition name and expression are required", spec: { matchConditions: [{}] }, expected: ["spec.matchConditions[0].expression: Required value", "spec.matchConditions[0].name: Required value"] },
  { name: "matchCondition names are unique", spec: { matchConditions: [{ name: "a", expression: "true" }, { name: "a", expression: "true" }] }, expected: ['spec.matchConditions[1].name: Duplicate value: "a"'] },
  { name: "matchCondition names are qualified names", spec: { matchConditions: [{ name: "a b", expression: "true" }] }, expected: [`spec.matchConditions[0].name: Invalid value: "a b": ${keyMsg}`] },
  {
    name: "at most 64 matchConditions",
    spec: { matchConditions: Array.from({ length: 65 }, (_, i) => ({ name: `c${i}`, expression: "true" })) },
    expected: ["spec.matchConditions: Too many: 65: must have at most 64 items"],
  },
  { name: "variable name and expression are required", spec: { variables: [{ name: " " }] }, expected: ["spec.variables[0].name: Required value: name is not specified", "spec.variables[0].expression: Required value: expression is not specified"] },
  { name: "variable names are CEL identifiers", spec: { variables: [{ name: "1x", expression: "1" }] }, expected: ['spec.variables[0].name: Invalid value: "1x": must be a valid CEL identifier'] },
  { name: "variable names are not CEL reserved words", spec: { variables: [{ name: "namespace", expression: "1" }] }, expected: ['spec.variables[0].name: Invalid value: "namespace": must be a valid CEL identifier'] },
  { name: "metadata.name must be a DNS subdomain", spec: {}, metaName: "Bad_Name", expected: [`metadata.name: Invalid value: "Bad_Name": ${subdomainMsg}`] },
  { name: "metadata.name is required", spec: {}, metaName: "", expected: ["metadata.name: Required value: name or generateName is required"] },
];

for (const c of policyCases) {
  test(`policy validation: ${c.name}`, () => {
    const item = policy(c.metaName ?? "p1", c.spec);
    if (c.metaName === "") delete (item.metadata as JsonObject).name;
    assert.deepEqual(messages(item), c.expected);
    assert.equal(loadPolicies([item]).policies.length, 0, "an invalid policy is left out");
  });
}

const valid: { name: string; spec: R }[] = [
  { name: "one JSONPatch mutation", spec: {} },
  { name: "one ApplyConfiguration mutation", spec: { mutations: [{ patchType: "ApplyConfiguration", applyConfiguration: { expression: "Object{}" } }] } },
  { name: "operation * alone", spec: mc({ operations: ["*"] }) },
  { name: "CREATE, UPDATE and CONNECT", spec: mc({ operations: ["CREATE", "UPDATE", "CONNECT"] }) },
  { name: "core group ''", spec: mc({ apiGroups: [""], resources: ["pods"] }) },
  { name: "*/* alone", spec: res(["*/*"]) },
  { name: "* with subresources", spec: res(["*", "pods/status"]) },
  { name: "a resource, then * (upstream only looks at the last plain resource)", spec: res(["pods", "*"]) },
  { name: "x/* with other resources", spec: res(["pods/*", "deployments/status"]) },
  { name: "scopes Cluster / Namespaced / *", spec: { matchConstraints: { resourceRules: [rr({ scope: "Cluster" }), rr({ scope: "Namespaced" }), rr({ scope: "*" })] } } },
  { name: "resourceNames, including an empty one", spec: mc({ resourceNames: ["a", ""] }) },
  { name: "matchPolicy Exact", spec: mc({}, { matchPolicy: "Exact" }) },
  { name: "paramKind core and group kinds", spec: { paramKind: { apiVersion: "v1", kind: "ConfigMap" } } },
  { name: "paramKind custom kind", spec: { paramKind: { apiVersion: "mesh.example.com/v1", kind: "SidecarConfig" } } },
  { name: "64 matchConditions with qualified names", spec: { matchConditions: Array.from({ length: 64 }, (_, i) => ({ name: `example.com/c${i}`, expression: "true" })) } },
  { name: "variables with identifiers", spec: { variables: [{ name: "_x1", expression: "1" }, { name: "Y", expression: "2" }] } },
  { name: "failurePolicy Ignore and reinvocationPolicy IfNeeded", spec: { failurePolicy: "Ignore", reinvocationPolicy: "IfNeeded" } },
];

for (const c of valid) {
  test(`policy validation: valid twin: ${c.name}`, () => {
    const out = loadPolicies([policy("p1", c.spec)]);
    assert.deepEqual(out.problems, []);
    assert.equal(out.policies.length, 1);
  });
}

const bindingCases: { name: string; spec: R; version?: string; expected: string[] }[] = [
  { name: "policyName is required", spec: { policyName: "" }, expected: ["spec.policyName: Required value"] },
  { name: "policyName must be a DNS subdomain", spec: { policyName: "Bad" }, expected: [`spec.policyName: Invalid value: "Bad": ${subdomainMsg}`] },
  { name: "paramRef needs name or selector and an action", spec: { paramRef: {} }, expected: ["spec.paramRef: Required value: one of name or selector must be specified", 'spec.paramRef.parameterNotFoundAction: Required value (supported values: "Deny", "Allow")'] },
  {
    name: "paramRef name and selector are mutually exclusive",
    spec: { paramRef: { name: "a", selector: {}, parameterNotFoundAction: "Allow" } },
    expected: ["spec.paramRef.name: Forbidden: name and selector are mutually exclusive", "spec.paramRef.selector: Forbidden: name and selector are mutually exclusive"],
  },
  {
    name: "paramRef name must be a path segment and the action known",
    spec: { paramRef: { name: "a/b", parameterNotFoundAction: "Skip" } },
    expected: ["spec.paramRef.name: Invalid value: \"a/b\": may not contain '/'", 'spec.paramRef.parameterNotFoundAction: Unsupported value: "Skip": supported values: "Deny", "Allow"'],
  },
  { name: "paramRef selector is validated", spec: { paramRef: { selector: { matchExpressions: [{ key: "k", operator: "In" }] }, parameterNotFoundAction: "Deny" } }, expected: ["spec.paramRef.selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'"] },
  { name: "v1beta1 requires parameterNotFoundAction", version: "v1beta1", spec: { paramRef: { name: "a" } }, expected: ['spec.paramRef.parameterNotFoundAction: Required value (supported values: "Deny", "Allow")'] },
  {
    name: "binding matchResources cannot name DELETE",
    spec: { matchResources: { resourceRules: [rr({ operations: ["DELETE"] })] } },
    expected: ['spec.matchResources.resourceRules.operations: Unsupported value: "DELETE": supported values: "*", "CONNECT", "CREATE", "UPDATE"'],
  },
  { name: "binding matchResources rules are validated", spec: { matchResources: { resourceRules: [rr({ resources: [] })] } }, expected: ["spec.matchResources.resourceRules[0].resources: Required value"] },
];

for (const c of bindingCases) {
  test(`binding validation: ${c.name}`, () => {
    const item = binding("b1", "p1", c.spec, `admissionregistration.k8s.io/${c.version ?? "v1"}`);
    assert.deepEqual(messages(item), c.expected);
    assert.equal(loadPolicies([item]).bindings.length, 0);
  });
}

const validBindings: { name: string; spec: R; version?: string }[] = [
  { name: "no paramRef and no matchResources", spec: {} },
  { name: "paramRef by name with Deny", spec: { paramRef: { name: "a", namespace: "ns", parameterNotFoundAction: "Deny" } } },
  { name: "paramRef by selector with Allow", spec: { paramRef: { selector: { matchLabels: { a: "b" } }, parameterNotFoundAction: "Allow" } } },
  { name: "matchResources with empty resourceRules", spec: { matchResources: { resourceRules: [] } } },
  { name: "v1alpha1 paramRef without action (defaulted to Deny)", version: "v1alpha1", spec: { paramRef: { name: "a" } } },
];

for (const c of validBindings) {
  test(`binding validation: valid twin: ${c.name}`, () => {
    const out = loadPolicies([binding("b1", "p1", c.spec, `admissionregistration.k8s.io/${c.version ?? "v1"}`)]);
    assert.deepEqual(out.problems, []);
    assert.equal(out.bindings.length, 1);
  });
}
