// MAP case shapes about which invocations run: params (ConfigMap and custom-resource kinds, by
// name or selector, Deny/Allow), namespace and object selectors, rules, and reinvocation.
import type { JsonObject } from "../../../src/data/index.js";
import type { CaseContext } from "./case-context.js";
import { addNamespaces, addPolicy, builtinTarget, failurePolicy, matchFor, randomMutation, type Target } from "./map-common.js";
import { nested } from "./apply-configs.js";
import { builtinKinds, namespaceNames, namespaceObject, randomLabels, type BuiltinKind } from "./builtin-objects.js";
import { customObject, paramCrd, paramKindInfo, paramObject, widgetCrd, widgetInfo, gadgetCrd, gadgetInfo } from "./custom-resources.js";
import { celString, type MatchResources, type ParamRef, type Rule, type Selector } from "./policy-builders.js";
import { boolExpr, stringExpr, type ExprScope } from "./value-exprs.js";

function configMapParam(ctx: CaseContext, name: string, namespace: string, labels?: Record<string, string>): JsonObject {
  const md: JsonObject = { name, namespace };
  if (labels) md.labels = labels;
  const data: JsonObject = Object.fromEntries(ctx.subset([["mode", ctx.pick(["fast", "slow"])], ["replicas", ctx.pick(["2", "x"])], ["tier", "backend"]], 0, 3));
  return { apiVersion: "v1", kind: "ConfigMap", metadata: md, ...(ctx.chance(0.9) ? { data } : {}) };
}

function paramRef(ctx: CaseContext, clusterScoped: boolean): ParamRef {
  const ref: ParamRef = {};
  if (ctx.chance(0.65)) ref.name = ctx.pick(["settings", "missing-param"]);
  else ref.selector = ctx.pick<Selector>([{ matchLabels: { role: "param" } }, { matchExpressions: [{ key: "role", operator: "Exists" }] }, {}]);
  if (!clusterScoped && ctx.chance(0.6)) ref.namespace = ctx.pick(["default", "params", "team-a"]);
  if (ctx.chance(0.9)) ref.parameterNotFoundAction = ctx.pick(["Deny", "Allow"]); // else: Deny for v1, the v1alpha1/v1beta1 default
  return ref;
}

/** Params: ConfigMap or custom kinds, by name or selector, in a namespace or the request's, some missing. */
export function shapeParams(ctx: CaseContext): void {
  const custom = ctx.chance(0.35);
  const clusterScoped = custom && ctx.chance(0.4);
  const t = builtinTarget(ctx);
  const r = ctx.rng.next();
  // the binding omits paramRef (params is null), or the policy omits paramKind while the binding
  // has a paramRef (then its expressions cannot read params: API validation declares it only with a paramKind)
  const withKind = r > 0.06;
  const scope: ExprScope = { info: t.info, ...(withKind ? { params: custom ? "custom" as const : "configmap" as const } : {}) };
  // sometimes the param kind has no CRD (paramKind not found); then no param objects either
  const crdMissing = custom && ctx.chance(0.1);
  if (custom && !crdMissing) ctx.add(paramCrd(clusterScoped));
  const paramKind = custom ? { apiVersion: paramKindInfo(clusterScoped).apiVersion, kind: paramKindInfo(clusterScoped).kind } : { apiVersion: "v1", kind: "ConfigMap" };
  const value = stringExpr(ctx, scope);
  const mutation = ctx.chance(0.6)
    ? { patchType: "ApplyConfiguration" as const, expression: nested(["metadata"], `annotations: {"param": ${value}}`) }
    : { patchType: "JSONPatch" as const, expression: `[JSONPatch{op: "add", path: "/metadata/annotations", value: {"param": ${value}}}]` };
  const ref = r > 0.12 || !withKind ? paramRef(ctx, clusterScoped) : undefined;
  const matchConditions = ctx.chance(0.2) ? [{ name: "param-condition", expression: boolExpr(ctx, scope, true) }] : [];
  addPolicy(ctx, "with-params", { match: matchFor(ctx, t.info), paramKind: withKind ? paramKind : undefined, matchConditions, mutations: [mutation], failurePolicy: failurePolicy(ctx) }, ref);
  const paramNamespaces = ctx.subset([...new Set(["default", "params", "team-a", String((t.obj.metadata as JsonObject).namespace)])], 1, 2);
  for (const ns of crdMissing ? [] : paramNamespaces) {
    const name = ctx.pick(["settings", "other"]);
    const labels = ctx.chance(0.6) ? { role: "param" } : undefined;
    if (custom) ctx.add(paramObject(ctx, clusterScoped, ctx.name(name), ns, labels));
    else ctx.add(configMapParam(ctx, name, ns, labels));
  }
  addNamespaces(ctx, [t], 0.5);
  ctx.add(t.obj);
}

function selector(ctx: CaseContext, keys: string[]): Selector {
  const key = ctx.pick(keys);
  switch (ctx.range(0, 5)) {
    case 0: return { matchLabels: { [key]: ctx.pick(["prod", "frontend", "web", "a", "true"]) } };
    case 1: return { matchExpressions: [{ key, operator: "In", values: ctx.subset(["prod", "test", "frontend", "web", "a"], 1, 3) }] };
    case 2: return { matchExpressions: [{ key, operator: "NotIn", values: ["prod", "backend"] }] };
    case 3: return { matchExpressions: [{ key, operator: "Exists" }] };
    case 4: return { matchExpressions: [{ key, operator: "DoesNotExist" }] };
    default: return { matchLabels: { [key]: "prod" }, matchExpressions: [{ key: ctx.pick(keys), operator: "Exists" }] };
  }
}

/** namespaceSelector / objectSelector on the policy and on the binding, over objects in several namespaces. */
export function shapeSelectors(ctx: CaseContext): void {
  const kind = ctx.pick(builtinKinds.filter((k) => k !== "Namespace"));
  const ts: Target[] = Array.from({ length: ctx.range(2, 4) }, () => builtinTarget(ctx, [kind], ctx.pick(namespaceNames)));
  const nsKeys = ["env", "team", "kubernetes.io/metadata.name", "istio-injection"];
  const objKeys = ["app", "tier", "env", "inject"];
  const policyMatch: MatchResources = { ...matchFor(ctx, ts[0].info) };
  if (ctx.chance(0.6)) policyMatch.namespaceSelector = selector(ctx, nsKeys);
  if (ctx.chance(0.6)) policyMatch.objectSelector = selector(ctx, objKeys);
  let bindingMatch: MatchResources | undefined;
  if (ctx.chance(0.4)) {
    bindingMatch = {};
    if (ctx.chance(0.6)) bindingMatch.namespaceSelector = selector(ctx, nsKeys);
    if (ctx.chance(0.5)) bindingMatch.objectSelector = selector(ctx, objKeys);
    if (ctx.chance(0.3)) bindingMatch.resourceRules = [{ ...policyMatch.resourceRules![0], resourceNames: [String((ts[0].obj.metadata as JsonObject).name)] }];
  }
  const mutation = ctx.chance(0.7)
    ? { patchType: "ApplyConfiguration" as const, expression: nested(["metadata"], `labels: {"selected": "yes"}`) }
    : randomMutation(ctx, ts[0], { info: ts[0].info });
  addPolicy(ctx, "selective", { match: policyMatch, mutations: [mutation], failurePolicy: failurePolicy(ctx) }, undefined, bindingMatch);
  addNamespaces(ctx, ts, 0.8);
  for (const t of ts) ctx.add(t.obj);
}

/** Rules with wildcards, resourceNames, operations, scopes and exclusions over objects of many kinds. */
export function shapeRules(ctx: CaseContext): void {
  const ts: Target[] = ctx.subset(builtinKinds, 2, 5).map((k) => builtinTarget(ctx, [k as BuiltinKind]));
  if (ctx.chance(0.3)) {
    ctx.add(widgetCrd(false));
    ts.push({ obj: customObject(ctx, widgetInfo(), "default"), info: widgetInfo() });
  }
  const some = ctx.pick(ts).info;
  const rule = (): Rule => {
    const r: Rule = { apiGroups: ctx.pick([["*"], [some.group], ["", "apps"], ["batch"]]), apiVersions: ctx.pick([["*"], ["v1"], ["v1beta1"]]), operations: ctx.pick([["*"], ["CREATE"], ["UPDATE"], ["CREATE", "UPDATE"]]), resources: ctx.pick([["*"], [some.resource], ["*/*"], [`${some.resource}/status`], ["deployments", "pods", "configmaps"]]) };
    if (ctx.chance(0.25)) r.scope = ctx.pick(["Namespaced", "Cluster", "*"]);
    if (ctx.chance(0.2)) r.resourceNames = [String((ctx.pick(ts).obj.metadata as JsonObject).name)];
    return r;
  };
  const match: MatchResources = { resourceRules: Array.from({ length: ctx.range(1, 2) }, rule) };
  if (ctx.chance(0.3)) match.excludeResourceRules = [rule()];
  if (ctx.chance(0.15)) match.matchPolicy = ctx.pick(["Exact", "Equivalent"]);
  addPolicy(ctx, "ruled", { match, mutations: [{ patchType: "ApplyConfiguration", expression: nested(["metadata"], `labels: {"matched": request.resource.resource}`) }], failurePolicy: failurePolicy(ctx) });
  addNamespaces(ctx, ts, 0.5);
  for (const t of ts) ctx.add(t.obj);
}

/** Several policies (IfNeeded/Never) that count in an annotation or append to a list, re-run on reinvocation. */
export function shapeReinvocation(ctx: CaseContext): void {
  const t = builtinTarget(ctx, ctx.chance(0.5) ? ["ConfigMap"] : builtinKinds.filter((k) => k !== "Namespace"));
  const meta = t.obj.metadata as JsonObject;
  if (ctx.chance(0.7)) meta.annotations = { ...((meta.annotations as JsonObject) ?? {}), foo: "0" };
  const n = ctx.range(2, 4);
  for (let i = 0; i < n; i++) {
    const name = `policy-${i + 1}`;
    const r = ctx.rng.next();
    const expression = r < 0.5
      ? nested(["metadata"], `annotations: {?"foo": optional.of(string(int(object.metadata.?annotations["foo"].orValue("0")) + 1)), ${celString(`applied-${i + 1}`)}: "true"}`)
      : r < 0.7
        ? nested(["metadata"], `labels: {${celString(`p${i + 1}`)}: string(size(object.metadata.?labels.orValue({})))}`)
        : r < 0.85
          ? `[JSONPatch{op: "add", path: "/metadata/annotations/count", value: string(size(object.metadata.?annotations.orValue({})))}]`
          : nested(["metadata"], `labels: {"stamp": ${celString(name)}}`);
    const patchType = expression.startsWith("[") ? "JSONPatch" as const : "ApplyConfiguration" as const;
    const matchConditions = ctx.chance(0.25) ? [{ name: "not-yet", expression: ctx.pick(['!has(object.metadata.labels) || !("stamp" in object.metadata.labels)', 'object.metadata.?annotations["foo"].orValue("0") != "2"']) }] : [];
    const objectSelector: Selector | undefined = ctx.chance(0.15) ? { matchExpressions: [{ key: "stamp", operator: "DoesNotExist" }] } : undefined;
    addPolicy(ctx, name, { match: { ...matchFor(ctx, t.info), ...(objectSelector ? { objectSelector } : {}) }, matchConditions, mutations: [{ patchType, expression }], reinvocationPolicy: ctx.pick(["IfNeeded", "Never"]), failurePolicy: failurePolicy(ctx) });
  }
  addNamespaces(ctx, [t]);
  ctx.add(t.obj);
}

/** Custom resources (namespaced and cluster-scoped, one or two versions) with schema-driven merges. */
export function shapeCustom(ctx: CaseContext): void {
  const twoVersions = ctx.chance(0.25);
  const cluster = ctx.chance(0.25);
  ctx.add(cluster ? gadgetCrd() : widgetCrd(twoVersions));
  const objVersion = twoVersions && ctx.chance(0.5) ? "v1beta1" : "v1";
  const info = cluster ? gadgetInfo : widgetInfo(objVersion);
  const ts: Target[] = Array.from({ length: ctx.range(1, 2) }, () => ({ obj: customObject(ctx, info, ctx.pick(["default", "team-a"])), info }));
  const scope: ExprScope = { info };
  const ruleInfo = twoVersions ? widgetInfo(ctx.pick(["v1", "v1beta1"])) : info;
  const match = matchFor(ctx, ruleInfo);
  if (twoVersions) match.matchPolicy = ctx.pick(["Exact", "Equivalent"]);
  const mutations = [randomMutation(ctx, ts[0], scope)];
  if (ctx.chance(0.2)) mutations.push(randomMutation(ctx, ts[0], scope));
  addPolicy(ctx, "custom", { match, mutations, failurePolicy: failurePolicy(ctx), matchConditions: ctx.chance(0.15) ? [{ name: "c", expression: 'has(object.spec.color)' }] : [] });
  addNamespaces(ctx, ts, 0.4);
  for (const t of ts) ctx.add(t.obj);
}

/** UPDATE requests: oldObject is the item itself; rules for CREATE only, UPDATE only or both. */
export function shapeUpdate(ctx: CaseContext): void {
  ctx.operation = "UPDATE";
  const t = builtinTarget(ctx);
  const scope: ExprScope = { info: t.info };
  const reads = ["oldObject.metadata.name", 'oldObject.metadata.?labels.app.orValue("none")', "string(oldObject == object)", "request.operation", 'string(has(oldObject.metadata.annotations))'];
  const mutation = ctx.chance(0.5)
    ? { patchType: "ApplyConfiguration" as const, expression: nested(["metadata"], `annotations: {"old": ${ctx.pick(reads)}}`) }
    : randomMutation(ctx, t, scope);
  const ops = ctx.pick([["UPDATE"], ["CREATE"], ["CREATE", "UPDATE"], ["*"]]);
  addPolicy(ctx, "on-update", { match: matchFor(ctx, t.info, ops), mutations: [mutation], failurePolicy: failurePolicy(ctx), reinvocationPolicy: ctx.pick(["Never", "IfNeeded"]) });
  addNamespaces(ctx, [t]);
  ctx.add(t.obj);
}

/** request.* fields with a configured user, dryRun and authorizer decision. */
export function shapeRequest(ctx: CaseContext): void {
  ctx.options = {
    ...(ctx.chance(0.7) ? { userInfo: { username: ctx.pick(["admin", "jane"]), ...(ctx.chance(0.5) ? { uid: "u-1" } : {}), ...(ctx.chance(0.6) ? { groups: ["system:authenticated", "devs"] } : {}), ...(ctx.chance(0.3) ? { extra: { scopes: ["a", "b"] } } : {}) } } : {}),
    ...(ctx.chance(0.3) ? { dryRun: true } : {}),
    ...(ctx.chance(0.4) ? { authorizer: ctx.pick(["Allow", "Deny", "NoOpinion"] as const) } : {}),
  };
  const t = builtinTarget(ctx);
  const value = ctx.pick([
    "request.userInfo.username", 'request.userInfo.?groups.orValue([]).join(",")', "string(has(request.userInfo.uid))", "string(request.dryRun)",
    'request.?userInfo.?extra.orValue({}).map(k, k + "=" + request.userInfo.extra[k].join("+")).join(",")', "request.name", "request.requestKind.kind", "request.subResource", "string(request.options)",
    'string(authorizer.group("").resource("pods").namespace("default").check("get").allowed())', 'authorizer.requestResource.check("create").reason()',
    'string(authorizer.serviceAccount("default", "builder").group("apps").resource("deployments").check("update").allowed())',
  ]);
  addPolicy(ctx, "requested", { match: matchFor(ctx, t.info), mutations: [{ patchType: "ApplyConfiguration", expression: nested(["metadata"], `annotations: {"r": ${value}}`) }], failurePolicy: failurePolicy(ctx) });
  addNamespaces(ctx, [t]);
  ctx.add(t.obj);
}

/** Namespaces as admitted objects (their own request namespace) and namespaceObject reads. */
export function shapeNamespaces(ctx: CaseContext): void {
  const nss = ctx.subset(namespaceNames, 1, 3);
  const objs = nss.map((n) => {
    const o = namespaceObject(n, ctx);
    if (ctx.chance(0.3)) (o.metadata as JsonObject).labels = randomLabels(ctx);
    return o;
  });
  const value = ctx.pick(["request.namespace", "namespaceObject == null ? \"null\" : namespaceObject.metadata.name", 'object.metadata.labels["kubernetes.io/metadata.name"]', "string(size(object.metadata.labels))", "request.name"]);
  const match: MatchResources = { resourceRules: [{ apiGroups: [""], apiVersions: ["v1"], operations: ["CREATE", "UPDATE"], resources: ["namespaces"] }] };
  if (ctx.chance(0.4)) match.namespaceSelector = { matchLabels: { env: ctx.pick(["prod", "test"]) } };
  if (ctx.chance(0.3)) match.objectSelector = { matchExpressions: [{ key: "kubernetes.io/metadata.name", operator: "In", values: [nss[0]] }] };
  const withParams = ctx.chance(0.3);
  if (withParams) ctx.add({ apiVersion: "v1", kind: "ConfigMap", metadata: { name: "settings", namespace: nss[0] }, data: { mode: "ns-param" } });
  addPolicy(ctx, "ns-policy", {
    match, mutations: [{ patchType: "ApplyConfiguration", expression: nested(["metadata"], `annotations: {"seen": ${withParams ? `params.data.mode + "/" + (${value})` : value}}`) }],
    failurePolicy: failurePolicy(ctx), ...(withParams ? { paramKind: { apiVersion: "v1", kind: "ConfigMap" } } : {}),
  }, withParams ? { name: "settings", parameterNotFoundAction: ctx.pick(["Deny", "Allow"]) } : undefined);
  if (ctx.chance(0.3)) ctx.operation = "UPDATE";
  for (const o of objs) ctx.add(o);
  if (ctx.chance(0.4)) {
    const t = builtinTarget(ctx, ["ConfigMap"], nss[0]);
    ctx.add(t.obj);
  }
}
