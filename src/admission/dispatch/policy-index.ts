// Which bound policies a request can meet: policies indexed by (operation, group, resource) of
// their matchConstraints' resourceRules — the request's own or an equivalent one — so an object
// is matched only against policies whose rules can select it. Everything else (versions, scope,
// names, exclusions, selectors, matchPolicy) is still decided by the full matcher.
import { compiledSelector, resourceMatches, type RequestAttrs } from "../match/index.js";
import type { CompiledPolicyBase } from "./compile-expressions.js";
import type { BoundPolicy } from "./select-invocations.js";

/** The policies a request can meet, in dispatch order. */
export interface Candidates<C extends CompiledPolicyBase> {
  policies: readonly BoundPolicy<C>[];
  /**
   * Whether a policy left out has a non-empty namespaceSelector: matching it would have looked up
   * the request's Namespace (which records an assumed Namespace when the list lacks it).
   */
  skippedNamespaceSelector: boolean;
}

/** Candidate policies by request; answers are computed once per (operation, group, resource). */
export interface PolicyIndex<C extends CompiledPolicyBase> {
  candidates(a: Pick<RequestAttrs, "operation" | "group" | "resource" | "subresource" | "equivalents">): Candidates<C>;
}

const has = (items: readonly string[], v: string): boolean => items.includes("*") || items.includes(v);

/** Whether some resourceRule of the policy can match (no rules: any request can). */
function canMatch(b: BoundPolicy, operation: string, group: string, resource: string, subresource: string): boolean {
  const rules = b.compiled.model.matchConstraints.resourceRules;
  if (rules.length === 0) return true;
  return rules.some((r) => has(r.operations, operation) && has(r.apiGroups, group) && resourceMatches(r.resources, resource, subresource));
}

function looksUpNamespace(b: BoundPolicy): boolean {
  const c = compiledSelector(b.compiled.model.matchConstraints.namespaceSelector);
  return "selector" in c && !c.selector.empty;
}

/** Indexes `bound` (the run's policies in dispatch order). */
export function buildPolicyIndex<C extends CompiledPolicyBase>(bound: readonly BoundPolicy<C>[]): PolicyIndex<C> {
  const cache = new Map<string, Candidates<C>>();
  return {
    candidates(a) {
      const key = `${a.operation}\u0000${a.group}\u0000${a.resource}\u0000${a.subresource}`;
      let c = cache.get(key);
      if (!c) {
        const policies: BoundPolicy<C>[] = [];
        let skippedNamespaceSelector = false;
        for (const b of bound) {
          // A rule may also meet the request as an equivalent resource (matchPolicy Equivalent).
          const meets = canMatch(b, a.operation, a.group, a.resource, a.subresource) ||
            (a.equivalents?.some((e) => canMatch(b, a.operation, e.group, e.resource, a.subresource)) ?? false);
          if (meets) policies.push(b);
          else if (looksUpNamespace(b)) skippedNamespaceSelector = true;
        }
        c = { policies, skippedNamespaceSelector };
        cache.set(key, c);
      }
      return c;
    },
  };
}
