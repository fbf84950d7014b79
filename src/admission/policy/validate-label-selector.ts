// Create-time validation of label selectors in policies and bindings (apimachinery
// `metav1validation.ValidateLabelSelector` with default options).
import { forbidden, invalid, required, type FieldError } from "./field-error.js";
import type { LabelSelectorSpec } from "./policy-model.js";
import { isLabelKey, isLabelValue } from "./validate-names.js";

/**
 * Create-time validation (`metav1validation.ValidateLabelSelector` with default options) under
 * `path` (e.g. `spec.matchConstraints.objectSelector`).
 */
export function validateLabelSelector(spec: LabelSelectorSpec | null | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!spec) return errs;
  const labels = spec.matchLabels ?? {};
  for (const k of Object.keys(labels).sort()) {
    for (const m of isLabelKey(k)) errs.push(invalid(`${path}.matchLabels`, k, m));
    for (const m of isLabelValue(labels[k])) errs.push(invalid(`${path}.matchLabels`, labels[k], m));
  }
  (spec.matchExpressions ?? []).forEach((e, i) => {
    const p = `${path}.matchExpressions[${i}]`;
    const values = e.values ?? [];
    if (e.operator === "In" || e.operator === "NotIn") {
      if (values.length === 0) errs.push(required(`${p}.values`, "must be specified when `operator` is 'In' or 'NotIn'"));
    } else if (e.operator === "Exists" || e.operator === "DoesNotExist") {
      if (values.length > 0) errs.push(forbidden(`${p}.values`, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
    } else {
      errs.push(invalid(`${p}.operator`, e.operator, "not a valid selector operator"));
    }
    for (const m of isLabelKey(e.key)) errs.push(invalid(`${p}.key`, e.key, m));
    values.forEach((v, j) => {
      for (const m of isLabelValue(v)) errs.push(invalid(`${p}.values[${j}]`, v, m));
    });
  });
  return errs;
}
