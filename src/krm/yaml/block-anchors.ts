// Anchors, aliases and merge keys for the block reader (block-yaml.ts): each anchor belongs to one
// ResourceList item, or to the text outside the items, and an alias is read only in the scope of
// the anchor it names (else the text is js-yaml's); aliased values are copied within
// ALIAS_COPY_BUDGET, and `<<` merges as js-yaml (kmutate's load schema) merges.
import { isObject, type JsonObject, type JsonValue } from "../../data/index.js";
import { ALIAS_COPY_BUDGET, copyWithin } from "./alias-bound.js";

/** The scope of the text outside the items. */
export const OUTSIDE_ITEMS = -1;

/** js-yaml's limits on merges (`maxTotalMergeKeys`, default 10,000; sequences of 100 sources). */
const MAX_MERGE_WORK = 10_000;
const MAX_MERGE_SOURCES = 100;

/** An anchored node: its value once read (undefined while it is being read) and its scope. */
interface Anchored {
  value: JsonValue | undefined;
  scope: number;
}

/** The anchors of one document, as the reader meets them; every method's undefined means "decline". */
export class AnchorTable {
  private readonly byName = new Map<string, Anchored>();
  private readonly budget = { left: ALIAS_COPY_BUDGET };
  private mergeWork = 0;

  /** Starts the node anchored as `name` (a later `&name` replaces it, as in YAML); see close. */
  open(name: string, scope: number): Anchored {
    const a: Anchored = { value: undefined, scope };
    this.byName.set(name, a);
    return a;
  }

  /**
   * Ends the node `open` started, as `value`. The name is bound to it again: an anchor of the same
   * name inside it held the name meanwhile (js-yaml also binds an anchor when its node ends).
   */
  close(name: string, anchor: Anchored, value: JsonValue): JsonValue {
    anchor.value = value;
    this.byName.set(name, anchor);
    return value;
  }

  /**
   * The value of `*name` read in `scope`: a copy of the anchored node's value, or undefined when
   * the name is unknown, its node still open (js-yaml would build a cycle), anchored in another
   * scope (an item's alias of another item's anchor: the output could not be spliced per item),
   * or when the copy would pass the budget.
   */
  resolve(name: string, scope: number): JsonValue | undefined {
    const a = this.byName.get(name);
    if (a === undefined || a.value === undefined || a.scope !== scope) return undefined;
    return copyWithin(a.value, this.budget);
  }

  /**
   * Merges `source` (the value of a `<<` key: a mapping, or a sequence of mappings) into `target`
   * as js-yaml does: a key already in `target` stays, the others are added in order and recorded in
   * `overridable` (an explicit key written later may replace them once). False when js-yaml would
   * refuse or read it in its own way (scalars, sequences inside, past its limits).
   */
  merge(target: JsonObject, source: JsonValue, overridable: Set<string>): boolean {
    const sources = Array.isArray(source) ? source : [source];
    if (sources.length > MAX_MERGE_SOURCES) return false;
    for (const s of sources) {
      if (!isObject(s)) return false;
      const keys = Object.keys(s);
      this.mergeWork += 1 + keys.length;
      if (this.mergeWork > MAX_MERGE_WORK) return false;
      for (const k of keys) {
        if (Object.prototype.hasOwnProperty.call(target, k)) continue;
        target[k] = s[k];
        overridable.add(k);
      }
    }
    return true;
  }
}
