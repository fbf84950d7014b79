// Field paths for `apply --diff`: which paths one mutation step changed (object before → after),
// and which path each line of a YAML document shows, so a hunk can be attributed to its steps.
import { isMap, isPair, isScalar, isSeq, parseDocument, type Node } from "yaml";
import { deepEqual, isObject, type JsonValue } from "../data/index.js";

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

/** True when one path is a prefix of the other (a change at one touches the other). */
export function overlaps(a: FieldPath, b: FieldPath): boolean {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** For each line of a YAML document, the path of the deepest node that starts on it (undefined: none). */
export function linePaths(text: string): Array<FieldPath | undefined> {
  const lineStarts = [0];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) lineStarts.push(i + 1);
  const lineOf = (offset: number): number => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const out: Array<FieldPath | undefined> = new Array(lineStarts.length).fill(undefined);
  const mark = (offset: number | undefined, end: number | undefined, path: FieldPath): void => {
    if (offset === undefined) return;
    const last = lineOf(Math.max(offset, (end ?? offset) - 1));
    for (let l = lineOf(offset); l <= last; l++) if (!out[l] || out[l]!.length <= path.length) out[l] = path;
  };
  const visit = (node: unknown, path: FieldPath): void => {
    if (isMap(node)) {
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const key = isScalar(pair.key) ? String(pair.key.value) : undefined;
        if (key === undefined) continue;
        const p = [...path, key];
        const k = pair.key as Node;
        const v = pair.value as Node | null;
        mark(k.range?.[0], v?.range?.[1] ?? k.range?.[1], p);
        visit(v, p);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => {
        const n = item as Node;
        mark(n.range?.[0], n.range?.[1], [...path, i]);
        visit(n, [...path, i]);
      });
    }
  };
  visit(parseDocument(text).contents, []);
  return out;
}
