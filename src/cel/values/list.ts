// CEL lists: one interface over an array of CEL values, a lazy view over a JSON array (elements
// converted on access, never deep-copied), a comprehension accumulator, an O(1) concatenation view,
// and an integer range (lists.range) whose elements are made on access.
import type { JsonValue } from "../../data/index.js";
import type { CelValue } from "./value.js";
import { fromJson } from "./json-in.js";

/** A CEL list. `get` takes an in-range index. */
export interface CelList {
  readonly kind: 9;
  size(): number;
  get(i: number): CelValue;
  /** The elements as an array (a copy for JSON-backed lists; do not mutate). */
  toArray(): readonly CelValue[];
}

class ArrayList implements CelList {
  readonly kind = 9 as const;
  constructor(readonly elems: readonly CelValue[]) {}
  size(): number { return this.elems.length; }
  get(i: number): CelValue { return this.elems[i]; }
  toArray(): readonly CelValue[] { return this.elems; }
}

class JsonList implements CelList {
  readonly kind = 9 as const;
  constructor(readonly raw: readonly JsonValue[]) {}
  size(): number { return this.raw.length; }
  get(i: number): CelValue { return fromJson(this.raw[i]); }
  toArray(): readonly CelValue[] { return this.raw.map(fromJson); }
}

// [0, n) as CEL ints, made on access: lists.range is charged its full size by its cost tracker, but
// building n bigints up front would cost ~250 ns each whether or not they are read.
class RangeList implements CelList {
  readonly kind = 9 as const;
  private flat: readonly CelValue[] | undefined;
  constructor(readonly n: number) {}
  size(): number { return this.n; }
  get(i: number): CelValue { return this.flat !== undefined ? this.flat[i] : BigInt(i); }
  toArray(): readonly CelValue[] {
    if (this.flat === undefined) {
      const out = new Array<CelValue>(this.n);
      for (let i = 0; i < this.n; i++) out[i] = BigInt(i);
      this.flat = out;
    }
    return this.flat;
  }
}

// An accumulator list owned by one comprehension run: `accu + [x]` appends in place (as cel-go's
// mutable list); the planner freezes it when the comprehension returns.
class MutableList implements CelList {
  readonly kind = 9 as const;
  readonly elems: CelValue[] = [];
  size(): number { return this.elems.length; }
  get(i: number): CelValue { return this.elems[i]; }
  toArray(): readonly CelValue[] { return this.elems; }
}

/** Concatenation depth past which an operand is flattened, so `get` stays O(depth) with a small depth. */
const MAX_CONCAT_DEPTH = 24;
/** Results up to this size are copied (as cheap as a view, and array reads stay monomorphic). */
const COPY_CONCAT_MAX = 256;

// `left + right` without copying (cel-go concatenates lazily too). `get` walks down the tree; after
// reads of an eighth of the elements, or on `toArray`, the elements are flattened once and cached,
// so a full iteration costs O(n) overall and later reads are array reads.
class ConcatList implements CelList {
  readonly kind = 9 as const;
  readonly n: number;
  readonly depth: number;
  private left: CelList | undefined;
  private right: CelList | undefined;
  private flat: readonly CelValue[] | undefined;
  private reads = 0;
  constructor(left: CelList, right: CelList) {
    this.left = left;
    this.right = right;
    this.n = left.size() + right.size();
    this.depth = 1 + Math.max(depthOf(left), depthOf(right));
  }
  size(): number { return this.n; }
  get(i: number): CelValue {
    if (this.flat !== undefined) return this.flat[i];
    if (++this.reads * 8 >= this.n) return this.toArray()[i];
    let l: CelList = this;
    while (l instanceof ConcatList) {
      if (l.flat !== undefined) return l.flat[i];
      const left = l.left as CelList;
      const ln = left.size();
      if (i < ln) l = left;
      else { i -= ln; l = l.right as CelList; }
    }
    return l.get(i);
  }
  toArray(): readonly CelValue[] {
    if (this.flat === undefined) {
      const out = new Array<CelValue>(this.n);
      fill(this, out, 0);
      this.flat = out;
      this.left = this.right = undefined; // the operands are no longer needed
    }
    return this.flat;
  }
  /** Copies the elements into `out` from `at`, walking only unflattened nodes. */
  copyInto(out: CelValue[], at: number): void {
    if (this.flat !== undefined) { for (let i = 0; i < this.n; i++) out[at + i] = this.flat[i]; return; }
    const left = this.left as CelList;
    fill(left, out, at);
    fill(this.right as CelList, out, at + left.size());
  }
}

function fill(l: CelList, out: CelValue[], at: number): void {
  if (l instanceof ConcatList) { l.copyInto(out, at); return; }
  const src = l.toArray();
  for (let i = 0; i < src.length; i++) out[at + i] = src[i];
}

function depthOf(l: CelList): number {
  return l instanceof ConcatList ? l.depth : 0;
}

/** `l` as a concatenation operand: accumulators are snapshotted, deep views flattened. */
function operand(l: CelList): CelList {
  if (l instanceof MutableList) return new ArrayList(l.elems.slice());
  if (l instanceof ConcatList && l.depth >= MAX_CONCAT_DEPTH) return new ArrayList(l.toArray());
  return l;
}

/**
 * `a + b` in O(1): a view over both lists (no copy). An empty operand returns the other list;
 * a result of at most COPY_CONCAT_MAX elements is copied; an accumulator operand is copied (it may
 * still grow), and a view nested deeper than MAX_CONCAT_DEPTH is flattened first.
 */
export function concatLists(a: CelList, b: CelList): CelList {
  if (a.size() === 0) return b instanceof MutableList ? operand(b) : b;
  if (b.size() === 0) return a instanceof MutableList ? operand(a) : a;
  if (a.size() + b.size() <= COPY_CONCAT_MAX) return new ArrayList([...a.toArray(), ...b.toArray()]);
  return new ConcatList(operand(a), operand(b));
}

/** A new empty accumulator list (internal to the planner). */
export function mutableList(): CelList {
  return new MutableList();
}
/** Appends `b`'s elements to `a` in place when `a` is an accumulator list; else undefined. */
export function appendInPlace(a: CelList, b: CelList): CelList | undefined {
  if (!(a instanceof MutableList)) return undefined;
  const n = b.size();
  for (let i = 0; i < n; i++) a.elems.push(b.get(i));
  return a;
}
/** Appends one value in place when `a` is an accumulator list; false otherwise. */
export function pushInPlace(a: CelList, v: CelValue): boolean {
  if (!(a instanceof MutableList)) return false;
  a.elems.push(v);
  return true;
}
/** An immutable list over an accumulator's elements (other lists unchanged). */
export function freezeList(l: CelList): CelList {
  return l instanceof MutableList ? new ArrayList(l.elems) : l;
}

/** A list over `elems` (not copied: the caller must not mutate it afterwards). */
export function celList(elems: readonly CelValue[]): CelList {
  return new ArrayList(elems);
}
/** The ints 0 … n-1 (n ≥ 0, a safe integer), made on access. */
export function rangeList(n: number): CelList {
  return n === 0 ? emptyList : new RangeList(n);
}
/** A lazy list over a JSON array. */
export function jsonList(raw: readonly JsonValue[]): CelList {
  return new JsonList(raw);
}
/** True when `v` is a list. */
export function isCelList(v: unknown): v is CelList {
  return v instanceof ArrayList || v instanceof JsonList || v instanceof MutableList || v instanceof ConcatList || v instanceof RangeList;
}
/** The JSON array behind a JSON-backed list, else undefined. */
export function jsonOfList(l: CelList): readonly JsonValue[] | undefined {
  return l instanceof JsonList ? l.raw : undefined;
}
/** The empty list. */
export const emptyList: CelList = new ArrayList([]);
