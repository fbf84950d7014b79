// Builders for ValidatingAdmissionPolicy tests: manifests of policies and bindings, ConfigMaps and
// Namespaces, and a run of `admit` reduced to what the tests compare (items, results as lines).
import { admit } from "../../../src/admission/admit.js";
import { defaultAdmitOptions, type AdmitOptions, type AdmitOutput, type KrmResult } from "../../../src/admission/types.js";
import type { JsonObject } from "../../../src/data/index.js";

const group = "admissionregistration.k8s.io";

/** A valid ValidatingAdmissionPolicy on ConfigMaps (CREATE, UPDATE, DELETE); `spec` entries replace the defaults (undefined removes). */
export function vap(name: string, spec: Record<string, unknown> = {}, version = "v1"): JsonObject {
  const base: Record<string, unknown> = {
    failurePolicy: "Fail",
    matchConstraints: { resourceRules: [{ apiGroups: [""], apiVersions: ["v1"], operations: ["CREATE", "UPDATE", "DELETE"], resources: ["configmaps"] }] },
    validations: [{ expression: "true" }],
  };
  for (const [k, v] of Object.entries(spec)) {
    if (v === undefined) delete base[k];
    else base[k] = v;
  }
  return { apiVersion: `${group}/${version}`, kind: "ValidatingAdmissionPolicy", metadata: { name }, spec: base as JsonObject };
}

/** A ValidatingAdmissionPolicyBinding of `policyName` with `actions` (null: no validationActions field). */
export function vapBinding(name: string, policyName: string, actions: string[] | null = ["Deny"], spec: Record<string, unknown> = {}, version = "v1"): JsonObject {
  const s: Record<string, unknown> = { policyName };
  if (actions !== null) s.validationActions = actions;
  Object.assign(s, spec);
  return { apiVersion: `${group}/${version}`, kind: "ValidatingAdmissionPolicyBinding", metadata: { name }, spec: s as JsonObject };
}

/** A ConfigMap in `ns` (default `default`). */
export function cm(name: string, data: Record<string, string> = { k: "v" }, labels?: Record<string, string>, ns = "default"): JsonObject {
  const metadata: JsonObject = { name, namespace: ns };
  if (labels) metadata.labels = { ...labels };
  return { apiVersion: "v1", kind: "ConfigMap", metadata, data: { ...data } };
}

/** A Namespace. */
export function ns(name: string, labels?: Record<string, string>): JsonObject {
  return { apiVersion: "v1", kind: "Namespace", metadata: labels ? { name, labels: { ...labels } } : { name } };
}

/** One result as a line: `severity name: message` (tags appended when asked). */
export function line(r: KrmResult, withTags = false): string {
  const tags = withTags && r.tags ? " " + JSON.stringify(r.tags) : "";
  return `${r.severity} ${r.resourceRef?.name ?? "-"}: ${r.message}${tags}`;
}

/** Runs `admit` with the defaults plus `options`. */
export function run(items: JsonObject[], options: Partial<AdmitOptions> = {}): AdmitOutput {
  return admit(items, { ...defaultAdmitOptions, ...options });
}

/** The result lines of a run, without `info` results about mutations. */
export function lines(items: JsonObject[], options: Partial<AdmitOptions> = {}, withTags = false): string[] {
  return run(items, options).results.filter((r) => !r.message.startsWith("mutated by") && r.tags?.objects === undefined).map((r) => line(r, withTags));
}
