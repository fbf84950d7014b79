// Public surface of the admission layer: `admit` and its contract, and for the authoring commands
// (`kmutate eval`, `kmutate check`) the CEL environment, request, policy loading, compilation and lint.
export { absentItem, admit, AdmitAccumulator, isAdmitted, isLocalConfig, PreparedAdmission, prepareAdmission, SIDE_INPUT_ANNOTATION } from "./admit.js";
export type { AdmitPart, ItemAdmission } from "./admit.js";
export { paramReaches, readAcrossItems } from "./read-across.js";
export type { ParamReach } from "./read-across.js";
export { defaultAdmitOptions, defaultLimits, resolveLimits } from "./types.js";
export type {
  AdmitLimits, AdmitOptions, AdmitOutput, AdmitPhase, AdmitSummary, AuthorizerDecision, InvocationChange, KrmResult, Operation, ResultsMode, Severity,
  ValidationMode, ValidationSummary,
} from "./types.js";
export { buildRequest, expressionEnv, identify, offlineAuthorizer, resourceRefOf, returnTypeError, runNoticeCodes } from "./dispatch/index.js";
export type { CompiledExpression, RunNoticeCode } from "./dispatch/index.js";
export { isPolicyItem, loadPolicies } from "./policy/index.js";
export type {
  BindingModel, ItemRef, LoadedPolicies, LoadProblem, PolicyModel, RuleModel, ValidatingBindingModel, ValidatingPolicyModel,
} from "./policy/index.js";
export { compilePolicy } from "./mutating/index.js";
export type { CompiledPolicy } from "./mutating/index.js";
export { compileValidatingPolicy, validationFields } from "./validating/index.js";
export type { CompiledValidatingPolicy, ValidationField } from "./validating/index.js";
export { IGNORE_ANNOTATION, lintCodes, lintPolicies } from "./lint/index.js";
export type { LintCode, LintFinding, LintOptions } from "./lint/index.js";
