// Warnings about a run that would otherwise change nothing in silence: a policy no binding names,
// a binding whose policy is missing, a bound policy that matched no object, an operation no bound
// policy handles. Each names the policy or binding (resourceRef, tags) and carries `tags.code`.
import type { JsonObject } from "../../data/index.js";
import type { BindingModel, ItemRef, LoadedPolicies, PolicyModel, RuleModel } from "../policy/index.js";
import type { KrmResult, Operation } from "../types.js";
import { itemResult } from "./results.js";

/** Codes of the run notices (`tags.code`). */
export const runNoticeCodes = ["unbound-policy", "missing-policy", "unmatched-policy", "unhandled-operation"] as const;
/** One of {@link runNoticeCodes}. */
export type RunNoticeCode = (typeof runNoticeCodes)[number];

/** The warning text for a policy no binding names (also `kmutate check`'s). */
export function unboundPolicyMessage(policy: string, bindingKind = "MutatingAdmissionPolicyBinding"): string {
  return `no ${bindingKind} in the input binds policy "${policy}": it never applies`;
}

/** The warning text for a binding whose policy is not in the input (also `kmutate check`'s). */
export function missingPolicyMessage(policy: string): string {
  return `policy "${policy}" is not in the input: this binding does nothing`;
}

/** What a run knows when it has admitted every item. */
export interface RunFacts {
  items: readonly JsonObject[];
  loaded: LoadedPolicies;
  /** The policies with bindings, each with its bindings. */
  bound: ReadonlyArray<{ policy: PolicyModel; bindings: readonly BindingModel[] }>;
  /** Names of the policies some binding of which matched at least one item (or failed trying). */
  matched: ReadonlySet<string>;
  /** How many items were admitted as requests. */
  admitted: number;
  operation: Operation;
}

function names(rules: readonly RuleModel[], op: string): boolean {
  return rules.some((r) => r.operations.includes(op) || r.operations.includes("*"));
}

/** True when the policy's rules, and those of at least one of its bindings, name `op`. */
function handles(policy: PolicyModel, bindings: readonly BindingModel[], op: Operation): boolean {
  if (!names(policy.matchConstraints.resourceRules, op)) return false;
  return bindings.some((b) => !b.matchResources || b.matchResources.resourceRules.length === 0 || names(b.matchResources.resourceRules, op));
}

function noticeFor(items: readonly JsonObject[], source: ItemRef, code: RunNoticeCode, message: string, tags: Record<string, string>): KrmResult {
  const r = itemResult(items[source.index], "warning", message, { ...tags, code });
  if (source.listIndex !== undefined) r.tags = { ...r.tags, listIndex: String(source.listIndex) };
  return r;
}

/** The warnings of a finished run, in policy then binding input order. */
export function runNotices(f: RunFacts): KrmResult[] {
  const out: KrmResult[] = [];
  const { items, loaded, operation } = f;
  const bindingsOf = new Set(loaded.bindings.map((b) => b.policyName));
  for (const p of loaded.policies) {
    if (!bindingsOf.has(p.name)) out.push(noticeFor(items, p.source, "unbound-policy", unboundPolicyMessage(p.name), { policy: p.name }));
  }
  const present = new Set([...loaded.policies.map((p) => p.name), ...loaded.problems.filter((p) => p.kind === "MutatingAdmissionPolicy").map((p) => p.name)]);
  for (const b of loaded.bindings) {
    if (!present.has(b.policyName)) out.push(noticeFor(items, b.source, "missing-policy", missingPolicyMessage(b.policyName), { binding: b.name, policy: b.policyName }));
  }
  if (f.bound.length === 0) return out;
  if (operation === "DELETE") {
    const message = "MutatingAdmissionPolicies do not run on operation DELETE (only ValidatingAdmissionPolicies do): no object was mutated";
    out.push({ severity: "warning", message, tags: { code: "unhandled-operation", operation } });
    return out;
  }
  if (!f.bound.some(({ policy, bindings }) => handles(policy, bindings, operation))) {
    const named = [...new Set(f.bound.flatMap(({ policy }) => policy.matchConstraints.resourceRules.flatMap((r) => r.operations)))].sort();
    out.push({
      severity: "warning",
      message: `no bound policy handles operation ${operation} (their rules name ${named.join(", ")}): no object was mutated`,
      tags: { code: "unhandled-operation", operation },
    });
    return out;
  }
  const objects = `${f.admitted} admitted object${f.admitted === 1 ? "" : "s"}`;
  for (const { policy, bindings } of f.bound) {
    if (f.matched.has(policy.name)) continue;
    const why = handles(policy, bindings, operation) ? "it changed nothing" : `its rules do not handle operation ${operation}`;
    const message = `policy "${policy.name}" (binding${bindings.length === 1 ? "" : "s"} ${bindings.map((b) => `"${b.name}"`).join(", ")}) matched none of the ${objects}: ${why}`;
    out.push(noticeFor(items, policy.source, "unmatched-policy", message, { policy: policy.name }));
  }
  return out;
}
