// Small builders for admission tests: rules, criteria, request attributes, manifests of
// policies, bindings, params and Namespaces. Each test states only what differs.
import type { JsonObject } from "../../src/data/index.js";
import type { RequestAttrs, NamespaceLookup } from "../../src/admission/match/match-types.js";
import type { BindingModel, MatchResourcesModel, PolicyModel, RuleModel } from "../../src/admission/policy/policy-model.js";

/** A rule matching everything unless overridden. */
export function rule(overrides: Partial<RuleModel> = {}): RuleModel {
  return { apiGroups: ["*"], apiVersions: ["*"], resources: ["*"], operations: ["*"], scope: "*", resourceNames: [], ...overrides };
}

/** Defaulted MatchResources with the given rules. */
export function criteria(overrides: Partial<MatchResourcesModel> = {}): MatchResourcesModel {
  return { namespaceSelector: {}, objectSelector: {}, resourceRules: [rule()], excludeResourceRules: [], matchPolicy: "Equivalent", ...overrides };
}

/** An object with metadata (name, namespace, labels). */
export function obj(apiVersion: string, kind: string, name: string, namespace?: string, labels?: Record<string, string>): JsonObject {
  const metadata: JsonObject = { name };
  if (namespace !== undefined) metadata.namespace = namespace;
  if (labels !== undefined) metadata.labels = { ...labels };
  return { apiVersion, kind, metadata };
}

/** A Namespace object. */
export function namespace(name: string, labels?: Record<string, string>): JsonObject {
  return obj("v1", "Namespace", name, undefined, labels);
}

/** A ConfigMap (param) object. */
export function configMap(name: string, ns?: string, labels?: Record<string, string>): JsonObject {
  return { ...obj("v1", "ConfigMap", name, ns, labels), data: { k: name } };
}

/** A lookup over the given Namespace objects. */
export function lookupOf(...namespaces: JsonObject[]): NamespaceLookup {
  return (name) => namespaces.find((n) => (n.metadata as JsonObject).name === name);
}

/** Request attributes: CREATE of Deployment `web` in `default` unless overridden. */
export function attrs(overrides: Partial<RequestAttrs> = {}): RequestAttrs {
  const base: RequestAttrs = {
    group: "apps",
    version: "v1",
    resource: "deployments",
    subresource: "",
    kind: { group: "apps", version: "v1", kind: "Deployment" },
    namespace: "default",
    name: "web",
    operation: "CREATE",
    object: obj("apps/v1", "Deployment", "web", "default", { app: "web" }),
    oldObject: null,
  };
  return { ...base, ...overrides };
}

/** Attributes of a core/v1 object (`resource` is the plural). */
export function coreAttrs(kind: string, resource: string, name: string, ns: string, overrides: Partial<RequestAttrs> = {}): RequestAttrs {
  return attrs({
    group: "",
    version: "v1",
    resource,
    kind: { group: "", version: "v1", kind },
    namespace: ns,
    name,
    object: obj("v1", kind, name, ns === "" ? undefined : ns),
    ...overrides,
  });
}

/** A policy model (as loadPolicies would produce) with the given overrides. */
export function policyModel(name: string, overrides: Partial<PolicyModel> = {}): PolicyModel {
  return {
    name,
    apiVersion: "admissionregistration.k8s.io/v1",
    source: { index: 0 },
    matchConstraints: criteria(),
    variables: [],
    mutations: [{ patchType: "JSONPatch", expression: "[]", fieldPath: "spec.mutations[0].jsonPatch.expression" }],
    failurePolicy: "Fail",
    matchConditions: [],
    reinvocationPolicy: "Never",
    ...overrides,
  };
}

/** A binding model with the given overrides. */
export function bindingModel(name: string, policyName: string, overrides: Partial<BindingModel> = {}): BindingModel {
  return { name, apiVersion: "admissionregistration.k8s.io/v1", source: { index: 1 }, policyName, ...overrides };
}

/** A valid v1 MutatingAdmissionPolicy manifest; `spec` entries replace the defaults (undefined removes). */
export function policy(name: string, spec: Record<string, unknown> = {}, apiVersion = "admissionregistration.k8s.io/v1"): JsonObject {
  const base: Record<string, unknown> = {
    matchConstraints: {
      resourceRules: [{ apiGroups: ["apps"], apiVersions: ["v1"], operations: ["CREATE"], resources: ["deployments"] }],
    },
    failurePolicy: "Fail",
    reinvocationPolicy: "Never",
    // A no-op of static type list(JSONPatch): a bare `[]` is list(dyn), which API validation refuses.
    mutations: [{ patchType: "JSONPatch", jsonPatch: { expression: '[JSONPatch{op: "test", path: "/kind", value: object.kind}].filter(p, false)' } }],
  };
  for (const [k, v] of Object.entries(spec)) {
    if (v === undefined) delete base[k];
    else base[k] = v;
  }
  return { apiVersion, kind: "MutatingAdmissionPolicy", metadata: { name }, spec: base as JsonObject };
}

/** A v1 MutatingAdmissionPolicyBinding manifest. */
export function binding(name: string, policyName: string, spec: Record<string, unknown> = {}, apiVersion = "admissionregistration.k8s.io/v1"): JsonObject {
  return { apiVersion, kind: "MutatingAdmissionPolicyBinding", metadata: { name }, spec: { policyName, ...spec } as JsonObject };
}
