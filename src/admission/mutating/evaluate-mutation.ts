// Evaluates one mutation of a compiled MutatingAdmissionPolicy for one object (reference §4.6):
// its expression, with the policy's lazily evaluated variables, under the per-mutation cost budget.
import type { CelValue } from "../../cel/index.js";
import { activationFor, runExpression, type CostSink, type InvocationInputs, type ItemValues } from "../dispatch/index.js";
import type { CompiledPolicy } from "./compile-policy.js";

/** Evaluates mutation `index`: the CEL value to patch with, or the error text. */
export function evaluateMutation(policy: CompiledPolicy, index: number, item: ItemValues, inputs: InvocationInputs): { value: CelValue } | { error: string } {
  const sink: CostSink = { cost: 0 };
  const r = runExpression(policy.mutations[index], activationFor(policy, item, inputs, false, sink), sink, policy.limits.costPerMutation, "");
  return "error" in r ? { error: r.error } : { value: r.value };
}
