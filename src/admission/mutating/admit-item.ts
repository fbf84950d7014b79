// Admits one item: resolves its kind and namespace, selects the invocations, runs them with
// reinvocation, applies failurePolicy, and reports the outcome as KRM results.
import type { Authorizer } from "../../cel/index.js";
import { deepEqual, getString, isObject, pathText, setKey, timed, type JsonObject, type PhaseHook } from "../../data/index.js";
import type { SchemaRegistry } from "../../schema/index.js";
import {
  evaluateMatchConditions, identify, itemResult, policyErrorResults, selectInvocations,
  type BoundPolicy, type ItemIdentity, type NamespaceView, type ParamCollector, type ParamIndex, type PolicyIndex, type Selection,
} from "../dispatch/index.js";
import { exemptReason, labelsOf, resolveNamespaceObject, type EquivalentResource, type RequestAttrs } from "../match/index.js";
import type { AdmitOptions, AdmitPhase, InvocationChange, KrmResult } from "../types.js";
import { applyMutationValue } from "./apply-mutation.js";
import type { CompiledPolicy } from "./compile-policy.js";
import { evaluateMutation } from "./evaluate-mutation.js";
import { alreadyExists, identityKey, type IdentityClaims } from "./identity-claims.js";
import { invoke, type InvokerPorts } from "./invoke.js";
import { itemContext } from "./item-context.js";
import { kindConverter } from "./kind-conversion.js";
import { defaultNamespaceLabel, isNamespaceKind, withInputNamespaceLabel } from "./namespace-defaults.js";
import { storedIdentity } from "./stored-identity.js";

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
  /** The identities of the run's items, which a renamed object must not take. */
  identities: IdentityClaims;
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
  /** The invocations that changed the item (before/after each), when it was mutated. */
  changes?: InvocationChange[];
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
  const { object: outcome, changes } = admitKnown(item, id, run, results);
  for (const name of run.namespaces.takeAssumed()) {
    results.push(itemResult(item, run.options.strict ? "error" : "warning",
      `Namespace "${name}" is not in the input: assumed it exists with only the label kubernetes.io/metadata.name=${name}`));
  }
  return changes ? { item: outcome, results, changes } : { item: outcome, results };
}

function admitKnown(item: JsonObject, id: ItemIdentity, run: AdmissionRun, results: KrmResult[]): { object: JsonObject; changes?: InvocationChange[] } {
  const { options, steps } = run;
  const declaredNs = getString(item, "metadata", "namespace");
  const name = getString(item, "metadata", "name") ?? "";
  const kind = { group: id.group, version: id.version, kind: id.kind };
  const isNamespace = isNamespaceKind(kind);
  let namespace = "";
  let object = item;
  if (id.namespaced) {
    namespace = declaredNs || options.defaultNamespace;
    if (!declaredNs) object = withNamespace(item, namespace);
  } else if (isNamespace) {
    namespace = name; // a Namespace request carries its own name as namespace (endpoints/handlers)
    object = defaultNamespaceLabel(object);
  }
  let oldObject = options.operation === "UPDATE" ? oldObjectOf(item, run) ?? object : null;
  if (isNamespace && oldObject !== null) oldObject = defaultNamespaceLabel(oldObject);
  const equivalents = equivalentsOf(id, run);
  const attrs: RequestAttrs = {
    group: id.group, version: id.version, resource: id.resource, subresource: "", kind,
    namespace, name, operation: options.operation, object, oldObject,
  };
  if (equivalents) attrs.equivalents = equivalents;
  // Each pass selects anew on its object. Selection reads the object only through its labels
  // (objectSelector, a Namespace's own namespaceSelector), so pass 1's stands while they are equal.
  let first: { labels: Readonly<Record<string, string>>; selection: Selection<CompiledPolicy> } | undefined;
  const select = (obj: JsonObject): Selection<CompiledPolicy> => {
    const labels = labelsOf(obj);
    if (first && (labels === first.labels || deepEqual(labels, first.labels))) return first.selection;
    const selection = steps.select(run, obj === object ? attrs : { ...attrs, object: obj });
    for (const p of selection.matched) run.matched.add(p);
    first ??= { labels, selection };
    return selection;
  };
  const namespaceObject = (): JsonObject | null => {
    const ns = resolveNamespaceObject(attrs, run.namespaces.lookup);
    return "namespaceObject" in ns ? ns.namespaceObject : null; // the view never misses: absent Namespaces are assumed
  };
  const ctx = itemContext(item, { id, name, namespace, namespaceObject }, run, results);
  const ports: InvokerPorts<CompiledPolicy> = {
    matchConditions: (inv, obj, old) => steps.matchConditions(inv.policy, ctx.valuesFor(inv, true), { object: obj, oldObject: old, params: inv.param }),
    mutationCount: (p) => p.mutations.length,
    runMutation: (inv, i, obj, old) => {
      const m = inv.policy.mutations[i];
      const kp = ctx.patchingFor(inv.kind);
      if ("error" in kp) return { error: kp.error, fieldPath: m.fieldPath, statusError: true };
      const e = steps.evaluateMutation(inv.policy, i, ctx.valuesFor(inv, false), { object: obj, oldObject: old, params: inv.param });
      if ("error" in e) return { error: e.error, fieldPath: m.fieldPath };
      const r = steps.applyMutation(m.patchType, obj, e.value, kp.patching, inv.policy.limits.jsonPatchCopyBytes);
      if ("error" in r) return { ...r, fieldPath: m.fieldPath };
      // Defaulting runs after every patch: a Namespace keeps its name label.
      return isNamespaceKind(inv.kind) ? { object: defaultNamespaceLabel(r.object) } : r;
    },
    reinvocationPolicy: (p) => p.model.reinvocationPolicy,
    failurePolicy: (p) => p.model.failurePolicy,
    convert: kindConverter(run.registry, kind),
  };
  const out = invoke(select, object, oldObject, ports);
  results.push(...policyErrorResults(item, out.errors));
  if (out.statusError) {
    results.push(...policyErrorResults(item, [{ ...out.statusError, failurePolicy: "Fail" }]));
    return { object: item };
  }
  if (out.errors.some((e) => e.failurePolicy === "Fail")) return { object: item };
  if (out.object === object) return { object: item };
  const refuse = (message: string): { object: JsonObject } => {
    results.push(itemResult(item, "error", message, { policies: [...new Set(out.changedBy.map((c) => c.policy))].join(",") }));
    return { object: item };
  };
  const stored = storedIdentity(out.object, { operation: options.operation, kind, namespace, namespaced: id.namespaced, name, custom: !id.typed && id.known });
  if ("error" in stored) return refuse(stored.error);
  const newName = getString(stored.object, "metadata", "name") ?? "";
  if (newName !== name && !run.identities.claim(identityKey(id.group, id.kind, id.namespaced ? namespace : "", newName))) {
    return refuse(alreadyExists(id.group, id.resource, newName));
  }
  let final = stored.object;
  if (!declaredNs && id.namespaced) final = withoutAddedNamespace(final, namespace);
  if (isNamespace) final = withInputNamespaceLabel(final, item);
  if (deepEqual(final, item)) return { object: item };
  results.push(mutatedResult(item, out.changedBy));
  return { object: final, changes: out.changedBy };
}

/** The resources sharing the item's storage under other versions or groups (none: undefined). */
function equivalentsOf(id: ItemIdentity, run: AdmissionRun): EquivalentResource[] | undefined {
  if (!id.known) return undefined;
  const list = run.registry.equivalentResources(id.group, id.resource);
  if (list.length < 2) return undefined;
  return list.map((r) => ({ group: r.group, version: r.version, resource: r.resource, kind: { group: r.group, version: r.version, kind: r.kind } }));
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
