// What matching needs to know about one admission request, and what it answers. Resource
// identity (group/version/resource, subresource, scope) is resolved by the caller.
import type { JsonObject } from "../../data/index.js";

/** Group/version/kind (structurally the same as the request builder's type). */
export interface Gvk {
  group: string;
  version: string;
  kind: string;
}

/** Group/version/resource. */
export interface Gvr {
  group: string;
  version: string;
  resource: string;
}

/** A resource that shares storage with the request's (another version or group), with its kind. */
export interface EquivalentResource extends Gvr {
  kind: Gvk;
}

/** Operations MutatingAdmissionPolicies see (DELETE never reaches them). */
export type MatchOperation = "CREATE" | "UPDATE" | "CONNECT";

/** Request attributes used by matching and param collection. */
export interface RequestAttrs {
  /** Resource group (`""` for core). */
  group: string;
  version: string;
  /** Plural resource name, e.g. `deployments`. */
  resource: string;
  /** `""` when the request is for the resource itself. */
  subresource: string;
  kind: Gvk;
  /** Request namespace: `""` for cluster-scoped objects; a Namespace's own name for a Namespace. */
  namespace: string;
  /** `""` when the object only has `generateName`. */
  name: string;
  operation: MatchOperation;
  object: JsonObject | null;
  oldObject: JsonObject | null;
  /**
   * The resources served in other versions or groups over the same storage, in the server's
   * registration order (the request's own may be among them): what `matchPolicy: Equivalent`
   * tries when no rule matches the request's own resource. Default: none (Equivalent acts as Exact).
   */
  equivalents?: readonly EquivalentResource[];
}

/** The Namespace objects of the ResourceList, by name. */
export type NamespaceLookup = (name: string) => JsonObject | undefined;

/** Answer of a matcher: whether the criteria select the request, with the matched identity. */
export interface MatchResult {
  matches: boolean;
  /** Matched resource and kind when `matches` (an equivalent one's under `Equivalent`). */
  resource?: Gvr;
  kind?: Gvk;
  /** A configuration error, reported only when the rules otherwise match (upstream text). */
  error?: string;
  /**
   * Set when a namespaceSelector needed a Namespace that is not in the list: its name. With
   * `onMissingNamespace: "error"` `error` says `namespaces "<name>" not found`; with
   * `"assume-no-labels"` the namespace was matched as if it had no labels.
   */
  missingNamespace?: string;
}

/** How to treat a Namespace that a namespaceSelector needs but the list lacks. */
export type MissingNamespacePolicy = "error" | "assume-no-labels";

/** Matching options. */
export interface MatchOptions {
  /** Default: `"error"` (what the apiserver does: NotFound). */
  onMissingNamespace?: MissingNamespacePolicy;
}
