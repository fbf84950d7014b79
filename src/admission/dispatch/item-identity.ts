// Resource identity of an item: group/version/resource, scope and schema from the schema registry
// (built-ins, CRDs in the list, OpenAPI documents), with a best-effort guess for unknown kinds.
import { getString, type JsonObject } from "../../data/index.js";
import { guessResource, splitApiVersion, type SchemaRegistry, type TypeRef } from "../../schema/index.js";

/** What admission needs to know about an item's kind. */
export interface ItemIdentity {
  group: string;
  version: string;
  kind: string;
  resource: string;
  namespaced: boolean;
  /** The object's schema, when known. */
  schema?: TypeRef;
  /** False when the kind is in no table and the resource and scope were guessed. */
  known: boolean;
  /** A built-in kind: decoded strictly into its Go type after a JSON patch. */
  typed: boolean;
  /** A custom resource's CRD schema (its structural defaults). */
  openAPIV3Schema?: JsonObject;
}

/**
 * Resolves an item's kind. An unknown kind gets the lowercase plural of its kind as resource and
 * is treated as namespaced exactly when the item has `metadata.namespace`.
 */
export function identify(item: JsonObject, registry: SchemaRegistry): ItemIdentity {
  const apiVersion = getString(item, "apiVersion") ?? "";
  const kind = getString(item, "kind") ?? "";
  const { group, version } = splitApiVersion(apiVersion);
  const info = registry.resolveKind(apiVersion, kind);
  if (info) {
    const id: ItemIdentity = { group, version, kind, resource: info.resource, namespaced: info.namespaced, known: true, typed: info.source === "builtin" };
    if (info.schema) id.schema = info.schema;
    if (info.openAPIV3Schema) id.openAPIV3Schema = info.openAPIV3Schema;
    return id;
  }
  const namespaced = getString(item, "metadata", "namespace") !== undefined;
  return { group, version, kind, resource: guessResource(kind), namespaced, known: false, typed: false };
}
