// Names for ground types (types without type parameters): a structural string key and a small
// interned integer id, so the checker can key its reuse of overload resolutions cheaply.
import type { CelType } from "../types.js";

/**
 * A key naming a type without type parameters (equal keys: types that behave the same in
 * assignability); undefined when `t` contains a type parameter.
 */
export function groundKey(t: CelType): string | undefined {
  switch (t.kind) {
    case "param": return undefined;
    case "list": {
      const k = groundKey(t.elem);
      return k === undefined ? undefined : `list(${k})`;
    }
    case "map": {
      const k = groundKey(t.key), v = groundKey(t.value);
      return k === undefined || v === undefined ? undefined : `map(${k},${v})`;
    }
    case "optional": {
      const k = groundKey(t.param);
      return k === undefined ? undefined : `optional(${k})`;
    }
    case "type": {
      if (!t.param) return "type";
      const k = groundKey(t.param);
      return k === undefined ? undefined : `type(${k})`;
    }
    case "object": return `object:${t.name}`;
    case "opaque": {
      if (!t.params || t.params.length === 0) return `opaque:${t.name}`;
      let out = `opaque:${t.name}(`;
      for (let i = 0; i < t.params.length; i++) {
        const k = groundKey(t.params[i]!);
        if (k === undefined) return undefined;
        out += (i > 0 ? "," : "") + k;
      }
      return out + ")";
    }
    default: return t.kind;
  }
}

/** Largest id {@link groundId} hands out (ids fit 12 bits, so two of them make one small integer key). */
export const GROUND_ID_LIMIT = 4095;
let nextGroundId = 16;
// Types over one ground type (list, optional, type) by that type's id: arrays, no hashing.
const listIds = new Int16Array(GROUND_ID_LIMIT + 1);
const optionalIds = new Int16Array(GROUND_ID_LIMIT + 1);
const typeIds = new Int16Array(GROUND_ID_LIMIT + 1);
const mapIds = new Map<number, number>();
const namedIds = new Map<string, number>();
const opaqueIds = new Map<string, number>();

/** The id of the type over ground type `param` in `table` (0: none yet). */
function internParamId(table: Int16Array, param: number): number {
  const id = table[param]!;
  if (id !== 0) return id;
  if (nextGroundId > GROUND_ID_LIMIT) return -1;
  return (table[param] = nextGroundId++);
}

function internId<K>(table: Map<K, number>, key: K): number {
  let id = table.get(key);
  if (id === undefined) {
    if (nextGroundId > GROUND_ID_LIMIT) return -1;
    table.set(key, (id = nextGroundId++));
  }
  return id;
}

/**
 * A small positive integer naming a type without type parameters, the same for types that behave
 * the same in assignability (like {@link groundKey}); -1 when `t` contains a type parameter (or the
 * process has seen more than {@link GROUND_ID_LIMIT} distinct types).
 */
export function groundId(t: CelType): number {
  switch (t.kind) {
    case "dyn": return 1;
    case "null": return 2;
    case "bool": return 3;
    case "int": return 4;
    case "uint": return 5;
    case "double": return 6;
    case "string": return 7;
    case "bytes": return 8;
    case "timestamp": return 9;
    case "duration": return 10;
    case "error": return 11;
    case "param": return -1;
    case "type": {
      if (!t.param) return 12;
      const p = groundId(t.param);
      return p < 0 ? -1 : internParamId(typeIds, p);
    }
    case "list": {
      const p = groundId(t.elem);
      return p < 0 ? -1 : internParamId(listIds, p);
    }
    case "optional": {
      const p = groundId(t.param);
      return p < 0 ? -1 : internParamId(optionalIds, p);
    }
    case "map": {
      const k = groundId(t.key);
      if (k < 0) return -1;
      const v = groundId(t.value);
      return v < 0 ? -1 : internId(mapIds, k * 4096 + v);
    }
    case "object": return internId(namedIds, t.name);
    case "opaque": {
      if (!t.params || t.params.length === 0) return internId(opaqueIds, t.name);
      const key = groundKey(t);
      return key === undefined ? -1 : internId(opaqueIds, key);
    }
  }
}
