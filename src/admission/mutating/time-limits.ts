// The time limits of a run (spec.limits.objectTimeoutSeconds, runTimeoutSeconds): the run's
// clock, and the results of an object or a run that ran past its limit.
import type { JsonObject } from "../../data/index.js";
import { itemResult } from "../dispatch/index.js";
import type { AdmitOutput, KrmResult } from "../types.js";
import type { TimedOut } from "./invoke.js";

/** The clock of a run (milliseconds), when the run's time is up, and the time one object may take. */
export interface RunClock {
  now: () => number;
  /** When the run's time is up. */
  runEnd: number;
  /** `spec.limits.objectTimeoutSeconds`. */
  objectSeconds: number;
}

/** Which time limit an object's admission ran into, and the invocation that was running. */
export interface ItemTimeout extends TimedOut {
  limit: "object" | "run";
}

/** The apiserver's answer to a request that ran past its timeout (its timeout filter). */
const requestTimeoutText = "Timeout: request did not complete within requested timeout - context deadline exceeded";

/** Who was running: `policy 'p' with binding 'b'[ and param 'x']`. */
function runningText(t: TimedOut): string {
  return `policy '${t.policy}' with binding '${t.binding}'${t.param !== undefined ? ` and param '${t.param}'` : ""}`;
}

function timeoutTags(t: TimedOut | undefined, code: string): Record<string, string> {
  const tags: Record<string, string> = t ? { policy: t.policy, binding: t.binding, code } : { code };
  if (t?.param !== undefined) tags.param = t.param;
  return tags;
}

/** The error of an object whose admission ran past `spec.limits.objectTimeoutSeconds` (whatever the failurePolicy). */
export function objectTimeoutResult(item: JsonObject, t: TimedOut, seconds: number): KrmResult {
  const message = `admitting this object took longer than ${seconds}s (spec.limits.objectTimeoutSeconds) while ${runningText(t)} was running, so the apiserver would refuse it: ${requestTimeoutText}`;
  return itemResult(item, "error", message, timeoutTags(t, "object-timeout"));
}

/**
 * The output of a run whose time ran out while admitting `items[index]` (during `running`, or
 * before it started): every item unchanged and one error naming the object and the invocation.
 */
export function runTimedOut(items: JsonObject[], index: number, running: TimedOut | undefined, seconds: number): AdmitOutput {
  const where = running ? `while ${runningText(running)} was running on this object` : "before this object was admitted";
  const message = `the run took longer than ${seconds}s (spec.limits.runTimeoutSeconds) ${where} (item ${index + 1} of ${items.length}): nothing was admitted; raise the limit or make the policies cheaper`;
  return { items, results: [itemResult(items[index], "error", message, timeoutTags(running, "run-timeout"))], summary: { objects: items.length, admitted: 0, changed: 0, invocations: 0 } };
}
