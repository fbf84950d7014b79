// Compiles a MutatingAdmissionPolicy once (reference §4.4): the variables and matchConditions
// every kind shares, then its mutations (Object / list(JSONPatch)) in the mutation environment.
import type { PatchType, PolicyModel } from "../policy/index.js";
import {
  compileCacheFor, compileExpression, compileVariablesAndConditions, expressionEnv, withVariables, type CompiledExpression, type CompiledPolicyBase,
} from "../dispatch/index.js";
import { defaultLimits, type AdmitLimits } from "../types.js";

/** A MutatingAdmissionPolicy with every expression compiled. */
export interface CompiledPolicy extends CompiledPolicyBase<PolicyModel> {
  mutations: (CompiledExpression & { patchType: PatchType })[];
}

/** Compiles every expression of `policy` (cost, length and depth limits from `limits`). */
export function compilePolicy(policy: PolicyModel, limits: AdmitLimits = defaultLimits): CompiledPolicy {
  const { compiled, variableTypes } = compileVariablesAndConditions(policy, limits);
  const cache = compileCacheFor(limits);
  const mutEnv = withVariables(expressionEnv(policy.paramKind !== undefined, true, limits), variableTypes, cache);
  const mutations = policy.mutations.map((m) => ({
    patchType: m.patchType,
    ...compileExpression(mutEnv, m.expression, m.fieldPath, m.patchType === "ApplyConfiguration" ? "Object" : "list(JSONPatch)", cache),
  }));
  return { model: policy, variables: compiled.variables, matchConditions: compiled.matchConditions, mutations, limits };
}
