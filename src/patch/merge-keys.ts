// Identity of associative-list items (SMD path elements): list-map keys with schema key
// defaults, set values, their display form (`[name="a"]`, `[=80]`) and a canonical id in which
// ints and floats of the same value are equal (80 == 80.0).
import { JsonFloat, getKey, hasKey, isObject, type JsonObject, type JsonValue } from "../data/index.js";
import type { ListType, Schema } from "../schema/index.js";
import { floatOf, goQuote, smdToString } from "./merge-values.js";

/** A path element: a struct field, a list-map key, a set value, or an atomic-list index. */
export type PathElement =
  | { readonly kind: "field"; readonly name: string }
  | { readonly kind: "key"; readonly fields: ReadonlyArray<readonly [string, JsonValue]> }
  | { readonly kind: "value"; readonly value: JsonValue }
  | { readonly kind: "index"; readonly index: number };

/** SMD's display form of a path element (`.name`, `[k=v,…]`, `[=v]`, `[i]`). */
export function peString(pe: PathElement): string {
  switch (pe.kind) {
    case "field":
      return "." + pe.name;
    case "key":
      return "[" + pe.fields.map(([k, v]) => `${k}=${smdToString(v)}`).join(",") + "]";
    case "value":
      return `[=${smdToString(pe.value)}]`;
    case "index":
      return `[${pe.index}]`;
  }
}

/**
 * A canonical string for a value: equal strings ⇔ SMD `value.Compare` == 0, except that an int
 * beyond 2^53 and a float that rounds to it stay distinct (Go compares them as float64).
 */
export function canonical(v: JsonValue): string {
  if (v === null) return "z";
  if (typeof v === "boolean") return v ? "bt" : "bf";
  if (typeof v === "string") return "s" + JSON.stringify(v);
  if (typeof v === "bigint") return "n" + v.toString();
  if (typeof v === "number" || v instanceof JsonFloat) {
    const f = floatOf(v);
    return Number.isInteger(f) && Math.abs(f) < 2 ** 63 ? "n" + BigInt(f).toString() : "n" + String(f);
  }
  if (Array.isArray(v)) return "l[" + v.map(canonical).join(",") + "]";
  const keys = Object.keys(v).sort();
  return "m{" + keys.map((k) => JSON.stringify(k) + ":" + canonical(v[k])).join(",") + "}";
}

/** Canonical id of a list-item path element (for identity maps). */
export function peId(pe: PathElement): string {
  switch (pe.kind) {
    case "key":
      return "k" + pe.fields.map(([k, v]) => JSON.stringify(k) + "=" + canonical(v)).join(",");
    case "value":
      return "v" + canonical(pe.value);
    case "field":
      return "f" + pe.name;
    case "index":
      return "i" + pe.index;
  }
}

/** Go `%q` of a string slice: `["a" "b"]`. */
function quoteList(keys: readonly string[]): string {
  return "[" + keys.map(goQuote).join(" ") + "]";
}

/** The schema default of a list-map key field, or an error message. */
function keyDefault(schema: Schema, list: ListType, field: string): { value?: JsonValue } | string {
  const atom = schema.resolve(list.elementType);
  if (atom === undefined) return `couldn't find default value for ${field}: invalid elementType for list`;
  if (atom.map === undefined) return `couldn't find default value for ${field}: associative list may not have non-map types`;
  const def = atom.map.fields.get(field)?.default;
  return def === undefined || def === null ? {} : { value: def };
}

/**
 * SMD's error message for a list item it cannot identify, or undefined when
 * {@link listItemPathElement} gives a path element (checked without building it).
 */
export function listItemProblem(schema: Schema, list: ListType, child: JsonValue): string | undefined {
  if (list.relationship !== "associative") return "invalid indexing of non-associative list";
  const keys = list.keys ?? [];
  if (keys.length > 0) {
    if (child === null) return "associative list with keys may not have a null element";
    if (!isObject(child)) return "associative list with keys may not have non-map elements";
    let fields = 0;
    for (const k of keys) {
      if (hasKey(child, k)) {
        fields++;
        continue;
      }
      const d = keyDefault(schema, list, k);
      if (typeof d === "string") return d;
      if (d.value !== undefined) fields++;
    }
    if (fields === 0) {
      return `associative list with keys has an element that omits all key fields ${quoteList(keys)} (and doesn't have default values for any key fields)`;
    }
    return undefined;
  }
  if (isObject(child)) return "associative list without keys has an element that's a map type";
  if (Array.isArray(child)) return "not supported: associative list with lists as elements";
  if (child === null) return "associative list without keys has an element that's an explicit null";
  return undefined;
}

/** The path element identifying a list item, or SMD's error message. */
export function listItemPathElement(schema: Schema, list: ListType, child: JsonValue): PathElement | string {
  const problem = listItemProblem(schema, list, child);
  if (problem !== undefined) return problem;
  const keys = list.keys ?? [];
  if (keys.length === 0) return { kind: "value", value: child };
  const item = child as JsonObject;
  const fields: [string, JsonValue][] = [];
  for (const k of keys) {
    if (hasKey(item, k)) fields.push([k, getKey(item, k) as JsonValue]);
    else {
      const d = keyDefault(schema, list, k);
      if (typeof d !== "string" && d.value !== undefined) fields.push([k, d.value]);
    }
  }
  fields.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return { kind: "key", fields };
}
