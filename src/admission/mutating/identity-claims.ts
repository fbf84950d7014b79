// The object identities of one run (group, kind, namespace, name): a policy may rename an object
// on CREATE, but not onto an object another item of the run is or has become — the apiserver
// would refuse the second create with AlreadyExists — so no two output items share an identity.
import { getString, goQuote, type JsonObject } from "../../data/index.js";
import type { SchemaRegistry } from "../../schema/index.js";
import { identify } from "../dispatch/index.js";

/** The identity key of an object of `group`/`kind`. */
export function identityKey(group: string, kind: string, namespace: string, name: string): string {
  return `${group}\u0000${kind}\u0000${namespace}\u0000${name}`;
}

/** The identities taken in one run: every input item's, and each accepted new name. */
export class IdentityClaims {
  /** Built on the first claim: renames are rare, and most runs never look. */
  private taken: Set<string> | undefined;
  private readonly items: readonly JsonObject[];
  /** How many renames were accepted. */
  renamed = 0;

  /** Claims the identity of every item (namespaced ones without a namespace are in `defaultNamespace`). */
  constructor(items: readonly JsonObject[], private readonly registry: SchemaRegistry, private readonly defaultNamespace: string) {
    this.items = items.slice(); // the run's input items, whatever later happens to the caller's array
  }

  private inputIdentities(): Set<string> {
    const taken = new Set<string>();
    for (const item of this.items) {
      const id = identify(item, this.registry);
      const ns = id.namespaced ? getString(item, "metadata", "namespace") || this.defaultNamespace : "";
      taken.add(identityKey(id.group, id.kind, ns, getString(item, "metadata", "name") ?? ""));
    }
    return taken;
  }

  /**
   * Claims `key` for an item a policy renamed: false when it is taken (an input item's identity,
   * even one renamed away, or an earlier rename's), which the apiserver refuses as AlreadyExists.
   */
  claim(key: string): boolean {
    this.taken ??= this.inputIdentities();
    if (this.taken.has(key)) return false;
    this.taken.add(key);
    this.renamed++;
    return true;
  }
}

/** apimachinery `NewAlreadyExists` text: `<resource>[.<group>] "<name>" already exists`. */
export function alreadyExists(group: string, resource: string, name: string): string {
  return `${resource}${group === "" ? "" : "." + group} ${goQuote(name)} already exists`;
}
