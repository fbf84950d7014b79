// API defaults of admission policies and bindings of both kinds (MAP and VAP reference §1.4),
// applied in place to the decoded inputs before validation, as the apiserver does on create.
import type { BindingSpecInput, MatchResourcesInput, PolicySpecBaseInput } from "./policy-inputs.js";

/** `MatchResources` defaults: matchPolicy `Equivalent`, selectors `{}`, every rule's scope `*`. */
export function defaultMatchResources(mr: MatchResourcesInput): void {
  mr.matchPolicy ??= "Equivalent";
  mr.namespaceSelector ??= {};
  mr.objectSelector ??= {};
  for (const r of [...(mr.resourceRules ?? []), ...(mr.excludeResourceRules ?? [])]) r.scope ??= "*";
}

/** Policy defaults: failurePolicy `Fail` and the matchConstraints defaults. */
export function defaultPolicySpec(spec: PolicySpecBaseInput): void {
  spec.failurePolicy ??= "Fail";
  if (spec.matchConstraints) defaultMatchResources(spec.matchConstraints);
}

/**
 * Binding defaults: the matchResources defaults; in `v1alpha1` only, a paramRef without
 * parameterNotFoundAction gets `Deny` (v1beta1 and v1 require the field instead).
 */
export function defaultBindingSpec(spec: BindingSpecInput, version: string): void {
  if (spec.matchResources) defaultMatchResources(spec.matchResources);
  if (version === "v1alpha1" && spec.paramRef) spec.paramRef.parameterNotFoundAction ??= "Deny";
}
