// CEL lists: one interface, two implementations — an array of CEL values, and a lazy view over a
// JSON array whose elements are converted on access (never deep-copied).
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

// An accumulator list owned by one comprehension run: `accu + [x]` appends in place (as cel-go's
// mutable list); the planner freezes it when the comprehension returns.
class MutableList implements CelList {
  readonly kind = 9 as const;
  readonly elems: CelValue[] = [];
  size(): number { return this.elems.length; }
  get(i: number): CelValue { return this.elems[i]; }
  toArray(): readonly CelValue[] { return this.elems; }
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
/** A lazy list over a JSON array. */
export function jsonList(raw: readonly JsonValue[]): CelList {
  return new JsonList(raw);
}
/** True when `v` is a list. */
export function isCelList(v: unknown): v is CelList {
  return v instanceof ArrayList || v instanceof JsonList || v instanceof MutableList;
}
/** The JSON array behind a JSON-backed list, else undefined. */
export function jsonOfList(l: CelList): readonly JsonValue[] | undefined {
  return l instanceof JsonList ? l.raw : undefined;
}
/** The empty list. */
export const emptyList: CelList = new ArrayList([]);
