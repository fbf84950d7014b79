// Create-time validation of MatchResources and their rules (shared by policies and bindings):
// apiserver `validateMatchResources`, `validateNamedRuleWithOperations`, `validateRule`.
import type { MatchResourcesInput, RuleInput } from "./policy-inputs.js";
import { duplicate, invalid, notSupported, required, type FieldError } from "./field-error.js";
import { validateLabelSelector } from "./validate-label-selector.js";
import { isPathSegmentName } from "./validate-names.js";

/** Operations any admission rule may name (sorted, as Go's `sets.List`). */
const supportedOperations = ["*", "CONNECT", "CREATE", "DELETE", "UPDATE"] as const;
/** Operations a MutatingAdmissionPolicy (and its binding) may name: no DELETE. */
export const supportedMutatingOperations = ["*", "CONNECT", "CREATE", "UPDATE"] as const;
const supportedMatchPolicies = ["Equivalent", "Exact"] as const;
const validScopes = ["*", "Cluster", "Namespaced"] as const;

/** `validateMatchResources`: matchPolicy, both selectors, every (exclude) rule. */
export function validateMatchResources(mr: MatchResourcesInput | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!mr) return errs;
  if (mr.matchPolicy === undefined) errs.push(required(`${path}.matchPolicy`));
  else if (!(supportedMatchPolicies as readonly string[]).includes(mr.matchPolicy)) {
    errs.push(notSupported(`${path}.matchPolicy`, mr.matchPolicy, supportedMatchPolicies));
  }
  for (const which of ["namespaceSelector", "objectSelector"] as const) {
    const sel = mr[which];
    if (sel === undefined) errs.push(required(`${path}.${which}`));
    else errs.push(...validateLabelSelector(sel, `${path}.${which}`));
  }
  (mr.resourceRules ?? []).forEach((r, i) => errs.push(...validateNamedRule(r, `${path}.resourceRules[${i}]`)));
  (mr.excludeResourceRules ?? []).forEach((r, i) => errs.push(...validateNamedRule(r, `${path}.excludeResourceRules[${i}]`)));
  return errs;
}

/** MAP-only operation check: every resourceRules operation must be in the mutating set; reported
 * at `<path>` without an index, as upstream does. */
export function validateMutatingOperations(rules: RuleInput[] | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  for (const r of rules ?? []) {
    for (const op of r.operations ?? []) {
      if (!(supportedMutatingOperations as readonly string[]).includes(op)) {
        errs.push(notSupported(path, op, supportedMutatingOperations));
      }
    }
  }
  return errs;
}

function validateNamedRule(r: RuleInput, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  (r.resourceNames ?? []).forEach((name, i) => {
    for (const m of isPathSegmentName(name)) errs.push(invalid(`${path}.resourceNames[${i}]`, name, m));
    if (seen.has(name)) errs.push(duplicate(`${path}.resourceNames[${i}]`, name));
    else seen.add(name);
  });
  const ops = r.operations ?? [];
  if (ops.length === 0) errs.push(required(`${path}.operations`));
  if (ops.length > 1 && ops.includes("*")) {
    errs.push(invalid(`${path}.operations`, ops, "if '*' is present, must not specify other operations"));
  }
  ops.forEach((op, i) => {
    if (!(supportedOperations as readonly string[]).includes(op)) {
      errs.push(notSupported(`${path}.operations[${i}]`, op, supportedOperations));
    }
  });
  return errs.concat(validateRule(r, path));
}

function validateRule(r: RuleInput, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const groups = r.apiGroups ?? [];
  const versions = r.apiVersions ?? [];
  if (groups.length === 0) errs.push(required(`${path}.apiGroups`));
  if (groups.length > 1 && groups.includes("*")) {
    errs.push(invalid(`${path}.apiGroups`, groups, "if '*' is present, must not specify other API groups"));
  }
  if (versions.length === 0) errs.push(required(`${path}.apiVersions`));
  if (versions.length > 1 && versions.includes("*")) {
    errs.push(invalid(`${path}.apiVersions`, versions, "if '*' is present, must not specify other API versions"));
  }
  versions.forEach((v, i) => {
    if (v === "") errs.push(required(`${path}.apiVersions[${i}]`));
  });
  errs.push(...validateResources(r.resources ?? [], `${path}.resources`));
  if (r.scope !== undefined && !(validScopes as readonly string[]).includes(r.scope)) {
    errs.push(notSupported(`${path}.scope`, r.scope, validScopes));
  }
  return errs;
}

function validateResources(resources: string[], path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (resources.length === 0) errs.push(required(path));
  const withWildcardSub = new Set<string>(); // x/*
  const withWildcardRes = new Set<string>(); // */x
  let doubleWildcard = false;
  let singleWildcard = false;
  let withoutSub = false;
  resources.forEach((resSub, i) => {
    if (resSub === "") {
      errs.push(required(`${path}[${i}]`));
      return;
    }
    if (resSub === "*/*") doubleWildcard = true;
    if (resSub === "*") singleWildcard = true;
    const slash = resSub.indexOf("/");
    if (slash < 0) {
      // Upstream assigns (not ORs) here: only the last resource without a subresource counts.
      withoutSub = resSub !== "*";
      return;
    }
    const res = resSub.slice(0, slash);
    const sub = resSub.slice(slash + 1);
    if (withWildcardSub.has(res)) errs.push(invalid(`${path}[${i}]`, resSub, `if '${res}/*' is present, must not specify ${resSub}`));
    if (withWildcardRes.has(sub)) errs.push(invalid(`${path}[${i}]`, resSub, `if '*/${sub}' is present, must not specify ${resSub}`));
    if (sub === "*") withWildcardSub.add(res);
    if (res === "*") withWildcardRes.add(sub);
  });
  if (resources.length > 1 && doubleWildcard) {
    errs.push(invalid(path, resources, "if '*/*' is present, must not specify other resources"));
  }
  if (singleWildcard && withoutSub) {
    errs.push(invalid(path, resources, "if '*' is present, must not specify other resources without subresources"));
  }
  return errs;
}
