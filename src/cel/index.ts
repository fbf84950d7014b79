// Public surface of the CEL engine: environments, library sets, compile/eval, values and the
// JSON conversions the admission layer uses. Other layers import only from here.
export type { CelType, Overload, OverloadImpl, CelLibrary, CelEnvOptions, ObjectTypeDecl, TypeResolver } from "./types.js";
export type { CelEnv } from "./env.js";
export { celEnv, overloadId, typeText } from "./env.js";
export type { KubernetesLibraryOptions } from "./lib/library-sets.js";
export { kubernetesLibraries, conformanceLibraries, resolveObjectType } from "./lib/library-sets.js";
export type { CompileResult, CompileOptions } from "./compile.js";
export { compile } from "./compile.js";
export type { CheckAllResult } from "./check-all.js";
export { checkAll } from "./check-all.js";
export type { Program, EvalResult, EvalOptions, Activation } from "./plan.js";
export { plan } from "./plan.js";
export type { Authorizer, AuthzAttributes, AuthzDecision } from "./lib/k8s-authz.js";
export { authorizerValue, requestResourceValue, authzTypes } from "./lib/k8s-authz.js";
export type {
  CelValue, CelError, CelUint, CelTimestamp, CelDuration, CelList, CelMap, CelObject, CelOptional, CelTypeValue, CelOpaque, OpaqueOps,
} from "./values/index.js";
export {
  celError, isCelError, celUint, isCelUint, celTimestamp, isCelTimestamp, celDuration, isCelDuration, celList, isCelList,
  celMapFrom, isCelMap, celObject, lazyObject, isCelObject, celOptional, optionalNone, isCelOptional, celType, isCelType,
  celOpaque, isCelOpaque, celEquals, fromJson, toJson, objectToJson, checkObjectTypeNames, typeNameOf, JSONPATCH_TYPE,
} from "./values/index.js";
export { jsonPatchOps } from "./json-patch-value.js";
export type { JsonPatchOp } from "./json-patch-value.js";
export type { CelIssue } from "./errors-format.js";
export { formatIssue, formatIssues, offsetLocation } from "./errors-format.js";
export type { Expr, ParsedExpr, Comprehension } from "./ast.js";
export { op } from "./operators.js";
export { nameChecks } from "./lib/k8s/index.js";
