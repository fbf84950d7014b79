// Field paths where two JSON values differ (used by diffs and by admission's `info` results), and
// their text form (`spec.containers[1].image`).
import { deepEqual } from "./equal.js";
import { isObject } from "./access.js";
import type { JsonValue } from "./types.js";

/** A path of object keys and list indexes. */
export type FieldPath = ReadonlyArray<string | number>;

/**
 * The paths where `before` and `after` differ: the deepest differing map key, or a list itself
 * when its length changed (indexes shift), else its differing elements. One walk: sub-trees
 * shared by reference are skipped, and only leaves are compared.
 */
export function changedPaths(before: JsonValue | undefined, after: JsonValue | undefined, at: FieldPath = []): FieldPath[] {
  const out: FieldPath[] = [];
  collect(before, after, [...at], out);
  return out;
}

function collect(before: JsonValue | undefined, after: JsonValue | undefined, at: (string | number)[], out: FieldPath[]): void {
  if (before === after) return;
  if (isObject(before) && isObject(after)) {
    for (const k of Object.keys(before)) {
      at.push(k);
      collect(before[k], Object.prototype.hasOwnProperty.call(after, k) ? after[k] : undefined, at, out);
      at.pop();
    }
    for (const k of Object.keys(after)) {
      if (Object.prototype.hasOwnProperty.call(before, k)) continue;
      at.push(k);
      out.push([...at]);
      at.pop();
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    for (let i = 0; i < before.length; i++) {
      at.push(i);
      collect(before[i], after[i], at, out);
      at.pop();
    }
    return;
  }
  if (before !== undefined && after !== undefined && deepEqual(before, after)) return;
  out.push([...at]);
}

/** `spec.containers[1].image` */
export function pathText(p: FieldPath): string {
  return p.map((k, i) => (typeof k === "number" ? `[${k}]` : i === 0 ? k : `.${k}`)).join("");
}
