// Field paths where two JSON values differ (used by diffs and by admission's `info` results), the
// same paths from the sub-trees a writer reports it rewrote, and their text (`spec.containers[1].image`).
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

/**
 * A sub-tree a new version of a value rewrote: at `at`, `before` became `after` (either may be
 * absent). Rewrites describe a new version when everything outside them is shared with the old
 * version by reference, and they come in the order {@link changedPaths} walks (map keys in the
 * old version's order, then added keys in the new version's order; list indexes ascending).
 */
export interface Rewrite {
  readonly at: FieldPath;
  readonly before: JsonValue | undefined;
  readonly after: JsonValue | undefined;
}

/**
 * `changedPaths(before, after)` of a whole value from its {@link Rewrite}s: the same walk, only
 * below the rewritten sub-trees.
 */
export function rewrittenPaths(rewrites: readonly Rewrite[]): FieldPath[] {
  const out: FieldPath[] = [];
  for (const r of rewrites) collect(r.before, r.after, [...r.at], out);
  return out;
}

const hasOwn = Object.prototype.hasOwnProperty;

function collect(before: JsonValue | undefined, after: JsonValue | undefined, at: (string | number)[], out: FieldPath[]): void {
  if (before === after) return;
  if (isObject(before) && isObject(after)) {
    const beforeKeys = Object.keys(before);
    const afterKeys = Object.keys(after);
    if (startsWith(afterKeys, beforeKeys)) {
      // Keys kept in order, new ones appended (how kmutate's merge and patches copy maps).
      for (const k of beforeKeys) {
        const b = before[k];
        const a = after[k];
        if (a === b) continue;
        at.push(k);
        collect(b, a, at, out);
        at.pop();
      }
      for (let i = beforeKeys.length; i < afterKeys.length; i++) {
        at.push(afterKeys[i]);
        out.push([...at]);
        at.pop();
      }
      return;
    }
    let kept = 0;
    for (const k of beforeKeys) {
      const has = hasOwn.call(after, k);
      if (has) kept++;
      const b = before[k];
      const a = has ? after[k] : undefined;
      if (a === b) continue;
      at.push(k);
      collect(b, a, at, out);
      at.pop();
    }
    if (afterKeys.length === kept) return; // no key added
    for (const k of afterKeys) {
      if (hasOwn.call(before, k)) continue;
      at.push(k);
      out.push([...at]);
      at.pop();
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    for (let i = 0; i < before.length; i++) {
      if (before[i] === after[i]) continue;
      at.push(i);
      collect(before[i], after[i], at, out);
      at.pop();
    }
    return;
  }
  if (before !== undefined && after !== undefined && deepEqual(before, after)) return;
  out.push([...at]);
}

/** Whether `keys` begins with every key of `prefix`, in the same order. */
function startsWith(keys: readonly string[], prefix: readonly string[]): boolean {
  if (keys.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (keys[i] !== prefix[i]) return false;
  return true;
}

/** `spec.containers[1].image` */
export function pathText(p: FieldPath): string {
  let out = "";
  for (let i = 0; i < p.length; i++) {
    const k = p[i];
    out += typeof k === "number" ? `[${k}]` : i === 0 ? k : "." + k;
  }
  return out;
}
