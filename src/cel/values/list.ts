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
  return v instanceof ArrayList || v instanceof JsonList;
}
/** The JSON array behind a JSON-backed list, else undefined. */
export function jsonOfList(l: CelList): readonly JsonValue[] | undefined {
  return l instanceof JsonList ? l.raw : undefined;
}
/** The empty list. */
export const emptyList: CelList = new ArrayList([]);
