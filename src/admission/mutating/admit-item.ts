// Admits one item: resolves its kind and namespace, selects the invocations, runs them with
// reinvocation, applies failurePolicy, and reports the outcome as KRM results.
import type { Authorizer } from "../../cel/index.js";
import { deepEqual, getString, isObject, pathText, setKey, timed, type JsonObject, type PhaseHook } from "../../data/index.js";
import type { SchemaRegistry } from "../../schema/index.js";
import {
  buildRequest, evaluateMatchConditions, identify, itemResult, itemValues, policyErrorResults, selectInvocations,
  type BoundPolicy, type ItemIdentity, type NamespaceView, type ParamCollector, type ParamIndex, type PolicyIndex, type Selection,
} from "../dispatch/index.js";
import { exemptReason, resolveNamespaceObject, type RequestAttrs } from "../match/index.js";
import type { AdmitOptions, AdmitPhase, InvocationChange, KrmResult } from "../types.js";
import { applyMutationValue, type ItemPatching } from "./apply-mutation.js";
import type { CompiledPolicy } from "./compile-policy.js";
import { evaluateMutation } from "./evaluate-mutation.js";
import { invoke, type InvokerPorts, type TimedOut } from "./invoke.js";

/** What every item's admission shares: policies, namespaces, params, kinds. */
export interface AdmissionRun {
  bound: BoundPolicy<CompiledPolicy>[];
  registry: SchemaRegistry;
  namespaces: NamespaceView;
  params: ParamIndex;
  /** Policies by the requests their rules can match. */
  index: PolicyIndex<CompiledPolicy>;
  /** Param lookups, cached per (binding, request namespace). */
  paramsFor: ParamCollector;
  /** Names of the policies a binding of which matched some item (filled while admitting). */
  matched: Set<string>;
  /** `options.oldObjects` by apiVersion/kind/namespace/name. */
  oldObjects: Map<string, JsonObject> | undefined;
  options: AdmitOptions;
  authorizer: Authorizer;
  /** The steps a timing hook sees (see {@link itemSteps}). */
  steps: ItemSteps;
  /** The time limits of the run (see {@link RunClock}). */
  clock: RunClock;
}

/** The clock of a run (milliseconds), when the run's time is up, and the time one object may take. */
export interface RunClock {
  now: () => number;
  /** When the run's time is up. */
  runEnd: number;
  /** `spec.limits.objectTimeoutSeconds`. */
  objectSeconds: number;
}

/** Which time limit an object's admission ran into, and the invocation that was running. */
export interface ItemTimeout extends TimedOut {
  limit: "object" | "run";
}

/** The steps of admitting an item that are timed as phases: matching, CEL, patching. */
export interface ItemSteps {
  select: typeof selectFor;
  matchConditions: typeof evaluateMatchConditions;
  evaluateMutation: typeof evaluateMutation;
  applyMutation: typeof applyMutationValue;
}

/** The item steps, each reporting its time to `hook` as its phase when a hook is given. */
export function itemSteps(hook: PhaseHook<AdmitPhase> | undefined): ItemSteps {
  return {
    select: timed("match", hook, selectFor),
    matchConditions: timed("cel", hook, evaluateMatchConditions),
    evaluateMutation: timed("cel", hook, evaluateMutation),
    applyMutation: timed("patch", hook, applyMutationValue),
  };
}

/** The item to output and the results about it. */
export interface ItemOutcome {
  item: JsonObject;
  results: KrmResult[];
  /** The invocations that changed the item (with the paths each changed), when it was mutated. */
  changes?: InvocationChange[];
  /** Set when a time limit ran out while the item was admitted (`item` is then the input item). */
  timedOut?: ItemTimeout;
}

/** Admits `item` (a non-policy, non-exempt object) against every bound policy of the run. */
export function admitItem(item: JsonObject, run: AdmissionRun): ItemOutcome {
  const id = identify(item, run.registry);
  if (exemptReason(id.group, id.resource)) return { item, results: [] };
  const results: KrmResult[] = [];
  if (!id.known && run.bound.length > 0) {
    results.push(itemResult(item, run.options.strict ? "error" : "warning",
      `kind ${id.group ? id.group + "/" : ""}${id.version}/${id.kind} is not a built-in kind nor defined by a CustomResourceDefinition in the input: matched as resource "${id.resource}", ${id.namespaced ? "namespaced" : "cluster-scoped"}`));
  }
  const { object: outcome, changes, timedOut } = admitKnown(item, id, run, results);
  if (timedOut) return { item, results, timedOut };
  for (const name of run.namespaces.takeAssumed()) {
    results.push(itemResult(item, run.options.strict ? "error" : "warning",
      `Namespace "${name}" is not in the input: assumed it exists with only the label kubernetes.io/metadata.name=${name}`));
  }
  return changes ? { item: outcome, results, changes } : { item: outcome, results };
}

function admitKnown(item: JsonObject, id: ItemIdentity, run: AdmissionRun, results: KrmResult[]): { object: JsonObject; changes?: InvocationChange[]; timedOut?: ItemTimeout } {
  const { options } = run;
  const declaredNs = getString(item, "metadata", "namespace");
  const name = getString(item, "metadata", "name") ?? "";
  const isNamespaceKind = id.group === "" && id.version === "v1" && id.kind === "Namespace";
  let namespace = "";
  let object = item;
  if (id.namespaced) {
    namespace = declaredNs || options.defaultNamespace;
    if (!declaredNs) object = withNamespace(item, namespace);
  } else if (isNamespaceKind && options.operation === "UPDATE") {
    namespace = name;
  }
  const oldObject = options.operation === "UPDATE" ? oldObjectOf(item, run) ?? object : null;
  const kind = { group: id.group, version: id.version, kind: id.kind };
  const attrs: RequestAttrs = {
    group: id.group, version: id.version, resource: id.resource, subresource: "", kind,
    namespace, name, operation: options.operation, object, oldObject,
  };
  const { steps } = run;
  const sel = steps.select(run, attrs);
  for (const p of sel.matched) run.matched.add(p);
  if (sel.invocations.length === 0) {
    results.push(...policyErrorResults(item, sel.errors));
    return { object: item };
  }
  const resource = { group: id.group, version: id.version, resource: id.resource };
  const request = buildRequest({
    kind, resource, requestKind: kind, requestResource: resource, subResource: "", name, namespace,
    operation: options.operation, userInfo: options.userInfo, dryRun: options.dryRun,
  });
  const ns = resolveNamespaceObject(attrs, run.namespaces.lookup);
  const shared = itemValues({
    request,
    namespaceObject: "namespaceObject" in ns ? ns.namespaceObject : null, // the view never misses: absent Namespaces are assumed
    authorizer: run.authorizer,
    user: { username: options.userInfo.username ?? "", groups: options.userInfo.groups ?? [] },
    resource: { group: id.group, resource: id.resource, subresource: "", namespace, name },
  });
  const missingSchema = schemaProblem(id, run, results, item);
  const patching: ItemPatching = { schema: id.schema, typed: id.typed, validity: {} };
  const { clock } = run;
  const objectEnd = Math.min(clock.now() + clock.objectSeconds * 1000, clock.runEnd);
  const ports: InvokerPorts<CompiledPolicy> = {
    matchConditions: (inv, obj, old) => steps.matchConditions(inv.policy, shared, { object: obj, oldObject: old, params: inv.param }),
    mutationCount: (p) => p.mutations.length,
    runMutation: (inv, i, obj, old) => {
      const m = inv.policy.mutations[i];
      if (missingSchema) return { error: missingSchema, fieldPath: m.fieldPath, statusError: true };
      const e = steps.evaluateMutation(inv.policy, i, shared, { object: obj, oldObject: old, params: inv.param });
      if ("error" in e) return { error: e.error, fieldPath: m.fieldPath };
      const r = steps.applyMutation(m.patchType, obj, e.value, patching, inv.policy.limits.jsonPatchCopyBytes);
      return "error" in r ? { ...r, fieldPath: m.fieldPath } : r;
    },
    reinvocationPolicy: (p) => p.model.reinvocationPolicy,
    failurePolicy: (p) => p.model.failurePolicy,
    overdue: () => clock.now() > objectEnd,
  };
  const out = invoke(sel.invocations, object, oldObject, ports);
  if (out.timedOut) {
    const limit = objectEnd < clock.runEnd ? "object" : "run";
    if (limit === "object") results.push(objectTimeoutResult(item, out.timedOut, clock.objectSeconds));
    return { object: item, timedOut: { ...out.timedOut, limit } };
  }
  results.push(...policyErrorResults(item, [...sel.errors, ...out.errors]));
  if (out.statusError) {
    results.push(...policyErrorResults(item, [{ ...out.statusError, failurePolicy: "Fail" }]));
    return { object: item };
  }
  if ([...sel.errors, ...out.errors].some((e) => e.failurePolicy === "Fail")) return { object: item };
  let final = out.object;
  if (!declaredNs && id.namespaced) final = withoutAddedNamespace(final, namespace);
  if (deepEqual(final, item)) return { object: item };
  results.push(mutatedResult(item, out.changedBy));
  return { object: final, changes: out.changedBy };
}

/** The apiserver's answer to a request that ran past its timeout (its timeout filter). */
const requestTimeoutText = "Timeout: request did not complete within requested timeout - context deadline exceeded";

/** Who was running: `policy 'p' with binding 'b'[ and param 'x']`. */
export function runningText(t: TimedOut): string {
  return `policy '${t.policy}' with binding '${t.binding}'${t.param !== undefined ? ` and param '${t.param}'` : ""}`;
}

/** The error of an object whose admission ran past `spec.limits.objectTimeoutSeconds` (whatever the failurePolicy). */
function objectTimeoutResult(item: JsonObject, t: TimedOut, seconds: number): KrmResult {
  const message = `admitting this object took longer than ${seconds}s (spec.limits.objectTimeoutSeconds) while ${runningText(t)} was running, so the apiserver would refuse it: ${requestTimeoutText}`;
  const tags: Record<string, string> = { policy: t.policy, binding: t.binding, code: "object-timeout" };
  if (t.param !== undefined) tags.param = t.param;
  return itemResult(item, "error", message, tags);
}

/** The invocations of one request: the policies its rules can meet, then the full selection. */
function selectFor(run: AdmissionRun, attrs: RequestAttrs): Selection<CompiledPolicy> {
  const candidates = run.index.candidates(attrs);
  // A left-out policy with a namespaceSelector would have looked up the Namespace: do it, so an
  // assumed (missing) Namespace is still reported.
  if (candidates.skippedNamespaceSelector && attrs.namespace !== "" && attrs.resource !== "namespaces") run.namespaces.lookup(attrs.namespace);
  return selectInvocations(candidates.policies, attrs, run.namespaces.lookup, run.params, run.paramsFor);
}

/** Most changed paths an `info` result lists per invocation. */
const maxPathsShown = 8;

/**
 * The `info` result of a mutated item: each invocation that changed it with the field paths it
 * changed; `field.path` when all of them changed the same single path.
 */
function mutatedResult(item: JsonObject, changes: readonly InvocationChange[]): KrmResult {
  // The one path every invocation changed, while there is one (null once two differ).
  let only: string | null | undefined;
  const by: string[] = [];
  const policies = new Set<string>();
  for (const { policy, binding, param, pass, paths } of changes) {
    policies.add(policy);
    let shown = "";
    for (let i = 0; i < paths.length && (i < maxPathsShown || only !== null); i++) {
      const text = pathText(paths[i]);
      if (only === undefined) only = text;
      else if (only !== text) only = null;
      if (i < maxPathsShown) shown += i === 0 ? text : ", " + text;
    }
    if (paths.length > maxPathsShown) shown += `, … ${paths.length - maxPathsShown} more`;
    by.push(`policy '${policy}' with binding '${binding}'${param !== undefined ? ` and param '${param}'` : ""}${pass === 2 ? " (reinvocation)" : ""} (${shown})`);
  }
  // One join: the message is kept until the output is written, as one flat string.
  const r = itemResult(item, "info", `mutated by ${by.join(", ")}`, { policies: [...policies].join(",") });
  if (typeof only === "string") r.field = { path: only };
  return r;
}

/**
 * Upstream a kind without a schema fails every mutation with 503 (reference §2.6); kmutate merges
 * apply configurations with the deduced type instead and warns — unless `strict`.
 */
function schemaProblem(id: ItemIdentity, run: AdmissionRun, results: KrmResult[], item: JsonObject): string | undefined {
  if (id.schema) return undefined;
  const gvk = `${id.group}/${id.version}, Kind=${id.kind}`;
  if (run.options.strict) {
    return `Resource kind ${gvk} not found. There can be a delay between when CustomResourceDefinitions are created and when they are available.`;
  }
  results.push(itemResult(item, "warning",
    `no schema for ${gvk}: apply configurations merge it as untyped (maps merge, scalars replace, lists are refused); add its CustomResourceDefinition or an OpenAPI document to the input`));
  return undefined;
}

/** apiVersion/kind/namespace/name: how an item finds its old object. */
function oldObjectKey(o: JsonObject): string {
  return [getString(o, "apiVersion"), getString(o, "kind"), getString(o, "metadata", "namespace") ?? "", getString(o, "metadata", "name")].join("/");
}

/** The old objects for UPDATE by key (the first of duplicates wins), built once per run. */
export function indexOldObjects(olds: readonly JsonObject[] | undefined): Map<string, JsonObject> | undefined {
  if (!olds) return undefined;
  const byKey = new Map<string, JsonObject>();
  for (const o of olds) {
    const k = oldObjectKey(o);
    if (!byKey.has(k)) byKey.set(k, o);
  }
  return byKey;
}

function oldObjectOf(item: JsonObject, run: AdmissionRun): JsonObject | undefined {
  return run.oldObjects?.get(oldObjectKey(item));
}

function withNamespace(item: JsonObject, namespace: string): JsonObject {
  const meta: JsonObject = isObject(item.metadata) ? { ...item.metadata } : {};
  setKey(meta, "namespace", namespace);
  return { ...item, metadata: meta };
}

function withoutAddedNamespace(obj: JsonObject, namespace: string): JsonObject {
  if (!isObject(obj.metadata) || obj.metadata.namespace !== namespace) return obj;
  const meta: JsonObject = { ...obj.metadata };
  delete meta.namespace;
  return { ...obj, metadata: meta };
}
