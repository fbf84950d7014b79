// Runs the selected invocations for one object (reference §2.5, §2.8): matchConditions, the
// mutations of each invocation in order, and the one reinvocation pass for IfNeeded invocations.
import { rewrittenPaths, type JsonObject, type Rewrite } from "../../data/index.js";
import { invocationKey, type ConditionOutcome, type Invocation, type PolicyError } from "../dispatch/index.js";
import type { InvocationChange } from "../types.js";
import { ReinvocationState } from "./reinvocation.js";

/**
 * Outcome of one mutation: the new object, or an error (a status error aborts the request).
 * `rewrites`, when known, turn the object the mutation was given into the new one.
 */
export type MutationOutcome =
  | { object: JsonObject; rewrites?: readonly Rewrite[] }
  | { error: string; fieldPath?: string; statusError?: boolean };

/** What the invoker needs from compiled policies (CEL and patching live behind it). */
export interface InvokerPorts<P> {
  /** Under failurePolicy `Ignore` never an error: a failed evaluation is no match (reference §2.5). */
  matchConditions(inv: Invocation<P>, object: JsonObject, oldObject: JsonObject | null): ConditionOutcome;
  mutationCount(policy: P): number;
  runMutation(inv: Invocation<P>, index: number, object: JsonObject, oldObject: JsonObject | null): MutationOutcome;
  reinvocationPolicy(policy: P): "Never" | "IfNeeded";
  failurePolicy(policy: P): "Fail" | "Ignore";
  /** Whether the object's time budget is spent; asked after every matchConditions and mutation step. Default: never. */
  overdue?(): boolean;
}

/** The invocation that was running when the time budget ran out. */
export interface TimedOut {
  policy: string;
  binding: string;
  param?: string;
}

/** The result of admitting one object through its invocations. */
export interface InvokeOutcome {
  /** The object after all passes (the input object when nothing changed). */
  object: JsonObject;
  /** Policy errors of both passes, in order (failurePolicy not yet applied). */
  errors: PolicyError[];
  /** A status error that aborted the request (bypasses failurePolicy), if any. */
  statusError?: PolicyError;
  /** The invocations that changed the object, in order, with the paths each changed. */
  changedBy: InvocationChange[];
  /** Set when the time budget ran out: the invoker stopped there (the object is not final). */
  timedOut?: TimedOut;
}

/** Runs every invocation once, then the reinvocation pass when any mutation ran (reference §2.8). */
export function invoke<P>(invocations: Invocation<P>[], object: JsonObject, oldObject: JsonObject | null, ports: InvokerPorts<P>): InvokeOutcome {
  const out: InvokeOutcome = { object, errors: [], changedBy: [] };
  const state = new ReinvocationState();
  const dirty = runPass(1, invocations, oldObject, ports, state, out);
  if (out.timedOut || out.statusError || out.errors.some((e) => e.failurePolicy === "Fail")) return out;
  if (dirty) runPass(2, invocations, oldObject, ports, state, out);
  return out;
}

function runPass<P>(pass: 1 | 2, invocations: Invocation<P>[], oldObject: JsonObject | null, ports: InvokerPorts<P>, state: ReinvocationState, out: InvokeOutcome): boolean {
  let dirty = false;
  for (const inv of invocations) {
    const key = (inv.key ??= invocationKey(inv.policyName, inv.bindingName, inv.paramKey));
    // Pass 2 evaluates the matchConditions of every invocation, then skips those not to re-run:
    // for those its only effect is a condition error, which failurePolicy Ignore never gives.
    if (pass === 2 && !state.shouldReinvoke(key) && ports.failurePolicy(inv.policy) === "Ignore") continue;
    const cond = ports.matchConditions(inv, out.object, oldObject);
    if (ports.overdue?.()) {
      out.timedOut = timedOut(inv);
      return dirty;
    }
    if ("error" in cond) {
      out.errors.push(invocationError(inv, ports, "match-condition", cond.error));
      continue;
    }
    if (!cond.matches) continue;
    if (pass === 2 && !state.shouldReinvoke(key)) continue;
    const before = out.object;
    // The rewrites of the invocation when one mutation changed the object, else the whole object.
    let rewrites: readonly Rewrite[] | undefined;
    let changes = 0;
    const count = ports.mutationCount(inv.policy);
    for (let i = 0; i < count; i++) {
      const r = ports.runMutation(inv, i, out.object, oldObject);
      if (ports.overdue?.()) {
        out.timedOut = timedOut(inv);
        return dirty;
      }
      if ("error" in r) {
        const e = invocationError(inv, ports, "mutation", r.error, r.fieldPath);
        if (r.statusError) {
          out.statusError = e;
          return dirty;
        }
        out.errors.push(e);
        continue;
      }
      if (r.object !== out.object) {
        changes++;
        rewrites = r.rewrites;
      }
      out.object = r.object;
      dirty = true;
    }
    const after = out.object;
    const paths = after === before ? [] : rewrittenPaths(changes === 1 && rewrites ? rewrites : [{ at: [], before, after }]);
    if (paths.length > 0) {
      state.promote();
      out.changedBy.push({ pass, policy: inv.policyName, binding: inv.bindingName, param: inv.paramKey, paths });
    }
    if (ports.reinvocationPolicy(inv.policy) === "IfNeeded") state.addPreviouslyInvoked(key);
  }
  if (dirty) state.promote();
  return dirty;
}

function timedOut<P>(inv: Invocation<P>): TimedOut {
  return inv.paramKey !== undefined ? { policy: inv.policyName, binding: inv.bindingName, param: inv.paramKey } : { policy: inv.policyName, binding: inv.bindingName };
}

/** An error of one invocation, naming its policy, binding and param. */
function invocationError<P>(inv: Invocation<P>, ports: InvokerPorts<P>, code: PolicyError["code"], message: string, fieldPath?: string): PolicyError {
  const e: PolicyError = { policy: inv.policyName, binding: inv.bindingName, param: inv.paramKey, failurePolicy: ports.failurePolicy(inv.policy), code, message };
  if (fieldPath !== undefined) e.fieldPath = fieldPath;
  return e;
}
