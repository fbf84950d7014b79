// The view's renewal when a mutation rewrote only scalar leaves that decode to themselves (a
// label, an annotation, a replica count): the typed decode of the patch result is that result
// itself, and the written object takes the same values — with no rewrite tree and no decode walk.
import { hasKey, isObject, setKey, type JsonObject, type JsonValue, type Rewrite } from "../data/index.js";
import { isPlain, nodePlan, PLAIN_NONE, type ShapeNode, type StructPlan } from "./decode-plan.js";

/** {@link leafChange}'s answer for a place that is no such scalar leaf. */
const NOT_LEAF = Symbol("not a scalar leaf");
/** {@link leafChange}'s answer for a leaf whose value the view already holds. */
const UNCHANGED = Symbol("unchanged");

/**
 * The scalar `patched` holds at `at` when the typed decode keeps it as it is (a plain value of
 * its field's own JSON type, not dropped as empty; a string in a map of strings) and it is
 * reached through maps and structs that `patched` and `before` (the decoded view it was made
 * from) both hold as distinct objects; UNCHANGED when `before` holds the same value there;
 * NOT_LEAF otherwise.
 */
function leafChange(at: Rewrite["at"], before: JsonObject, patched: JsonObject, root: StructPlan): string | number | boolean | typeof NOT_LEAF | typeof UNCHANGED {
  const last = at.length - 1;
  if (last < 0) return NOT_LEAF;
  // The struct at this level, else the element node of the map at this level.
  let plan: StructPlan | undefined = root;
  let elem: ShapeNode | undefined;
  let b: JsonObject = before;
  let p: JsonObject = patched;
  for (let i = 0; ; i++) {
    const k = at[i];
    if (typeof k !== "string" || !hasKey(p, k)) return NOT_LEAF;
    const x = p[k];
    let node: ShapeNode | undefined;
    if (plan !== undefined) {
      const f = plan.byName.get(k);
      if (f === undefined) return NOT_LEAF;
      if (i === last) {
        if (f.plain === PLAIN_NONE || !isPlain(x, f.plain) || (f.dropsEmptyPlain && (x === "" || x === 0 || x === false))) return NOT_LEAF;
      }
      node = f.node;
    } else {
      node = elem;
      if (i === last && (node?.shape.kind !== "string" || typeof x !== "string")) return NOT_LEAF;
    }
    const bx = hasKey(b, k) ? b[k] : undefined;
    if (i === last) return bx === x ? UNCHANGED : (x as string | number | boolean);
    if (!isObject(x) || !isObject(bx) || x === bx || node === undefined) return NOT_LEAF;
    if (node.shape.kind === "pointer") node = node.elem;
    if (node?.shape.kind === "struct") {
      plan = nodePlan(node);
      if (plan === undefined) return NOT_LEAF;
      elem = undefined;
    } else if (node?.shape.kind === "map") {
      plan = undefined;
      elem = node.elem;
    } else return NOT_LEAF;
    b = bx;
    p = x;
  }
}

/**
 * When every place of `rewrites` is a scalar leaf the typed decode keeps as it is, reached
 * through maps and structs `patched` and `before` both hold as distinct objects (the view is
 * then `patched` itself): `written` with each leaf's value set where the view changed, as
 * carrying the change along the rewrites does — maps on the way copied once (copies added to
 * `own`, which are changed in place later), new maps and keys added in the leaves' order.
 * Undefined otherwise (nothing is changed then).
 */
export function renewLeaves(rewrites: readonly Rewrite[], before: JsonObject, patched: JsonObject, root: StructPlan, written: JsonObject, own: Set<JsonObject>): JsonObject | undefined {
  if (rewrites.length === 1) {
    const at = rewrites[0].at;
    const v = leafChange(at, before, patched, root);
    if (v === NOT_LEAF) return undefined;
    return v === UNCHANGED ? written : setAlong(written, at as readonly string[], 0, v, own);
  }
  // Every place is checked before the written object changes.
  const values: (string | number | boolean | typeof UNCHANGED)[] = [];
  for (const r of rewrites) {
    const v = leafChange(r.at, before, patched, root);
    if (v === NOT_LEAF) return undefined;
    values.push(v);
  }
  let out = written;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v !== UNCHANGED) out = setAlong(out, rewrites[i].at as readonly string[], 0, v, own);
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
