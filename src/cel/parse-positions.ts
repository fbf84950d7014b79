// Node id → source offset table of a parsed expression: a `Map<number, number>` backed by a dense
// array (ids are small consecutive integers), so the parser's one write per node is an array store.

/** Marks an absent id (NaN is never a stored offset: `set` rejects it). */
const NONE = NaN;

/**
 * A `Map<number, number>` over dense non-negative integer keys (node ids → UTF-16 offsets, -1 for
 * "no location"). Iterates in ascending key order.
 */
export class PositionTable implements Map<number, number> {
  /** Offset per id; `NONE` marks an absent id. */
  private readonly offsets: number[] = [];
  private count = 0;

  get size(): number {
    return this.count;
  }
  get [Symbol.toStringTag](): string {
    return "PositionTable";
  }

  get(id: number): number | undefined {
    const v = this.offsets[id];
    return v === undefined || v !== v ? undefined : v;
  }
  has(id: number): boolean {
    const v = this.offsets[id];
    return v !== undefined && v === v;
  }
  set(id: number, offset: number): this {
    const o = this.offsets;
    if (!(id >= 0 && Number.isInteger(id)) || offset !== offset) throw new RangeError(`position table entry must be a non-negative integer id and a number: ${id}`);
    while (o.length < id) o.push(NONE);
    const prev = o[id];
    if (prev === undefined || prev !== prev) this.count++;
    o[id] = offset;
    return this;
  }
  delete(id: number): boolean {
    if (!this.has(id)) return false;
    const o = this.offsets;
    o[id] = NONE;
    this.count--;
    while (o.length > 0 && o[o.length - 1] !== o[o.length - 1]) o.length--;
    return true;
  }
  clear(): void {
    this.offsets.length = 0;
    this.count = 0;
  }
  forEach(fn: (value: number, key: number, map: Map<number, number>) => void, thisArg?: unknown): void {
    for (const [k, v] of this.entries()) fn.call(thisArg, v, k, this);
  }
  *entries(): MapIterator<[number, number]> {
    for (let id = 0; id < this.offsets.length; id++) {
      const v = this.get(id);
      if (v !== undefined) yield [id, v];
    }
  }
  *keys(): MapIterator<number> {
    for (const [k] of this.entries()) yield k;
  }
  *values(): MapIterator<number> {
    for (const [, v] of this.entries()) yield v;
  }
  [Symbol.iterator](): MapIterator<[number, number]> {
    return this.entries();
  }
}
