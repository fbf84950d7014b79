// The view's renewal when a mutation rewrote only scalar leaves that decode to themselves (a
// label, an annotation, a replica count): the typed decode of the patch result is that result
// itself, and the written object takes the same values — with no rewrite tree and no decode walk.
import { hasKey, isObject, setKey, type JsonObject, type JsonValue, type Rewrite } from "../data/index.js";
import { isPlain, nodePlan, PLAIN_NONE, type ShapeNode, type StructPlan } from "./decode-plan.js";

/** A rewritten place (map keys only) and the scalar the patch result holds there. */
export interface ScalarLeaf {
  readonly path: readonly string[];
  readonly value: string | number | boolean;
}

/**
 * The places of `rewrites` when every one is a scalar the typed decode keeps as it is (a plain
 * value of its field's own JSON type, not dropped as empty; a string in a map of strings), reached
 * through maps and structs that `patched` and `before` (the decoded view it was made from) both
 * hold as distinct objects: the decode of `patched` along the rewrites is then `patched` itself
 * (no unknown field, no error, no zero value to show). Undefined otherwise.
 */
export function scalarLeaves(rewrites: readonly Rewrite[], before: JsonObject, patched: JsonObject, root: StructPlan): ScalarLeaf[] | undefined {
  const leaves: ScalarLeaf[] = [];
  for (const r of rewrites) {
    const at = r.at;
    if (at.length === 0) return undefined;
    // The struct at this level, else the element node of the map at this level.
    let plan: StructPlan | undefined = root;
    let elem: ShapeNode | undefined;
    let b: JsonValue | undefined = before;
    let p: JsonObject = patched;
    for (let i = 0; i < at.length; i++) {
      const k = at[i];
      if (typeof k !== "string" || !hasKey(p, k)) return undefined;
      const x = p[k];
      let node: ShapeNode | undefined;
      if (plan !== undefined) {
        const f = plan.byName.get(k);
        if (f === undefined) return undefined;
        if (i === at.length - 1) {
          if (f.plain === PLAIN_NONE || !isPlain(x, f.plain) || (f.dropsEmptyPlain && (x === "" || x === 0 || x === false))) return undefined;
        }
        node = f.node;
      } else {
        node = elem;
        if (i === at.length - 1 && (node?.shape.kind !== "string" || typeof x !== "string")) return undefined;
      }
      if (i === at.length - 1) {
        leaves.push({ path: at as readonly string[], value: x as string | number | boolean });
        break;
      }
      b = isObject(b) && hasKey(b, k) ? b[k] : undefined;
      if (!isObject(x) || !isObject(b) || x === b || node === undefined) return undefined;
      if (node.shape.kind === "pointer") node = node.elem;
      if (node?.shape.kind === "struct") {
        plan = nodePlan(node);
        if (plan === undefined) return undefined;
        elem = undefined;
      } else if (node?.shape.kind === "map") {
        plan = undefined;
        elem = node.elem;
      } else return undefined;
      p = x;
    }
  }
  return leaves;
}

/**
 * `written` with each leaf's value set where the view changed (`before` holds another value),
 * as carrying the change along the rewrites does: maps on the way copied once (copies added to
 * `own`, which are changed in place later), new maps and keys added in the leaves' order.
 */
export function carryLeaves(written: JsonObject, before: JsonObject, leaves: readonly ScalarLeaf[], own: Set<JsonObject>): JsonObject {
  let out = written;
  for (const { path, value } of leaves) {
    let b: JsonValue | undefined = before;
    for (const k of path) b = isObject(b) && hasKey(b, k) ? b[k] : undefined;
    if (b === value) continue;
    out = setAlong(out, path, 0, value, own);
  }
  return out;
}

function setAlong(w: JsonValue | undefined, path: readonly string[], i: number, value: JsonValue, own: Set<JsonObject>): JsonObject {
  const base = isObject(w) ? w : undefined;
  const k = path[i];
  const cur = base !== undefined && hasKey(base, k) ? base[k] : undefined;
  const r = i === path.length - 1 ? value : setAlong(cur, path, i + 1, value, own);
  if (r === cur && base !== undefined) return base;
  let o: JsonObject;
  if (base !== undefined && own.has(base)) o = base;
  else {
    o = base !== undefined ? { ...base } : {};
    own.add(o);
  }
  setKey(o, k, r);
  return o;
}
