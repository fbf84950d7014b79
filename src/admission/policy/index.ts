// admission/policy: the internal model of every policy kind and its bindings, built from the
// v1alpha1/v1beta1/v1 objects among the items — decoding, API defaults, create-time validation —
// and the field-error and name checks that validation shares with label selectors.
export { aggregateText, fieldErrorText, internalError, invalid } from "./field-error.js";
export type { FieldError } from "./field-error.js";
export { isPolicyItem, loadPolicies } from "./load-policies.js";
export type { LoadedPolicies, LoadProblem } from "./load-policies.js";
export { bindPolicies } from "./policy-model.js";
export type {
  AuditAnnotationModel, BindingModel, ItemRef, LabelSelectorSpec, MatchResourcesModel, ParamKindModel, PatchType, PolicyBase, PolicyModel,
  RuleModel, ValidatingBindingModel, ValidatingPolicyModel, ValidationAction, ValidationModel, ValidationReason,
} from "./policy-model.js";
export { isLabelKey, isLabelValue } from "./validate-names.js";
export { validationActions, validationReasons } from "./validate-validating-policy.js";
