// The default `info` results of mutation: one per invocation (policy, binding, param) that changed
// objects, with how many and the first few of them — output that grows with the policies, not the objects.
import type { JsonObject } from "../../data/index.js";
import { resourceRefOf } from "../dispatch/index.js";
import type { InvocationChange, KrmResult } from "../types.js";

/** Objects an invocation result names before it only counts the rest. */
export const objectsNamed = 3;

/** What one invocation changed so far: how many objects, and the first ones (`Kind ns/name`). */
export interface TallyEntry {
  policy: string;
  binding: string;
  param?: string;
  objects: number;
  named: string[];
}

interface Tally extends TallyEntry {
  /** The `add` call that counted an object last (an invocation that changed it again on reinvocation counts it once). */
  lastCall: number;
}

/** `Kind namespace/name` (`Kind name` for cluster-scoped objects). */
function objectText(item: JsonObject): string {
  const ref = resourceRefOf(item);
  return `${ref.kind} ${ref.namespace !== undefined ? `${ref.namespace}/` : ""}${ref.name}`;
}

/**
 * Counts, per invocation, the objects it changed; {@link InvocationTally.results} then gives one
 * `info` result each, in the order the invocations first changed an object.
 */
export class InvocationTally {
  /** Tallies by policy, binding and param (the same strings for every object: no key to build). */
  private readonly byPolicy = new Map<string, Map<string, Map<string | undefined, Tally>>>();
  /** Every tally, in the order the invocations first changed an object. */
  private readonly order: Tally[] = [];
  private calls = 0;

  /** The tally of one invocation, made (with no objects yet) on first use. */
  private tallyOf(policy: string, binding: string, param: string | undefined): Tally {
    let byBinding = this.byPolicy.get(policy);
    if (byBinding === undefined) this.byPolicy.set(policy, (byBinding = new Map()));
    let byParam = byBinding.get(binding);
    if (byParam === undefined) byBinding.set(binding, (byParam = new Map()));
    let t = byParam.get(param);
    if (t === undefined) {
      t = { policy, binding, objects: 0, named: [], lastCall: 0 };
      if (param !== undefined) t.param = param;
      byParam.set(param, t);
      this.order.push(t);
    }
    return t;
  }

  /** Records that `changes` (an object's changing invocations, both passes) changed `item`. */
  add(item: JsonObject, changes: readonly InvocationChange[]): void {
    let text: string | undefined;
    const call = ++this.calls;
    for (const c of changes) {
      const t = this.tallyOf(c.policy, c.binding, c.param);
      if (t.lastCall === call) continue;
      t.lastCall = call;
      t.objects++;
      if (t.named.length < objectsNamed) t.named.push((text ??= objectText(item)));
    }
  }

  /** The tally so far, in the order invocations first changed an object. */
  entries(): TallyEntry[] {
    return this.order.map(({ policy, binding, param, objects, named }) => ({ policy, binding, ...(param !== undefined ? { param } : {}), objects, named: [...named] }));
  }

  /** Adds the tally of objects that follow those added so far (see {@link entries}). */
  addEntries(entries: readonly TallyEntry[]): void {
    for (const e of entries) {
      const t = this.tallyOf(e.policy, e.binding, e.param);
      t.objects += e.objects;
      for (const n of e.named) if (t.named.length < objectsNamed) t.named.push(n);
    }
  }

  /**
   * One `info` result per invocation: `policy 'p' with binding 'b' [and param 'x'] changed N
   * object(s): Kind ns/name, …`, tagged with `policy`, `binding`, `param` and `objects` (the count).
   */
  results(): KrmResult[] {
    const out: KrmResult[] = [];
    for (const { objects, named, ...change } of this.order) {
      const who = `policy '${change.policy}' with binding '${change.binding}'${change.param !== undefined ? ` and param '${change.param}'` : ""}`;
      const more = objects > named.length ? `, … ${objects - named.length} more` : "";
      const tags: Record<string, string> = { policy: change.policy, binding: change.binding };
      if (change.param !== undefined) tags.param = change.param;
      tags.objects = String(objects);
      out.push({ severity: "info", message: `${who} changed ${objects} object${objects === 1 ? "" : "s"}: ${named.join(", ")}${more}`, tags });
    }
    return out;
  }
}
