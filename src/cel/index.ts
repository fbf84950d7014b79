// Public surface of the CEL engine: environments, library sets, compile/eval, values and the
// JSON conversions the admission layer uses. Other layers import only from here.
export type { CelType, Overload, OverloadImpl, CelLibrary, CelEnvOptions, ObjectTypeDecl, TypeResolver, UnknownFieldTexts, ValidatorName } from "./types.js";
export type { CelEnv } from "./env.js";
export { celEnv, overloadId, typeText } from "./env.js";
export type { KubernetesLibraryOptions } from "./lib/library-sets.js";
export { kubernetesLibraries, conformanceLibraries, kubernetesValidators } from "./lib/library-sets.js";
export type { CompileResult, CompileOptions, CompileErrorCode, ProgramFailure } from "./compile.js";
export { compile } from "./compile.js";
export type { CheckAllResult } from "./check-all.js";
export type { CostRange } from "./check/cost-range.js";
export { MAX_U64 } from "./check/cost-range.js";
export type { CallEstimate, CheckedForCost, CostEstimateHooks, EstimateNode } from "./check/cost-estimate.js";
export { estimateCost } from "./check/cost-estimate.js";
export { kubernetesCallCost, kubernetesCostHooks } from "./lib/k8s/index.js";
export { checkAll } from "./check-all.js";
export type { Program, EvalResult, EvalOptions, Activation } from "./plan.js";
export { plan } from "./plan.js";
export type { Authorizer, AuthzAttributes, AuthzDecision } from "./lib/k8s-authz.js";
export { authorizerValue, requestResourceValue, authzTypes } from "./lib/k8s-authz.js";
export type {
  CelValue, CelError, CelErrorCode, CelUint, CelTimestamp, CelDuration, CelList, CelMap, CelObject, CelOptional, CelTypeValue, CelOpaque, OpaqueOps, BytesSink,
} from "./values/index.js";
export {
  celError, isCelError, celUint, isCelUint, celTimestamp, isCelTimestamp, celDuration, isCelDuration, celList, isCelList,
  celMapFrom, isCelMap, celObject, lazyObject, isCelObject, celOptional, optionalNone, isCelOptional, celType, isCelType,
  celOpaque, isCelOpaque, celEquals, fromJson, toJson, typeNameOf,
} from "./values/index.js";
export { jsonPatchOps, objectToJson, checkObjectTypeNames, objectTypeResolver, jsonPatchType, JSONPATCH_TYPE, OBJECT_TYPE } from "./lib/k8s/index.js";
export type { JsonPatchOp } from "./lib/k8s/index.js";
export type { CelIssue } from "./errors-format.js";
export { formatIssue, formatIssues, offsetLocation } from "./errors-format.js";
export type { Expr, ParsedExpr, Comprehension } from "./ast.js";
export { op } from "./operators.js";
export { nameChecks, parseQuantity, quantityAdd, quantityCmp, quantityRoundUpMilli, quantityToString } from "./lib/k8s/index.js";
export type { Quantity } from "./lib/k8s/index.js";
