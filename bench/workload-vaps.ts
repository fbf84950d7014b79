// ValidatingAdmissionPolicies, bindings and params for a benchmark workload: eight templates
// (team label, replica ceiling from a param, image registry, probes, namespace environment,
// service ports, ConfigMap size, audit annotations) cycled to reach V policies. They pass on the
// generated objects, so the measured cost is evaluation, not result bookkeeping.
import type { JsonObject } from "../src/data/index.js";
import { paramsNamespace, widgetGroup } from "./workload-objects.js";

/** The VAP shapes a workload cycles through, in order. */
export const vapTemplates = [
  "team-label",
  "replica-ceiling",
  "image-registry",
  "probes",
  "namespace-env",
  "service-ports",
  "configmap-size",
  "audit-owner",
] as const satisfies readonly string[];

/** One of {@link vapTemplates}. */
export type VapTemplate = (typeof vapTemplates)[number];

/** One VAP with its binding and the params it reads (possibly none). */
export interface VapBundle {
  template: VapTemplate;
  policy: JsonObject;
  binding: JsonObject;
  params: JsonObject[];
}

type Spec = { spec: JsonObject; actions: string[]; paramRef?: JsonObject; params?: JsonObject[] };

function rules(...groupResources: [string, string[]][]): JsonObject {
  return { resourceRules: groupResources.map(([group, resources]) => ({ apiGroups: [group], apiVersions: ["v1"], operations: ["CREATE", "UPDATE"], resources })) };
}

const workloads: [string, string[]] = ["apps", ["deployments", "statefulsets"]];
/** The pod spec of a workload or a Pod (a variable every pod-level template reads). */
const podSpec = { name: "podSpec", expression: "has(object.spec.template) ? object.spec.template.spec : object.spec" };

function template(t: VapTemplate, i: number, name: string): Spec {
  switch (t) {
    case "team-label":
      return {
        spec: {
          matchConstraints: rules(workloads, ["", ["pods", "services"]], [widgetGroup, ["widgets"]]),
          validations: [{ expression: "'team' in object.metadata.?labels.orValue({})", messageExpression: "'object ' + object.metadata.name + ' has no team label'", reason: "Forbidden" }],
        },
        actions: ["Deny"],
      };
    case "replica-ceiling":
      return {
        spec: {
          paramKind: { apiVersion: "v1", kind: "ConfigMap" },
          matchConstraints: rules(workloads),
          validations: [{ expression: "object.spec.?replicas.orValue(1) <= int(params.data.maxReplicas)", messageExpression: "'at most ' + params.data.maxReplicas + ' replicas'" }],
        },
        actions: ["Deny"],
        paramRef: { name: `${name}-limits`, namespace: paramsNamespace, parameterNotFoundAction: "Deny" },
        params: [{ apiVersion: "v1", kind: "ConfigMap", metadata: { name: `${name}-limits`, namespace: paramsNamespace }, data: { maxReplicas: String(50 + i) } }],
      };
    case "image-registry":
      return {
        spec: {
          matchConstraints: rules(workloads, ["", ["pods"]]),
          variables: [podSpec, { name: "images", expression: "variables.podSpec.containers.map(c, c.image)" }],
          validations: [
            { expression: "variables.images.all(image, image.startsWith('registry.example.com/'))", message: "images must come from registry.example.com" },
            { expression: "!variables.images.exists(image, image.endsWith(':latest'))", message: "no :latest images" },
          ],
        },
        actions: ["Deny", "Audit"],
      };
    case "probes":
      return {
        spec: {
          matchConstraints: rules(workloads),
          validations: [{ expression: "object.spec.template.spec.containers.all(c, has(c.readinessProbe))", message: "every container needs a readinessProbe" }],
        },
        actions: ["Warn"],
      };
    case "namespace-env":
      return {
        spec: {
          matchConstraints: rules(workloads, ["", ["services"]]),
          matchConditions: [{ name: "not-params", expression: `object.metadata.namespace != '${paramsNamespace}'` }],
          validations: [{ expression: "namespaceObject.metadata.?labels['env'].orValue('dev') != 'prod' || object.metadata.?labels['team'].hasValue()", messageExpression: "'prod objects need a team (namespace ' + namespaceObject.metadata.name + ')'" }],
        },
        actions: ["Deny"],
      };
    case "service-ports":
      return {
        spec: {
          matchConstraints: rules(["", ["services"]]),
          validations: [{ expression: "object.spec.ports.all(p, p.port > 0 && p.port < 65536)", message: "ports must be valid" }, { expression: "object.spec.?type.orValue('ClusterIP') != 'NodePort'", message: "no NodePort services" }],
        },
        actions: ["Deny"],
      };
    case "configmap-size":
      return {
        spec: {
          matchConstraints: rules(["", ["configmaps"]]),
          validations: [{ expression: "size(object.?data.orValue({})) <= 100", message: "at most 100 keys" }],
        },
        actions: ["Deny"],
      };
    case "audit-owner":
      return {
        spec: {
          matchConstraints: rules(workloads, ["", ["pods", "services", "configmaps"]]),
          auditAnnotations: [{ key: "owner", valueExpression: "string(object.metadata.?labels['team'].orValue('unknown'))" }],
        },
        actions: ["Audit"],
      };
  }
}

/** Builds ValidatingAdmissionPolicy number `i` (0-based) of a workload. */
export function vapBundle(i: number): VapBundle {
  const t = vapTemplates[i % vapTemplates.length];
  const name = `bench-vap-${t}-${i}`;
  const built = template(t, i, name);
  const apiVersion = i % 10 === 9 ? "admissionregistration.k8s.io/v1beta1" : "admissionregistration.k8s.io/v1";
  return {
    template: t,
    policy: { apiVersion, kind: "ValidatingAdmissionPolicy", metadata: { name }, spec: { failurePolicy: i % 7 === 6 ? "Ignore" : "Fail", ...built.spec } },
    binding: {
      apiVersion,
      kind: "ValidatingAdmissionPolicyBinding",
      metadata: { name: `${name}-binding` },
      spec: { policyName: name, validationActions: built.actions, ...(built.paramRef ? { paramRef: built.paramRef } : {}) },
    },
    params: built.params ?? [],
  };
}
