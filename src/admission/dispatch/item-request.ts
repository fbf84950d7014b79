// One item as an admission request, built the same way for every policy kind: its request
// namespace and name, the object and old object admission sees (namespace or a Namespace's name
// label defaulted), the match attributes with equivalent resources, and the CEL values every
// invocation on it shares (request, namespaceObject, authorizer).
import type { Authorizer } from "../../cel/index.js";
import { getString, isObject, setKey, type JsonObject } from "../../data/index.js";
import { resolveNamespaceObject, type EquivalentResource, type Gvk, type Gvr, type NamespaceLookup, type RequestAttrs } from "../match/index.js";
import type { SchemaRegistry } from "../../schema/index.js";
import type { AdmitOptions } from "../types.js";
import { itemValues, type ItemValues } from "./evaluate-policy.js";
import type { ItemIdentity } from "./item-identity.js";
import { defaultNamespaceLabel, isNamespaceKind } from "./namespace-defaults.js";
import { buildRequest } from "./request.js";

/** An item as one admission request. */
export interface ItemRequest {
  /** The input item the request is built from. */
  item: JsonObject;
  id: ItemIdentity;
  /** `metadata.namespace` as written (undefined when absent or empty). */
  declaredNamespace: string | undefined;
  /** The request namespace (`""` for cluster-scoped requests). */
  namespace: string;
  name: string;
  /** The item is a core v1 Namespace (its own request namespace, its name label defaulted). */
  isNamespace: boolean;
  /**
   * Match attributes; `object` is the item with its namespace (or a Namespace's name label)
   * defaulted, null on DELETE; `equivalents` the resources sharing its storage, when several.
   */
  attrs: RequestAttrs;
}

/**
 * The request for `item` under `options` (operation, defaultNamespace). The old object of an
 * UPDATE or DELETE is the item's entry in `oldObjects`, else the item itself. With `registry`,
 * the resources equivalent to the item's (matchPolicy Equivalent) are found there.
 */
export function itemRequest(
  item: JsonObject, id: ItemIdentity, options: AdmitOptions, oldObjects: Map<string, JsonObject> | undefined, registry?: SchemaRegistry,
): ItemRequest {
  const declaredNamespace = getString(item, "metadata", "namespace") || undefined;
  const name = getString(item, "metadata", "name") ?? "";
  const kind = { group: id.group, version: id.version, kind: id.kind };
  const isNamespace = isNamespaceKind(kind);
  let namespace = "";
  let object = item;
  if (id.namespaced) {
    namespace = declaredNamespace ?? options.defaultNamespace;
    if (!declaredNamespace) object = withNamespace(item, namespace);
  } else if (isNamespace) {
    // The handlers give a Namespace request its own name as namespace (create.go, update.go, delete.go).
    namespace = name;
    object = defaultNamespaceLabel(object);
  }
  let oldObject = options.operation === "CREATE" ? null : oldObjects?.get(oldObjectKey(item)) ?? object;
  if (isNamespace && oldObject !== null) oldObject = defaultNamespaceLabel(oldObject);
  const attrs: RequestAttrs = {
    group: id.group, version: id.version, resource: id.resource, subresource: "", kind,
    namespace, name, operation: options.operation, object: options.operation === "DELETE" ? null : object, oldObject,
  };
  const equivalents = registry ? equivalentsOf(id, registry) : undefined;
  if (equivalents) attrs.equivalents = equivalents;
  return { item, id, declaredNamespace, namespace, name, isNamespace, attrs };
}

/** The resources sharing the item's storage under other versions or groups (none: undefined). */
function equivalentsOf(id: ItemIdentity, registry: SchemaRegistry): EquivalentResource[] | undefined {
  if (!id.known) return undefined;
  const list = registry.equivalentResources(id.group, id.resource);
  if (list.length < 2) return undefined;
  return list.map((r) => ({ group: r.group, version: r.version, resource: r.resource, kind: { group: r.group, version: r.version, kind: r.kind } }));
}

/** What the shared CEL values of a request are built from (one per run). */
export interface RequestEnvironment {
  options: AdmitOptions;
  namespaces: NamespaceLookup;
  authorizer: Authorizer;
  /**
   * The values of the last item asked for: the mutating and the validating stage of an item share
   * them. Only the last: items are admitted one after another, and values kept per input item
   * stayed alive with the items until the run's end (~2.5 KB an item).
   */
  last: { item: JsonObject; values: ItemValues } | undefined;
}

/** The environment of a run's requests. */
export function requestEnvironment(options: AdmitOptions, namespaces: NamespaceLookup, authorizer: Authorizer): RequestEnvironment {
  return { options, namespaces, authorizer, last: undefined };
}

/**
 * The CEL values every invocation on the request shares: `request` (with the request's own kind
 * and resource: offline they are the matched ones), `namespaceObject` (null for cluster-scoped
 * requests and Namespaces), the authorizer. Built once per item.
 */
export function requestValues(req: ItemRequest, env: RequestEnvironment): ItemValues {
  if (env.last?.item === req.item) return env.last.values;
  const values = buildValues(req, env);
  env.last = { item: req.item, values };
  return values;
}

/**
 * The CEL values of an invocation that matched the request as `kind` and `resource` (through
 * matchPolicy Equivalent): `request.kind` and `request.resource` are those, `requestKind` and
 * `requestResource` the request's own (apiserver `CreateAdmissionRequest` with the matched
 * resource and the versioned kind). The request's own kind and resource give {@link requestValues}.
 */
export function requestValuesAs(req: ItemRequest, env: RequestEnvironment, kind: Gvk, resource: Gvr): ItemValues {
  const { id } = req;
  const own = req.attrs.kind;
  if (kind.kind === own.kind && kind.version === own.version && kind.group === own.group && resource.resource === id.resource && resource.version === id.version && resource.group === id.group) {
    return requestValues(req, env);
  }
  return buildValues(req, env, kind, resource);
}

function buildValues(req: ItemRequest, env: RequestEnvironment, kind?: Gvk, matched?: Gvr): ItemValues {
  const { id, attrs, namespace, name } = req;
  const { options } = env;
  const resource = { group: id.group, version: id.version, resource: id.resource };
  const request = buildRequest({
    kind: kind ?? attrs.kind, resource: matched ?? resource, requestKind: attrs.kind, requestResource: resource, subResource: "", name, namespace,
    operation: options.operation, userInfo: options.userInfo, dryRun: options.dryRun,
  });
  const ns = resolveNamespaceObject(attrs, env.namespaces);
  return itemValues({
    request,
    namespaceObject: "namespaceObject" in ns ? ns.namespaceObject : null, // the view never misses: absent Namespaces are assumed
    authorizer: env.authorizer,
    user: { username: options.userInfo.username ?? "", groups: options.userInfo.groups ?? [] },
    resource: { group: id.group, resource: id.resource, subresource: "", namespace, name },
  });
}

/** apiVersion/kind/namespace/name: how an item finds its old object. */
function oldObjectKey(o: JsonObject): string {
  return [getString(o, "apiVersion"), getString(o, "kind"), getString(o, "metadata", "namespace") ?? "", getString(o, "metadata", "name")].join("/");
}

/** The old objects for UPDATE and DELETE by key (the first of duplicates wins), built once per run. */
export function indexOldObjects(olds: readonly JsonObject[] | undefined): Map<string, JsonObject> | undefined {
  if (!olds) return undefined;
  const byKey = new Map<string, JsonObject>();
  for (const o of olds) {
    const k = oldObjectKey(o);
    if (!byKey.has(k)) byKey.set(k, o);
  }
  return byKey;
}

/** A shallow copy of `item` with `metadata.namespace` set. */
export function withNamespace(item: JsonObject, namespace: string): JsonObject {
  const meta: JsonObject = isObject(item.metadata) ? { ...item.metadata } : {};
  setKey(meta, "namespace", namespace);
  return { ...item, metadata: meta };
}
