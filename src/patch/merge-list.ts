// Merge of associative lists (list-maps and sets), reproducing SMD's item identity rules
// (duplicates allowed on the live side only) and its exact output-order algorithm.
import type { JsonValue } from "../data/index.js";
import type { ListType, Schema } from "../schema/index.js";
import type { SmdError } from "./merge-errors.js";
import { listItemPathElement, peId, peString, type PathElement } from "./merge-keys.js";

/** Merges one item (LHS/RHS may be absent); returns its output or undefined for none. */
export type MergeItem = (pe: PathElement, lhs: JsonValue | undefined, rhs: JsonValue | undefined) => JsonValue | undefined;

interface Indexed {
  pes: PathElement[];
  ids: string[];
  /** Item per identity; a duplicated identity maps to null (SMD merges nothing into it). */
  observed: Map<string, JsonValue>;
  errs: SmdError[];
}

function index(schema: Schema, t: ListType, list: readonly JsonValue[] | undefined, allowDuplicates: boolean): Indexed {
  const res: Indexed = { pes: [], ids: [], observed: new Map(), errs: [] };
  for (let i = 0; i < (list?.length ?? 0); i++) {
    const child = (list as JsonValue[])[i];
    const pe = listItemPathElement(schema, t, child);
    if (typeof pe === "string") {
      res.errs.push({ path: "", message: `element ${i}: ${pe}` });
      continue;
    }
    const id = peId(pe);
    const found = res.observed.has(id);
    if (found && !allowDuplicates) {
      res.errs.push({ path: "", message: `duplicate entries for key ${peString(pe)}` });
      continue;
    }
    res.observed.set(id, found ? null : child);
    res.pes.push(pe);
    res.ids.push(id);
  }
  return res;
}

/**
 * The merged list: live items not in the patch stay where they are, shared items are merged
 * and emitted in patch order, new items are placed where the patch order puts them.
 * Errors of individual item merges are dropped (as SMD does); indexing errors are returned.
 * A merge that changes nothing returns the live list itself.
 */
export function mergeListItems(
  schema: Schema,
  t: ListType,
  lhs: readonly JsonValue[] | undefined,
  rhs: readonly JsonValue[] | undefined,
  mergeItem: MergeItem,
): { out?: JsonValue; errs: SmdError[] } {
  const R = index(schema, t, rhs, false);
  const L = index(schema, t, lhs, true);
  const errs = [...R.errs, ...L.errs];
  if (errs.length > 0) return { errs };
  const shared = R.ids.filter((id) => L.observed.has(id));
  let q = 0;
  let next: string | undefined = shared[q++];
  const merged = new Set<string>();
  const out: JsonValue[] = [];
  const emit = (v: JsonValue | undefined): void => {
    if (v !== undefined) out.push(v);
  };
  const inR = (id: string): boolean => R.observed.has(id);
  let li = 0;
  let ri = 0;
  while (li < L.ids.length || ri < R.ids.length) {
    if (li < L.ids.length && ri < R.ids.length) {
      const id = L.ids[li];
      if (id === R.ids[ri]) {
        merged.add(id);
        emit(mergeItem(L.pes[li], L.observed.get(id), R.observed.get(id)));
        li++;
        ri++;
        next = shared[q++];
        continue;
      }
      if (inR(id) && next !== undefined && next !== id) {
        li++; // a shared item whose turn has not come: emitted when the patch reaches it
        continue;
      }
    }
    if (li < L.ids.length) {
      const id = L.ids[li];
      if (!inR(id)) {
        emit(mergeItem(L.pes[li], (lhs as JsonValue[])[li], undefined));
        li++;
        continue;
      } else if (merged.has(id)) {
        li++;
      }
    }
    if (ri < R.ids.length) {
      const id = R.ids[ri];
      merged.add(id);
      emit(mergeItem(R.pes[ri], L.observed.get(id), R.observed.get(id)));
      ri++;
      if (next === id) next = shared[q++];
    }
  }
  // Every live item kept, in place and unchanged, nothing added: the live list itself.
  if (lhs !== undefined && out.length === lhs.length && out.every((v, i) => v === lhs[i])) return { out: lhs as JsonValue[], errs: [] };
  return out.length > 0 ? { out, errs: [] } : { errs: [] };
}
