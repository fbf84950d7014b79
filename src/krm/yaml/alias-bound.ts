// Bounds YAML alias expansion: a loaded tree may share subtrees through aliases, and kmutate
// (cloning, writing) would expand them. Refuse trees whose expansion dwarfs their source; the block
// reader copies aliased values within a budget that keeps it inside the same bound.
import { isObject, setKey, type JsonObject, type JsonValue } from "../../data/index.js";

/** Allowed expanded node count for a document with `unique` distinct nodes. */
export function aliasExpansionLimit(unique: number): number {
  return 100_000 + 10 * unique;
}

/**
 * Nodes the block reader may copy for aliases and merged values; past it, the text goes to js-yaml
 * (which decides). Within it, js-yaml's tree of the same text is within aliasExpansionLimit: its
 * expanded count is the node count N of the reader's tree, and its distinct nodes are at least
 * N − copied (what the reader copies, js-yaml shares), so 10·copied ≤ 100,000 + 9·N holds when
 * copied ≤ 100,000 (N ≥ copied).
 */
export const ALIAS_COPY_BUDGET = aliasExpansionLimit(0);

/**
 * Expanded and distinct node counts of a tree that may share subtrees (aliases); expanded is
 * Infinity when a collection contains itself (js-yaml builds that for an alias inside its own node).
 */
export function measureExpansion(root: JsonValue): { expanded: number; unique: number } {
  const memo = new Map<object, number>();
  let unique = 0;
  const size = (v: JsonValue): number => {
    if (!Array.isArray(v) && !isObject(v)) return 1;
    const seen = memo.get(v);
    if (seen !== undefined) return seen;
    memo.set(v, Infinity); // while its children are measured: met again, it is a cycle
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

/**
 * A copy of `v` sharing no collection with it, its nodes (as measureExpansion counts them) taken
 * from `budget.left`; undefined, with the copy abandoned, once the budget runs out.
 */
export function copyWithin(v: JsonValue, budget: { left: number }): JsonValue | undefined {
  if (!Array.isArray(v) && !isObject(v)) return v; // a scalar (JsonFloat is immutable)
  if (--budget.left < 0) return undefined;
  if (Array.isArray(v)) {
    const out: JsonValue[] = new Array<JsonValue>(v.length);
    for (let i = 0; i < v.length; i++) {
      const c = copyWithin(v[i], budget);
      if (c === undefined || (c === v[i] && --budget.left < 0)) return undefined;
      out[i] = c;
    }
    return out;
  }
  const out: JsonObject = {};
  for (const k of Object.keys(v)) {
    const c = copyWithin(v[k], budget);
    if (c === undefined || (c === v[k] && --budget.left < 0)) return undefined;
    setKey(out, k, c);
  }
  return out;
}
