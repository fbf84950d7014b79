// The Namespaces admission sees: those of the ResourceList as the apiserver stores them (with the
// automatic `kubernetes.io/metadata.name` label), and an assumed Namespace for any other name.
import { getKey, getString, isObject, setKey, type JsonObject } from "../../data/index.js";
import { namespaceLookup, type NamespaceLookup } from "../match/index.js";

/** The label every Namespace carries (set by the apiserver's Namespace defaulting). */
export const namespaceNameLabel = "kubernetes.io/metadata.name";

/** Namespaces that exist in every cluster: assuming them raises no warning. */
const builtinNamespaces = new Set(["default", "kube-system", "kube-public", "kube-node-lease"]);

/** A Namespace lookup that never misses, and remembers the names it had to assume. */
export interface NamespaceView {
  lookup: NamespaceLookup;
  /** The Namespace {@link lookup} gives, without recording an assumed one (for caching what depends on it). */
  peek: NamespaceLookup;
  /**
   * Names assumed since the last call (built-in namespaces excluded), then forgotten; a name already
   * taken since the last {@link nextItem} is not returned again (each item reports it once).
   */
  takeAssumed(): string[];
  /** Starts a new item: its assumed Namespaces are reported afresh. */
  nextItem(): void;
}

/** Builds the view over the Namespace objects of `items`. */
export function namespaceView(items: readonly JsonObject[]): NamespaceView {
  const inList = namespaceLookup(items);
  const cache = new Map<string, JsonObject>();
  let assumed: string[] = [];
  const taken = new Set<string>();
  const peek: NamespaceLookup = (name) => {
    let ns = cache.get(name);
    if (ns === undefined) {
      const listed = inList(name);
      ns = listed ? withNameLabel(listed, name) : { apiVersion: "v1", kind: "Namespace", metadata: { name, labels: { [namespaceNameLabel]: name } } };
      cache.set(name, ns);
    }
    return ns;
  };
  const lookup: NamespaceLookup = (name) => {
    const ns = peek(name);
    if (!builtinNamespaces.has(name) && inList(name) === undefined && !assumed.includes(name) && !taken.has(name)) assumed.push(name);
    return ns;
  };
  return {
    lookup,
    peek,
    takeAssumed() {
      const out = assumed;
      assumed = [];
      for (const name of out) taken.add(name);
      return out;
    },
    nextItem() {
      taken.clear();
    },
  };
}

/** A shallow copy of the Namespace with the automatic name label added when absent. */
function withNameLabel(ns: JsonObject, name: string): JsonObject {
  const meta = getKey(ns, "metadata");
  const labels = isObject(meta) ? getKey(meta, "labels") : undefined;
  if (isObject(labels) && getString(labels, namespaceNameLabel) !== undefined) return ns;
  const newLabels: JsonObject = { ...(isObject(labels) ? labels : {}) };
  setKey(newLabels, namespaceNameLabel, name);
  return { ...ns, metadata: { ...(isObject(meta) ? meta : {}), labels: newLabels } };
}
