// Rule matching (apiserver `predicates/rules` and `matching.matchesResourceRules`): scope,
// operation, group, version, resource/subresource wildcards, resourceNames, and the equivalent
// resources `matchPolicy: Equivalent` tries.
import type { MatchResourcesModel, RuleModel } from "../policy/index.js";
import type { Gvk, Gvr, RequestAttrs } from "./match-types.js";

function exactOrWildcard(items: readonly string[], requested: string): boolean {
  for (const i of items) if (i === "*" || i === requested) return true;
  return false;
}

function isNamespaceResource(a: RequestAttrs): boolean {
  return a.group === "" && a.version === "v1" && a.resource === "namespaces";
}

/**
 * Scope of a rule: `Namespaced` = not core v1 `namespaces` and a non-empty request namespace;
 * `Cluster` = core v1 `namespaces` or an empty request namespace; `*` = any.
 */
export function scopeMatches(rule: RuleModel, a: RequestAttrs): boolean {
  switch (rule.scope) {
    case "*":
      return true;
    case "Namespaced":
      return !isNamespaceResource(a) && a.namespace !== "";
    case "Cluster":
      return isNamespaceResource(a) || a.namespace === "";
    default:
      return false;
  }
}

/** Resource entries `res[/sub]`: `res` is `*` or the resource, `sub` is `*` or the subresource
 * (a missing `/sub` means "no subresource"; `*` as subresource also matches none). */
export function resourceMatches(resources: readonly string[], resource: string, subresource: string): boolean {
  for (const entry of resources) {
    if (entry === resource || entry === "*") {
      if (subresource === "") return true; // no `/sub`: matches only "no subresource"
      continue;
    }
    const slash = entry.indexOf("/");
    if (slash < 0) continue;
    const res = entry.slice(0, slash);
    const sub = entry.slice(slash + 1);
    if ((res === "*" || res === resource) && (sub === "*" || sub === subresource)) return true;
  }
  return false;
}

/** Whether one rule (without its resourceNames) matches the request (`rules.Matcher.Matches`). */
export function ruleMatches(rule: RuleModel, a: RequestAttrs): boolean {
  return (
    scopeMatches(rule, a) &&
    exactOrWildcard(rule.operations, a.operation) &&
    exactOrWildcard(rule.apiGroups, a.group) &&
    exactOrWildcard(rule.apiVersions, a.version) &&
    resourceMatches(rule.resources, a.resource, a.subresource)
  );
}

/**
 * Whether any rule matches the request's own resource, including its resourceNames (empty = any;
 * otherwise the request name must equal an entry, so a CREATE with only `generateName` never matches).
 */
export function matchesResourceRules(rules: readonly RuleModel[], a: RequestAttrs): boolean {
  for (const rule of rules) {
    if (!ruleMatches(rule, a)) continue;
    if (rule.resourceNames.length === 0) return true;
    if (rule.resourceNames.includes(a.name)) return true;
  }
  return false;
}

/** The resource and kind a list of rules matched the request as. */
export interface RulesMatch {
  resource: Gvr;
  kind: Gvk;
}

/**
 * The rules against the request (`matching.matchesResourceRules`): its own resource first; then,
 * under `Equivalent`, for each rule in order each equivalent resource in registration order — the
 * first hit is the matched resource and kind. Undefined when nothing matches.
 */
export function matchResourceRules(rules: readonly RuleModel[], matchPolicy: MatchResourcesModel["matchPolicy"], a: RequestAttrs): RulesMatch | undefined {
  if (matchesResourceRules(rules, a)) return { resource: { group: a.group, version: a.version, resource: a.resource }, kind: { ...a.kind } };
  if (matchPolicy !== "Equivalent" || a.equivalents === undefined) return undefined;
  for (const rule of rules) {
    for (const eq of a.equivalents) {
      if (eq.group === a.group && eq.version === a.version && eq.resource === a.resource) continue;
      if (!ruleMatches(rule, { ...a, group: eq.group, version: eq.version, resource: eq.resource })) continue;
      if (rule.resourceNames.length === 0 || rule.resourceNames.includes(a.name)) {
        return { resource: { group: eq.group, version: eq.version, resource: eq.resource }, kind: { ...eq.kind } };
      }
    }
  }
  return undefined;
}
