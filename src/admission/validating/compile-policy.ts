// Compiles a ValidatingAdmissionPolicy once (VAP reference §4.1): the variables and matchConditions
// every kind shares, then each validation's expression (bool) and messageExpression (string, no
// `authorizer`), and each auditAnnotation's valueExpression (string or null).
import type { ValidatingPolicyModel, ValidationReason } from "../policy/index.js";
import {
  compileCacheFor, compileExpression, compileVariablesAndConditions, expressionEnv, withVariables, type CompiledExpression, type CompiledPolicyBase, type ExpectedType,
} from "../dispatch/index.js";
import { defaultLimits, type AdmitLimits } from "../types.js";

/** The expression fields of a ValidatingAdmissionPolicy that are not shared with MAP. */
export type ValidationField = "expression" | "messageExpression" | "valueExpression";

/**
 * How each field compiles and runs (§4.1): the return types allowed, and `authorizer` — declared
 * and bound (validations), undeclared (messageExpressions), or declared but unbound at runtime
 * (auditAnnotation valueExpressions: using it fails at evaluation).
 */
export const validationFields = {
  expression: { expected: "bool", authorizer: "bound" },
  messageExpression: { expected: "string", authorizer: "undeclared" },
  valueExpression: { expected: ["string", "null_type"], authorizer: "unbound" },
} as const satisfies Record<ValidationField, { expected: ExpectedType | readonly ExpectedType[]; authorizer: "bound" | "undeclared" | "unbound" }>;

/** One compiled `spec.validations[i]`. */
export interface CompiledValidation {
  expression: CompiledExpression;
  /** Absent when the validation has no messageExpression. */
  messageExpression?: CompiledExpression;
  /** As written (trimmed when used). */
  message: string;
  reason?: ValidationReason;
}

/** One compiled `spec.auditAnnotations[i]`. */
export interface CompiledAuditAnnotation {
  key: string;
  valueExpression: CompiledExpression;
}

/** A ValidatingAdmissionPolicy with every expression compiled (errors kept per expression). */
export interface CompiledValidatingPolicy extends CompiledPolicyBase<ValidatingPolicyModel> {
  validations: CompiledValidation[];
  auditAnnotations: CompiledAuditAnnotation[];
}

/** Compiles every expression of `policy` (cost, length and depth limits from `limits`). */
export function compileValidatingPolicy(policy: ValidatingPolicyModel, limits: AdmitLimits = defaultLimits): CompiledValidatingPolicy {
  const { compiled, variableTypes } = compileVariablesAndConditions(policy, limits);
  const hasParams = policy.paramKind !== undefined;
  const cache = compileCacheFor(limits);
  const env = withVariables(expressionEnv(hasParams, false, limits), variableTypes, cache);
  const messageEnv = withVariables(expressionEnv(hasParams, false, limits, false), variableTypes, cache);
  const validations = policy.validations.map((v, i): CompiledValidation => {
    const out: CompiledValidation = { expression: compileExpression(env, v.expression, v.fieldPath, validationFields.expression.expected, cache), message: v.message };
    if (v.messageExpression !== "") {
      out.messageExpression = compileExpression(messageEnv, v.messageExpression, `spec.validations[${i}].messageExpression`, validationFields.messageExpression.expected, cache);
    }
    if (v.reason !== undefined) out.reason = v.reason;
    return out;
  });
  const auditAnnotations = policy.auditAnnotations.map((a) => ({
    key: a.key,
    valueExpression: compileExpression(env, a.valueExpression, a.fieldPath, validationFields.valueExpression.expected, cache),
  }));
  return { ...compiled, validations, auditAnnotations };
}
