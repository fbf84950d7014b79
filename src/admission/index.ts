// Public surface of the admission layer.
export { admit } from "./admit.js";
export { defaultAdmitOptions, defaultLimits } from "./types.js";
export type { AdmitLimits, AdmitOptions, AdmitOutput, AdmitPhase, KrmResult, Severity, Operation, AuthorizerDecision } from "./types.js";
// For the authoring commands (`kmutate eval`, `kmutate check`): declarations, policy loading and compilation.
export { expressionEnv } from "./dispatch/expression-env.js";
export { offlineAuthorizer } from "./dispatch/authorizer.js";
export { buildRequest } from "./dispatch/request.js";
export { identify } from "./dispatch/item-identity.js";
export { loadPolicies, isPolicyItem } from "./policy/load-policies.js";
export type { LoadProblem, LoadedPolicies } from "./policy/load-policies.js";
export { compilePolicy } from "./mutating/compile-policy.js";
export type { CompiledPolicy } from "./mutating/compile-policy.js";
export type { CompiledExpression } from "./dispatch/compile-expressions.js";
export type { PolicyModel, BindingModel, ItemRef, RuleModel } from "./policy/policy-model.js";
export { lintPolicies, lintCodes } from "./lint/lint.js";
export type { LintFinding, LintCode } from "./lint/lint.js";
export type { InvocationChange } from "./types.js";
export { resourceRefOf } from "./dispatch/results.js";
