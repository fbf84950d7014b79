// User-supplied OpenAPI v3 documents (`kubectl get --raw /openapi/v3/apis/<g>/<v>`) → named
// types (`components.schemas`, prefixed per document) and kinds (`x-kubernetes-group-version-kind`,
// resource and scope read from `paths`).
import { getKey, getString, isObject, type JsonObject, type JsonValue } from "../data/index.js";
import { convertOpenAPISchema } from "./openapi-convert.js";
import type { Atom, ResourceInfo, Schema, SchemaProblem } from "./types.js";
import { UNTYPED_ATOMIC_TYPE } from "./types.js";

/** Kinds and named types contributed by OpenAPI documents. */
export interface OpenAPIContribution {
  readonly resources: ResourceInfo[];
  readonly types: Map<string, Atom>;
  readonly problems: SchemaProblem[];
}

const QUANTITY = "io.k8s.apimachinery.pkg.api.resource.Quantity";
const RAW_EXTENSION = "io.k8s.apimachinery.pkg.runtime.RawExtension";
const REF_PREFIX = "#/components/schemas/";

interface Gvk {
  group: string;
  version: string;
  kind: string;
}

/** The extension's GVKs: a list on schemas, a single object on path operations. */
function gvksOf(s: JsonObject): Gvk[] {
  const raw = getKey(s, "x-kubernetes-group-version-kind");
  const v = Array.isArray(raw) ? raw : isObject(raw) ? [raw] : [];
  const out: Gvk[] = [];
  for (const e of v) {
    const version = getString(e, "version");
    const kind = getString(e, "kind");
    if (version !== undefined && kind !== undefined) out.push({ group: getString(e, "group") ?? "", version, kind });
  }
  return out;
}

/** Resource plural and scope per GVK, read from the document's paths. */
function scanPaths(doc: JsonObject): Map<string, { resource: string; namespaced: boolean }> {
  const out = new Map<string, { resource: string; namespaced: boolean }>();
  const paths = getKey(doc, "paths");
  if (!isObject(paths)) return out;
  for (const p of Object.keys(paths)) {
    const m = /^\/(?:api\/[^/]+|apis\/[^/]+\/[^/]+)\/(namespaces\/\{namespace\}\/)?([^/{]+)(?:\/\{name\})?$/.exec(p);
    if (m === null || !isObject(paths[p])) continue;
    const ops = paths[p] as JsonObject;
    for (const op of Object.keys(ops)) {
      const g = isObject(ops[op]) ? gvksOf(ops[op] as JsonObject)[0] : undefined;
      if (g === undefined) continue;
      const k = `${g.group}/${g.version}/${g.kind}`;
      const prev = out.get(k);
      out.set(k, { resource: m[2], namespaced: (prev?.namespaced ?? false) || m[1] !== undefined });
    }
  }
  return out;
}

/** kubectl's guess of a plural resource name from a kind. */
export function guessResource(kind: string): string {
  const s = kind.toLowerCase();
  if (s.endsWith("s")) return s + "es";
  if (s.endsWith("y")) return s.slice(0, -1) + "ies";
  return s + "s";
}

/**
 * Reads OpenAPI v3 documents; document `i`'s types are named `openapi<i>:<component name>`.
 * @param schemaFor the schema the produced type refs resolve in.
 */
export function readOpenAPIDocuments(docs: readonly JsonValue[], schemaFor: () => Schema): OpenAPIContribution {
  const resources: ResourceInfo[] = [];
  const types = new Map<string, Atom>();
  const problems: SchemaProblem[] = [];
  docs.forEach((doc, i) => {
    const source = `OpenAPI document ${i + 1}`;
    const schemas = isObject(doc) ? getPathObject(doc, "components", "schemas") : undefined;
    if (!isObject(doc) || schemas === undefined) {
      problems.push({ source, message: "not an OpenAPI v3 document (no components.schemas)" });
      return;
    }
    const prefix = `openapi${i}:`;
    const refName = (r: string): string | undefined =>
      r.startsWith(REF_PREFIX) ? prefix + decodeURIComponent(r.slice(REF_PREFIX.length)) : undefined;
    const paths = scanPaths(doc);
    for (const name of Object.keys(schemas)) {
      const s = schemas[name];
      if (!isObject(s) || typeof getKey(s, "$ref") === "string") continue;
      let atom: Atom;
      if (name === QUANTITY) atom = { scalar: "untyped" };
      else if (name === RAW_EXTENSION) atom = { scalar: "untyped", list: rawList, map: rawMap };
      else atom = convertOpenAPISchema(s, { refName, report: (m) => problems.push({ source, message: m }) }, name);
      types.set(prefix + name, atom);
      for (const g of gvksOf(s)) {
        const p = paths.get(`${g.group}/${g.version}/${g.kind}`);
        if (p === undefined) {
          problems.push({ source, message: `no path for ${g.kind}; resource guessed as ${guessResource(g.kind)}, namespaced` });
        }
        resources.push({
          ...g,
          resource: p?.resource ?? guessResource(g.kind),
          namespaced: p?.namespaced ?? true,
          schema: { schema: schemaFor(), spec: { named: prefix + name } },
          source: "openapi",
        });
      }
    }
  });
  return { resources, types, problems };
}

const rawList = { elementType: { named: UNTYPED_ATOMIC_TYPE }, relationship: "atomic" as const };
const rawMap = { fields: new Map(), elementType: { named: UNTYPED_ATOMIC_TYPE }, relationship: "atomic" as const };

function getPathObject(o: JsonObject, a: string, b: string): JsonObject | undefined {
  const x = getKey(o, a);
  const y = isObject(x) ? getKey(x, b) : undefined;
  return isObject(y) ? y : undefined;
}
