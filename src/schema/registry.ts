// The SchemaRegistry: kind ↔ resource lookups and object types from the built-in tables, the
// CustomResourceDefinitions of a ResourceList and user OpenAPI v3 documents.
import type { JsonValue } from "../data/index.js";
import { builtinAtom, builtinResourceInfos, builtinSchema } from "./builtin.js";
import { readCrds } from "./crd.js";
import { readOpenAPIDocuments } from "./openapi-doc.js";
import { schemaOver } from "./resolve-spec.js";
import type { Atom, ResourceInfo, Schema, SchemaProblem, TypeRef } from "./types.js";
import { DEDUCED_TYPE } from "./types.js";

/** Kind and type lookups for one run. */
export interface SchemaRegistry {
  /** The kind's resource, scope and (if known) schema; undefined for an unknown kind. */
  resolveKind(apiVersion: string, kind: string): ResourceInfo | undefined;
  /** The kind served as `group/version/resource`, or undefined. */
  kindForResource(group: string, version: string, resource: string): ResourceInfo | undefined;
  /** Every known kind (built-in, CRDs, OpenAPI documents), one entry per group/version/kind. */
  allKinds(): readonly ResourceInfo[];
  /**
   * Every served version (and group) of the storage behind `group/resource`, the given one
   * included, in the apiserver's registration order: a CRD's served versions in spec order; GA
   * versions of built-ins, with core and `events.k8s.io` events sharing one storage.
   */
  equivalentResources(group: string, resource: string): readonly ResourceInfo[];
  /** A built-in named type (e.g. `io.k8s.api.core.v1.PodSpec`), or undefined. */
  builtinType(name: string): TypeRef | undefined;
  /** The deduced type for objects without a schema (maps granular, lists atomic). */
  deducedType(): TypeRef;
}

/** Inputs of {@link createSchemaRegistry}. */
export interface SchemaRegistryOptions {
  /** ResourceList items; its `apiextensions.k8s.io/v1` CRDs contribute kinds. Default: none. */
  items?: readonly JsonValue[];
  /** OpenAPI v3 documents (`/openapi/v3/apis/<g>/<v>` JSON). Default: none. */
  openapi?: readonly JsonValue[];
}

/** Versions served by default: GA ones (`v1`, `v2`…). */
const gaVersion = /^v[0-9]+$/;

/** The storage a group/resource is kept in: core and `events.k8s.io` events share one (kube-apiserver). */
function storageKey(group: string, resource: string): string {
  return resource === "events" && (group === "" || group === "events.k8s.io") ? "events" : `${group}/${resource}`;
}

/** Splits `group/version` (or core `version`). */
export function splitApiVersion(apiVersion: string): { group: string; version: string } {
  const i = apiVersion.indexOf("/");
  return i < 0 ? { group: "", version: apiVersion } : { group: apiVersion.slice(0, i), version: apiVersion.slice(i + 1) };
}

/**
 * Builds a registry. Precedence for a kind: CRDs in the list, then OpenAPI documents, then
 * built-ins. Problems (unconvertible schemas, missing fields) are returned, never thrown.
 */
export function createSchemaRegistry(options: SchemaRegistryOptions = {}): {
  registry: SchemaRegistry;
  problems: SchemaProblem[];
} {
  const extra = new Map<string, Atom>();
  let schema: Schema | undefined;
  const schemaFor = (): Schema => (schema ??= schemaOver((n) => extra.get(n) ?? builtinAtom(n)));
  const crds = readCrds(options.items ?? [], schemaFor);
  const docs = readOpenAPIDocuments(options.openapi ?? [], schemaFor);
  for (const [n, a] of docs.types) extra.set(n, a);
  for (const [n, a] of crds.types) extra.set(n, a);

  const byKind = new Map<string, ResourceInfo>();
  const byResource = new Map<string, ResourceInfo>();
  const add = (list: readonly ResourceInfo[]): void => {
    for (const r of list) {
      byKind.set(`${r.group}/${r.version}/${r.kind}`, r);
      byResource.set(`${r.group}/${r.version}/${r.resource}`, r);
    }
  };
  let byStorage: Map<string, ResourceInfo[]> | undefined;
  const storage = (): Map<string, ResourceInfo[]> => {
    if (byStorage) return byStorage;
    byStorage = new Map();
    for (const r of byResource.values()) {
      if (r.source === "builtin" && !gaVersion.test(r.version)) continue; // beta/alpha built-ins are not served by default
      const key = storageKey(r.group, r.resource);
      const list = byStorage.get(key);
      if (list) list.push(r);
      else byStorage.set(key, [r]);
    }
    return byStorage;
  };
  let built = false;
  const ensure = (): void => {
    if (built) return;
    built = true;
    add(builtinResourceInfos());
    add(docs.resources);
    add(crds.resources);
  };
  const deduced: TypeRef = { schema: builtinSchema(), spec: { named: DEDUCED_TYPE } };
  const registry: SchemaRegistry = {
    resolveKind(apiVersion, kind) {
      ensure();
      const { group, version } = splitApiVersion(apiVersion);
      return byKind.get(`${group}/${version}/${kind}`);
    },
    kindForResource(group, version, resource) {
      ensure();
      return byResource.get(`${group}/${version}/${resource}`);
    },
    allKinds() {
      ensure();
      return [...byKind.values()];
    },
    equivalentResources(group, resource) {
      ensure();
      return storage().get(storageKey(group, resource)) ?? [];
    },
    builtinType(name) {
      return builtinAtom(name) === undefined ? undefined : { schema: builtinSchema(), spec: { named: name } };
    },
    deducedType: () => deduced,
  };
  return { registry, problems: [...crds.problems, ...docs.problems] };
}
