// The CEL checks API validation makes when a policy is created (kubernetes
// `pkg/apis/admissionregistration/validation`): matchConditions compile in a stateless
// environment without `variables` (params only with a paramKind) and must be bool; variables
// compile in order, each seeing only the earlier ones, used or not. A policy failing them is
// invalid: the apiserver would refuse to create it.
import type { PolicyBase } from "../policy/index.js";
import { compileExpression, type CompiledExpression, type CompiledPolicyBase } from "./compile-expressions.js";
import { expressionEnv } from "./expression-env.js";
import { compileCacheFor } from "./compile-cache.js";

/**
 * The expressions of `compiled` that fail create-time compilation, each with its error, in the
 * order validation reports them (matchConditions, then variables).
 */
export function createTimeCelFailures(policy: PolicyBase, compiled: CompiledPolicyBase): CompiledExpression[] {
  const stateless = expressionEnv(policy.paramKind !== undefined, false, compiled.limits);
  const cache = compileCacheFor(compiled.limits);
  const out: CompiledExpression[] = [];
  for (const c of policy.matchConditions) {
    // Validation compiles the trimmed text (and reports it).
    const r = compileExpression(stateless, c.expression.trim(), c.fieldPath, "bool", cache);
    if (r.error !== undefined) out.push(r);
  }
  // Runtime compiles variables the same way (in order, with the earlier ones' types).
  for (const v of compiled.variables) if (v.error !== undefined) out.push(v);
  return out;
}
