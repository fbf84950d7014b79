// The places a mutation rewrote, as a tree of map keys: the view's renewal walks only these
// (everything else of the patch result is the previous view's, shared by reference).
import type { Rewrite } from "../data/index.js";

/**
 * Below the keys of `keys`, only those keys can differ from the previous version; `keys: null`
 * means the whole sub-tree may differ (a rewrite is at this place). Keys come in the rewrites'
 * order: the previous version's keys in its order, then added keys in the new version's order.
 */
export interface RewriteTree {
  readonly keys: Map<string, RewriteTree> | null;
}

const WHOLE: RewriteTree = { keys: null };

/**
 * The tree of the rewrites' places (in the order {@link Rewrite}s come: the order a walk of the
 * old and new versions meets them), or undefined when a place steps into a list (rewrites from
 * kmutate's appliers go through maps only). A place below another place is covered by it.
 */
export function rewriteTree(rewrites: readonly Rewrite[]): RewriteTree | undefined {
  const root: RewriteTree = { keys: new Map() };
  for (const r of rewrites) {
    if (r.at.length === 0) return WHOLE;
    let node = root;
    for (let i = 0; i < r.at.length && node.keys !== null; i++) {
      const k = r.at[i];
      if (typeof k !== "string") return undefined;
      const last = i === r.at.length - 1;
      let next = node.keys.get(k);
      if (next === undefined || last) {
        next = last ? WHOLE : { keys: new Map() };
        node.keys.set(k, next);
      }
      node = next;
    }
  }
  return root;
}
