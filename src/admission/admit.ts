// Entry point of the admission layer: admits every item of a ResourceList as kube-apiserver 1.36
// would on CREATE/UPDATE/DELETE — the bound MutatingAdmissionPolicies found among the items
// mutate it, then the bound ValidatingAdmissionPolicies judge the result.
import { getKey, getString, isObject, timed, type JsonObject } from "../data/index.js";
import { createSchemaRegistry, type SchemaRegistry } from "../schema/index.js";
import { admitItem, compilePolicy, IdentityClaims, InvocationTally, itemSteps, kindConverter, runTimedOut, type AdmissionRun, type RunClock } from "./mutating/index.js";
import { bindPolicies, fieldErrorText, internalError, invalid, isPolicyItem, loadPolicies, type BindingModel, type LoadProblem, type PolicyBase } from "./policy/index.js";
import type { CompiledExpression, CompiledPolicyBase } from "./dispatch/index.js";
import {
  buildParamIndex, buildPolicyIndex, createTimeCelFailures, indexOldObjects, itemResult, namespaceView, offlineAuthorizer, paramCollector, paramKindNotFound,
  requestEnvironment, runNotices, RunResults, type BoundPolicy,
} from "./dispatch/index.js";
import { compileValidatingPolicy, validateItem, validationSteps, type ValidationRun } from "./validating/index.js";
import { resolveLimits, type AdmitOptions, type AdmitOutput, type AdmitSummary, type InvocationChange, type KrmResult, type ValidationSummary } from "./types.js";

/** Admits every item; items keep their order, and only admitted objects can change. */
export function admit(items: JsonObject[], options: AdmitOptions): AdmitOutput {
  const limits = resolveLimits(options.limits);
  const now = options.clock ?? (() => performance.now());
  const clock: RunClock = { now, runEnd: now() + limits.runTimeoutSeconds * 1000, objectSeconds: limits.objectTimeoutSeconds };
  if (items.length > limits.maxItems) {
    const message = `the input has ${items.length} items, more than the limit of ${limits.maxItems} (spec.limits.maxItems): nothing was admitted`;
    return { items, results: [{ severity: "error", message }], summary: { objects: items.length, admitted: 0, changed: 0, invocations: 0 } };
  }
  const results = new RunResults(options.resultsPerObject);
  const loaded = loadPolicies(items);
  for (const p of loaded.problems) results.push(problemResult(items, p));
  const { registry, problems } = createSchemaRegistry({ items, openapi: options.openapi ?? [] });
  for (const p of problems) results.push({ severity: "warning", message: `${p.source}: ${p.message}` });
  const mode = options.validation ?? "Enforce";
  const celProblems: LoadProblem[] = [];
  const compileAll = timed("cel", options.onPhase, () => ({
    bound: bindAll(
      "MutatingAdmissionPolicy", bindPolicies(loaded.policies, loaded.bindings), (p) => compilePolicy(p, limits), registry, celProblems,
      // API validation also compiles each mutation (with the variables, and its return type).
      (c) => c.mutations.filter((m) => m.error !== undefined),
    ),
    vaps: mode === "Off" ? [] : bindAll(
      "ValidatingAdmissionPolicy", bindPolicies(loaded.validatingPolicies, loaded.validatingBindings), (p) => compileValidatingPolicy(p, limits), registry, celProblems,
    ),
  }));
  const { bound, vaps } = compileAll();
  for (const p of celProblems) results.push(problemResult(items, p));
  const params = buildParamIndex(items, options.defaultNamespace);
  const namespaces = namespaceView(items);
  const authorizer = offlineAuthorizer(options.authorizer.decision);
  const run: AdmissionRun = {
    bound,
    registry,
    namespaces,
    params,
    index: buildPolicyIndex(bound),
    paramsFor: paramCollector(params),
    matched: new Set(),
    oldObjects: indexOldObjects(options.oldObjects),
    options,
    authorizer,
    steps: itemSteps(options.onPhase),
    clock,
    identities: new IdentityClaims(items, registry, options.defaultNamespace),
    requestEnv: requestEnvironment(options, namespaces.lookup, authorizer),
  };
  const vrun: ValidationRun | undefined = vaps.length === 0 ? undefined : {
    ...run,
    index: buildPolicyIndex(vaps),
    steps: validationSteps(options.onPhase),
    reportUnknownKinds: bound.length === 0 || options.operation === "DELETE",
    converterFor: (requestKind) => kindConverter(registry, requestKind),
  };
  const validation: ValidationSummary = { validated: 0, denied: 0, warned: 0, enforced: mode === "Enforce" };
  const out: JsonObject[] = [];
  const changes: (InvocationChange[] | undefined)[] | undefined = options.recordChanges ? [] : undefined;
  const summary: AdmitSummary = { objects: items.length, admitted: 0, changed: 0, invocations: 0 };
  const tally = options.results === "objects" ? undefined : new InvocationTally();
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    run.namespaces.nextItem();
    if (!isAdmitted(item)) {
      out.push(item);
      changes?.push(undefined);
    } else {
      if (now() > clock.runEnd) return runTimedOut(items, i, undefined, limits.runTimeoutSeconds);
      // DELETE never reaches MutatingAdmissionPolicies.
      const r = options.operation === "DELETE" ? { item, results: [] } : admitItem(item, run);
      if ("timedOut" in r && r.timedOut?.limit === "run") return runTimedOut(items, i, r.timedOut, limits.runTimeoutSeconds);
      summary.admitted++;
      results.push(...r.results);
      // An object whose mutation failed is rejected before validation: it is not validated.
      const v = vrun && !r.results.some((x) => x.severity === "error") ? validateItem(item, r.item, vrun, r.view) : undefined;
      if (v) {
        results.push(...v.results);
        if (v.validated) validation.validated++;
        if (v.denied) validation.denied++;
        if (v.warned) validation.warned++;
      }
      // A denied object is not stored: it comes out as it came in.
      const deniedHere = v?.denied === true && mode === "Enforce";
      const outItem = deniedHere ? item : r.item;
      if (outItem !== item) summary.changed++;
      if (!deniedHere && r.changes) {
        summary.invocations += r.changes.length;
        tally?.add(item, r.changes);
      }
      out.push(outItem);
      changes?.push(deniedHere ? undefined : r.changes);
    }
    options.progress?.(i + 1, items.length);
  }
  if (tally) results.push(...tally.results());
  results.push(...runNotices({ items, loaded, bound: bound.map((b) => ({ policy: b.compiled.model, bindings: b.bindings })), matched: run.matched, admitted: summary.admitted, operation: options.operation }));
  if (vrun) summary.validation = validation;
  const output: AdmitOutput = { items: out, results: results.list, summary };
  if (changes) output.changes = changes;
  return output;
}

/**
 * Every bound policy of one kind compiled (by `compile`), with its bindings and its paramKind
 * resolved; a policy whose CEL fails create-time validation (matchConditions, variables, and what
 * `compileFailures` names: a MAP's mutations) is invalid (the apiserver refuses to create it):
 * reported once in `problems` and left out.
 */
function bindAll<P extends PolicyBase, B extends BindingModel, C extends CompiledPolicyBase>(
  kind: LoadProblem["kind"], pairs: { policy: P; bindings: B[] }[], compile: (p: P) => C, registry: SchemaRegistry, problems: LoadProblem[],
  compileFailures: (c: C) => CompiledExpression[] = () => [],
): BoundPolicy<C, B>[] {
  const out: BoundPolicy<C, B>[] = [];
  for (const { policy, bindings } of pairs) {
    const compiled = compile(policy);
    const failures = [...createTimeCelFailures(policy, compiled), ...compileFailures(compiled)];
    for (const f of failures) {
      // A failed program plan (an invalid constant regex) is an InternalError in API validation.
      const planFailed = f.errorCode === "program" || f.errorCode === "regex";
      const e = planFailed ? internalError(f.fieldPath, f.error ?? "") : invalid(f.fieldPath, f.text, f.error ?? "");
      problems.push({ code: "invalid", source: policy.source, kind, name: policy.name, field: e.field, message: fieldErrorText(e) });
    }
    if (failures.length === 0) out.push(bindPolicy(policy, bindings, compiled, registry));
  }
  return out;
}

function bindPolicy<C extends CompiledPolicyBase, B extends BindingModel>(policy: PolicyBase, bindings: B[], compiled: C, registry: SchemaRegistry): BoundPolicy<C, B> {
  const bound: BoundPolicy<C, B> = { compiled, bindings };
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
  const r = itemResult(item, "error", p.message, { [p.kind.endsWith("Binding") ? "binding" : "policy"]: p.name, code: p.code });
  if (p.field) r.field = { path: p.field };
  if (p.source.listIndex !== undefined) r.tags = { ...r.tags, listIndex: String(p.source.listIndex) };
  return r;
}

