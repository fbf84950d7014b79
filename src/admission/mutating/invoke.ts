// Runs the invocations of one object (reference §2.5, §2.8): each pass selects the invocations
// anew on the current object, evaluates matchConditions and the mutations of each invocation in
// order on the object converted to the invocation's matched kind, and requests the one
// reinvocation pass for IfNeeded invocations.
import { rewrittenPaths, type JsonObject, type Rewrite } from "../../data/index.js";
import { invocationKey, type ConditionOutcome, type Invocation, type PolicyError } from "../dispatch/index.js";
import type { InvocationChange } from "../types.js";
import { ReinvocationState } from "./reinvocation.js";
import { VersionedCopies, type KindConverter } from "./versioned-copies.js";

/**
 * Outcome of one mutation: the new object, or an error (a status error aborts the request).
 * `rewrites`, when known, turn the object the mutation was given into the new one.
 */
export type MutationOutcome =
  | { object: JsonObject; rewrites?: readonly Rewrite[] }
  | { error: string; fieldPath?: string; statusError?: boolean };

/** The invocations of one pass and the configuration errors met selecting them. */
export interface InvocationSelection<P> {
  invocations: Invocation<P>[];
  errors: PolicyError[];
}

/**
 * Selects the invocations of one pass over `object` (apiserver generic `Dispatch`: policy and
 * binding matching, param collection); pass 2 selects again on the object pass 1 produced.
 */
export type InvocationSelector<P> = (object: JsonObject, pass: 1 | 2) => InvocationSelection<P>;

/** What the invoker needs from compiled policies (CEL and patching live behind it). */
export interface InvokerPorts<P> {
  /** Under failurePolicy `Ignore` never an error: a failed evaluation is no match (reference §2.5). */
  matchConditions(inv: Invocation<P>, object: JsonObject, oldObject: JsonObject | null): ConditionOutcome;
  mutationCount(policy: P): number;
  runMutation(inv: Invocation<P>, index: number, object: JsonObject, oldObject: JsonObject | null): MutationOutcome;
  reinvocationPolicy(policy: P): "Never" | "IfNeeded";
  failurePolicy(policy: P): "Fail" | "Ignore";
  /**
   * Converts the request's object (and old object) to an invocation's matched kind, and back.
   * Default: none (every invocation matched the request's own kind).
   */
  convert?: KindConverter;
}

/** The result of admitting one object through its invocations. */
export interface InvokeOutcome {
  /** The object after all passes (the input object when nothing changed). */
  object: JsonObject;
  /** Policy errors of both passes, in order, each once (failurePolicy not yet applied). */
  errors: PolicyError[];
  /** A status error that aborted the request (bypasses failurePolicy), if any. */
  statusError?: PolicyError;
  /** The invocations that changed the object, in order, with the object before and after each (shared, not copied). */
  changedBy: InvocationChange[];
}

/**
 * Runs pass 1 on the invocations `select` finds for `object`, then — when pass 1 asked for it —
 * pass 2 on those it finds for the mutated object (reference §2.8).
 */
export function invoke<P>(select: InvocationSelector<P>, object: JsonObject, oldObject: JsonObject | null, ports: InvokerPorts<P>): InvokeOutcome {
  const out: InvokeOutcome = { object, errors: [], changedBy: [] };
  const state = new ReinvocationState();
  const first = select(object, 1);
  out.errors.push(...first.errors);
  if (first.invocations.length === 0) return out;
  const reinvoke = runPass(1, first.invocations, oldObject, ports, state, out);
  if (!reinvoke || out.statusError || out.errors.some((e) => e.failurePolicy === "Fail")) return out;
  const second = select(out.object, 2);
  for (const e of second.errors) addOnce(out.errors, e);
  if (second.invocations.length > 0) runPass(2, second.invocations, oldObject, ports, state, out);
  return out;
}

/** Runs one pass; true when it asks for the reinvocation pass (upstream `SetShouldReinvoke`). */
function runPass<P>(pass: 1 | 2, invocations: Invocation<P>[], oldObject: JsonObject | null, ports: InvokerPorts<P>, state: ReinvocationState, out: InvokeOutcome): boolean {
  const copies = new VersionedCopies(out.object, oldObject, ports.convert);
  let reinvoke = false;
  let lastRun: Invocation<P> | undefined; // the invocation whose copy is written back
  for (const inv of invocations) {
    const key = (inv.key ??= invocationKey(inv.policyName, inv.bindingName, inv.paramKey));
    // Pass 2 evaluates the matchConditions of every invocation, then skips those not to re-run:
    // for those its only effect is a condition error, which failurePolicy Ignore never gives.
    if (pass === 2 && !state.shouldReinvoke(key) && ports.failurePolicy(inv.policy) === "Ignore") continue;
    const copy = copies.forKind(inv.kind);
    if ("error" in copy) {
      out.statusError = invocationError(inv, ports, "mutation", copy.error);
      return reinvoke;
    }
    const cond = ports.matchConditions(inv, copy.object, copy.oldObject);
    if ("error" in cond) {
      addOnce(out.errors, invocationError(inv, ports, "match-condition", cond.error));
      continue;
    }
    if (!cond.matches) continue;
    if (pass === 2 && !state.shouldReinvoke(key)) continue;
    const before = copy.object;
    // The rewrites of the invocation when one mutation changed the object, else the whole object.
    let rewrites: readonly Rewrite[] | undefined;
    let changes = 0;
    const count = ports.mutationCount(inv.policy);
    for (let i = 0; i < count; i++) {
      copies.touch(copy);
      lastRun = inv;
      const r = ports.runMutation(inv, i, copy.object, copy.oldObject);
      if ("error" in r) {
        const e = invocationError(inv, ports, "mutation", r.error, r.fieldPath);
        if (r.statusError) {
          out.statusError = e;
          return reinvoke;
        }
        addOnce(out.errors, e);
        continue;
      }
      if (r.object !== copy.object) {
        changes++;
        rewrites = r.rewrites;
      }
      copy.object = r.object;
      copy.dirty = true;
    }
    const after = copy.object;
    const paths = after === before ? [] : rewrittenPaths(changes === 1 && rewrites ? rewrites : [{ at: [], before, after }]);
    if (paths.length > 0) {
      state.promote();
      reinvoke = true;
      out.changedBy.push({ pass, policy: inv.policyName, binding: inv.bindingName, param: inv.paramKey, before, after, paths });
    }
    if (ports.reinvocationPolicy(inv.policy) === "IfNeeded") state.addPreviouslyInvoked(key);
  }
  // Only the copy of the last invocation that ran mutations is written back (upstream
  // `lastVersionedAttr`): with one matched kind, the object as every invocation left it.
  const written = copies.writeBack();
  if (written === undefined) return reinvoke;
  if ("error" in written) {
    if (lastRun) out.statusError = invocationError(lastRun, ports, "mutation", written.error);
    return reinvoke;
  }
  state.promote();
  out.object = written.object;
  return true;
}

/** Appends `e` unless an identical error is already listed (pass 2 meets pass 1's Ignore errors again). */
function addOnce(errors: PolicyError[], e: PolicyError): void {
  const same = (x: PolicyError): boolean =>
    x.code === e.code && x.policy === e.policy && x.binding === e.binding && x.param === e.param && x.message === e.message && x.fieldPath === e.fieldPath;
  if (!errors.some(same)) errors.push(e);
}

/** An error of one invocation, naming its policy, binding and param. */
function invocationError<P>(inv: Invocation<P>, ports: InvokerPorts<P>, code: PolicyError["code"], message: string, fieldPath?: string): PolicyError {
  const e: PolicyError = { policy: inv.policyName, binding: inv.bindingName, param: inv.paramKey, failurePolicy: ports.failurePolicy(inv.policy), code, message };
  if (fieldPath !== undefined) e.fieldPath = fieldPath;
  return e;
}
