// admission/validating: what is ValidatingAdmissionPolicy's own — compiling validations,
// messageExpressions and auditAnnotations, evaluating them for one (policy, binding, param), and
// validating one object after mutation with Deny / Warn / Audit outcomes as KRM results.
export { compileValidatingPolicy, validationFields } from "./compile-policy.js";
export type { CompiledAuditAnnotation, CompiledValidatingPolicy, CompiledValidation, ValidationField } from "./compile-policy.js";
export { evaluateValidations, failureMessage } from "./evaluate-validations.js";
export type { AuditAnnotationOutcome, Decision, ValidateResult } from "./evaluate-validations.js";
export { denialText, reasonCodes, validationFailureKey, validationFailureValue, warningText } from "./item-log.js";
export { validateItem, validationSteps } from "./validate-item.js";
export type { BoundValidatingPolicy, ItemValidation, ValidationRun, ValidationSteps } from "./validate-item.js";
