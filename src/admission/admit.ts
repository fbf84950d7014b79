// Entry point of the admission layer: admits every item of a ResourceList against the bound
// MutatingAdmissionPolicies found among the items, as kube-apiserver 1.36 would on CREATE/UPDATE.
import { getKey, getString, isObject, timed, type JsonObject } from "../data/index.js";
import { createSchemaRegistry, type SchemaRegistry } from "../schema/index.js";
import { admitItem, compilePolicy, IdentityClaims, indexOldObjects, itemSteps, type AdmissionRun, type CompiledPolicy } from "./mutating/index.js";
import { bindPolicies, fieldErrorText, invalid, isPolicyItem, loadPolicies, type LoadedPolicies, type LoadProblem } from "./policy/index.js";
import {
  buildParamIndex, buildPolicyIndex, createTimeCelFailures, itemResult, namespaceView, offlineAuthorizer, paramCollector, paramKindNotFound, runNotices,
  type BoundPolicy,
} from "./dispatch/index.js";
import { resolveLimits, type AdmitLimits, type AdmitOptions, type AdmitOutput, type AdmitSummary, type InvocationChange, type KrmResult } from "./types.js";

/** Admits every item; items keep their order, and only admitted objects can change. */
export function admit(items: JsonObject[], options: AdmitOptions): AdmitOutput {
  const limits = resolveLimits(options.limits);
  if (items.length > limits.maxItems) {
    const message = `the input has ${items.length} items, more than the limit of ${limits.maxItems} (spec.limits.maxItems): nothing was admitted`;
    return { items, results: [{ severity: "error", message }], summary: { objects: items.length, admitted: 0, changed: 0, invocations: 0 } };
  }
  const results: KrmResult[] = [];
  const loaded = loadPolicies(items);
  for (const p of loaded.problems) results.push(problemResult(items, p));
  const { registry, problems } = createSchemaRegistry({ items, openapi: options.openapi ?? [] });
  for (const p of problems) results.push({ severity: "warning", message: `${p.source}: ${p.message}` });
  const celProblems: LoadProblem[] = [];
  const bound = timed("cel", options.onPhase, bindAll)(loaded, registry, limits, celProblems);
  for (const p of celProblems) results.push(problemResult(items, p));
  const params = buildParamIndex(items, options.defaultNamespace);
  const run: AdmissionRun = {
    bound,
    registry,
    namespaces: namespaceView(items),
    params,
    index: buildPolicyIndex(bound),
    paramsFor: paramCollector(params),
    matched: new Set(),
    oldObjects: indexOldObjects(options.oldObjects),
    options,
    authorizer: offlineAuthorizer(options.authorizer.decision),
    steps: itemSteps(options.onPhase),
    identities: new IdentityClaims(items, registry, options.defaultNamespace),
  };
  const out: JsonObject[] = [];
  const changes: (InvocationChange[] | undefined)[] | undefined = options.recordChanges ? [] : undefined;
  const summary: AdmitSummary = { objects: items.length, admitted: 0, changed: 0, invocations: 0 };
  items.forEach((item, i) => {
    if (!isAdmitted(item)) {
      out.push(item);
      changes?.push(undefined);
    } else {
      const r = admitItem(item, run);
      summary.admitted++;
      if (r.item !== item) summary.changed++;
      summary.invocations += r.changes?.length ?? 0;
      out.push(r.item);
      changes?.push(r.changes);
      results.push(...r.results);
    }
    options.progress?.(i + 1, items.length);
  });
  results.push(...runNotices({ items, loaded, bound: bound.map((b) => ({ policy: b.compiled.model, bindings: b.bindings })), matched: run.matched, admitted: summary.admitted, operation: options.operation }));
  return changes ? { items: out, results, summary, changes } : { items: out, results, summary };
}

/**
 * Every policy compiled, with its bindings; a policy whose CEL fails create-time validation is
 * invalid (the apiserver refuses to create it): reported in `problems` and left out.
 */
function bindAll(loaded: LoadedPolicies, registry: SchemaRegistry, limits: AdmitLimits, problems: LoadProblem[]): BoundPolicy<CompiledPolicy>[] {
  const out: BoundPolicy<CompiledPolicy>[] = [];
  for (const { policy, bindings } of bindPolicies(loaded.policies, loaded.bindings)) {
    const bound = bindPolicy(policy, bindings, registry, limits);
    const failures = createTimeCelFailures(policy, bound.compiled);
    for (const f of failures) {
      const e = invalid(f.fieldPath, f.text, f.error ?? "");
      problems.push({ code: "invalid", source: policy.source, kind: "MutatingAdmissionPolicy", name: policy.name, field: e.field, message: fieldErrorText(e) });
    }
    if (failures.length === 0) out.push(bound);
  }
  return out;
}

function bindPolicy(policy: Parameters<typeof compilePolicy>[0], bindings: BoundPolicy["bindings"], registry: SchemaRegistry, limits: AdmitLimits): BoundPolicy<CompiledPolicy> {
  const bound: BoundPolicy<CompiledPolicy> = { compiled: compilePolicy(policy, limits), bindings };
  if (policy.paramKind) {
    const info = registry.resolveKind(policy.paramKind.apiVersion, policy.paramKind.kind);
    if (info) bound.paramScope = info.namespaced ? "Namespaced" : "Cluster";
    else bound.configError = paramKindNotFound(policy.paramKind);
  }
  return bound;
}

/** Annotation of the ConfigMaps that carry side inputs (old objects, OpenAPI documents) into a run; they are never admitted. */
export const SIDE_INPUT_ANNOTATION = "fn.kmutate.dev/side-input";

/** Groups whose objects configure the pipeline or its tests rather than the cluster (never admitted). */
const orchestratorGroups = new Set(["kpt.dev", "fn.kmutate.dev", "test.kmutate.dev", "config.kubernetes.io", "kustomize.config.k8s.io"]);

/**
 * Items that are admission requests: not the policies/bindings themselves, not orchestrator
 * configuration (Kptfile, functionConfig kinds), not `config.kubernetes.io/local-config: "true"`,
 * not side-input ConfigMaps.
 */
function isAdmitted(item: JsonObject): boolean {
  if (isPolicyItem(item)) return false;
  const apiVersion = getString(item, "apiVersion") ?? "";
  if (orchestratorGroups.has(apiVersion.split("/")[0])) return false;
  const ann = isObject(item.metadata) ? item.metadata.annotations : undefined;
  return !isLocalConfig(item) && !(isObject(ann) && getKey(ann, SIDE_INPUT_ANNOTATION) !== undefined);
}

/** True for items annotated `config.kubernetes.io/local-config: "true"` (kpt and kustomize leave them out of their output). */
export function isLocalConfig(item: JsonObject): boolean {
  const ann = isObject(item.metadata) ? item.metadata.annotations : undefined;
  return isObject(ann) && ann["config.kubernetes.io/local-config"] === "true";
}

function problemResult(items: JsonObject[], p: LoadProblem): KrmResult {
  const item = items[p.source.index];
  const r = itemResult(item, "error", p.message, { [p.kind === "MutatingAdmissionPolicy" ? "policy" : "binding"]: p.name, code: p.code });
  if (p.field) r.field = { path: p.field };
  if (p.source.listIndex !== undefined) r.tags = { ...r.tags, listIndex: String(p.source.listIndex) };
  return r;
}

