// Probe cases: whether the admission oracle reports a ValidatingAdmissionPolicy Warn action among
// its warnings (the v0.36.3 oracle glue installs no warning recorder), and whether kmutate runs VAPs.
import { oracleFacts } from "./oracle-client.js";
import type { DiffCase } from "./gen/cases.js";

/** A case whose only outcome is one failed validation, bound with `action`. */
function vapProbe(action: "Warn" | "Deny"): DiffCase {
  return {
    id: `probe-vap-${action.toLowerCase()}`, family: "vap", shape: "probe", operation: "CREATE", options: {},
    items: [
      { apiVersion: "admissionregistration.k8s.io/v1", kind: "ValidatingAdmissionPolicy", metadata: { name: "probe" },
        spec: { failurePolicy: "Fail", matchConstraints: { resourceRules: [{ apiGroups: [""], apiVersions: ["v1"], operations: ["CREATE"], resources: ["configmaps"] }] }, validations: [{ expression: "false" }] } },
      { apiVersion: "admissionregistration.k8s.io/v1", kind: "ValidatingAdmissionPolicyBinding", metadata: { name: "probe-binding" }, spec: { policyName: "probe", validationActions: [action] } },
      { apiVersion: "v1", kind: "Namespace", metadata: { name: "default" } },
      { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "probe", namespace: "default" } },
    ],
  };
}

/** A failed validation under Warn: the oracle should report one warning. */
export const vapWarnProbe = vapProbe("Warn");
/** A failed validation under Deny: whoever evaluates VAPs reports one error. */
export const vapDenyProbe = vapProbe("Deny");

/** True when the oracle reports the probe's Warn validation as a warning. */
export async function probeVapWarnings(oracle: string): Promise<boolean> {
  const f = await oracleFacts(oracle, vapWarnProbe);
  return f.warnings.length > 0;
}
