// The default `info` results of mutation: one per invocation (policy, binding, param) that changed
// objects, with how many and the first few of them — output that grows with the policies, not the objects.
import type { JsonObject } from "../../data/index.js";
import { resourceRefOf } from "../dispatch/index.js";
import type { InvocationChange, KrmResult } from "../types.js";

/** Objects an invocation result names before it only counts the rest. */
export const objectsNamed = 3;

/** What one invocation changed so far: how many objects, and the first ones (`Kind ns/name`). */
export interface TallyEntry {
  /** The invocation's key (policy, binding, param). */
  key: string;
  policy: string;
  binding: string;
  param?: string;
  objects: number;
  named: string[];
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
  private readonly byKey = new Map<string, TallyEntry>();

  /** Records that `changes` (an object's changing invocations, both passes) changed `item`. */
  add(item: JsonObject, changes: readonly InvocationChange[]): void {
    let text: string | undefined;
    const seen = new Set<string>();
    for (const c of changes) {
      const key = `${c.policy}\u0000${c.binding}\u0000${c.param ?? "\u0001"}`;
      // An invocation that changed the object again on reinvocation counts it once.
      if (seen.has(key)) continue;
      seen.add(key);
      let t = this.byKey.get(key);
      if (t === undefined) {
        t = { key, policy: c.policy, binding: c.binding, objects: 0, named: [] };
        if (c.param !== undefined) t.param = c.param;
        this.byKey.set(key, t);
      }
      t.objects++;
      if (t.named.length < objectsNamed) t.named.push((text ??= objectText(item)));
    }
  }

  /** The tally so far, in the order invocations first changed an object. */
  entries(): TallyEntry[] {
    return [...this.byKey.values()].map((t) => ({ ...t, named: [...t.named] }));
  }

  /** Adds the tally of objects that follow those added so far (see {@link entries}). */
  addEntries(entries: readonly TallyEntry[]): void {
    for (const e of entries) {
      let t = this.byKey.get(e.key);
      if (t === undefined) {
        t = { ...e, objects: 0, named: [] };
        this.byKey.set(e.key, t);
      }
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
    for (const { objects, named, ...change } of this.byKey.values()) {
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
