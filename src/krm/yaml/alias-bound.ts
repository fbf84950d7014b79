// Bounds YAML alias expansion: a loaded tree may share subtrees through aliases, and kmutate
// (cloning, writing) would expand them. Refuse trees whose expansion dwarfs their source.
import { isObject, type JsonValue } from "../../data/index.js";

/** Allowed expanded node count for a document with `unique` distinct nodes. */
export function aliasExpansionLimit(unique: number): number {
  return 100_000 + 10 * unique;
}

/** Expanded and distinct node counts of a tree that may share subtrees (aliases). */
export function measureExpansion(root: JsonValue): { expanded: number; unique: number } {
  const memo = new Map<object, number>();
  let unique = 0;
  const size = (v: JsonValue): number => {
    if (!Array.isArray(v) && !isObject(v)) return 1;
    const seen = memo.get(v);
    if (seen !== undefined) return seen;
    let n = 1;
    unique++;
    const children = Array.isArray(v) ? v : Object.values(v);
    for (const c of children) {
      const s = size(c);
      if (s === 1) unique++;
      n += s;
    }
    memo.set(v, n);
    return n;
  };
  return { expanded: size(root), unique };
}
