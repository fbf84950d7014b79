// Public surface of the admission layer.
export { admit, isLocalConfig, SIDE_INPUT_ANNOTATION } from "./admit.js";
export { defaultAdmitOptions, defaultLimits, resolveLimits } from "./types.js";
export type { AdmitLimits, AdmitOptions, AdmitOutput, AdmitSummary, KrmResult, Severity, Operation, AuthorizerDecision } from "./types.js";
export { runNoticeCodes } from "./run-notices.js";
export type { RunNoticeCode } from "./run-notices.js";
// For the authoring commands (`kmutate eval`, `kmutate check`): declarations, policy loading and compilation.
export { expressionEnv } from "./expression-env.js";
export { offlineAuthorizer } from "./authorizer.js";
export { buildRequest } from "./request.js";
export { identify } from "./item-identity.js";
export { loadPolicies, isPolicyItem } from "./load-policies.js";
export type { LoadProblem, LoadedPolicies } from "./load-policies.js";
export { compilePolicy } from "./compile-policy.js";
export type { CompiledPolicy, CompiledExpression } from "./compile-policy.js";
export type { PolicyModel, BindingModel, ItemRef, RuleModel } from "./policy-model.js";
export { lintPolicies, lintCodes } from "./lint.js";
export type { LintFinding, LintCode } from "./lint.js";
// Per-phase timing for benchmarks (KMUTATE_PHASE_TIMES).
export { enablePhaseTimes, phaseStart, phaseEnd, phaseTimes, phaseNames } from "./phase-times.js";
export type { PhaseName, PhaseTimes } from "./phase-times.js";
export type { InvocationChange } from "./invoke.js";
export { resourceRefOf } from "./results.js";
