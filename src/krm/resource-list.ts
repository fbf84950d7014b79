// Checks that a document is a ResourceList (config.kubernetes.io v1/v1beta1, or a v1 List) whose
// items are Kubernetes objects; reports every bad item, never drops one.
import { getKey, getPath, getString, isObject, type JsonObject, type JsonValue } from "../data/index.js";
import type { KrmError, ResourceList } from "./types.js";

/** Accepted `apiVersion` → `kind` pairs of a ResourceList document. */
export const resourceListKinds: ReadonlyArray<readonly [apiVersion: string, kind: string]> = [
  ["config.kubernetes.io/v1", "ResourceList"],
  ["config.kubernetes.io/v1beta1", "ResourceList"],
  ["v1", "List"],
];

/**
 * The outcome of checking a document:
 * - `ok`: a valid ResourceList;
 * - `invalid`: a ResourceList with bad `items`; it can be written back with error results;
 * - `rejected`: not a ResourceList at all; nothing can be written back.
 */
export type ResourceListCheck =
  | { kind: "ok"; list: ResourceList }
  | { kind: "invalid"; doc: JsonObject; errors: KrmError[] }
  | { kind: "rejected"; errors: KrmError[] };

/** A short description of a value's kind for messages ("a string", "a list"). */
export function describeKind(v: JsonValue | undefined): string {
  if (v === undefined) return "nothing";
  if (v === null) return "null";
  if (Array.isArray(v)) return "a list";
  if (isObject(v)) return "a mapping";
  if (typeof v === "string") return "a string";
  if (typeof v === "boolean") return "a boolean";
  return "a number";
}

/** Checks a document read from stdin. */
export function checkResourceList(doc: JsonValue): ResourceListCheck {
  const expected = "expected apiVersion config.kubernetes.io/v1 (or v1beta1) with kind ResourceList, or v1 List";
  if (!isObject(doc)) {
    return { kind: "rejected", errors: [{ code: "NOT_RESOURCE_LIST", message: `input is not a ResourceList: the document is ${describeKind(doc)}; ${expected}` }] };
  }
  const apiVersion = getKey(doc, "apiVersion");
  const kind = getKey(doc, "kind");
  if (!resourceListKinds.some(([a, k]) => a === apiVersion && k === kind)) {
    const got = `apiVersion ${JSON.stringify(apiVersion ?? null)}, kind ${JSON.stringify(kind ?? null)}`;
    return { kind: "rejected", errors: [{ code: "NOT_RESOURCE_LIST", message: `input is not a ResourceList: got ${got}; ${expected}` }] };
  }
  const items = getKey(doc, "items");
  if (items === undefined) {
    return { kind: "invalid", doc, errors: [{ code: "ITEMS_MISSING", message: "ResourceList has no items field (write items: [] for an empty list)", field: "items" }] };
  }
  if (!Array.isArray(items)) {
    return { kind: "invalid", doc, errors: [{ code: "ITEMS_NOT_LIST", message: `ResourceList items must be a list, got ${describeKind(items)}`, field: "items" }] };
  }
  const errors: KrmError[] = [];
  items.forEach((item, i) => {
    const e = checkItem(item, i);
    if (e) errors.push(e);
  });
  if (errors.length > 0) return { kind: "invalid", doc, errors };
  return { kind: "ok", list: { doc, items: items as JsonObject[], functionConfig: getKey(doc, "functionConfig") } };
}

/** Checks one item: a mapping with apiVersion, kind and metadata.name (non-empty strings). */
export function checkItem(item: JsonValue, i: number): KrmError | undefined {
  if (!isObject(item)) {
    return { code: "ITEM_NOT_MAPPING", message: `items[${i}] must be a mapping (a Kubernetes object), got ${describeKind(item)}`, field: `items[${i}]` };
  }
  for (const path of [["apiVersion"], ["kind"], ["metadata", "name"]]) {
    const v = getPath(item, ...path);
    if (typeof v !== "string" || v === "") {
      const name = path.join(".");
      const what = [getString(item, "apiVersion"), getString(item, "kind")].filter(Boolean).join(" ");
      const problem = v === undefined || v === null ? `has no ${name}` : `has ${name} ${describeKind(v)}, expected a non-empty string`;
      return { code: "ITEM_MISSING_FIELD", message: `items[${i}]${what ? ` (${what})` : ""} ${problem}`, field: `items[${i}].${name}` };
    }
  }
  return undefined;
}
