// Structured merge of a patch (RHS) into a live value (LHS) under a schema type, as SMD
// `TypedValue.Merge` with rule "keep RHS": nothing is removed, empty/null promotion to leaves,
// atomic nodes replaced, granular maps merged key by key (live key order, new keys appended).
// The result shares untouched sub-trees with its inputs (nothing in kmutate mutates them), is
// the live value itself where the merge changes nothing below it, and can report what it rewrote.
import { isObject, setKey, type JsonObject, type JsonValue, type Rewrite } from "../data/index.js";
import type { Atom, ListType, MapType, ScalarKind, Schema, TypeSpec } from "../schema/index.js";
import { deducedForms, invalidAtomMessage, LIST_FORM, MAP_FORM, NO_TYPE, resolveAtom, SCALAR_FORM, type AtomForms } from "./merge-atoms.js";
import { NO_ERRS, smdError, withPrefix, type SmdError } from "./merge-errors.js";
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
  const { rewrites } = track;
  if (rewrites.length > mark) {
    if (after !== before && isObject(before) && isObject(after)) return;
    rewrites.length = mark; // (setting the length is slow: only when something is dropped)
  }
  if (after !== before) rewrites.push({ at: [...track.at], before, after });
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
  if (rhs === undefined) return lhs === undefined ? { errs: smdError("at least one of lhs and rhs must be provided") } : { out: lhs, errs: NO_ERRS };
  // The same value on both sides (`apiVersion`/`kind`, values re-applied): valid without
  // duplicates, so every sub-merge keeps it (see the precondition).
  if (lhs === undefined || lhs === rhs) return { out: rhs, errs: NO_ERRS };
  const a = resolveAtom(schema, spec);
  if (typeof a === "string") return { errs: smdError(a) };
  const fl = deducedForms(a, lhs);
  const fr = deducedForms(a, rhs);
  if (fl === fr) return handle(schema, spec, a, fr, lhs, rhs, track);
  // Forms differ (untyped/deduced): SMD walks the LHS form for its errors only, then the RHS form.
  const first = handle(schema, spec, a, fl, lhs, rhs, undefined).errs;
  const second = handle(schema, spec, a, fr, lhs, rhs, track);
  return { ...second, errs: [...first, ...second.errs] };
}

/** Merges as the picked `forms` of `a` (SMD's deduced atom): map, else scalar, else list. */
function handle(schema: Schema, spec: TypeSpec, a: Atom, forms: AtomForms, lhs: JsonValue | undefined, rhs: JsonValue | undefined, track: MergeTrack | undefined): MergeOutcome {
  if (forms & MAP_FORM) return doMap(schema, a.map as MapType, lhs, rhs, track);
  if (forms & SCALAR_FORM) return doScalar(a.scalar as ScalarKind, lhs, rhs);
  if (forms & LIST_FORM) return doList(schema, a.list as ListType, lhs, rhs);
  return { errs: smdError(invalidAtomMessage(spec)) };
}

/** Rule "keep RHS" at a leaf: RHS if present (null included), else LHS; shared, not copied. */
function keepRHS(lhs: JsonValue | undefined, rhs: JsonValue | undefined): MergeOutcome {
  if (rhs !== undefined) return { out: rhs, errs: NO_ERRS };
  if (lhs !== undefined) return { out: lhs, errs: NO_ERRS };
  return { errs: NO_ERRS };
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
  if (emptyPromote && l !== undefined && r !== undefined) return { out: lhs, errs: NO_ERRS }; // two empty lists: the live one
  if (t.relationship === "atomic" || emptyPromote) return keepRHS(lhs, rhs);
  return mergeListItems(schema, t, l, r, (_item, li, ri) => mergeValues(schema, t.elementType, li, ri).out);
}

function doMap(schema: Schema, t: MapType, lhs: JsonValue | undefined, rhs: JsonValue | undefined, track: MergeTrack | undefined): MergeOutcome {
  const l = asMap(lhs);
  const r = asMap(rhs);
  const rKeys = r !== undefined ? Object.keys(r) : NO_KEYS;
  if (rKeys.length === 0) {
    // Nothing to merge in: SMD's empty promotion, or the live map as it is.
    const lEmpty = l === undefined || Object.keys(l).length === 0;
    if (lEmpty && l !== undefined && r !== undefined) return { out: lhs, errs: NO_ERRS }; // two empty maps: the live one
    return t.relationship === "atomic" || lEmpty ? keepRHS(lhs, rhs) : { out: lhs, errs: NO_ERRS };
  }
  if (t.relationship === "atomic") return keepRHS(lhs, rhs);
  let errs = NO_ERRS; // its own list from the first error on
  // The output is built only once a key's merge differs from the live value: a copy of the live
  // map (spread: own data properties, `__proto__` included) with the changed keys set, new keys
  // appended. Until then the live map itself is the output. A key on one side only is its own
  // merge (see mergeValues' precondition): live keys without a patch value are kept as they are,
  // so only the patch's keys are visited. Keys on both sides are merged in the live map's order
  // (their errors and rewrites come in that order), then new keys in the patch's order.
  let out: JsonObject | undefined;
  let deleted = false;
  let shared = 0;
  // Keys on both sides whose values differ (the others are their own merge): the first one,
  // and how many, so that the live map's keys are walked only when their order matters.
  let differing = 0;
  let firstDiffering = "";
  if (l !== undefined) {
    for (const k of rKeys) {
      if (!hasOwn.call(l, k)) continue;
      shared++;
      if (l[k] !== (r as JsonObject)[k] && differing++ === 0) firstDiffering = k;
    }
    for (const k of differing > 1 ? Object.keys(l) : differing === 1 ? [firstDiffering] : NO_KEYS) {
      if (differing > 1 && !hasOwn.call(r, k)) continue;
      const lv = l[k];
      const rv = (r as JsonObject)[k];
      if (lv === rv) continue; // its own merge, no rewrite (see mergeValues): `apiVersion`, `kind`
      const merged = mergeKey(schema, t, k, lv, rv, track);
      if (merged.errs.length > 0) errs = withKeyErrors(errs, k, merged.errs);
      const res = merged.out;
      if (res === lv) continue;
      out ??= { ...l };
      if (res !== undefined) setKey(out, k, res);
      else {
        delete out[k];
        deleted = true;
      }
    }
  }
  if (shared < rKeys.length) {
    for (const k of rKeys) {
      if (l !== undefined && hasOwn.call(l, k)) continue;
      const merged = mergeKey(schema, t, k, undefined, (r as JsonObject)[k], track);
      if (merged.errs.length > 0) errs = withKeyErrors(errs, k, merged.errs);
      const res = merged.out;
      if (res === undefined) continue;
      out ??= l !== undefined ? { ...l } : {};
      setKey(out, k, res);
    }
  }
  if (out === undefined) return l !== undefined && (shared > 0 || Object.keys(l).length > 0) ? { out: lhs, errs } : { errs };
  return !deleted || Object.keys(out).length > 0 ? { out, errs } : { errs };
}

/** Merges one key of a map; its rewrites are added to `track`. */
function mergeKey(schema: Schema, t: MapType, key: string, lv: JsonValue | undefined, rv: JsonValue, track: MergeTrack | undefined): MergeOutcome {
  const spec = t.fields.get(key)?.type ?? t.elementType ?? NO_TYPE;
  if (track === undefined) return mergeValues(schema, spec, lv, rv);
  track.at.push(key);
  const mark = track.rewrites.length;
  const res = mergeValues(schema, spec, lv, rv, track);
  settle(track, mark, lv, res.out);
  track.at.pop();
  return res;
}

/** `errs` (a map's errors so far) with the errors of one key's merge added under `.key`. */
function withKeyErrors(errs: SmdError[], key: string, keyErrs: SmdError[]): SmdError[] {
  const out = errs === NO_ERRS ? [] : errs;
  out.push(...withPrefix(keyErrs, "." + key));
  return out;
}

const NO_KEYS: readonly string[] = [];
const hasOwn = Object.prototype.hasOwnProperty;
