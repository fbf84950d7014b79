// CustomResourceDefinitions in a ResourceList → kinds and schemas: each served version's
// openAPIV3Schema converted as the apiserver publishes it (apiVersion/kind strings, metadata
// always ObjectMeta, embedded resources likewise), then by the schemaconv rules.
import { getKey, getString, isObject, setKey, type JsonObject, type JsonValue } from "../data/index.js";
import { convertOpenAPISchema } from "./openapi-convert.js";
import type { Atom, ResourceInfo, Schema, SchemaProblem } from "./types.js";
import { OBJECT_META_TYPE } from "./types.js";

/** Kinds and named types contributed by the CRDs of a list. */
export interface CrdContribution {
  readonly resources: ResourceInfo[];
  /** Named types (`crd:<group>/<version>/<kind>`) to add to the CRD schema. */
  readonly types: Map<string, Atom>;
  readonly problems: SchemaProblem[];
}

const STRING_SCHEMA: JsonObject = { type: "string" };
const META_SCHEMA: JsonObject = { $ref: "#/meta/ObjectMeta" };

/** True for an `apiextensions.k8s.io/v1` CustomResourceDefinition item. */
export function isCrd(item: JsonValue): item is JsonObject {
  return (
    isObject(item) &&
    getString(item, "apiVersion") === "apiextensions.k8s.io/v1" &&
    getString(item, "kind") === "CustomResourceDefinition"
  );
}

/** A copy of an object schema with apiVersion, kind and metadata set as the apiserver publishes. */
function withTypeMeta(s: JsonObject): JsonObject {
  const props = getKey(s, "properties");
  const p: JsonObject = {};
  if (isObject(props)) for (const k of Object.keys(props)) setKey(p, k, props[k]);
  setKey(p, "apiVersion", STRING_SCHEMA);
  setKey(p, "kind", STRING_SCHEMA);
  setKey(p, "metadata", META_SCHEMA);
  const out: JsonObject = {};
  for (const k of Object.keys(s)) setKey(out, k, s[k]);
  setKey(out, "properties", p);
  return out;
}

/** Rewrites nested `x-kubernetes-embedded-resource` objects to carry TypeMeta and ObjectMeta. */
function embed(v: JsonValue, root: boolean): JsonValue {
  if (Array.isArray(v)) return v.map((x) => embed(x, false));
  if (!isObject(v)) return v;
  const out: JsonObject = {};
  for (const k of Object.keys(v)) setKey(out, k, embed(v[k], false));
  return !root && getKey(v, "x-kubernetes-embedded-resource") === true ? withTypeMeta(out) : out;
}

/**
 * Reads the CRDs among `items`.
 * @param schemaFor the schema the produced type refs resolve in (CRD types over built-ins).
 */
export function readCrds(items: readonly JsonValue[], schemaFor: () => Schema): CrdContribution {
  const resources: ResourceInfo[] = [];
  const types = new Map<string, Atom>();
  const problems: SchemaProblem[] = [];
  for (const item of items) {
    if (!isCrd(item)) continue;
    const source = `CustomResourceDefinition ${getString(item, "metadata", "name") ?? ""}`;
    const group = getString(item, "spec", "group");
    const kind = getString(item, "spec", "names", "kind");
    const plural = getString(item, "spec", "names", "plural");
    const scope = getString(item, "spec", "scope");
    const versions = getKey(isObject(item.spec) ? item.spec : {}, "versions");
    const conversion = getString(item, "spec", "conversion", "strategy") === "Webhook" ? "Webhook" : "None";
    if (group === undefined || kind === undefined || plural === undefined || !Array.isArray(versions)) {
      problems.push({ source, message: "spec.group, spec.names.kind, spec.names.plural and spec.versions are required" });
      continue;
    }
    for (const v of versions) {
      const version = getString(v, "name");
      if (version === undefined || !isObject(v) || getKey(v, "served") === false) continue;
      const base = { group, version, kind, resource: plural, namespaced: scope !== "Cluster", source: "crd" as const, conversion } as const;
      const root = isObject(v) ? getKey(v, "schema") : undefined;
      const oas = isObject(root) ? getKey(root, "openAPIV3Schema") : undefined;
      if (!isObject(oas)) {
        problems.push({ source, message: `version ${version} has no schema.openAPIV3Schema` });
        resources.push(base);
        continue;
      }
      const errors: string[] = [];
      const atom = convertOpenAPISchema(
        withTypeMeta(embed(oas, true) as JsonObject),
        { refName: (r) => (r === "#/meta/ObjectMeta" ? OBJECT_META_TYPE : undefined), report: (m) => errors.push(m) },
        `${kind}.${version}`,
      );
      if (errors.length > 0) {
        for (const m of errors) problems.push({ source, message: m });
        resources.push(base);
        continue;
      }
      const name = `crd:${group}/${version}/${kind}`;
      types.set(name, atom);
      resources.push({ ...base, schema: { schema: schemaFor(), spec: { named: name } } });
    }
  }
  return { resources, types, problems };
}
