// The one-line stderr summary of what ValidatingAdmissionPolicies decided in `kmutate apply`
// (with or without --diff): objects validated, denied, warned.
import type { ValidationSummary } from "../admission/index.js";

const objects = (n: number): string => `${n} ${n === 1 ? "object" : "objects"}`;

/** `validation: 3 objects validated, 1 denied, 1 with warnings` (with `validation: Warn`: "would be denied"); "" without VAPs. */
export function validationSummaryLine(s: ValidationSummary | undefined, mode: "Enforce" | "Warn" | "Off" = "Enforce"): string {
  if (!s) return "";
  return `validation: ${objects(s.validated)} validated, ${s.denied} ${mode === "Warn" ? "would be denied" : "denied"}, ${s.warned} with warnings\n`;
}
