// CEL maps: int/uint/bool/string keys with cel-go's heterogeneous key rules (1 == 1u == 1.0), as a
// hash map of CEL values or a lazy view over a JSON object (string keys, values converted on access).
import { getKey, hasKey, type JsonObject } from "../../data/index.js";
import type { CelValue } from "./value.js";
import { fromJson } from "./json-in.js";

/** A normalised key: string, bool, or a bigint for int/uint/integral double keys. */
export type MapKey = string | bigint | boolean;

/** A CEL map. */
export interface CelMap {
  readonly kind: 10;
  size(): number;
  /** The value for `key` (heterogeneous numeric keys allowed), or undefined. */
  get(key: CelValue): CelValue | undefined;
  has(key: CelValue): boolean;
  /** Keys in insertion order (as their CEL values). */
  keys(): readonly CelValue[];
}

/** The lookup key of a value; undefined when the value cannot be a key (or is a non-integral double). */
export function mapKeyOf(k: CelValue): MapKey | undefined {
  switch (typeof k) {
    case "string": case "bigint": case "boolean": return k;
    case "number": return Number.isInteger(k) && Math.abs(k) <= 18446744073709551615 ? BigInt(k) : undefined;
    case "object": return k !== null && (k as { kind?: number }).kind === 2 ? (k as { value: bigint }).value : undefined;
    default: return undefined;
  }
}

class HashMap implements CelMap {
  readonly kind = 10 as const;
  constructor(readonly vals: Map<MapKey, CelValue>, readonly keyList: readonly CelValue[]) {}
  size(): number { return this.keyList.length; }
  get(key: CelValue): CelValue | undefined {
    const k = typeof key === "string" ? key : mapKeyOf(key);
    return k === undefined ? undefined : this.vals.get(k);
  }
  has(key: CelValue): boolean {
    const k = typeof key === "string" ? key : mapKeyOf(key);
    return k !== undefined && this.vals.has(k);
  }
  keys(): readonly CelValue[] { return this.keyList; }
}

class JsonMap implements CelMap {
  readonly kind = 10 as const;
  constructor(readonly raw: JsonObject) {}
  size(): number { return Object.keys(this.raw).length; }
  get(key: CelValue): CelValue | undefined {
    if (typeof key !== "string") return undefined;
    const v = getKey(this.raw, key);
    return v === undefined ? undefined : fromJson(v);
  }
  has(key: CelValue): boolean { return typeof key === "string" && hasKey(this.raw, key); }
  keys(): readonly CelValue[] { return Object.keys(this.raw); }
}

// An accumulator map owned by one comprehension run (`cel.@mapInsert` inserts in place).
class MutableMap extends HashMap {
  constructor() { super(new Map(), []); }
}
/** A new empty accumulator map (internal to the planner). */
export function mutableMap(): CelMap {
  return new MutableMap();
}
/** A map with `key → value` added: in place for accumulator maps; a string error when the key exists or is unsupported. */
export function mapInsert(m: CelMap, key: CelValue, value: CelValue): CelMap | string {
  const nk = typeof key === "number" ? undefined : mapKeyOf(key);
  if (nk === undefined) return "unsupported key type";
  if (m.has(key)) return `insert failed: key ${String(nk)} already exists`;
  if (m instanceof MutableMap) {
    m.vals.set(nk, value);
    (m.keyList as CelValue[]).push(key);
    return m;
  }
  const keys = [...m.keys(), key];
  const vals = new Map<MapKey, CelValue>();
  for (const k of m.keys()) vals.set(mapKeyOf(k) as MapKey, m.get(k) as CelValue);
  vals.set(nk, value);
  return new HashMap(vals, keys);
}
/** An immutable map over an accumulator's entries (other maps unchanged). */
export function freezeMap(m: CelMap): CelMap {
  return m instanceof MutableMap ? new HashMap(m.vals, m.keyList) : m;
}

/** Builds a map from parallel keys/values; returns the first duplicate or unsupported key as a string message. */
export function celMapFrom(keys: readonly CelValue[], values: readonly CelValue[]): CelMap | string {
  const vals = new Map<MapKey, CelValue>();
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    const nk = typeof k === "number" ? undefined : mapKeyOf(k);
    if (nk === undefined) return `unsupported key type`;
    if (vals.has(nk)) return `Failed with repeated key`;
    vals.set(nk, values[i]);
  }
  return new HashMap(vals, keys);
}
/**
 * A map literal's value as cel-go v0.26 builds it: a repeated key keeps its last value (numerically
 * equal keys count as one), and an optional entry without a value (`value` undefined) removes any
 * earlier entry of its key. Returns an unsupported key as a string message.
 */
export function celMapLiteral(keys: readonly CelValue[], values: readonly (CelValue | undefined)[]): CelMap | string {
  const vals = new Map<MapKey, CelValue>();
  const first = new Map<MapKey, CelValue>();
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    const nk = typeof k === "number" ? undefined : mapKeyOf(k);
    if (nk === undefined) return `unsupported key type`;
    const v = values[i];
    if (v === undefined) {
      vals.delete(nk);
      first.delete(nk);
      continue;
    }
    if (!first.has(nk)) first.set(nk, k);
    vals.set(nk, v);
  }
  return new HashMap(vals, [...first.values()]);
}
/** A map from a JS Map with string keys (not copied). */
export function celMapOfStrings(m: Map<string, CelValue>): CelMap {
  return new HashMap(m, [...m.keys()]);
}
/** A lazy map over a JSON object. */
export function jsonMap(raw: JsonObject): CelMap {
  return new JsonMap(raw);
}
/** True when `v` is a map. */
export function isCelMap(v: unknown): v is CelMap {
  return v instanceof HashMap || v instanceof JsonMap;
}
/** The JSON object behind a JSON-backed map, else undefined. */
export function jsonOfMap(m: CelMap): JsonObject | undefined {
  return m instanceof JsonMap ? m.raw : undefined;
}
/** The empty map. */
export const emptyMap: CelMap = new HashMap(new Map(), []);
