// Namespace handling (reference §2.9, §2.5): the namespaceSelector predicate (apiserver
// `predicates/namespace`) and the `namespaceObject` of mutations, both against the Namespace
// objects of the ResourceList.
import { getString, goQuote, type JsonObject } from "../../data/index.js";
import { labelsOf, type CompiledSelector } from "./label-selector.js";
import type { MissingNamespacePolicy, NamespaceLookup, RequestAttrs } from "./match-types.js";

/** Result of the namespaceSelector predicate (shared between calls: never modified). */
export interface NamespaceMatch {
  matches: boolean;
  /** Upstream error text (kept by the caller until the rules are known to match). */
  error?: string;
  /** Name of a Namespace the selector needed but the list lacks. */
  missingNamespace?: string;
}

const NS_MATCH: NamespaceMatch = Object.freeze({ matches: true });
const NS_NO_MATCH: NamespaceMatch = Object.freeze({ matches: false });

/** apiserver's NotFound text for a namespace. */
export function namespaceNotFound(name: string): string {
  return `namespaces ${goQuote(name)} not found`;
}

/**
 * Evaluates a compiled namespaceSelector: a cluster-scoped request (empty namespace, resource not
 * `namespaces`) always matches; an empty selector matches without a lookup; a Namespace being
 * created or updated is matched against its own labels; otherwise the labels of the request's
 * Namespace from the list are used.
 */
export function matchNamespaceSelector(
  compiled: CompiledSelector,
  a: RequestAttrs,
  lookup: NamespaceLookup,
  onMissing: MissingNamespacePolicy = "error",
): NamespaceMatch {
  if (a.namespace === "" && a.resource !== "namespaces") return NS_MATCH;
  if ("error" in compiled) return { matches: false, error: `Internal error occurred: ${compiled.error}` };
  const selector = compiled.selector;
  if (selector.empty) return NS_MATCH;
  if (a.resource === "namespaces" && a.subresource === "" && (a.operation === "CREATE" || a.operation === "UPDATE")) {
    if (!a.object) return { matches: false, error: "Internal error occurred: object does not implement the Object interfaces" };
    return selector.matches(labelsOf(a.object)) ? NS_MATCH : NS_NO_MATCH;
  }
  const ns = lookup(a.namespace);
  if (!ns) {
    if (onMissing === "error") return { matches: false, error: namespaceNotFound(a.namespace), missingNamespace: a.namespace };
    return { matches: selector.matches({}), missingNamespace: a.namespace };
  }
  return selector.matches(labelsOf(ns)) ? NS_MATCH : NS_NO_MATCH;
}

/** The `namespaceObject` of a request, or the Namespace that is missing from the list. */
export type NamespaceObjectResult = { namespaceObject: JsonObject | null } | { missing: string; error: string };

/**
 * `namespaceObject` for mutations: `null` for cluster-scoped requests and for core v1 Namespace
 * objects themselves; otherwise the Namespace of the request from the list. Upstream a missing
 * Namespace fails the whole request with NotFound (not subject to failurePolicy).
 */
export function resolveNamespaceObject(a: RequestAttrs, lookup: NamespaceLookup): NamespaceObjectResult {
  const isNamespace = a.kind.group === "" && a.kind.version === "v1" && a.kind.kind === "Namespace";
  const name = isNamespace ? "" : a.namespace;
  if (name === "") return { namespaceObject: null };
  const ns = lookup(name);
  if (!ns) return { missing: name, error: namespaceNotFound(name) };
  return { namespaceObject: ns };
}

/** A {@link NamespaceLookup} over the `v1` Namespace objects among `items` (first one wins). */
export function namespaceLookup(items: readonly JsonObject[]): NamespaceLookup {
  const byName = new Map<string, JsonObject>();
  for (const item of items) {
    if (item.apiVersion !== "v1" || item.kind !== "Namespace") continue;
    const name = getString(item, "metadata", "name");
    if (name !== undefined && !byName.has(name)) byName.set(name, item);
  }
  return (name) => byName.get(name);
}
