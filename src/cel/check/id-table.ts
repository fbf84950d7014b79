// A `Map<number, V>` over node ids backed by a dense array (ids are small consecutive integers):
// the checker's per-node tables (types, overloads) without hashing. Iterates in ascending id order.

/** A map from node ids (non-negative integers) to defined values, stored in an array. */
export class IdTable<V> implements Map<number, V> {
  private readonly items: (V | undefined)[];
  private count = 0;

  /** `capacity`: the expected number of ids (the table still grows past it). */
  constructor(capacity = 0) {
    this.items = capacity > 0 ? new Array<V | undefined>(capacity) : [];
  }

  get size(): number {
    return this.count;
  }
  get [Symbol.toStringTag](): string {
    return "IdTable";
  }

  get(id: number): V | undefined {
    return this.items[id];
  }
  has(id: number): boolean {
    return this.items[id] !== undefined;
  }
  set(id: number, value: V): this {
    if (!(id >= 0 && Number.isInteger(id)) || value === undefined) throw new RangeError(`id table entry must be a non-negative integer id and a defined value: ${id}`);
    const items = this.items;
    while (items.length < id) items.push(undefined);
    if (items[id] === undefined) this.count++;
    items[id] = value;
    return this;
  }
  delete(id: number): boolean {
    if (this.items[id] === undefined) return false;
    this.items[id] = undefined;
    this.count--;
    return true;
  }
  clear(): void {
    this.items.length = 0;
    this.count = 0;
  }
  forEach(fn: (value: V, key: number, map: Map<number, V>) => void, thisArg?: unknown): void {
    for (const [k, v] of this.entries()) fn.call(thisArg, v, k, this);
  }
  *entries(): MapIterator<[number, V]> {
    const items = this.items;
    for (let id = 0; id < items.length; id++) {
      const v = items[id];
      if (v !== undefined) yield [id, v];
    }
  }
  *keys(): MapIterator<number> {
    for (const [k] of this.entries()) yield k;
  }
  *values(): MapIterator<V> {
    for (const [, v] of this.entries()) yield v;
  }
  [Symbol.iterator](): MapIterator<[number, V]> {
    return this.entries();
  }
}
