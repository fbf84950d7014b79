// The items the admission of any item may read besides itself — policies, bindings, Namespaces,
// CRDs and the params a binding can reach — so that a thread admitting only some items of a
// list (parallel admission) knows which others it must have.
import { getString, type JsonObject } from "../data/index.js";
import { isPolicyItem, type LoadedPolicies } from "./policy/index.js";

/** What one binding's `paramRef` can reach: objects of `kind` (any apiVersion), with `name` and in `namespace` when set (""). */
export interface ParamReach {
  kind: string;
  name: string;
  namespace: string;
}

/** The params each binding with a `paramRef` can reach, for the policies of its kind with a `paramKind`. */
export function paramReaches(loaded: LoadedPolicies): ParamReach[] {
  const out: ParamReach[] = [];
  const pairs = [[loaded.policies, loaded.bindings], [loaded.validatingPolicies, loaded.validatingBindings]] as const;
  for (const [policies, bindings] of pairs) {
    for (const b of bindings) {
      if (!b.paramRef) continue;
      for (const p of policies) {
        if (p.name === b.policyName && p.paramKind) out.push({ kind: p.paramKind.kind, name: b.paramRef.name, namespace: b.paramRef.namespace });
      }
    }
  }
  return out;
}

/**
 * Whether admitting some item may read `item`: a policy or binding, a Namespace, a
 * CustomResourceDefinition, or an object a paramRef can reach (one without a namespace counts as
 * in every namespace: its namespace is the run's default one).
 */
export function readAcrossItems(item: JsonObject, params: readonly ParamReach[]): boolean {
  if (isPolicyItem(item)) return true;
  const kind = getString(item, "kind");
  if (kind === "Namespace" || kind === "CustomResourceDefinition") return true;
  if (params.length === 0) return false;
  const name = getString(item, "metadata", "name");
  const ns = getString(item, "metadata", "namespace");
  return params.some((r) => r.kind === kind && (r.name === "" || r.name === name) && (r.namespace === "" || !ns || r.namespace === ns));
}
