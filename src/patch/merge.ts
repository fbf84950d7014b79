// Structured merge of a patch (RHS) into a live value (LHS) under a schema type, as SMD
// `TypedValue.Merge` with rule "keep RHS": nothing is removed, empty/null promotion to leaves,
// atomic nodes replaced, granular maps merged key by key (live key order, new keys appended).
import { deepClone, hasKey, setKey, type JsonObject, type JsonValue } from "../data/index.js";
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

/** Merges `rhs` into `lhs` (either may be absent, not both); inputs are never modified. */
export function mergeValues(schema: Schema, spec: TypeSpec, lhs: JsonValue | undefined, rhs: JsonValue | undefined): MergeOutcome {
  if (lhs === undefined && rhs === undefined) return { errs: smdError("at least one of lhs and rhs must be provided") };
  const a = resolveAtom(schema, spec);
  if (typeof a === "string") return { errs: smdError(a) };
  const al = deduceAtom(a, lhs);
  const ar = deduceAtom(a, rhs);
  if (rhs === undefined) return handle(schema, spec, al, lhs, rhs);
  if (lhs === undefined || sameForms(al, ar)) return handle(schema, spec, ar, lhs, rhs);
  // Forms differ (untyped/deduced): SMD walks the LHS form for its errors only, then the RHS form.
  const first = handle(schema, spec, al, lhs, rhs).errs;
  const second = handle(schema, spec, ar, lhs, rhs);
  return { ...second, errs: [...first, ...second.errs] };
}

function handle(schema: Schema, spec: TypeSpec, a: Atom, lhs: JsonValue | undefined, rhs: JsonValue | undefined): MergeOutcome {
  if (a.map !== undefined) return doMap(schema, a.map, lhs, rhs);
  if (a.scalar !== undefined) return doScalar(a.scalar, lhs, rhs);
  if (a.list !== undefined) return doList(schema, a.list, lhs, rhs);
  return { errs: smdError(invalidAtomMessage(spec)) };
}

/** Rule "keep RHS" at a leaf: RHS if present (null included), else LHS; always a copy. */
function keepRHS(lhs: JsonValue | undefined, rhs: JsonValue | undefined): MergeOutcome {
  if (rhs !== undefined) return { out: deepClone(rhs), errs: [] };
  if (lhs !== undefined) return { out: deepClone(lhs), errs: [] };
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
  if (t.relationship === "atomic" || emptyPromote) return keepRHS(lhs, rhs);
  return mergeListItems(schema, t, l, r, (item, li, ri) => mergeValues(schema, t.elementType, li, ri).out);
}

function doMap(schema: Schema, t: MapType, lhs: JsonValue | undefined, rhs: JsonValue | undefined): MergeOutcome {
  const l = asMap(lhs);
  const r = asMap(rhs);
  const emptyPromote = (l === undefined || Object.keys(l).length === 0) && (r === undefined || Object.keys(r).length === 0);
  if (t.relationship === "atomic" || emptyPromote) return keepRHS(lhs, rhs);
  const out: JsonObject = {};
  const errs: SmdError[] = [];
  const item = (key: string, lv: JsonValue | undefined, rv: JsonValue | undefined): void => {
    const spec = t.fields.get(key)?.type ?? t.elementType ?? NO_TYPE;
    const res = mergeValues(schema, spec, lv, rv);
    errs.push(...withPrefix(res.errs, "." + key));
    if (res.out !== undefined) setKey(out, key, res.out);
  };
  if (l !== undefined) for (const k of Object.keys(l)) item(k, l[k], r !== undefined && hasKey(r, k) ? r[k] : undefined);
  if (r !== undefined) for (const k of Object.keys(r)) if (l === undefined || !hasKey(l, k)) item(k, undefined, r[k]);
  return Object.keys(out).length > 0 ? { out, errs } : { errs };
}
