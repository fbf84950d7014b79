// MAP case shapes about mutations themselves: plain mutations of built-in kinds, matchConditions,
// variables, several mutations per policy, compile and runtime errors, the typed view.
import type { CaseContext } from "./case-context.js";
import { addNamespaces, addPolicy, builtinTarget, failurePolicy, matchFor, randomMutation, type Target } from "./map-common.js";
import { nested } from "./apply-configs.js";
import { celString, type Mutation, type Named } from "./policy-builders.js";
import { boolExpr, stringExpr, type ExprScope } from "./value-exprs.js";
import { builtinKinds, workloadKinds } from "./builtin-objects.js";

function targets(ctx: CaseContext, n: number): Target[] {
  const first = builtinTarget(ctx);
  const out = [first];
  for (let i = 1; i < n; i++) out.push(ctx.chance(0.7) ? builtinTarget(ctx, builtinKinds.filter((k) => k === first.info.kind)) : builtinTarget(ctx));
  return out;
}

/** One or two policies with random mutations of one kind; 1–3 objects. */
export function shapeMutate(ctx: CaseContext): void {
  const ts = targets(ctx, ctx.range(1, 3));
  const t = ts[0];
  const scope: ExprScope = { info: t.info };
  const policies = ctx.range(1, 2);
  for (let i = 0; i < policies; i++) {
    const mutations: Mutation[] = [randomMutation(ctx, t, scope)];
    if (ctx.chance(0.2)) mutations.push(randomMutation(ctx, t, scope));
    addPolicy(ctx, ctx.name(`mutate-${i}`), { match: matchFor(ctx, t.info), mutations, failurePolicy: failurePolicy(ctx) });
  }
  addNamespaces(ctx, ts);
  for (const x of ts) ctx.add(x.obj);
}

/** matchConditions (true, false, failing at runtime) in front of a simple mutation. */
export function shapeConditions(ctx: CaseContext): void {
  const ts = targets(ctx, ctx.range(1, 2));
  const t = ts[0];
  const scope: ExprScope = { info: t.info };
  const matchConditions: Named[] = ctx.subset(["first", "second", "third"], 1, 3).map((name) => ({ name, expression: boolExpr(ctx, scope, true) }));
  const mutation: Mutation = ctx.chance(0.5)
    ? { patchType: "ApplyConfiguration", expression: nested(["metadata"], `annotations: {"conditioned": "yes"}`) }
    : randomMutation(ctx, t, scope);
  addPolicy(ctx, "conditioned", { match: matchFor(ctx, t.info), matchConditions, mutations: [mutation], failurePolicy: failurePolicy(ctx) });
  addNamespaces(ctx, ts);
  for (const x of ts) ctx.add(x.obj);
}

/**
 * Variables (chained, failing at runtime) used by mutations, next to matchConditions (which cannot
 * read variables: API validation compiles them without). A variable that reads an undeclared one
 * is refused by API validation: such cases are marked as invalid policies.
 */
export function shapeVariables(ctx: CaseContext): void {
  const ts = targets(ctx, ctx.range(1, 2));
  const t = ts[0];
  const variables: Named[] = [];
  const names = ctx.subset(["tier", "owner", "suffix"], 1, 3);
  for (const name of names) {
    const declared = variables.map((v) => v.name);
    const r = ctx.rng.next();
    let expression: string;
    if (r < 0.15 && declared.length > 0) expression = `variables.${ctx.pick(declared)} + "-2"`;
    else if (r < 0.22) {
      expression = "variables.later";
      ctx.invalidPolicy = `spec.variables: ${name} reads a variable that is not declared before it`;
    } else if (r < 0.3) expression = `object.metadata.labels["missing-${name}"]`;
    // dyn: a list typed list(int) would make `+ "-2"` or `string(…)` on it a compile error
    else if (r < 0.35) expression = "dyn([1, 2, 3])";
    else expression = stringExpr(ctx, { info: t.info, variables: declared });
    variables.push({ name, expression });
  }
  const scope: ExprScope = { info: t.info, variables: names };
  const matchConditions: Named[] = ctx.chance(0.3) ? [{ name: "not-named", expression: `object.metadata.name != ${celString(ctx.pick(names))}` }] : [];
  const mutation: Mutation = ctx.chance(0.6)
    ? { patchType: "ApplyConfiguration", expression: nested(["metadata"], `annotations: {"v": ${stringExpr(ctx, scope)}}`) }
    : { patchType: "JSONPatch", expression: `[JSONPatch{op: "add", path: "/metadata/annotations", value: {"v": variables.${ctx.pick(names)}}}]` };
  addPolicy(ctx, "with-variables", { match: matchFor(ctx, t.info), variables, matchConditions, mutations: [mutation], failurePolicy: failurePolicy(ctx) });
  addNamespaces(ctx, ts);
  for (const x of ts) ctx.add(x.obj);
}

/** Several mutations in one policy (JSONPatch and ApplyConfiguration mixed), some failing. */
export function shapeMultiMutation(ctx: CaseContext): void {
  const ts = targets(ctx, ctx.range(1, 2));
  const t = ts[0];
  const scope: ExprScope = { info: t.info };
  const mutations = Array.from({ length: ctx.range(2, 4) }, () => randomMutation(ctx, t, scope));
  addPolicy(ctx, "multi", { match: matchFor(ctx, t.info), mutations, failurePolicy: failurePolicy(ctx), reinvocationPolicy: ctx.pick(["Never", "IfNeeded"]) });
  addNamespaces(ctx, ts);
  for (const x of ts) ctx.add(x.obj);
}

/** Mutations that fail; `refused` when API validation refuses the policy (compile, type or program error). */
const brokenExpressions: [Mutation["patchType"], string, "refused"?][] = [
  ["JSONPatch", `[JSONPatch{op: "add", path: "/metadata/labels/x", value: params.data.x}]`, "refused"],
  ["JSONPatch", `[JSONPatch{op: "add", path: "/metadata/labels", value: {"a": "b"}}`, "refused"],
  ["JSONPatch", `[1, 2]`, "refused"],
  ["JSONPatch", `JSONPatch{op: "add", path: "/metadata/labels", value: {}}`, "refused"],
  ["JSONPatch", `[JSONPatch{op: "frobnicate", path: "/metadata/labels", value: {}}]`],
  ["JSONPatch", `[JSONPatch{op: "add", path: "metadata/labels", value: {}}]`],
  ["JSONPatch", `[JSONPatch{op: "add", path: "/metadata/labels"}]`],
  ["JSONPatch", `[JSONPatch{op: "add", path: "/metadata/annotations", value: {"n": string(1 / (size(object.metadata.name) - size(object.metadata.name)))}}]`],
  ["JSONPatch", `[JSONPatch{op: "add", path: "/metadata/annotations", value: {"n": object.metadata.name[0]}}]`],
  ["JSONPatch", `[JSONPatch{op: "copy", from: "/metadata/nothing", path: "/metadata/annotations"}]`],
  ["JSONPatch", `[JSONPatch{op: "add", path: "/metadata/annotations", value: {"l": [1, 2][5]}}]`],
  ["JSONPatch", `[JSONPatch{op: "move", from: "/metadata/labels", path: "/metadata/labels/inner"}]`],
  ["ApplyConfiguration", `"not an object"`, "refused"],
  ["ApplyConfiguration", `Object{metadata: Object.metadata{labels: {"k": 1}}}`],
  ["ApplyConfiguration", `Object{metadata: Object.metadata{name: "renamed"}}`],
  ["ApplyConfiguration", `Object{metadata: Object.metadata{labels: object.metadata.nope}}`],
  ["ApplyConfiguration", `Object{metadata: Object.metadata{labels: {"k": "v"}}`, "refused"],
  ["ApplyConfiguration", `Object{kind: "Other"}`],
  ["ApplyConfiguration", `Object{apiVersion: "v2"}`],
  // a constant that fails when the program is built (Kubernetes folds constants): validation refuses it too
  ["ApplyConfiguration", `Object{metadata: Object.metadata{annotations: {"x": string(int("abc"))}}}`, "refused"],
  ["ApplyConfiguration", `Object{metadata: Object.metadata{labels: {"k": "v"}, labels: {"k": "w"}}}`],
];

/**
 * Runtime errors and invalid patch values, under Fail and Ignore, maybe followed by a good mutation;
 * and mutations that do not compile (the policy is invalid: such cases are marked so).
 */
export function shapeErrors(ctx: CaseContext): void {
  const ts = targets(ctx, ctx.range(1, 2));
  const t = ts[0];
  const [patchType, expression, refused] = ctx.pick(brokenExpressions);
  if (refused) ctx.invalidPolicy = `spec.mutations: ${expression} does not compile (to ${patchType === "JSONPatch" ? "list(JSONPatch)" : "Object"})`;
  const mutations: Mutation[] = [{ patchType, expression }];
  if (ctx.chance(0.4)) mutations.push({ patchType: "ApplyConfiguration", expression: nested(["metadata"], `annotations: {"after": "ran"}`) });
  if (ctx.chance(0.3)) mutations.unshift({ patchType: "JSONPatch", expression: `[JSONPatch{op: "add", path: "/metadata/annotations", value: {"before": "ran"}}]` });
  addPolicy(ctx, "broken", { match: matchFor(ctx, t.info), mutations, failurePolicy: failurePolicy(ctx) });
  if (ctx.chance(0.4)) addPolicy(ctx, "later", { match: matchFor(ctx, t.info), mutations: [{ patchType: "ApplyConfiguration", expression: nested(["metadata"], `labels: {"later": "ran"}`) }] });
  addNamespaces(ctx, ts);
  for (const x of ts) ctx.add(x.obj);
}

/** Reads and patches of what only the typed object has (zero-valued structs, non-omitempty fields). */
export function shapeTypedView(ctx: CaseContext): void {
  const t = builtinTarget(ctx, ctx.chance(0.7) ? workloadKinds : ["Service", "ConfigMap", "Secret"]);
  const pod = t.info.podSpec ? "/" + t.info.podSpec.join("/") : undefined;
  const reads = [
    "string(has(object.status))",
    "string(has(object.spec))",
    'object.?spec.?strategy.orValue("absent") == "absent" ? "no" : "yes"',
    "string(object.metadata.?creationTimestamp.hasValue())",
    "string(has(object.metadata.labels))",
    "object.?status.orValue({}).size() == 0 ? \"empty\" : \"full\"",
  ];
  if (t.info.podSpec) reads.push(`string(has(object.${t.info.podSpec.join(".")}.containers[0].resources))`, `string(object.${t.info.podSpec.join(".")}.containers[0].resources)`);
  if (t.info.kind === "Service") reads.push("string(object.spec.ports[0].targetPort)", "string(object.status.loadBalancer)");
  const m: Mutation = ctx.chance(0.5) || !pod
    ? { patchType: "JSONPatch", expression: `[JSONPatch{op: "add", path: "/metadata/annotations", value: {"seen": ${ctx.pick(reads)}}}]` }
    : { patchType: "JSONPatch", expression: `[JSONPatch{op: "add", path: ${celString(ctx.pick([`${pod}/containers/0/resources/limits`, "/status/phase", `${pod}/securityContext/runAsNonRoot`]))}, value: ${ctx.pick(['{"cpu": "1"}', "true", '"Running"'])}}]` };
  addPolicy(ctx, "typed", { match: matchFor(ctx, t.info), mutations: [m], failurePolicy: failurePolicy(ctx) });
  addNamespaces(ctx, [t]);
  ctx.add(t.obj);
}
