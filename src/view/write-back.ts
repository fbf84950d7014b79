// Writing a view's change back into the manifest: given the view before and after a mutation
// and what the mutation itself produced, change the written object only where the view changed,
// with the values the policy wrote (not the zero values and defaults the view adds).
import { deepEqual, hasKey, isObject, setKey, setOrDelete, type JsonObject, type JsonValue } from "../data/index.js";
import { goStruct, type GoShape } from "../schema/index.js";
import { zeroOf } from "./decode-plan.js";
import { isEmpty } from "./go-decode.js";
import type { RewriteTree } from "./rewrite-tree.js";

/**
 * The written value after one change of the view at the same place.
 * - `written`: the manifest's value (undefined: absent there);
 * - `before` / `after`: the view before and after the change (`after` = the view of `patched`);
 * - `patched`: what the mutation produced, before the typed decode and defaults;
 * - `shape`: the Go shape at this place (built-in kinds), to write added values minimally.
 *
 * Where `after` equals `before`, `written` is kept. A value the mutation added is taken from
 * `patched`, without what the typed decode fills in by itself (see {@link minimalForm}); one only
 * the view's normalisation added (a default) is not written; a value the mutation removed is
 * removed. Maps recurse key by key, lists element by element (elements matched to `before`'s by
 * identity or equality, the rest paired in place). Returns `written` itself when nothing changes.
 */
export function carryChange(
  written: JsonValue | undefined,
  before: JsonValue | undefined,
  after: JsonValue | undefined,
  patched: JsonValue | undefined,
  shape?: GoShape,
): JsonValue | undefined {
  if (after === before) return written;
  if (after === undefined) return undefined;
  if (patched === undefined) return before === undefined ? written : undefined;
  if (before === undefined) return minimalForm(patched, shape, after);
  if (isObject(after) && isObject(before) && isObject(patched)) return carryMap(written, before, after, patched, shape);
  if (Array.isArray(after) && Array.isArray(before) && Array.isArray(patched) && patched.length === after.length) {
    return carryList(written, before, after, patched, shape);
  }
  return deepEqual(after, before) ? written : minimalForm(patched, shape, after);
}

/**
 * {@link carryChange} where `tree` holds the only places where `after` can differ from `before`
 * (the rest shared by reference): only its keys are visited, in its order, which is the order
 * carryChange meets them (keys new to the written object are added in that order). The maps
 * along the tree are copied once: copies made here are added to `own` and changed in place
 * later (nothing but the caller may hold them; it returns the same object then).
 */
export function carryAlong(
  written: JsonValue | undefined,
  before: JsonValue | undefined,
  after: JsonValue | undefined,
  patched: JsonValue | undefined,
  shape: GoShape | undefined,
  tree: RewriteTree,
  own: Set<JsonObject>,
): JsonValue | undefined {
  if (tree.keys === null || after === before || !isObject(after) || !isObject(before) || !isObject(patched)) {
    return carryChange(written, before, after, patched, shape);
  }
  const base = isObject(written) ? written : undefined;
  let out: JsonObject | undefined;
  for (const k of tree.keys.keys()) {
    const b = hasKey(before, k) ? before[k] : undefined;
    const a = hasKey(after, k) ? after[k] : undefined;
    if (a !== b) out = carryKey(out, base, k, b, a, patched, shape, tree.keys.get(k), own);
  }
  return out ?? written;
}

/** The shape a pointer points to (the shape itself otherwise). */
function deref(s: GoShape | undefined): GoShape | undefined {
  let out = s;
  while (out?.kind === "pointer") out = out.elem;
  return out;
}

/** The shape of key `k` of a struct or map shape. */
function keyShape(s: GoShape | undefined, k: string): GoShape | undefined {
  const d = deref(s);
  if (d?.kind === "struct") return goStruct(d.type)?.byName.get(k)?.shape;
  return d?.kind === "map" ? d.elem : undefined;
}

function elemShape(s: GoShape | undefined): GoShape | undefined {
  const d = deref(s);
  return d?.kind === "slice" ? d.elem : undefined;
}

/** The element of a list or map value, if it has one there. */
function at(v: JsonValue | undefined, k: string | number): JsonValue | undefined {
  if (typeof k === "number") return Array.isArray(v) ? v[k] : undefined;
  return isObject(v) && hasKey(v, k) ? v[k] : undefined;
}

/**
 * `v` (a value a mutation wrote) without what the typed decode would put back by itself: struct
 * fields holding their zero value (`name: ""`, `resources: {}`, `targetPort: 0`, `null`) and
 * empty omitempty fields; a `null` the decode reads as a scalar's zero (`""` in a map of
 * strings) is written as that zero, taken from `view` (the decoded value at the same place).
 * Decoding the result gives the same view; only a known Go shape is minimised.
 */
export function minimalForm(v: JsonValue, shape: GoShape | undefined, view?: JsonValue): JsonValue {
  if (v === null && view !== undefined && view !== null && !isObject(view) && !Array.isArray(view)) return view;
  const s = deref(shape);
  if (s === undefined) return v;
  if (s.kind === "slice" && Array.isArray(v)) return v.map((x, i) => minimalForm(x, s.elem, at(view, i)));
  if (s.kind === "map" && isObject(v)) {
    const out: JsonObject = {};
    for (const k of Object.keys(v)) setKey(out, k, minimalForm(v[k], s.elem, at(view, k)));
    return out;
  }
  if (s.kind !== "struct" || !isObject(v)) return v;
  const st = goStruct(s.type);
  if (st === undefined) return v;
  const out: JsonObject = {};
  for (const k of Object.keys(v)) {
    const f = st.byName.get(k);
    if (f === undefined) {
      setKey(out, k, v[k]);
      continue;
    }
    const m = minimalForm(v[k], f.shape, at(view, k));
    if (f.omitempty && isEmpty(m, f.shape)) continue;
    const z = zeroOf(f);
    if (z !== undefined && (f.shape.kind === "struct" ? isObject(m) && Object.keys(m).length === 0 : deepEqual(m, z))) continue;
    setKey(out, k, m);
  }
  return out;
}

function carryMap(written: JsonValue | undefined, before: JsonObject, after: JsonObject, patched: JsonObject, shape: GoShape | undefined): JsonValue | undefined {
  const base = isObject(written) ? written : undefined;
  let out: JsonObject | undefined;
  // The keys whose view changed: those of `before` (kept, changed or removed), then the added ones.
  for (const k in before) {
    const b = before[k];
    const a = hasKey(after, k) ? after[k] : undefined;
    if (a !== b) out = carryKey(out, base, k, b, a, patched, shape);
  }
  for (const k in after) if (!hasKey(before, k)) out = carryKey(out, base, k, undefined, after[k], patched, shape);
  return out ?? written;
}

/**
 * `out` (a copy of `base` made at the first change, or `base` itself when in `own`) with the
 * change of key `k` from `b` to `a` carried (with `tree`: only along it, see {@link carryAlong}).
 */
function carryKey(
  out: JsonObject | undefined, base: JsonObject | undefined, k: string, b: JsonValue | undefined, a: JsonValue | undefined, patched: JsonObject,
  shape: GoShape | undefined, tree?: RewriteTree, own?: Set<JsonObject>,
): JsonObject | undefined {
  const w = base !== undefined && hasKey(base, k) ? base[k] : undefined;
  const p = hasKey(patched, k) ? patched[k] : undefined;
  const ks = keyShape(shape, k);
  const r = tree === undefined || own === undefined ? carryChange(w, b, a, p, ks) : carryAlong(w, b, a, p, ks, tree, own);
  if (r === w) return out;
  if (out !== undefined) return setOrDelete(out, k, r);
  if (own === undefined) return setOrDelete(base !== undefined ? { ...base } : {}, k, r);
  if (base !== undefined && own.has(base)) return setOrDelete(base, k, r);
  const o: JsonObject = base !== undefined ? { ...base } : {};
  own.add(o);
  return setOrDelete(o, k, r);
}


/**
 * Lists: each element of `after` is matched to an element of `before` (in order: the same
 * object, or an equal one), elements between two matches are paired in place, and the rest are
 * new (written as `patched` has them, minimally). Written elements follow `before`'s indexes
 * (the view keeps the manifest's list order); without such a written list, a changed list is
 * written whole.
 */
function carryList(written: JsonValue | undefined, before: JsonValue[], after: JsonValue[], patched: JsonValue[], shape: GoShape | undefined): JsonValue | undefined {
  const es = elemShape(shape);
  const aligned = Array.isArray(written) && written.length === before.length ? written : undefined;
  if (aligned === undefined) return deepEqual(after, before) ? written : minimalForm(patched, shape, after);
  const match = matchElements(before, after);
  const out: JsonValue[] = [];
  let changed = after.length !== before.length;
  for (let i = 0; i < after.length; i++) {
    const j = match[i];
    if (j < 0) {
      out.push(minimalForm(patched[i], es, after[i]));
      changed = true;
      continue;
    }
    if (j !== i) changed = true;
    const r = carryChange(aligned[j], before[j], after[i], patched[i], es);
    if (r !== aligned[j]) changed = true;
    out.push(r === undefined ? null : r);
  }
  return changed ? out : written;
}

/** For each index of `after`, the index of `before` it continues, or -1 for a new element. */
function matchElements(before: readonly JsonValue[], after: readonly JsonValue[]): number[] {
  const match = new Array<number>(after.length).fill(-1);
  if (before.length === after.length) {
    for (let i = 0; i < after.length; i++) match[i] = i;
    return match;
  }
  // Anchors: elements kept (the same object or an equal one), in order.
  let j = 0;
  for (let i = 0; i < after.length && j < before.length; i++) {
    for (let k = j; k < before.length; k++) {
      if (after[i] === before[k] || deepEqual(after[i], before[k])) {
        match[i] = k;
        j = k + 1;
        break;
      }
    }
  }
  // Between two anchors, the remaining elements are paired in place.
  let prevB = -1;
  for (let i = 0; i < after.length; ) {
    if (match[i] >= 0) {
      prevB = match[i];
      i++;
      continue;
    }
    let end = i;
    while (end < after.length && match[end] < 0) end++;
    const nextB = end < after.length ? match[end] : before.length;
    for (let k = 0; i + k < end && prevB + 1 + k < nextB; k++) match[i + k] = prevB + 1 + k;
    i = end;
  }
  return match;
}
