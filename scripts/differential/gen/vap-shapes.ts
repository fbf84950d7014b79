// ValidatingAdmissionPolicy case shapes: validations with messages, messageExpressions and
// reasons under Deny/Warn/Audit, params, matchConditions, variables, auditAnnotations, selectors,
// UPDATE, and MAPs whose mutations a VAP then sees.
import type { CaseContext } from "./case-context.js";
import { addNamespaces, addPolicy, builtinTarget, failurePolicy, matchFor, randomMutation, type Target } from "./map-common.js";
import { nested } from "./apply-configs.js";
import { namespaceNames, namespacedKinds } from "./builtin-objects.js";
import { paramCrd, paramKindInfo, paramObject } from "./custom-resources.js";
import { policyVersion, vapBinding, vapPolicy, type MatchResources, type Named, type ParamRef, type Validation, type VapSpec } from "./policy-builders.js";
import { boolExpr, stringExpr, type ExprScope } from "./value-exprs.js";

const actionSets: readonly (readonly [string[], number])[] = [[["Deny"], 5], [["Warn"], 2], [["Audit"], 1], [["Deny", "Audit"], 1], [["Warn", "Audit"], 1]];

function validation(ctx: CaseContext, scope: ExprScope): Validation {
  const v: Validation = { expression: boolExpr(ctx, scope) };
  const r = ctx.rng.next();
  if (r < 0.3) v.message = ctx.pick(["must not be", "  padded message  ", "line one\nline two", "x".repeat(20)]);
  else if (r < 0.6) {
    v.messageExpression = ctx.pick([
      `"object " + object.metadata.name + " rejected"`, `${stringExpr(ctx, scope)}`, `""`, `"  "`, `"a\\nb"`, "1", `object.metadata.labels["nope"]`,
      `string(object.metadata.?labels.orValue({}))`,
    ]);
    if (ctx.chance(0.4)) v.message = "static fallback";
  }
  if (ctx.chance(0.25)) v.reason = ctx.pick(["Unauthorized", "Forbidden", "Invalid", "RequestEntityTooLarge"] as const);
  return v;
}

function addVap(ctx: CaseContext, name: string, spec: VapSpec, paramRef?: ParamRef, bindingMatch?: MatchResources): void {
  const v = policyVersion(ctx).replace("v1alpha1", "v1beta1");
  ctx.add(vapPolicy(v, name, spec), vapBinding(v, `${name}-binding`, name, [...ctx.rng.weighted(actionSets)], paramRef, bindingMatch));
}

function targets(ctx: CaseContext): Target[] {
  const first = builtinTarget(ctx);
  const out = [first];
  const n = ctx.range(0, 2);
  for (let i = 0; i < n; i++) out.push(builtinTarget(ctx, ctx.chance(0.7) ? namespacedKinds.filter((k) => k === first.info.kind) : namespacedKinds));
  return out;
}

/** Validations, messages and reasons under each action set; one or two policies. */
export function shapeVapValidate(ctx: CaseContext): void {
  const ts = targets(ctx);
  const scope: ExprScope = { info: ts[0].info };
  const policies = ctx.range(1, 2);
  for (let i = 0; i < policies; i++) {
    const validations = Array.from({ length: ctx.range(1, 3) }, () => validation(ctx, scope));
    addVap(ctx, `check-${i}`, { match: matchFor(ctx, ts[0].info), validations, failurePolicy: failurePolicy(ctx) });
  }
  addNamespaces(ctx, ts);
  for (const t of ts) ctx.add(t.obj);
}

/** matchConditions, variables and auditAnnotations of a validating policy. */
export function shapeVapExpressions(ctx: CaseContext): void {
  const ts = targets(ctx);
  const variables: Named[] = ctx.subset(["tier", "size"], 0, 2).map((name) => ({ name, expression: stringExpr(ctx, { info: ts[0].info }) }));
  const scope: ExprScope = { info: ts[0].info, variables: variables.map((v) => v.name) };
  const matchConditions: Named[] = ctx.chance(0.5) ? [{ name: "only-some", expression: boolExpr(ctx, scope) }] : [];
  const auditAnnotations = ctx.chance(0.5)
    ? [{ key: ctx.pick(["seen", "level"]), valueExpression: ctx.pick([`"v-" + object.metadata.name`, "null", `object.metadata.labels["x"]`, "1", stringExpr(ctx, scope)]) }]
    : [];
  addVap(ctx, "expressive", { match: matchFor(ctx, ts[0].info), matchConditions, variables, auditAnnotations, validations: [validation(ctx, scope)], failurePolicy: failurePolicy(ctx) });
  addNamespaces(ctx, ts);
  for (const t of ts) ctx.add(t.obj);
}

/** Params of a validating policy (ConfigMap or custom kind), by name or selector, Deny/Allow. */
export function shapeVapParams(ctx: CaseContext): void {
  const custom = ctx.chance(0.3);
  const t = builtinTarget(ctx);
  if (custom) ctx.add(paramCrd(false));
  const ref: ParamRef = ctx.chance(0.6) ? { name: ctx.pick(["limits", "missing"]) } : { selector: { matchLabels: { role: "param" } } };
  if (ctx.chance(0.5)) ref.namespace = ctx.pick(["default", "params"]);
  ref.parameterNotFoundAction = ctx.pick(["Deny", "Allow"]);
  const validations: Validation[] = [{
    expression: custom ? ctx.pick(['params.spec.value != object.metadata.name', "size(params.spec.value) < 3"]) : ctx.pick(['params.data.mode == "fast"', '!has(params.data.mode) || object.metadata.name != params.data.mode', "has(params.data)"]),
    ...(ctx.chance(0.5) ? { messageExpression: custom ? '"param " + params.metadata.name' : '"mode " + params.data[?"mode"].orValue("unset")' } : {}),
  }];
  addVap(ctx, "param-check", { match: matchFor(ctx, t.info), paramKind: custom ? { apiVersion: paramKindInfo(false).apiVersion, kind: paramKindInfo(false).kind } : { apiVersion: "v1", kind: "ConfigMap" }, validations, failurePolicy: failurePolicy(ctx) }, ref);
  for (const ns of ctx.subset(["default", "params", "team-a"], 1, 2)) {
    const labels = ctx.chance(0.6) ? { role: "param" } : undefined;
    if (custom) ctx.add(paramObject(ctx, false, ctx.name("limits"), ns, labels));
    else ctx.add({ apiVersion: "v1", kind: "ConfigMap", metadata: { name: ctx.pick(["limits", "other"]), namespace: ns, ...(labels ? { labels } : {}) }, data: { mode: ctx.pick(["fast", "slow"]) } });
  }
  addNamespaces(ctx, [t]);
  ctx.add(t.obj);
}

/** A MAP mutates first; the VAP validates the mutated object (and never sees a failed one). */
export function shapeVapAfterMap(ctx: CaseContext): void {
  const ts = targets(ctx);
  const t = ts[0];
  const mutation = ctx.chance(0.6)
    ? { patchType: "ApplyConfiguration" as const, expression: nested(["metadata"], `labels: {"validated": ${ctx.pick(['"yes"', '"no"', "object.metadata.name"])}}`) }
    : randomMutation(ctx, t, { info: t.info });
  addPolicy(ctx, "mutator", { match: matchFor(ctx, t.info), mutations: [mutation], failurePolicy: failurePolicy(ctx) });
  const expression = ctx.pick(['object.metadata.?labels.validated.orValue("") == "yes"', "has(object.metadata.labels)", boolExpr(ctx, { info: t.info })]);
  addVap(ctx, "after-mutation", { match: matchFor(ctx, t.info), validations: [{ expression, ...(ctx.chance(0.5) ? { messageExpression: '"labels: " + string(object.metadata.?labels.orValue({}))' } : {}) }], failurePolicy: failurePolicy(ctx) });
  addNamespaces(ctx, ts);
  for (const x of ts) ctx.add(x.obj);
}

/** Selectors and UPDATE requests of validating policies. */
export function shapeVapMatch(ctx: CaseContext): void {
  if (ctx.chance(0.4)) ctx.operation = "UPDATE";
  const kind = ctx.pick(namespacedKinds);
  const ts = Array.from({ length: ctx.range(1, 3) }, () => builtinTarget(ctx, [kind], ctx.pick(namespaceNames)));
  const match: MatchResources = matchFor(ctx, ts[0].info, ctx.pick([["CREATE"], ["UPDATE"], ["*"]]));
  if (ctx.chance(0.5)) match.namespaceSelector = { matchLabels: { env: ctx.pick(["prod", "test"]) } };
  if (ctx.chance(0.4)) match.objectSelector = { matchExpressions: [{ key: "app", operator: ctx.pick(["Exists", "DoesNotExist"] as const) }] };
  const expression = ctx.operation === "UPDATE" ? ctx.pick(["object == oldObject", "oldObject.metadata.name == object.metadata.name", "has(oldObject.metadata.labels)"]) : boolExpr(ctx, { info: ts[0].info });
  addVap(ctx, "matcher", { match, validations: [{ expression }], failurePolicy: failurePolicy(ctx) });
  addNamespaces(ctx, ts, 0.8);
  for (const t of ts) ctx.add(t.obj);
}
