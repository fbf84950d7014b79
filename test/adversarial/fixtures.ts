// Builders for adversarial ResourceLists: one MutatingAdmissionPolicy (JSONPatch mutations and
// optional variables) bound to ConfigMaps, plus the objects it runs on.
import type { JsonObject } from "../../src/data/index.js";

/** A policy on CREATE of ConfigMaps with JSONPatch mutation expressions. */
export function policy(name: string, mutations: string[], options: { variables?: [string, string][]; failurePolicy?: "Fail" | "Ignore" } = {}): JsonObject {
  return {
    apiVersion: "admissionregistration.k8s.io/v1",
    kind: "MutatingAdmissionPolicy",
    metadata: { name },
    spec: {
      matchConstraints: { resourceRules: [{ apiGroups: [""], apiVersions: ["v1"], operations: ["CREATE"], resources: ["configmaps"] }] },
      failurePolicy: options.failurePolicy ?? "Fail",
      reinvocationPolicy: "Never",
      ...(options.variables ? { variables: options.variables.map(([n, expression]) => ({ name: n, expression })) } : {}),
      mutations: mutations.map((expression) => ({ patchType: "JSONPatch", jsonPatch: { expression } })),
    },
  };
}

/** The binding of `policyName`. */
export function binding(policyName: string): JsonObject {
  return { apiVersion: "admissionregistration.k8s.io/v1", kind: "MutatingAdmissionPolicyBinding", metadata: { name: `${policyName}-binding` }, spec: { policyName } };
}

/** A ConfigMap in `default`. */
export function configMap(name: string, data: Record<string, string> = {}, extra: JsonObject = {}): JsonObject {
  return { apiVersion: "v1", kind: "ConfigMap", metadata: { name, namespace: "default" }, data, ...extra };
}

/** A ResourceList (JSON text) of `items`. */
export function resourceList(items: JsonObject[]): string {
  return JSON.stringify({ apiVersion: "config.kubernetes.io/v1", kind: "ResourceList", items });
}

/** `depth` levels of `wrap` around `seed` (`$`: the inner text, `#`: the level). */
export function nest(seed: string, depth: number, wrap: string): string {
  let s = seed;
  for (let i = 0; i < depth; i++) s = wrap.replaceAll("$", s).replaceAll("#", String(i));
  return s;
}
