// Requests MutatingAdmissionPolicies never mutate (reference §2.1): the review resources the
// apiserver excludes from admission, and the admission policy/binding resources themselves.

/** Group/resource pairs excluded from admission by the apiserver (`exclusion/resources.go`). */
export const excludedResources: readonly { group: string; resource: string }[] = [
  { group: "authentication.k8s.io", resource: "selfsubjectreviews" },
  { group: "authentication.k8s.io", resource: "tokenreviews" },
  { group: "authorization.k8s.io", resource: "localsubjectaccessreviews" },
  { group: "authorization.k8s.io", resource: "selfsubjectaccessreviews" },
  { group: "authorization.k8s.io", resource: "selfsubjectrulesreviews" },
  { group: "authorization.k8s.io", resource: "subjectaccessreviews" },
];

/** Admission policy resources API-defined policies may not mutate (any version). */
export const policyConfigResources: readonly { group: string; resource: string }[] = [
  { group: "admissionregistration.k8s.io", resource: "validatingadmissionpolicies" },
  { group: "admissionregistration.k8s.io", resource: "validatingadmissionpolicybindings" },
  { group: "admissionregistration.k8s.io", resource: "mutatingadmissionpolicies" },
  { group: "admissionregistration.k8s.io", resource: "mutatingadmissionpolicybindings" },
];

/** Why a request is exempt, or undefined when policies may mutate it. */
export type ExemptReason = "excluded-resource" | "admission-policy";

/**
 * Whether policies may not touch this group/resource (by GroupResource, any version). Webhook
 * configurations are *not* exempt: MAPs can mutate them.
 */
export function exemptReason(group: string, resource: string): ExemptReason | undefined {
  const hit = (list: readonly { group: string; resource: string }[]): boolean =>
    list.some((e) => e.group === group && e.resource === resource);
  if (hit(excludedResources)) return "excluded-resource";
  if (hit(policyConfigResources)) return "admission-policy";
  return undefined;
}

/** Whether the operation reaches MutatingAdmissionPolicies at all (CREATE, UPDATE, CONNECT). */
export function isHandledOperation(operation: string): boolean {
  return operation === "CREATE" || operation === "UPDATE" || operation === "CONNECT";
}
