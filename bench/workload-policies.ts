// MutatingAdmissionPolicies, bindings and params for a benchmark workload: eight templates
// (sidecar injection, label defaulting, annotation JSON patches, params by selector and by
// namespace, replica floors, container defaults, CRD settings) cycled to reach P policies.
import type { JsonObject } from "../src/data/index.js";
import { injectionLabel, paramsNamespace, teams, widgetGroup } from "./workload-objects.js";
import type { NamespaceInfo } from "./workload-objects.js";

/** The policy shapes a workload cycles through, in order. */
export const policyTemplates = [
  "sidecar",
  "label-default",
  "annotation-patch",
  "params-by-selector",
  "params-per-namespace",
  "replicas-floor",
  "container-default",
  "widget-settings",
] as const satisfies readonly string[];

/** One of {@link policyTemplates}. */
export type PolicyTemplate = (typeof policyTemplates)[number];

/** One policy with its binding and the params it reads (possibly none). */
export interface PolicyBundle {
  template: PolicyTemplate;
  policy: JsonObject;
  binding: JsonObject;
  params: JsonObject[];
}

type Spec = { spec: JsonObject; binding?: JsonObject; params?: JsonObject[] };

function rule(group: string, resources: string[]): JsonObject {
  return { apiGroups: [group], apiVersions: ["v1"], operations: ["CREATE", "UPDATE"], resources };
}

function apply(expression: string): JsonObject {
  return { patchType: "ApplyConfiguration", applyConfiguration: { expression } };
}

function jsonPatch(expression: string): JsonObject {
  return { patchType: "JSONPatch", jsonPatch: { expression } };
}

function sidecar(i: number, variant: number): Spec {
  const t = "Object.spec.template.spec.initContainers";
  return {
    spec: {
      matchConstraints: {
        resourceRules: [rule("apps", ["deployments", "statefulsets"])],
        namespaceSelector: {
          matchLabels: { [injectionLabel]: "enabled" },
          matchExpressions: [{ key: "team", operator: "In", values: [teams[variant % teams.length]] }],
        },
        objectSelector: { matchExpressions: [{ key: "mesh.example.com/inject", operator: "NotIn", values: ["false"] }] },
      },
      matchConditions: [
        {
          name: "no-sidecar-yet",
          expression:
            "!(has(object.spec) && has(object.spec.template) && has(object.spec.template.spec) && has(object.spec.template.spec.initContainers))" +
            ` || !object.spec.template.spec.initContainers.exists(c, c.name == "proxy-${i}")`,
        },
        {
          name: "not-skipped",
          expression: `!object.?spec.?template.?metadata.?annotations[?"mesh.example.com/skip"].hasValue()`,
        },
      ],
      variables: [
        { name: "proxyName", expression: `"proxy-${i}"` },
        { name: "image", expression: `"registry.example.com/mesh/proxy:v1." + string(${variant})` },
      ],
      reinvocationPolicy: "IfNeeded",
      mutations: [
        apply(`Object{
  spec: Object.spec{
    template: Object.spec.template{
      spec: Object.spec.template.spec{
        initContainers: [
          ${t}{
            name: variables.proxyName,
            image: variables.image,
            restartPolicy: "Always",
            ports: [${t}.ports{name: "proxy", containerPort: 15001}],
            resources: ${t}.resources{requests: {"cpu": "50m", "memory": "64Mi"}}
          }
        ]
      }
    }
  }
}`),
      ],
    },
  };
}

function labelDefault(i: number, variant: number): Spec {
  const objectSelector: JsonObject =
    variant % 3 === 0
      ? {}
      : variant % 3 === 1
        ? { matchLabels: { team: teams[variant % teams.length] } }
        : { matchExpressions: [{ key: "app.kubernetes.io/part-of", operator: "Exists" }] };
  return {
    spec: {
      matchConstraints: {
        resourceRules: [rule("", ["pods", "services", "configmaps"]), rule("apps", ["deployments", "statefulsets"])],
        objectSelector,
      },
      matchConditions: [
        {
          name: "label-missing",
          expression: `!has(object.metadata.labels) || !("defaults.example.com/l${i}" in object.metadata.labels)`,
        },
        { name: "not-system", expression: `!request.namespace.startsWith("kube-")` },
      ],
      reinvocationPolicy: "Never",
      mutations: [apply(`Object{metadata: Object.metadata{labels: {"defaults.example.com/l${i}": "v${variant}"}}}`)],
    },
  };
}

function annotationPatch(i: number, variant: number): Spec {
  const key = `audit.example.com/p${i}`;
  const constraints: JsonObject = { resourceRules: [rule("apps", ["deployments"]), rule("", ["services"])] };
  if (variant % 2 === 0) {
    constraints.namespaceSelector = { matchExpressions: [{ key: "env", operator: "In", values: ["prod", "staging"] }] };
  }
  return {
    spec: {
      matchConstraints: constraints,
      matchConditions: [
        { name: "part-of-suite", expression: `object.metadata.?labels[?"app.kubernetes.io/part-of"].orValue("") != ""` },
      ],
      reinvocationPolicy: "Never",
      mutations: [
        jsonPatch(`has(object.metadata.annotations) ?
  [JSONPatch{op: "add", path: "/metadata/annotations/" + jsonpatch.escapeKey("${key}"), value: "owner=" + object.metadata.?labels[?"team"].orValue("unknown")}] :
  [JSONPatch{op: "add", path: "/metadata/annotations", value: {"${key}": "owner=unknown"}}]`),
      ],
    },
  };
}

function paramsBySelector(i: number, name: string): Spec {
  const selectorLabel = "bench.example.com/params-for";
  const params = ["a", "b"].map(
    (suffix): JsonObject => ({
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: { name: `${name}-${suffix}`, namespace: paramsNamespace, labels: { [selectorLabel]: name } },
      data: { [`params.example.com/p${i}-${suffix}`]: `value-${suffix}`, [`params.example.com/p${i}-${suffix}-ts`]: "2025-01-01" },
    }),
  );
  return {
    spec: {
      paramKind: { apiVersion: "v1", kind: "ConfigMap" },
      matchConstraints: {
        resourceRules: [rule("", ["services"]), rule("apps", ["deployments"])],
        namespaceSelector: { matchExpressions: [{ key: "env", operator: "In", values: ["prod", "staging"] }] },
      },
      reinvocationPolicy: "Never",
      mutations: [apply(`Object{metadata: Object.metadata{annotations: params.data}}`)],
    },
    binding: {
      paramRef: { selector: { matchLabels: { [selectorLabel]: name } }, namespace: paramsNamespace, parameterNotFoundAction: "Allow" },
    },
    params,
  };
}

function paramsPerNamespace(i: number, name: string, namespaces: readonly NamespaceInfo[]): Spec {
  const params = namespaces
    .filter((_, k) => k % 4 === i % 4)
    .map(
      (ns, k): JsonObject => ({
        apiVersion: "v1",
        kind: "ConfigMap",
        metadata: { name, namespace: ns.name },
        data: { costCenter: `cc-${100 + ((k * 7 + i) % 900)}`, owner: ns.team },
      }),
    );
  return {
    spec: {
      paramKind: { apiVersion: "v1", kind: "ConfigMap" },
      matchConstraints: { resourceRules: [rule("apps", ["deployments", "statefulsets"])] },
      matchConditions: [{ name: "has-cost-center", expression: `has(params.data) && "costCenter" in params.data` }],
      reinvocationPolicy: "Never",
      mutations: [apply(`Object{metadata: Object.metadata{labels: {"cost.example.com/center-p${i}": params.data["costCenter"]}}}`)],
    },
    binding: { paramRef: { name, parameterNotFoundAction: "Allow" } },
    params,
  };
}

function replicasFloor(variant: number): Spec {
  const min = 2 + (variant % 3);
  return {
    spec: {
      matchConstraints: { resourceRules: [rule("apps", ["deployments"])], namespaceSelector: { matchLabels: { env: "prod" } } },
      matchConditions: [{ name: "too-few-replicas", expression: `has(object.spec) && has(object.spec.replicas) && object.spec.replicas < ${min}` }],
      reinvocationPolicy: "Never",
      mutations: [
        jsonPatch(`[
  JSONPatch{op: "test", path: "/spec/replicas", value: object.spec.replicas},
  JSONPatch{op: "replace", path: "/spec/replicas", value: ${min}}
]`),
      ],
    },
  };
}

const containerDefaults = [
  ["imagePullPolicy", "IfNotPresent"],
  ["terminationMessagePolicy", "FallbackToLogsOnError"],
  ["terminationMessagePath", "/dev/termination-log"],
] as const;

function containerDefault(variant: number): Spec {
  const [field, value] = containerDefaults[variant % containerDefaults.length];
  const onPods = variant % 2 === 0;
  const optionalPath = onPods ? "object.?spec.?containers" : "object.?spec.?template.?spec.?containers";
  const listPath = onPods ? "object.spec.containers" : "object.spec.template.spec.containers";
  const item = `${listPath.replace("object", "Object")}{name: c.name, ${field}: "${value}"}`;
  const containers = `${listPath}.filter(c, !has(c.${field})).map(c, ${item})`;
  const body = onPods
    ? `Object{spec: Object.spec{containers: ${containers}}}`
    : `Object{spec: Object.spec{template: Object.spec.template{spec: Object.spec.template.spec{containers: ${containers}}}}}`;
  return {
    spec: {
      matchConstraints: { resourceRules: [onPods ? rule("", ["pods"]) : rule("apps", ["deployments", "statefulsets"])] },
      matchConditions: [
        { name: "some-container-lacks-field", expression: `${optionalPath}.orValue([]).exists(c, !has(c.${field}))` },
      ],
      reinvocationPolicy: "Never",
      mutations: [apply(body)],
    },
  };
}

function widgetSettings(i: number, variant: number): Spec {
  return {
    spec: {
      matchConstraints: {
        resourceRules: [rule(widgetGroup, ["widgets"])],
        objectSelector: variant % 2 === 0 ? {} : { matchLabels: { team: teams[variant % teams.length] } },
      },
      matchConditions: [
        {
          name: "setting-missing",
          expression: `!has(object.spec) || !has(object.spec.settings) || !("p${i}" in object.spec.settings)`,
        },
      ],
      reinvocationPolicy: "Never",
      mutations: [
        apply(`Object{spec: Object.spec{
  settings: {"p${i}": "on"},
  ports: [Object.spec.ports{name: "metrics", port: 9090}]
}}`),
      ],
    },
  };
}

/**
 * Builds policy number `i` (0-based) of a workload.
 * @param namespaces the workload's Namespaces (per-namespace params are created in a quarter of them)
 */
export function policyBundle(i: number, namespaces: readonly NamespaceInfo[]): PolicyBundle {
  const template = policyTemplates[i % policyTemplates.length];
  const variant = Math.floor(i / policyTemplates.length);
  const name = `bench-${template}-${i}`;
  const built: Spec =
    template === "sidecar" ? sidecar(i, variant)
    : template === "label-default" ? labelDefault(i, variant)
    : template === "annotation-patch" ? annotationPatch(i, variant)
    : template === "params-by-selector" ? paramsBySelector(i, name)
    : template === "params-per-namespace" ? paramsPerNamespace(i, name, namespaces)
    : template === "replicas-floor" ? replicasFloor(variant)
    : template === "container-default" ? containerDefault(variant)
    : widgetSettings(i, variant);
  const apiVersion = i % 10 === 9 ? "admissionregistration.k8s.io/v1beta1" : "admissionregistration.k8s.io/v1";
  const failurePolicy = i % 7 === 6 ? "Ignore" : "Fail";
  return {
    template,
    policy: {
      apiVersion,
      kind: "MutatingAdmissionPolicy",
      metadata: { name, labels: { "bench.example.com/template": template } },
      spec: { ...built.spec, failurePolicy },
    },
    binding: {
      apiVersion,
      kind: "MutatingAdmissionPolicyBinding",
      metadata: { name: `${name}-binding` },
      spec: { policyName: name, ...(built.binding ?? {}) },
    },
    params: built.params ?? [],
  };
}
