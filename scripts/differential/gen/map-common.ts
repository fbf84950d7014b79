// Pieces shared by the MAP case shapes: picking targets, adding the Namespaces they live in,
// random mutations for a target, and one policy + binding pair.
import type { JsonObject } from "../../../src/data/index.js";
import type { CaseContext } from "./case-context.js";
import { builtinObject, kindInfo, namespaceNames, namespaceObject, namespacedKinds, type BuiltinKind, type KindInfo } from "./builtin-objects.js";
import { applyExpr } from "./apply-configs.js";
import { jsonPatchExpr } from "./jsonpatch-ops.js";
import { customApplyExpr, customJsonPatchExpr } from "./custom-resources.js";
import { mapBinding, mapPolicy, policyVersion, ruleFor, type MapSpec, type MatchResources, type Mutation, type ParamRef } from "./policy-builders.js";
import type { ExprScope } from "./value-exprs.js";

/** A target object with its kind. */
export interface Target {
  obj: JsonObject;
  info: KindInfo;
}

const baseNames = ["web", "api", "db", "shop", "worker"];

/** A random built-in object (namespaced kinds, or any kind when `withNamespace`). */
export function builtinTarget(ctx: CaseContext, kinds: readonly BuiltinKind[] = namespacedKinds, namespace?: string): Target {
  const kind = ctx.pick(kinds);
  const ns = namespace ?? ctx.rng.weighted(namespaceNames.map((n, i) => [n, i === 0 ? 6 : 1] as const));
  return { obj: builtinObject(ctx, kind, ctx.pick(baseNames), ns), info: kindInfo(kind) };
}

/** Adds a Namespace object for each namespace the targets use (each with probability `p`). */
export function addNamespaces(ctx: CaseContext, targets: Target[], p = 0.6): void {
  const names = [...new Set(targets.map((t) => (t.obj.metadata as JsonObject).namespace).filter((n): n is string => typeof n === "string"))].sort();
  for (const n of names) if (ctx.chance(p)) ctx.add(namespaceObject(n, ctx));
}

/** A random mutation of `t`'s object (JSONPatch or ApplyConfiguration). */
export function randomMutation(ctx: CaseContext, t: Target, scope: ExprScope): Mutation {
  const custom = t.info.group === "example.com";
  if (ctx.chance(0.5)) return { patchType: "JSONPatch", expression: custom ? customJsonPatchExpr(ctx, t.obj, scope) : jsonPatchExpr(ctx, t.obj, scope) };
  return { patchType: "ApplyConfiguration", expression: custom ? customApplyExpr(ctx, scope) : applyExpr(ctx, t.obj, scope) };
}

/** Match resources for one kind, sometimes with wildcards that still include it. */
export function matchFor(ctx: CaseContext, info: KindInfo, ops?: string[]): MatchResources {
  const rule = ruleFor(info, ops ?? ctx.pick([["CREATE"], ["CREATE", "UPDATE"], ["*"]]));
  const r = ctx.rng.next();
  if (r < 0.1) rule.apiGroups = ["*"];
  else if (r < 0.2) rule.apiVersions = ["*"];
  else if (r < 0.25) rule.resources = ["*"];
  return { resourceRules: [rule] };
}

/** Adds a MutatingAdmissionPolicy `name` and its binding `name-binding`; returns the API version used. */
export function addPolicy(ctx: CaseContext, name: string, spec: MapSpec, paramRef?: ParamRef, bindingMatch?: MatchResources): string {
  const v = policyVersion(ctx);
  // v1 requires parameterNotFoundAction; v1alpha1/v1beta1 default it to Deny
  const ref = paramRef && !paramRef.parameterNotFoundAction && v.endsWith("/v1") ? { ...paramRef, parameterNotFoundAction: "Deny" as const } : paramRef;
  ctx.add(mapPolicy(v, name, spec), mapBinding(v, `${name}-binding`, name, ref, bindingMatch));
  return v;
}

/** failurePolicy Fail (mostly) or Ignore. */
export function failurePolicy(ctx: CaseContext): "Fail" | "Ignore" {
  return ctx.chance(0.7) ? "Fail" : "Ignore";
}
