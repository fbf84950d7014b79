// Matching of a request against one MatchResources (reference §3, apiserver `matching.Matches`)
// and the AND of a policy's matchConstraints with a binding's matchResources (`policy_matcher`).
import { compileLabelSelector, labelsOf, type CompiledSelector } from "./label-selector.js";
import type { LabelSelectorSpec, BindingModel, MatchResourcesModel, PolicyModel } from "../policy/index.js";
import { matchResourceRules, type RulesMatch } from "./match-rules.js";
import type { MatchOptions, MatchResult, NamespaceLookup, RequestAttrs } from "./match-types.js";
import { matchNamespaceSelector } from "./namespaces.js";

const compiledSelectors = new WeakMap<LabelSelectorSpec, CompiledSelector>();

/** The compiled form of a selector of the model, compiled once per selector object. */
export function compiledSelector(spec: LabelSelectorSpec): CompiledSelector {
  let c = compiledSelectors.get(spec);
  if (!c) {
    c = compileLabelSelector(spec);
    compiledSelectors.set(spec, c);
  }
  return c;
}

/** Both compiled selectors of a MatchResources (one lookup per match). */
interface CompiledCriteria {
  namespaceSelector: CompiledSelector;
  objectSelector: CompiledSelector;
}

const compiledCriteria = new WeakMap<MatchResourcesModel, CompiledCriteria>();

function selectorsOf(criteria: MatchResourcesModel): CompiledCriteria {
  let c = compiledCriteria.get(criteria);
  if (!c) {
    c = { namespaceSelector: compiledSelector(criteria.namespaceSelector), objectSelector: compiledSelector(criteria.objectSelector) };
    compiledCriteria.set(criteria, c);
  }
  return c;
}

/** The answer "does not match" (shared: match results are never modified). */
const NO_MATCH: MatchResult = Object.freeze({ matches: false });
const SELECTOR_MATCH = Object.freeze({ matches: true });
const SELECTOR_NO_MATCH = Object.freeze({ matches: false });

/** objectSelector predicate: empty matches; otherwise the new or the old object's labels must match. */
function matchObjectSelector(compiled: CompiledSelector, a: RequestAttrs): { readonly matches: boolean; readonly error?: string } {
  if ("error" in compiled) return { matches: false, error: `Internal error occurred: ${compiled.error}` };
  const s = compiled.selector;
  if (s.empty) return SELECTOR_MATCH;
  const hit = (a.object !== null && s.matches(labelsOf(a.object))) || (a.oldObject !== null && s.matches(labelsOf(a.oldObject)));
  return hit ? SELECTOR_MATCH : SELECTOR_NO_MATCH;
}

/**
 * Whether `criteria` select the request. Order: namespaceSelector, objectSelector,
 * excludeResourceRules, resourceRules (empty = match); a selector error is returned only when the
 * request would otherwise match. The matched resource/kind are the request's own, or under
 * `matchPolicy: Equivalent` those of the equivalent resource a rule matched (`a.equivalents`).
 */
export function matchResources(
  criteria: MatchResourcesModel,
  a: RequestAttrs,
  lookup: NamespaceLookup,
  options: MatchOptions = {},
): MatchResult {
  const selectors = selectorsOf(criteria);
  const ns = matchNamespaceSelector(selectors.namespaceSelector, a, lookup, options.onMissingNamespace);
  const missingNamespace = ns.missingNamespace;
  if (!ns.matches && ns.error === undefined) {
    // A missing Namespace is flagged only when it decided the outcome: when everything else matches.
    if (missingNamespace === undefined) return NO_MATCH;
    const o = matchObjectSelector(selectors.objectSelector, a);
    return (o.matches || o.error !== undefined) && rulesMatch(criteria, a) !== undefined ? { matches: false, missingNamespace } : NO_MATCH;
  }
  const obj = matchObjectSelector(selectors.objectSelector, a);
  if (!obj.matches && obj.error === undefined) return NO_MATCH;
  const m = rulesMatch(criteria, a);
  if (m === undefined) return NO_MATCH;
  const error = ns.error ?? obj.error;
  const out: MatchResult = error !== undefined ? { matches: false, error } : { matches: true, resource: m.resource, kind: m.kind };
  if (missingNamespace !== undefined) out.missingNamespace = missingNamespace;
  return out;
}

/**
 * excludeResourceRules must not match; resourceRules must match (an empty list matches as the
 * request itself): the matched resource and kind, or undefined. Both honour `matchPolicy`.
 */
function rulesMatch(criteria: MatchResourcesModel, a: RequestAttrs): RulesMatch | undefined {
  if (matchResourceRules(criteria.excludeResourceRules, criteria.matchPolicy, a)) return undefined;
  if (criteria.resourceRules.length === 0) return { resource: { group: a.group, version: a.version, resource: a.resource }, kind: { ...a.kind } };
  return matchResourceRules(criteria.resourceRules, criteria.matchPolicy, a);
}

/** A policy's matchConstraints against the request (`DefinitionMatches`). */
export function matchPolicy(policy: PolicyModel, a: RequestAttrs, lookup: NamespaceLookup, options: MatchOptions = {}): MatchResult {
  return matchResources(policy.matchConstraints, a, lookup, options);
}

/** A binding's matchResources against the request; no matchResources matches everything. */
export function matchBinding(binding: BindingModel, a: RequestAttrs, lookup: NamespaceLookup, options: MatchOptions = {}): MatchResult {
  if (!binding.matchResources) {
    return { matches: true, resource: { group: a.group, version: a.version, resource: a.resource }, kind: { ...a.kind } };
  }
  return matchResources(binding.matchResources, a, lookup, options);
}

/** Outcome of matching a (policy, binding) pair. */
export interface PairMatch {
  matches: boolean;
  /** From the policy's matchConstraints (the binding cannot change them). */
  resource?: MatchResult["resource"];
  kind?: MatchResult["kind"];
  /** Set when the policy match errored: reported as `failed to configure policy: <error>`. */
  policyError?: string;
  /** Set when the binding match errored: reported as `failed to configure binding: <error>`. */
  bindingError?: string;
  /** Namespaces that were needed but missing (from either side, no duplicates). */
  missingNamespaces: string[];
}

/**
 * The AND of policy and binding criteria, in the dispatcher's order: the policy first (an error
 * or no match stops there), then the binding.
 */
export function matchPolicyAndBinding(
  policy: PolicyModel,
  binding: BindingModel,
  a: RequestAttrs,
  lookup: NamespaceLookup,
  options: MatchOptions = {},
): PairMatch {
  const missing: string[] = [];
  const note = (r: MatchResult): void => {
    if (r.missingNamespace !== undefined && !missing.includes(r.missingNamespace)) missing.push(r.missingNamespace);
  };
  const p = matchPolicy(policy, a, lookup, options);
  note(p);
  if (p.error !== undefined) return { matches: false, policyError: p.error, missingNamespaces: missing };
  if (!p.matches) return { matches: false, missingNamespaces: missing };
  const b = matchBinding(binding, a, lookup, options);
  note(b);
  if (b.error !== undefined) return { matches: false, bindingError: b.error, missingNamespaces: missing };
  if (!b.matches) return { matches: false, missingNamespaces: missing };
  return { matches: true, resource: p.resource, kind: p.kind, missingNamespaces: missing };
}
