// Evaluates the expressions every policy kind shares for one object (reference §4.5, §4.6):
// activations with lazily memoised `variables`, matchConditions under their cost budget, and the
// apiserver's wording of compile, runtime and budget errors.
import type { JsonObject } from "../../data/index.js";
import {
  authorizerValue, celError, fromJson, lazyObject, requestResourceValue,
  type Activation, type Authorizer, type CelError, type CelValue, type EvalResult, type Program,
} from "../../cel/index.js";
import { variablesTypeName, type CompiledExpression, type CompiledPolicyBase } from "./compile-expressions.js";

/** Outcome of evaluating the matchConditions of one invocation. */
export type ConditionOutcome = { matches: boolean } | { error: string };

/** The apiserver's text when an evaluation pass runs out of its cost budget. */
export const outOfBudget = "validation failed due to running out of cost budget, no further validation rules will be run";

/** The data every invocation on one item shares (request, namespace, authorizer). */
export interface ItemInputs {
  request: JsonObject;
  /** null for cluster-scoped objects and Namespaces. */
  namespaceObject: JsonObject | null;
  authorizer: Authorizer;
  user: { username: string; groups: string[] };
  /** `authorizer.requestResource` attributes. */
  resource: { group: string; resource: string; subresource: string; namespace: string; name: string };
}

/** The CEL values of {@link ItemInputs}, converted once per item and shared by its invocations. */
export interface ItemValues {
  readonly request: CelValue;
  readonly namespaceObject: CelValue;
  readonly authorizer: CelValue;
  readonly requestResource: CelValue;
}

/** Converts an item's shared inputs to CEL values (once per item). */
export function itemValues(inputs: ItemInputs): ItemValues {
  return {
    request: fromJson(inputs.request),
    namespaceObject: fromJson(inputs.namespaceObject),
    authorizer: authorizerValue(inputs.authorizer, inputs.user),
    requestResource: requestResourceValue(inputs.authorizer, inputs.user, inputs.resource),
  };
}

/** What one invocation's expressions see beyond the item's shared values. */
export interface InvocationInputs {
  /** null on DELETE. */
  object: JsonObject | null;
  oldObject: JsonObject | null;
  /** undefined = the policy has no paramKind (`params` undeclared). */
  params: JsonObject | null | undefined;
}

/** Cost spent by lazily evaluated variables since the last reset. */
export interface CostSink { cost: number }

/** `variables` of a policy that declares none (no field to compute: one value shared by all activations). */
const noVariables = lazyObject(variablesTypeName, new Map<string, () => CelValue | CelError>());

/**
 * Builds an activation whose `variables` are evaluated on first read and cached; `namespaceObject`
 * is null inside matchConditions (`inConditions`). `withoutAuthorizer` leaves `authorizer` unbound
 * (VAP messageExpressions and auditAnnotations: reading it fails at evaluation). Default: false.
 */
export function activationFor(
  policy: CompiledPolicyBase, item: ItemValues, inputs: InvocationInputs, inConditions: boolean, sink: CostSink, withoutAuthorizer = false,
): Activation {
  const act: Record<string, CelValue | (() => CelValue | CelError)> = {
    object: fromJson(inputs.object),
    oldObject: fromJson(inputs.oldObject),
    request: item.request,
    namespaceObject: inConditions ? null : item.namespaceObject,
  };
  if (!withoutAuthorizer) {
    act.authorizer = item.authorizer;
    act["authorizer.requestResource"] = item.requestResource;
  }
  if (inputs.params !== undefined) act.params = fromJson(inputs.params);
  if (policy.variables.length === 0) {
    act.variables = noVariables;
    return act;
  }
  const thunks = new Map<string, () => CelValue | CelError>();
  for (const v of policy.variables) {
    thunks.set(v.name, () => {
      if (v.error !== undefined || !v.program) return celError(`composited variable "${v.name}" fails to compile: ${v.error ?? "no program"}`);
      const r = v.program.eval(act);
      sink.cost += r.cost;
      if (r.error) return celError(`composited variable "${v.name}" fails to evaluate: ${r.error.message}`);
      return r.value;
    });
  }
  act.variables = lazyObject(variablesTypeName, thunks);
  return act;
}

/**
 * Outcome of one expression: its value and the budget left, or the apiserver's error text (with
 * the budget left, unless the budget ran out: that ends the evaluation pass).
 */
export type ExprOutcome = { value: CelValue; remaining: number } | { error: string; outOfBudget: true } | { error: string; outOfBudget?: false; remaining: number };

/**
 * Runs one compiled expression within `budget` (the variables it reads are charged to it too);
 * `act` may be a function making the activation on first need. `evaluate` runs the program
 * (default: `program.eval`).
 */
export function runExpression(
  expr: CompiledExpression, act: Activation | (() => Activation), sink: CostSink, budget: number, compileErrorPrefix: string,
  evaluate?: (p: Program) => EvalResult,
): ExprOutcome {
  if (expr.error !== undefined || !expr.program) return { error: compileErrorPrefix + (expr.error ?? "no program"), remaining: budget };
  sink.cost = 0;
  const r = evaluate ? evaluate(expr.program) : expr.program.eval(typeof act === "function" ? act() : act);
  if (sink.cost > budget) return { error: outOfBudget, outOfBudget: true };
  let remaining = budget - sink.cost;
  if (r.cost > remaining) return { error: outOfBudget, outOfBudget: true };
  remaining -= r.cost;
  if (r.error) return { error: `expression '${expr.text}' resulted in error: ${r.error.message}`, remaining };
  return { value: r.value, remaining };
}

/** A matchCondition's last result on an item's values, and the inputs it had beyond them. */
interface ConditionMemo {
  object: JsonObject | null;
  oldObject: JsonObject | null;
  params: JsonObject | null | undefined;
  result: EvalResult;
}

/**
 * Condition results per item values and Program. Policies share a Program when they share the
 * expression (compile-cache.ts); a Program that reads no `variables` (the policy's own) yields the
 * same value and cost on the same item values, object, oldObject and params (objects are never
 * changed in place: a mutation makes a new one), so its result is reused, not recomputed.
 */
const conditionMemos = new WeakMap<ItemValues, Map<Program, ConditionMemo>>();

/** The result of condition program `p` on `inputs`: reused when the item's last run of `p` had the same ones. */
function conditionResult(p: Program, item: ItemValues, inputs: InvocationInputs, act: () => Activation): EvalResult {
  if (p.variables.has("variables")) return p.eval(act());
  let memos = conditionMemos.get(item);
  if (!memos) conditionMemos.set(item, (memos = new Map()));
  const m = memos.get(p);
  if (m !== undefined && m.object === inputs.object && m.oldObject === inputs.oldObject && m.params === inputs.params) return m.result;
  const result = p.eval(act());
  memos.set(p, { object: inputs.object, oldObject: inputs.oldObject, params: inputs.params, result });
  return result;
}

/**
 * Evaluates all matchConditions (webhook `matchconditions.Matcher` over `ForInput`), in order and
 * under one shared budget, before deciding: running out of it fails the whole evaluation (Fail:
 * error, Ignore: no match) even after a `false`; otherwise any `false` → no match, even if
 * another errored; else errors → the failurePolicy decides (Fail: error, Ignore: no match).
 */
export function evaluateMatchConditions(policy: CompiledPolicyBase, item: ItemValues, inputs: InvocationInputs): ConditionOutcome {
  if (policy.matchConditions.length === 0) return { matches: true };
  const ignore = policy.model.failurePolicy === "Ignore";
  const sink: CostSink = { cost: 0 };
  let activation: Activation | undefined;
  const act = (): Activation => (activation ??= activationFor(policy, item, inputs, true, sink));
  let budget = policy.limits.costPerMatchConditions;
  const errors: string[] = [];
  let sawFalse = false;
  for (const c of policy.matchConditions) {
    const r = runExpression(c, act, sink, budget, "compilation error: ", (p) => conditionResult(p, item, inputs, act));
    if ("error" in r) {
      if (r.outOfBudget) return ignore ? { matches: false } : { error: r.error };
      errors.push(r.error);
      budget = r.remaining;
      continue;
    }
    budget = r.remaining;
    if (r.value === false) sawFalse = true;
  }
  if (sawFalse) return { matches: false };
  if (errors.length > 0) return ignore ? { matches: false } : { error: errors.length === 1 ? errors[0] : `[${errors.join(", ")}]` };
  return { matches: true };
}
