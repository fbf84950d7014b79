// Field paths for `apply --diff`: which paths one mutation step changed (object before → after),
// and which path each line of a YAML document shows, so a hunk can be attributed to its steps.
import type { Node } from "yaml";
import { changedPaths, pathText, type FieldPath } from "../data/index.js";
import { yamlLib } from "../krm/index.js";
export { changedPaths, pathText, type FieldPath };

/** True when one path is a prefix of the other (a change at one touches the other). */
export function overlaps(a: FieldPath, b: FieldPath): boolean {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** For each line of a YAML document, the path of the deepest node that starts on it (undefined: none). */
export function linePaths(text: string): Array<FieldPath | undefined> {
  const { isMap, isPair, isScalar, isSeq, parseDocument } = yamlLib();
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
