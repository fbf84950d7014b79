// admission/match: whether a request matches a policy or a binding (reference §3) — resource
// rules, label selectors, namespaceSelector and Namespace lookups — and the resources admission
// never sees.
export { exemptReason } from "./exempt.js";
export { labelsOf, selectorText } from "./label-selector.js";
export type { LabelSelector } from "./label-selector.js";
export { compiledSelector, matchBinding, matchPolicy } from "./match-resources.js";
export { resourceMatches } from "./match-rules.js";
export type { EquivalentResource, Gvk, Gvr, MatchOptions, NamespaceLookup, RequestAttrs } from "./match-types.js";
export { namespaceLookup, resolveNamespaceObject } from "./namespaces.js";
