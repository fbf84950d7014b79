// Policy errors collected while admitting one object, and the apiserver's wording of them.

/** Codes of policy errors (classify by code, never by message text). */
export type PolicyErrorCode =
  | "configure-policy" // policy-level configuration error (e.g. matching, paramKind)
  | "configure-binding" // binding-level configuration error (matching, params)
  | "match-condition" // a matchCondition failed to compile or evaluate
  | "mutation"; // a mutation failed to compile, evaluate or patch

/** One failure of a (policy, binding, param) invocation, before failurePolicy is applied. */
export interface PolicyError {
  code: PolicyErrorCode;
  policy: string;
  /** Undefined for policy-level configuration errors. */
  binding?: string;
  /** `namespace/name` (or `name`) of the param, when the invocation had one. */
  param?: string;
  failurePolicy: "Fail" | "Ignore";
  /** The inner error text (without the `policy … denied request:` wrapper). */
  message: string;
  /** Field path of the failing expression in the policy (`spec.mutations[0].jsonPatch.expression`). */
  fieldPath?: string;
}

/** The apiserver's full message for a policy error (generic/policy_dispatcher.go `PolicyError.Error`). */
export function policyErrorText(e: PolicyError): string {
  const inner =
    e.code === "configure-policy"
      ? `failed to configure policy: ${e.message}`
      : e.code === "configure-binding"
        ? `failed to configure binding: ${e.message}`
        : e.message;
  if (e.binding !== undefined) return `policy '${e.policy}' with binding '${e.binding}' denied request: ${inner}`;
  return `policy ${JSON.stringify(e.policy)} denied request: ${inner}`;
}
