// Structured merge of a patch (RHS) into a live value (LHS) under a schema type, as SMD
// `TypedValue.Merge` with rule "keep RHS": nothing is removed, empty/null promotion to leaves,
// atomic nodes replaced, granular maps merged key by key (live key order, new keys appended).
// The result shares untouched sub-trees with its inputs (nothing in kmutate mutates them), is
// the live value itself where the merge changes nothing below it, and can report what it rewrote.
import { hasKey, isObject, setKey, type JsonObject, type JsonValue, type Rewrite } from "../data/index.js";
import type { Atom, ListType, MapType, ScalarKind, Schema, TypeSpec } from "../schema/index.js";
import { deduceAtom, invalidAtomMessage, NO_TYPE, resolveAtom, sameForms } from "./merge-atoms.js";
import { smdError, withPrefix, type SmdError } from "./merge-errors.js";
import { mergeListItems } from "./merge-list.js";
import { validateScalar } from "./apply-validate.js";
import { asList, asMap } from "./merge-values.js";

/** Result of merging one node: the output (absent when SMD produces none) and errors. */
export interface MergeOutcome {
  out?: JsonValue;
  errs: SmdError[];
}

/**
 * The rewrites of a tracked merge: `at` is the path of the node being merged, `rewrites` what the
 * output replaced so far (granular maps are copied key by key, so their rewrites are the keys
 * whose value changed; anything else is one rewrite of the whole node).
 */
interface MergeTrack {
  readonly at: string[];
  readonly rewrites: Rewrite[];
}

/**
 * Settles the rewrites of one merged node (`before` → `after`) once its merge added those from
 * index `mark` on: kept when the node is a granular copy of a live map (its keys' rewrites
 * describe it), else replaced by one rewrite of the node (none when the node was kept).
 */
function settle(track: MergeTrack, mark: number, before: JsonValue | undefined, after: JsonValue | undefined): void {
  if (after !== before && isObject(before) && isObject(after) && track.rewrites.length > mark) return;
  track.rewrites.length = mark;
  if (after !== before) track.rewrites.push({ at: [...track.at], before, after });
}

/**
 * {@link mergeValues} of whole objects, also returning the {@link Rewrite}s that turn `lhs` into
 * the output (same preconditions).
 */
export function mergeWithRewrites(schema: Schema, spec: TypeSpec, lhs: JsonValue, rhs: JsonValue): MergeOutcome & { rewrites: Rewrite[] } {
  const track: MergeTrack = { at: [], rewrites: [] };
  const res = mergeValues(schema, spec, lhs, rhs, track);
  settle(track, 0, lhs, res.out);
  return { out: res.out, errs: res.errs, rewrites: track.rewrites };
}

/**
 * Merges `rhs` into `lhs` (either may be absent, not both); inputs are never modified, and the
 * output shares every sub-tree present on one side only with that side.
 * Precondition: `lhs` passes `validateValue` with duplicates allowed and `rhs` passes it without
 * (as `applyConfiguration` checks first): a one-sided sub-tree is then its own merge, so it is
 * returned as is instead of being walked. With `track`, the rewrites of granular maps are added
 * to it (see {@link settle}).
 */
export function mergeValues(schema: Schema, spec: TypeSpec, lhs: JsonValue | undefined, rhs: JsonValue | undefined, track?: MergeTrack): MergeOutcome {
  if (rhs === undefined) return lhs === undefined ? { errs: smdError("at least one of lhs and rhs must be provided") } : { out: lhs, errs: [] };
  if (lhs === undefined) return { out: rhs, errs: [] };
  const a = resolveAtom(schema, spec);
  if (typeof a === "string") return { errs: smdError(a) };
  const al = deduceAtom(a, lhs);
  const ar = deduceAtom(a, rhs);
  if (sameForms(al, ar)) return handle(schema, spec, ar, lhs, rhs, track);
  // Forms differ (untyped/deduced): SMD walks the LHS form for its errors only, then the RHS form.
  const first = handle(schema, spec, al, lhs, rhs, undefined).errs;
  const second = handle(schema, spec, ar, lhs, rhs, track);
  return { ...second, errs: [...first, ...second.errs] };
}

function handle(schema: Schema, spec: TypeSpec, a: Atom, lhs: JsonValue | undefined, rhs: JsonValue | undefined, track: MergeTrack | undefined): MergeOutcome {
  if (a.map !== undefined) return doMap(schema, a.map, lhs, rhs, track);
  if (a.scalar !== undefined) return doScalar(a.scalar, lhs, rhs);
  if (a.list !== undefined) return doList(schema, a.list, lhs, rhs);
  return { errs: smdError(invalidAtomMessage(spec)) };
}

/** Rule "keep RHS" at a leaf: RHS if present (null included), else LHS; shared, not copied. */
function keepRHS(lhs: JsonValue | undefined, rhs: JsonValue | undefined): MergeOutcome {
  if (rhs !== undefined) return { out: rhs, errs: [] };
  if (lhs !== undefined) return { out: lhs, errs: [] };
  return { errs: [] };
}

function doScalar(t: ScalarKind, lhs: JsonValue | undefined, rhs: JsonValue | undefined): MergeOutcome {
  const le = validateScalar(t, lhs, "lhs: ");
  const re = validateScalar(t, rhs, "rhs: ");
  if (le.length > 0 && re.length > 0) return { errs: [...le, ...re] };
  return keepRHS(lhs, rhs);
}

function doList(schema: Schema, t: ListType, lhs: JsonValue | undefined, rhs: JsonValue | undefined): MergeOutcome {
  const l = asList(lhs);
  const r = asList(rhs);
  const emptyPromote = (l === undefined || l.length === 0) && (r === undefined || r.length === 0);
  if (emptyPromote && l !== undefined && r !== undefined) return { out: lhs, errs: [] }; // two empty lists: the live one
  if (t.relationship === "atomic" || emptyPromote) return keepRHS(lhs, rhs);
  return mergeListItems(schema, t, l, r, (item, li, ri) => mergeValues(schema, t.elementType, li, ri).out);
}

function doMap(schema: Schema, t: MapType, lhs: JsonValue | undefined, rhs: JsonValue | undefined, track: MergeTrack | undefined): MergeOutcome {
  const l = asMap(lhs);
  const r = asMap(rhs);
  const lKeys = l !== undefined ? Object.keys(l) : NO_KEYS;
  const rKeys = r !== undefined ? Object.keys(r) : NO_KEYS;
  if (lKeys.length === 0 && rKeys.length === 0 && l !== undefined && r !== undefined) return { out: lhs, errs: [] }; // two empty maps: the live one
  if (t.relationship === "atomic" || (lKeys.length === 0 && rKeys.length === 0)) return keepRHS(lhs, rhs);
  const errs: SmdError[] = [];
  // The output is built only once a key's merge differs from the live value: a copy of the live
  // map (spread: own data properties, `__proto__` included) with the changed keys set, new keys
  // appended. Until then the live map itself is the output. A key on one side only is its own
  // merge (see mergeValues' precondition): live keys without a patch value are kept as they are.
  let out: JsonObject | undefined;
  if (r !== undefined) {
    for (const k of lKeys) {
      if (!hasKey(r, k)) continue;
      const lv = (l as JsonObject)[k];
      const res = mergeKey(schema, t, k, lv, r[k], errs, track);
      if (res === lv) continue;
      out ??= { ...(l as JsonObject) };
      if (res !== undefined) setKey(out, k, res);
      else delete out[k];
    }
    for (const k of rKeys) {
      if (l !== undefined && hasKey(l, k)) continue;
      const res = mergeKey(schema, t, k, undefined, r[k], errs, track);
      if (res === undefined) continue;
      out ??= l !== undefined ? { ...l } : {};
      setKey(out, k, res);
    }
  }
  if (out === undefined) return l !== undefined && lKeys.length > 0 ? { out: lhs, errs } : { errs };
  return Object.keys(out).length > 0 ? { out, errs } : { errs };
}

/** Merges one key of a map; its errors are added to `errs` under `.key`, its rewrites to `track`. */
function mergeKey(schema: Schema, t: MapType, key: string, lv: JsonValue | undefined, rv: JsonValue, errs: SmdError[], track: MergeTrack | undefined): JsonValue | undefined {
  const spec = t.fields.get(key)?.type ?? t.elementType ?? NO_TYPE;
  let res: MergeOutcome;
  if (track === undefined) res = mergeValues(schema, spec, lv, rv);
  else {
    track.at.push(key);
    const mark = track.rewrites.length;
    res = mergeValues(schema, spec, lv, rv, track);
    settle(track, mark, lv, res.out);
    track.at.pop();
  }
  if (res.errs.length > 0) errs.push(...withPrefix(res.errs, "." + key));
  return res.out;
}

const NO_KEYS: readonly string[] = [];
