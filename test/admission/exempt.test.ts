// Exempt requests (§2.1): review resources and admission policy resources are never mutated;
// webhook configurations are not exempt.
import { test } from "node:test";
import assert from "node:assert/strict";
import { exemptReason, isHandledOperation } from "../../src/admission/match/exempt.js";

const cases: { group: string; resource: string; expected: ReturnType<typeof exemptReason> }[] = [
  { group: "authentication.k8s.io", resource: "tokenreviews", expected: "excluded-resource" },
  { group: "authentication.k8s.io", resource: "selfsubjectreviews", expected: "excluded-resource" },
  { group: "authorization.k8s.io", resource: "subjectaccessreviews", expected: "excluded-resource" },
  { group: "authorization.k8s.io", resource: "selfsubjectrulesreviews", expected: "excluded-resource" },
  { group: "authorization.k8s.io", resource: "selfsubjectaccessreviews", expected: "excluded-resource" },
  { group: "authorization.k8s.io", resource: "localsubjectaccessreviews", expected: "excluded-resource" },
  { group: "admissionregistration.k8s.io", resource: "mutatingadmissionpolicies", expected: "admission-policy" },
  { group: "admissionregistration.k8s.io", resource: "mutatingadmissionpolicybindings", expected: "admission-policy" },
  { group: "admissionregistration.k8s.io", resource: "validatingadmissionpolicies", expected: "admission-policy" },
  { group: "admissionregistration.k8s.io", resource: "validatingadmissionpolicybindings", expected: "admission-policy" },
  { group: "admissionregistration.k8s.io", resource: "mutatingwebhookconfigurations", expected: undefined },
  { group: "admissionregistration.k8s.io", resource: "validatingwebhookconfigurations", expected: undefined },
  { group: "", resource: "configmaps", expected: undefined },
  { group: "", resource: "tokenreviews", expected: undefined },
];

for (const c of cases) {
  test(`exempt: ${c.group || "core"}/${c.resource} → ${c.expected ?? "not exempt"}`, () => {
    assert.equal(exemptReason(c.group, c.resource), c.expected);
  });
}

test("exempt: only CREATE, UPDATE and CONNECT reach mutating policies", () => {
  assert.deepEqual(["CREATE", "UPDATE", "CONNECT", "DELETE"].map(isHandledOperation), [true, true, true, false]);
});
