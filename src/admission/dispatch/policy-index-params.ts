// Param lookups at scale: a namespaced binding's params come from one namespace, so the items of
// a paramKind are split by namespace once, `collectParams` (which depends only on the binding
// and the request namespace) is answered once per (binding, request namespace), and the keys of
// an invocation once per (binding, param).
import { getString, type JsonObject } from "../../data/index.js";
import { collectParams, paramKey, type CollectParamsResult, type ParamIndex, type ParamScope } from "./params.js";
import { invocationKey } from "./invocation.js";
import type { BindingModel, PolicyBase } from "../policy/index.js";

/** The identity of one invocation: its param's key (when it has a param) and its reinvocation key. */
export interface InvocationKeys {
  readonly paramKey?: string;
  readonly key: string;
}

/** Memoised param collection for one admission run. */
export interface ParamCollector {
  /** `collectParams` for (policy, binding) and a request in `namespace`; same answer, cached. */
  collect(policy: PolicyBase, binding: BindingModel, namespace: string, scope: ParamScope): CollectParamsResult;
  /**
   * The keys of the invocation of (policy, binding) with `param` (one of `collect`'s answers),
   * built once per run (the same strings for every object: cheap reinvocation-set lookups).
   */
  keys(policy: PolicyBase, binding: BindingModel, param: JsonObject | null, scope: ParamScope): InvocationKeys;
}

/** What `collectParams` answers without a paramKind or paramRef: one invocation, `params` null. */
const noParams: CollectParamsResult = Object.freeze({ params: Object.freeze([null]) });

/** A collector over `index` (the run's items by apiVersion and kind). */
export function paramCollector(index: ParamIndex): ParamCollector {
  const partitions = new Map<string, Map<string, JsonObject[]>>();
  const views = new Map<string, ParamIndex>();
  const answers = new Map<PolicyBase, Map<BindingModel, Map<string, CollectParamsResult>>>();
  const keysByBinding = new Map<BindingModel, Map<JsonObject | null, InvocationKeys>>();

  // Items of apiVersion/kind by the namespace collectParams gives them (declared or default).
  const partition = (apiVersion: string, kind: string): Map<string, JsonObject[]> => {
    const key = `${apiVersion}\u0000${kind}`;
    let byNs = partitions.get(key);
    if (!byNs) {
      byNs = new Map();
      for (const o of index.list(apiVersion, kind)) {
        const ns = getString(o, "metadata", "namespace") || index.defaultNamespace;
        const list = byNs.get(ns);
        if (list) list.push(o);
        else byNs.set(ns, [o]);
      }
      partitions.set(key, byNs);
    }
    return byNs;
  };

  // The index restricted to one namespace: collectParams filters by namespace anyway, so a
  // namespaced search over this view sees exactly the candidates it would keep from the full list.
  const view = (namespace: string): ParamIndex => {
    let v = views.get(namespace);
    if (!v) {
      v = { defaultNamespace: index.defaultNamespace, list: (apiVersion, kind) => partition(apiVersion, kind).get(namespace) ?? [] };
      views.set(namespace, v);
    }
    return v;
  };

  return {
    collect(policy, binding, namespace, scope) {
      if (!policy.paramKind || !binding.paramRef) return noParams; // the same answer for every request
      let byBinding = answers.get(policy);
      if (!byBinding) answers.set(policy, (byBinding = new Map()));
      let byNs = byBinding.get(binding);
      if (!byNs) byBinding.set(binding, (byNs = new Map()));
      let answer = byNs.get(namespace);
      if (answer === undefined) {
        const ref = binding.paramRef;
        const searchNamespace = ref && ref.namespace !== "" ? ref.namespace : namespace;
        const source = scope === "Namespaced" && searchNamespace !== "" ? view(searchNamespace) : index;
        answer = collectParams(policy, binding, { namespace }, source, scope);
        byNs.set(namespace, answer);
      }
      return answer;
    },
    keys(policy, binding, param, scope) {
      let byParam = keysByBinding.get(binding);
      if (!byParam) keysByBinding.set(binding, (byParam = new Map()));
      let k = byParam.get(param);
      if (!k) {
        const pk = param ? paramKey(param, scope, index) : undefined;
        k = pk !== undefined ? { paramKey: pk, key: invocationKey(policy.name, binding.name, pk) } : { key: invocationKey(policy.name, binding.name, undefined) };
        byParam.set(param, k);
      }
      return k;
    },
  };
}
