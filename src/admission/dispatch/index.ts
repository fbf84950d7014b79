// admission/dispatch: what every policy kind shares (apiserver `policy/generic`) — selecting the
// invocations of a request (policy × binding × param, through an index by rules), params, the
// item's identity and request, the CEL environment, variables and matchConditions, and policy
// errors turned into KRM results under failurePolicy, and the warnings of a run that changed
// nothing in silence (run notices).
export { offlineAuthorizer } from "./authorizer.js";
export { compileCacheFor } from "./compile-cache.js";
export type { CompileCache } from "./compile-cache.js";
export { compileExpression, compileVariablesAndConditions, returnTypeError, withVariables } from "./compile-expressions.js";
export { createTimeCelFailures } from "./create-time-cel.js";
export type { CompiledExpression, CompiledErrorCode, CompiledPolicyBase, ExpectedType } from "./compile-expressions.js";
export { activationFor, evaluateMatchConditions, itemValues, outOfBudget, runExpression } from "./evaluate-policy.js";
export type { ConditionOutcome, CostSink, ExprOutcome, InvocationInputs, ItemValues } from "./evaluate-policy.js";
export { expressionEnv } from "./expression-env.js";
export { invocationKey } from "./invocation.js";
export type { Invocation } from "./invocation.js";
export { identify } from "./item-identity.js";
export { indexOldObjects, itemRequest, requestEnvironment, requestValues, requestValuesAs, withNamespace } from "./item-request.js";
export type { ItemRequest, RequestEnvironment } from "./item-request.js";
export type { ItemIdentity } from "./item-identity.js";
export { labelsDefaulted, openView, unknownFieldResults } from "./item-view.js";
export type { AdmittedView } from "./item-view.js";
export { defaultNamespaceLabel, isNamespaceKind, withInputNamespaceLabel } from "./namespace-defaults.js";
export { namespaceNameLabel, namespaceView } from "./namespace-view.js";
export type { NamespaceView } from "./namespace-view.js";
export { buildParamIndex, paramKindNotFound } from "./params.js";
export type { ParamIndex } from "./params.js";
export type { PolicyError } from "./policy-error.js";
export { buildPolicyIndex } from "./policy-index.js";
export type { PolicyIndex } from "./policy-index.js";
export { paramCollector } from "./policy-index-params.js";
export type { ParamCollector } from "./policy-index-params.js";
export { capMessage, maxMessageLength, objectsShownPerResult, RunResults } from "./repeated-results.js";
export { buildRequest } from "./request.js";
export { assumedNamespaceResult, itemResult, policyErrorResults, resourceRefOf, statusErrorResult, unknownKindResult } from "./results.js";
export { missingPolicyMessage, runNoticeCodes, runNotices, unboundPolicyMessage } from "./run-notices.js";
export type { RunNoticeCode } from "./run-notices.js";
export { selectForRequest } from "./select-by-shape.js";
export type { SelectionSources } from "./select-by-shape.js";
export { selectInvocations } from "./select-invocations.js";
export type { BoundPolicy, Selection } from "./select-invocations.js";
