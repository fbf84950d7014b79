// Selects the invocations for one request (apiserver generic `policyDispatcher.Dispatch`): for
// each bound policy in order, policy match → configuration error → binding match → params.
import type { CompiledPolicyBase } from "./compile-expressions.js";
import type { Invocation } from "./invocation.js";
import { matchBinding, matchPolicy, type MatchOptions, type NamespaceLookup, type RequestAttrs } from "../match/index.js";
import type { ParamIndex, ParamScope } from "./params.js";
import { paramCollector, type ParamCollector } from "./policy-index-params.js";
import type { PolicyError } from "./policy-error.js";
import type { BindingModel } from "../policy/index.js";

/** A compiled policy (of any kind) with its bindings and what its paramKind resolved to. */
export interface BoundPolicy<C extends CompiledPolicyBase = CompiledPolicyBase, B extends BindingModel = BindingModel> {
  compiled: C;
  bindings: B[];
  /** Scope of the paramKind's resource (when the policy has a resolvable paramKind). */
  paramScope?: ParamScope;
  /** Policy configuration error (e.g. unresolvable paramKind), reported when the policy matches. */
  configError?: string;
}

/**
 * Invocations in dispatch order, and the configuration errors met on the way (also in dispatch
 * order: an error stands where its policy's or binding's invocations would have been).
 */
export interface Selection<C extends CompiledPolicyBase, B extends BindingModel = BindingModel> {
  invocations: Invocation<C, B>[];
  errors: PolicyError[];
  /** Names of the policies a binding of which matched the request (or that failed matching), with repeats. */
  matched: string[];
}

const assumeNoLabels: MatchOptions = { onMissingNamespace: "assume-no-labels" };

/**
 * Builds the invocation list of one request. `bound` may be only the policies whose rules can
 * match (see policy-index.ts); `collector` answers param lookups (Default: a fresh one, uncached).
 */
export function selectInvocations<C extends CompiledPolicyBase, B extends BindingModel = BindingModel>(
  bound: readonly BoundPolicy<C, B>[],
  attrs: RequestAttrs,
  namespaces: NamespaceLookup,
  params: ParamIndex,
  collector: ParamCollector = paramCollector(params),
): Selection<C, B> {
  const out: Selection<C, B> = { invocations: [], errors: [], matched: [] };
  for (const b of bound) selectPolicy(b, attrs, namespaces, collector, out);
  return out;
}

/**
 * Appends to `out` what one bound policy contributes to a request's selection (its invocations,
 * configuration errors and matched names), in dispatch order.
 */
export function selectPolicy<C extends CompiledPolicyBase, B extends BindingModel>(
  b: BoundPolicy<C, B>,
  attrs: RequestAttrs,
  namespaces: NamespaceLookup,
  collector: ParamCollector,
  out: Selection<C, B>,
): void {
  const policy = b.compiled.model;
  const pm = matchPolicy(policy, attrs, namespaces, assumeNoLabels);
  if (pm.error !== undefined) {
    out.errors.push({ policy: policy.name, failurePolicy: policy.failurePolicy, code: "configure-policy", message: pm.error });
    out.matched.push(policy.name);
    return;
  }
  if (!pm.matches) return;
  if (b.configError !== undefined) {
    out.errors.push({ policy: policy.name, failurePolicy: policy.failurePolicy, code: "configure-policy", message: b.configError });
    out.matched.push(policy.name);
    return;
  }
  for (const binding of b.bindings) {
    const bm = matchBinding(binding, attrs, namespaces, assumeNoLabels);
    if (bm.error !== undefined) {
      out.errors.push({ policy: policy.name, failurePolicy: policy.failurePolicy, binding: binding.name, code: "configure-binding", message: bm.error });
      out.matched.push(policy.name);
      continue;
    }
    if (!bm.matches) continue;
    out.matched.push(policy.name);
    const collected = collector.collect(policy, binding, attrs.namespace, b.paramScope ?? "Namespaced");
    if ("error" in collected) {
      out.errors.push({ policy: policy.name, failurePolicy: policy.failurePolicy, binding: binding.name, code: "configure-binding", message: collected.error });
      continue;
    }
    if ("none" in collected) continue;
    for (const param of collected.params) {
      const inv: Invocation<C, B> = {
        policy: b.compiled,
        binding,
        policyName: policy.name,
        bindingName: binding.name,
        param: policy.paramKind ? param : undefined,
        kind: pm.kind ?? attrs.kind,
        resource: pm.resource ?? { group: attrs.group, version: attrs.version, resource: attrs.resource },
      };
      const keys = collector.keys(policy, binding, param, b.paramScope ?? "Namespaced");
      if (keys.paramKey !== undefined) inv.paramKey = keys.paramKey;
      inv.key = keys.key;
      out.invocations.push(inv);
    }
  }
}
