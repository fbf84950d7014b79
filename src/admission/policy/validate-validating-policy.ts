// Create-time validation of ValidatingAdmissionPolicies and bindings (VAP reference §1.5, without
// CEL compilation, which the compile step adds): the checks both kinds share, then validations,
// auditAnnotations and validationActions, with the apiserver's field paths and messages.
import { goTrimSpace } from "../../data/index.js";
import { duplicate, invalid, notSupported, required, type BadValue, type FieldError } from "./field-error.js";
import type { AuditAnnotationInput, DecodedObject, ValidatingBindingSpecInput, ValidatingPolicySpecInput, ValidationInput } from "./policy-inputs.js";
import type { ValidationAction, ValidationReason } from "./policy-model.js";
import { validateBindingBase, validateObjectName, validatePolicySpecBase } from "./validate-policy.js";
import { isLabelKey } from "./validate-names.js";

/** `reason` values create-time validation accepts (`Unauthorized` is documented but refused). */
export const validationReasons = ["Forbidden", "Invalid", "RequestEntityTooLarge"] as const satisfies readonly ValidationReason[];
/** Valid `validationActions` (sorted, as Go's `sets.List`). */
export const validationActions = ["Audit", "Deny", "Warn"] as const satisfies readonly ValidationAction[];

const maxAuditAnnotations = 20;
/** Longest trimmed `valueExpression`, in bytes. */
const maxValueExpressionBytes = 5 * 1024;
const newline = /[\n\r]/;

/** Validates a defaulted ValidatingAdmissionPolicy. */
export function validateValidatingPolicy(p: DecodedObject<ValidatingPolicySpecInput>): FieldError[] {
  const spec = p.spec;
  const errs = validateObjectName(p.name, p.generateName);
  errs.push(...validatePolicySpecBase(spec));
  const validations = spec.validations ?? [];
  const annotations = spec.auditAnnotations ?? [];
  if (validations.length === 0 && annotations.length === 0) {
    const detail = "validations or auditAnnotations must contain at least one item";
    errs.push(required("spec.validations", detail), required("spec.auditAnnotations", detail));
    return errs;
  }
  validations.forEach((v, i) => errs.push(...validateValidation(v, `spec.validations[${i}]`)));
  if (annotations.length > maxAuditAnnotations) {
    // The internal Go type has no json tags: its fields print capitalised.
    const value: BadValue = annotations.map((a) => ({ Key: a.key ?? "", ValueExpression: a.valueExpression ?? "" }));
    errs.push(invalid("spec.auditAnnotations", value, `must not have more than ${maxAuditAnnotations} auditAnnotations`));
  }
  const keys = new Set<string>();
  annotations.forEach((a, i) => {
    const path = `spec.auditAnnotations[${i}]`;
    errs.push(...validateAuditAnnotation(p.name, a, path));
    const key = a.key ?? "";
    if (keys.has(key)) errs.push(duplicate(`${path}.key`, key));
    keys.add(key);
  });
  return errs;
}

function validateValidation(v: ValidationInput, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (goTrimSpace(v.expression ?? "") === "") errs.push(required(`${path}.expression`, "expression is not specified"));
  const messageExpression = v.messageExpression ?? "";
  if (messageExpression !== "" && goTrimSpace(messageExpression) === "") {
    errs.push(invalid(`${path}.messageExpression`, messageExpression, "must be non-empty if specified"));
  }
  const message = v.message ?? "";
  if (message !== "" && goTrimSpace(message) === "") errs.push(invalid(`${path}.message`, message, "must be non-empty if specified"));
  else if (newline.test(goTrimSpace(message))) errs.push(invalid(`${path}.message`, message, "must not contain line breaks"));
  if (v.reason !== undefined && !(validationReasons as readonly string[]).includes(v.reason)) {
    errs.push(notSupported(`${path}.reason`, v.reason, validationReasons, true));
  }
  return errs;
}

function validateAuditAnnotation(policyName: string, a: AuditAnnotationInput, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const key = a.key ?? "";
  if (policyName !== "") {
    const qualified = `${policyName}/${key}`;
    for (const m of isLabelKey(qualified)) errs.push(invalid(`${path}.key`, qualified, m));
  } else {
    errs.push(invalid(`${path}.key`, key, "requires metadata.name be non-empty"));
  }
  const value = goTrimSpace(a.valueExpression ?? "");
  if (value === "") errs.push(required(`${path}.valueExpression`, "valueExpression is not specified"));
  else if (Buffer.byteLength(value, "utf8") > maxValueExpressionBytes) {
    // Upstream reports this as Required (sic).
    errs.push(required(`${path}.valueExpression`, `must not exceed ${maxValueExpressionBytes} bytes in length`));
  }
  return errs;
}

/** Validates a defaulted ValidatingAdmissionPolicyBinding. */
export function validateValidatingBinding(b: DecodedObject<ValidatingBindingSpecInput>): FieldError[] {
  const errs = validateBindingBase(b);
  const listed = b.spec.validationActions ?? [];
  const path = "spec.validationActions";
  const seen = new Set<string>();
  listed.forEach((action, i) => {
    if (!(validationActions as readonly string[]).includes(action)) errs.push(notSupported(`${path}[${i}]`, action, validationActions, true));
    if (seen.has(action)) errs.push(duplicate(`${path}[${i}]`, action, true));
    seen.add(action);
  });
  if (seen.has("Deny") && seen.has("Warn")) {
    errs.push(invalid(path, listed, "must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)"));
  }
  if (seen.size === 0) errs.push(required(path, "at least one validation action is required"));
  return errs;
}
