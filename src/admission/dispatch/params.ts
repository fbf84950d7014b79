// Parameter resolution (reference §2.4, apiserver `CollectParams`): which objects of the policy's
// paramKind a binding's paramRef selects for one request, taken from the ResourceList. Offline,
// a param must be written in exactly the paramKind's apiVersion (no version conversion).
import { getString, type JsonObject } from "../../data/index.js";
import { compiledSelector, labelsOf, selectorText, type RequestAttrs } from "../match/index.js";
import type { BindingModel, ParamKindModel, PolicyBase } from "../policy/index.js";

/** REST scope of the paramKind (resolved by the caller from the resource table). */
export type ParamScope = "Namespaced" | "Cluster";

/** Objects of the ResourceList by apiVersion and kind. */
export interface ParamIndex {
  /** Every item with this apiVersion and kind, in input order. */
  list(apiVersion: string, kind: string): readonly JsonObject[];
  /** Namespace assumed for namespaced params written without one. */
  readonly defaultNamespace: string;
}

/**
 * Indexes items by apiVersion + kind (any kind may be a param: ConfigMaps, CRD instances, …).
 * `defaultNamespace` (Default: `default`) is the namespace of namespaced params without one.
 */
export function buildParamIndex(items: readonly JsonObject[], defaultNamespace = "default"): ParamIndex {
  const byKind = new Map<string, JsonObject[]>();
  for (const item of items) {
    const key = `${getString(item, "apiVersion") ?? ""}\u0000${getString(item, "kind") ?? ""}`;
    let list = byKind.get(key);
    if (!list) byKind.set(key, (list = []));
    list.push(item);
  }
  return { defaultNamespace, list: (apiVersion, kind) => byKind.get(`${apiVersion}\u0000${kind}`) ?? [] };
}

/**
 * Params of one (policy, binding) for one request:
 * - `{ params }`: one invocation per entry, in namespace/name order; `[null]` when the policy has
 *   no paramKind (`params` undeclared) or the binding no paramRef (`params` is null);
 * - `{ none: true }`: nothing found and parameterNotFoundAction is `Allow` (or unset): no invocation;
 * - `{ error }`: a configuration error, reported as `failed to configure binding: <error>`.
 */
export type CollectParamsResult = { params: readonly (JsonObject | null)[] } | { none: true } | { error: string };

/** The namespace of a param object as the apiserver would store it. */
function paramNamespace(obj: JsonObject, index: ParamIndex): string {
  return getString(obj, "metadata", "namespace") || index.defaultNamespace;
}

/** `namespace/name` for namespaced params, `name` for cluster-scoped ones (the order key and tag). */
export function paramKey(obj: JsonObject, scope: ParamScope, index: ParamIndex): string {
  const name = getString(obj, "metadata", "name") ?? "";
  return scope === "Namespaced" ? `${paramNamespace(obj, index)}/${name}` : name;
}

/** Resolves the params of a binding for a request (see {@link CollectParamsResult}). */
export function collectParams(
  policy: Pick<PolicyBase, "paramKind">,
  binding: Pick<BindingModel, "paramRef">,
  attrs: Pick<RequestAttrs, "namespace">,
  index: ParamIndex,
  paramScope: ParamScope,
): CollectParamsResult {
  const kind = policy.paramKind;
  const ref = binding.paramRef;
  if (!kind || !ref) return { params: [null] };
  let searchNamespace = "";
  if (paramScope === "Namespaced") {
    searchNamespace = ref.namespace !== "" ? ref.namespace : attrs.namespace;
    if (searchNamespace === "") {
      return { error: "cannot use namespaced paramRef in policy binding that matches cluster-scoped resources" };
    }
  }
  if (ref.namespace !== "" && paramScope === "Cluster") {
    return { error: "paramRef.namespace must not be provided for a cluster-scoped `paramKind`" };
  }
  const candidates = index
    .list(kind.apiVersion, kind.kind)
    .filter((o) => paramScope === "Cluster" || paramNamespace(o, index) === searchNamespace);
  let found: JsonObject[];
  if (ref.name !== "") {
    if (ref.selector) return { error: "paramRef.name and paramRef.selector are mutually exclusive" };
    const hit = candidates.find((o) => getString(o, "metadata", "name") === ref.name);
    found = hit ? [hit] : [];
  } else if (ref.selector) {
    const compiled = compiledSelector(ref.selector);
    if ("error" in compiled) return { error: compiled.error };
    found = candidates.filter((o) => compiled.selector.matches(labelsOf(o)));
  } else {
    return { error: "one of name or selector must be provided" };
  }
  if (found.length === 0) {
    if (ref.parameterNotFoundAction === "Deny") {
      const what = ref.name !== "" ? JSON.stringify(ref.name) : `objects with labels ${selectorText(ref.selector ?? {})}`;
      const where = paramScope === "Namespaced" ? ` in namespace ${JSON.stringify(searchNamespace)}` : "";
      return { error: `no params found for policy binding with \`Deny\` parameterNotFoundAction (looked for ${kind.apiVersion} ${kind.kind} ${what}${where})` };
    }
    return { none: true };
  }
  const keyed = found.map((o) => ({ o, k: paramKey(o, paramScope, index) }));
  keyed.sort((x, y) => (x.k < y.k ? -1 : x.k > y.k ? 1 : 0));
  return { params: keyed.map((x) => x.o) };
}

/**
 * The policy-level error when the paramKind cannot be resolved to a resource (upstream
 * `ensureParamsForPolicyLocked`; reported as `failed to configure policy: <this>`).
 */
export function paramKindNotFound(kind: ParamKindModel): string {
  return `failed to find resource referenced by paramKind: '${kind.group}/${kind.version}, Kind=${kind.kind}'`;
}
