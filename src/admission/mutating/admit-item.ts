// Admits one item: resolves its kind and namespace, selects the invocations, runs them with
// reinvocation, applies failurePolicy, and reports the outcome as KRM results.
import type { Authorizer } from "../../cel/index.js";
import { deepEqual, isObject, pathText, timed, type JsonObject, type PhaseHook } from "../../data/index.js";
import type { SchemaRegistry } from "../../schema/index.js";
import {
  assumedNamespaceResult, evaluateMatchConditions, identify, itemRequest, itemResult, policyErrorResults, requestValues, selectForRequest, unknownKindResult,
  type BoundPolicy, type ItemIdentity, type NamespaceView, type ParamCollector, type ParamIndex, type PolicyIndex, type RequestEnvironment, type Selection,
} from "../dispatch/index.js";
import { exemptReason, type RequestAttrs } from "../match/index.js";
import type { AdmitOptions, AdmitPhase, InvocationChange, KrmResult } from "../types.js";
import { applyMutationValue, type ItemPatching } from "./apply-mutation.js";
import type { CompiledPolicy } from "./compile-policy.js";
import { evaluateMutation } from "./evaluate-mutation.js";
import { invoke, type InvokerPorts } from "./invoke.js";

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
  /** Builds (once per item) the CEL values its invocations share. */
  requestEnv: RequestEnvironment;
  /** The steps a timing hook sees (see {@link itemSteps}). */
  steps: ItemSteps;
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
  if (!id.known && run.bound.length > 0) results.push(unknownKindResult(item, id, run.options.strict));
  const { object: outcome, changes } = admitKnown(item, id, run, results);
  for (const name of run.namespaces.takeAssumed()) results.push(assumedNamespaceResult(item, name, run.options.strict));
  return changes ? { item: outcome, results, changes } : { item: outcome, results };
}

function admitKnown(item: JsonObject, id: ItemIdentity, run: AdmissionRun, results: KrmResult[]): { object: JsonObject; changes?: InvocationChange[] } {
  const req = itemRequest(item, id, run.options, run.oldObjects);
  const { attrs, namespace } = req;
  const object = attrs.object ?? item;
  const oldObject = attrs.oldObject;
  const { steps } = run;
  const sel = steps.select(run, attrs);
  for (const p of sel.matched) run.matched.add(p);
  if (sel.invocations.length === 0) {
    results.push(...policyErrorResults(item, sel.errors));
    return { object: item };
  }
  const shared = requestValues(req, run.requestEnv);
  const missingSchema = schemaProblem(id, run, results, item);
  const patching: ItemPatching = { schema: id.schema, typed: id.typed, validity: {} };
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
  };
  const out = invoke(sel.invocations, object, oldObject, ports);
  results.push(...policyErrorResults(item, [...sel.errors, ...out.errors]));
  if (out.statusError) {
    results.push(...policyErrorResults(item, [{ ...out.statusError, failurePolicy: "Fail" }]));
    return { object: item };
  }
  if ([...sel.errors, ...out.errors].some((e) => e.failurePolicy === "Fail")) return { object: item };
  let final = out.object;
  if (!req.declaredNamespace && id.namespaced) final = withoutAddedNamespace(final, namespace);
  if (deepEqual(final, item)) return { object: item };
  results.push(mutatedResult(item, out.changedBy));
  return { object: final, changes: out.changedBy };
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

function withoutAddedNamespace(obj: JsonObject, namespace: string): JsonObject {
  if (!isObject(obj.metadata) || obj.metadata.namespace !== namespace) return obj;
  const meta: JsonObject = { ...obj.metadata };
  delete meta.namespace;
  return { ...obj, metadata: meta };
}
