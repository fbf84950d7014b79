// The final type of each node of a checked expression, substituted on first read: unbound type
// parameters become `dyn` under the checker's last substitution. Most readers look at the root type
// only (compile), so the other nodes' types are never substituted.
import type { CelType } from "../types.js";
import type { IdTable } from "./id-table.js";
import { substitute, type Substitutions } from "./unify.js";

/** Whether `t` is a type parameter or may have one inside. */
function mayHoldParams(t: CelType): boolean {
  switch (t.kind) {
    case "list": case "map": case "optional": case "type": case "opaque": case "param": return true;
    default: return false;
  }
}

/** A read-only map from node id to final type over the checker's raw table and substitution. */
export class FinalTypes implements ReadonlyMap<number, CelType> {
  /** `raw`: the types as recorded while checking (taken over: entries are finalised in place). */
  constructor(private readonly raw: IdTable<CelType>, private readonly m: Substitutions) {}

  get size(): number {
    return this.raw.size;
  }
  get(id: number): CelType | undefined {
    const t = this.raw.get(id);
    if (t === undefined || !mayHoldParams(t)) return t;
    // Substituting a final type gives it back: a second read finds nothing to change.
    const final = substitute(this.m, t, true);
    if (final !== t) this.raw.set(id, final);
    return final;
  }
  has(id: number): boolean {
    return this.raw.has(id);
  }
  forEach(fn: (value: CelType, key: number, map: ReadonlyMap<number, CelType>) => void, thisArg?: unknown): void {
    for (const [k, v] of this.entries()) fn.call(thisArg, v, k, this);
  }
  *entries(): MapIterator<[number, CelType]> {
    for (const id of this.raw.keys()) yield [id, this.get(id)!];
  }
  *keys(): MapIterator<number> {
    yield* this.raw.keys();
  }
  *values(): MapIterator<CelType> {
    for (const [, v] of this.entries()) yield v;
  }
  [Symbol.iterator](): MapIterator<[number, CelType]> {
    return this.entries();
  }
}
