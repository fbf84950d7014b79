// Admits one item: resolves its kind and namespace, selects the invocations, runs them with
// reinvocation, applies failurePolicy, and reports the outcome as KRM results.
import type { Authorizer } from "../../cel/index.js";
import { deepEqual, getString, isObject, pathText, timed, type JsonObject, type PhaseHook } from "../../data/index.js";
import type { SchemaRegistry } from "../../schema/index.js";
import {
  assumedNamespaceResult, defaultNamespaceLabel, evaluateMatchConditions, identify, isNamespaceKind, itemRequest, itemResult, policyErrorResults, requestValues,
  labelsDefaulted, openView, selectForRequest, statusErrorResult, unknownFieldResults, unknownKindResult, withInputNamespaceLabel, type AdmittedView, type BoundPolicy,
  type ItemIdentity, type NamespaceView, type ParamCollector, type ParamIndex, type PolicyIndex, type RequestEnvironment, type Selection,
} from "../dispatch/index.js";
import { exemptReason, labelsOf, resolveNamespaceObject, type RequestAttrs } from "../match/index.js";
import type { AdmitOptions, AdmitPhase, InvocationChange, KrmResult } from "../types.js";
import { defaultViewOptions } from "../../view/index.js";
import { applyMutationValue } from "./apply-mutation.js";
import type { CompiledPolicy } from "./compile-policy.js";
import { evaluateMutation } from "./evaluate-mutation.js";
import { alreadyExists, identityKey, type IdentityClaims } from "./identity-claims.js";
import { invoke, type InvokerPorts } from "./invoke.js";
import { itemContext } from "./item-context.js";
import { kindConverter } from "./kind-conversion.js";
import { storedIdentity } from "./stored-identity.js";
import { objectTimeoutResult, type ItemTimeout, type RunClock } from "./time-limits.js";

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
  /** Builds (once per item, shared with the validating stage) the CEL values of the request's own kind. */
  requestEnv: RequestEnvironment;
  /** The time limits of the run. */
  clock: RunClock;
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
  /** The view of the admitted object, when one was opened and the object was not refused (for the validating stage). */
  view?: AdmittedView;
}

/** Admits `item` (a non-policy, non-exempt object) against every bound policy of the run. */
export function admitItem(item: JsonObject, run: AdmissionRun): ItemOutcome {
  const id = identify(item, run.registry);
  if (exemptReason(id.group, id.resource)) return { item, results: [] };
  const results: KrmResult[] = [];
  if (!id.known && run.bound.length > 0) results.push(unknownKindResult(item, id, run.options.strict));
  const { object: outcome, changes, timedOut, view } = admitKnown(item, id, run, results);
  if (timedOut) return { item, results, timedOut };
  for (const name of run.namespaces.takeAssumed()) results.push(assumedNamespaceResult(item, name, run.options.strict));
  const r: ItemOutcome = { item: outcome, results };
  if (changes) r.changes = changes;
  if (view) r.view = view;
  return r;
}

interface KnownOutcome {
  object: JsonObject;
  changes?: InvocationChange[];
  timedOut?: ItemTimeout;
  view?: AdmittedView;
}

function admitKnown(item: JsonObject, id: ItemIdentity, run: AdmissionRun, results: KrmResult[]): KnownOutcome {
  const { options, steps } = run;
  const req = itemRequest(item, id, options, run.oldObjects, run.registry);
  const { attrs, namespace, name, isNamespace } = req;
  const declaredNs = req.declaredNamespace;
  const { kind } = attrs;
  const object = attrs.object ?? item;
  const oldObject = attrs.oldObject;
  const viewOptions = options.view ?? defaultViewOptions;
  // The view is made only for an object some policy is invoked for; before matching only when
  // defaulting sets labels that selectors read (a Namespace's name label, a Job's template labels).
  const early = labelsDefaulted(id, viewOptions) ? openView(object, oldObject, id, viewOptions) : undefined;
  const matchView = early !== undefined && !("error" in early) ? early : undefined;
  const matchObject = matchView ? matchView.object : object;
  const matchAttrs: RequestAttrs = matchView ? { ...attrs, object: matchObject, oldObject: matchView.oldObject } : attrs;
  // Each pass selects anew on its object. Selection reads the object only through its labels
  // (objectSelector, a Namespace's own namespaceSelector), so pass 1's stands while they are equal.
  let first: { labels: Readonly<Record<string, string>>; selection: Selection<CompiledPolicy> } | undefined;
  const select = (obj: JsonObject): Selection<CompiledPolicy> => {
    const labels = labelsOf(obj);
    if (first && (labels === first.labels || deepEqual(labels, first.labels))) return first.selection;
    const selection = steps.select(run, obj === matchObject ? matchAttrs : { ...matchAttrs, object: obj });
    for (const p of selection.matched) run.matched.add(p);
    first ??= { labels, selection };
    return selection;
  };
  // Pass 1's selection comes before the view: an object no policy is invoked for needs none.
  const sel = select(matchObject);
  if (sel.invocations.length === 0) {
    results.push(...policyErrorResults(item, sel.errors));
    return { object: item };
  }
  const view = matchView ?? openView(object, oldObject, id, viewOptions);
  if ("error" in view) {
    results.push(itemResult(item, "error", view.error));
    return { object: item };
  }
  const unknown = unknownFieldResults(item, view, id, options.strict);
  results.push(...unknown.results);
  if (unknown.refused) return { object: item };
  const namespaceObject = (): JsonObject | null => {
    const ns = resolveNamespaceObject(attrs, run.namespaces.lookup);
    return "namespaceObject" in ns ? ns.namespaceObject : null; // the view never misses: absent Namespaces are assumed
  };
  const ctx = itemContext(item, { id, name, namespace, namespaceObject, ownValues: () => requestValues(req, run.requestEnv) }, run, results);
  const { clock } = run;
  const objectEnd = Math.min(clock.now() + clock.objectSeconds * 1000, clock.runEnd);
  const ports: InvokerPorts<CompiledPolicy> = {
    matchConditions: (inv, obj, old) => steps.matchConditions(inv.policy, ctx.valuesFor(inv, true), { object: obj, oldObject: old, params: inv.param }),
    mutationCount: (p) => p.mutations.length,
    runMutation: (inv, i, obj, old) => {
      const m = inv.policy.mutations[i];
      const kp = ctx.patchingFor(inv.kind);
      if ("error" in kp) return { error: kp.error, fieldPath: m.fieldPath, statusError: true };
      const e = steps.evaluateMutation(inv.policy, i, ctx.valuesFor(inv, false), { object: obj, oldObject: old, params: inv.param });
      if ("error" in e) return { error: e.error, fieldPath: m.fieldPath };
      // The view renews the object of the item's own kind after every patch (its typed decode is
      // the strict decoding then); an object converted to another version is patched as before.
      const own = inv.kind.group === kind.group && inv.kind.version === kind.version && inv.kind.kind === kind.kind;
      const r = steps.applyMutation(m.patchType, obj, e.value, kp.patching, inv.policy.limits.jsonPatchCopyBytes, own && view.decodesPatches);
      if ("error" in r) return { ...r, fieldPath: m.fieldPath };
      if (r.object === obj) return r;
      let next = r.object;
      if (own) {
        const v = view.afterMutation(obj, r.object, m.patchType, r.rewrites);
        if ("error" in v) return { error: v.error, fieldPath: m.fieldPath, statusError: v.status };
        next = v.object;
      }
      // Defaulting runs after every patch: a Namespace keeps its name label.
      if (isNamespaceKind(inv.kind)) next = defaultNamespaceLabel(next);
      return next === r.object ? r : { object: next };
    },
    reinvocationPolicy: (p) => p.model.reinvocationPolicy,
    failurePolicy: (p) => p.model.failurePolicy,
    convert: kindConverter(run.registry, kind),
    overdue: () => clock.now() > objectEnd,
  };
  const out = invoke(select, view.object, view.oldObject, ports);
  if (out.timedOut) {
    const limit = objectEnd < clock.runEnd ? "object" : "run";
    if (limit === "object") results.push(objectTimeoutResult(item, out.timedOut, clock.objectSeconds));
    return { object: item, timedOut: { ...out.timedOut, limit } };
  }
  if (out.statusError) {
    if (!out.statusErrorAsIs) {
      results.push(...policyErrorResults(item, [...out.errors, { ...out.statusError, failurePolicy: "Fail" }]));
      return { object: item };
    }
    // The apiserver's status error stops the request alone: policy errors collected before it are not returned.
    results.push(...policyErrorResults(item, out.errors.filter((e) => e.failurePolicy === "Ignore")));
    results.push(statusErrorResult(item, out.statusError));
    return { object: item };
  }
  results.push(...policyErrorResults(item, out.errors));
  if (out.errors.some((e) => e.failurePolicy === "Fail")) return { object: item };
  if (out.object === view.object) return { object: item, view: { object: view.object, oldObject: view.oldObject } };
  const refuse = (message: string): { object: JsonObject } => {
    results.push(itemResult(item, "error", message, { policies: [...new Set(out.changedBy.map((c) => c.policy))].join(",") }));
    return { object: item };
  };
  const storedRequest = { operation: options.operation, kind, namespace, namespaced: id.namespaced, name, custom: !id.typed && id.known };
  const stored = storedIdentity(view.writeBack(out.object), storedRequest);
  if ("error" in stored) return refuse(stored.error);
  // What the validating stage sees: the final view with the identity storage gives it (the
  // written object's identity fields are the view's, so this cannot fail where the above did not).
  const storedView = storedIdentity(out.object, storedRequest);
  const admitted: AdmittedView = { object: "object" in storedView ? storedView.object : out.object, oldObject: view.oldObject };
  const newName = getString(stored.object, "metadata", "name") ?? "";
  if (newName !== name && !run.identities.claim(identityKey(id.group, id.kind, id.namespaced ? namespace : "", newName))) {
    return refuse(alreadyExists(id.group, id.resource, newName));
  }
  let final = stored.object;
  if (!declaredNs && id.namespaced) final = withoutAddedNamespace(final, namespace);
  if (isNamespace) final = withInputNamespaceLabel(final, item);
  if (deepEqual(final, item)) return { object: item, view: admitted };
  // Per-object attribution is opt-in; by default admit() reports each invocation once (InvocationTally).
  if (options.results === "objects") results.push(mutatedResult(item, out.changedBy));
  return { object: final, changes: out.changedBy, view: admitted };
}

/** The invocations of one request: the policies its rules can meet, then the full selection. */
function selectFor(run: AdmissionRun, attrs: RequestAttrs): Selection<CompiledPolicy> {
  return selectForRequest(run, attrs);
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

function withoutAddedNamespace(obj: JsonObject, namespace: string): JsonObject {
  if (!isObject(obj.metadata) || obj.metadata.namespace !== namespace) return obj;
  const meta: JsonObject = { ...obj.metadata };
  delete meta.namespace;
  return { ...obj, metadata: meta };
}
