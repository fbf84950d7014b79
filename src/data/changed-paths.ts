// Field paths where two JSON values differ (used by diffs and by admission's `info` results), and
// their text form (`spec.containers[1].image`).
import { deepEqual } from "./equal.js";
import { isObject } from "./access.js";
import type { JsonValue } from "./types.js";

/** A path of object keys and list indexes. */
export type FieldPath = ReadonlyArray<string | number>;

/**
 * The paths where `before` and `after` differ: the deepest differing map key, or a list itself
 * when its length changed (indexes shift), else its differing elements.
 */
export function changedPaths(before: JsonValue | undefined, after: JsonValue | undefined, at: FieldPath = []): FieldPath[] {
  if (before !== undefined && after !== undefined && deepEqual(before, after)) return [];
  if (isObject(before) && isObject(after)) {
    const out: FieldPath[] = [];
    for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const b = Object.prototype.hasOwnProperty.call(before, k) ? before[k] : undefined;
      const a = Object.prototype.hasOwnProperty.call(after, k) ? after[k] : undefined;
      out.push(...changedPaths(b, a, [...at, k]));
    }
    return out;
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    return before.flatMap((b, i) => changedPaths(b, after[i], [...at, i]));
  }
  return [at];
}

/** `spec.containers[1].image` */
export function pathText(p: FieldPath): string {
  return p.map((k, i) => (typeof k === "number" ? `[${k}]` : i === 0 ? k : `.${k}`)).join("");
}

