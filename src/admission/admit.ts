// Entry point of the admission layer: admits every item of a ResourceList as kube-apiserver 1.36
// would on CREATE/UPDATE/DELETE — the bound MutatingAdmissionPolicies found among the items
// mutate it, then the bound ValidatingAdmissionPolicies judge the result.
import { getKey, getString, isObject, timed, type JsonObject } from "../data/index.js";
import { createSchemaRegistry, type SchemaRegistry } from "../schema/index.js";
import { admitItem, compilePolicy, IdentityClaims, InvocationTally, itemSteps, kindConverter, runTimedOut, type AdmissionRun, type RunClock, type TallyEntry } from "./mutating/index.js";
import { bindPolicies, fieldErrorText, internalError, invalid, isPolicyItem, loadPolicies, type BindingModel, type LoadedPolicies, type LoadProblem, type PolicyBase } from "./policy/index.js";
import type { CompiledExpression, CompiledPolicyBase } from "./dispatch/index.js";
import {
  buildParamIndex, buildPolicyIndex, createTimeCelFailures, indexOldObjects, itemResult, namespaceView, offlineAuthorizer, paramCollector, paramKindNotFound,
  requestEnvironment, runNotices, RunResults, type BoundPolicy,
} from "./dispatch/index.js";
import { compileValidatingPolicy, validateItem, validationSteps, type ValidationRun } from "./validating/index.js";
import { paramReaches, readAcrossItems, type ParamReach } from "./read-across.js";
import { resolveLimits, type AdmitOptions, type AdmitOutput, type AdmitSummary, type InvocationChange, type KrmResult, type ValidationMode, type ValidationSummary } from "./types.js";

/** Admits every item; items keep their order, and only admitted objects can change. */
export function admit(items: JsonObject[], options: AdmitOptions): AdmitOutput {
  const run = prepareAdmission(items, options);
  if (!(run instanceof PreparedAdmission)) return run;
  const acc = new AdmitAccumulator(run.results, options, items.length);
  for (let i = 0; i < items.length; i++) {
    const step = run.admitAt(i);
    if ("summary" in step) return step;
    acc.add(step);
    options.progress?.(i + 1, items.length);
  }
  return run.finish(acc);
}

/**
 * The run-level part of admission: policies loaded, compiled and bound, schemas, params,
 * Namespaces, the clock; its results so far (`results`: load and compile problems).
 * `items` may hold {@link absentItem} for items another thread admits (parallel admission):
 * every item admission reads across items (policies, bindings, params, Namespaces, CRDs) must
 * then be present, and absent items are never admitted here.
 */
export function prepareAdmission(items: JsonObject[], options: AdmitOptions): PreparedAdmission | AdmitOutput {
  const limits = resolveLimits(options.limits);
  const now = options.clock ?? (() => performance.now());
  const clock: RunClock = { now, runEnd: options.runEnd ?? now() + limits.runTimeoutSeconds * 1000, objectSeconds: limits.objectTimeoutSeconds };
  if (items.length > limits.maxItems) {
    const message = `the input has ${items.length} items, more than the limit of ${limits.maxItems} (spec.limits.maxItems): nothing was admitted`;
    return { items, results: [{ severity: "error", message }], summary: { objects: items.length, admitted: 0, changed: 0, invocations: 0 } };
  }
  const results = new RunResults(options.resultsPerObject);
  // Absent items (admitted by another thread) are none of the run-level readers' business.
  const present = items.includes(absentItem) ? items.filter((item) => item !== absentItem) : items;
  const loaded = loadPolicies(items);
  for (const p of loaded.problems) results.push(problemResult(items, p));
  const { registry, problems } = createSchemaRegistry({ items: present, openapi: options.openapi ?? [] });
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
  const params = buildParamIndex(present, options.defaultNamespace);
  const namespaces = namespaceView(present);
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
    identities: new IdentityClaims(present, registry, options.defaultNamespace),
    requestEnv: requestEnvironment(options, namespaces.lookup, authorizer),
  };
  const vrun: ValidationRun | undefined = vaps.length === 0 ? undefined : {
    ...run,
    index: buildPolicyIndex(vaps),
    steps: validationSteps(options.onPhase),
    reportUnknownKinds: bound.length === 0 || options.operation === "DELETE",
    converterFor: (requestKind) => kindConverter(registry, requestKind),
  };
  return new PreparedAdmission(items, options, limits.runTimeoutSeconds, results, loaded, run, vrun, mode);
}

/** Stands for an item another thread admits (see {@link prepareAdmission}). */
export const absentItem: JsonObject = Object.freeze({}) as JsonObject;

/** What admitting one item gave: the item to output, its results and what it counts for. */
export interface ItemAdmission {
  item: JsonObject;
  /** The item to output. */
  out: JsonObject;
  /** Whether the item was an admission request (not a policy, not local configuration). */
  admitted: boolean;
  results: KrmResult[];
  validated: boolean;
  denied: boolean;
  warned: boolean;
  /** The invocations that changed the output item (undefined when it was not mutated, or denied). */
  changes: InvocationChange[] | undefined;
}

/** A prepared run (see {@link prepareAdmission}): admits items one by one, then finishes. */
export class PreparedAdmission {
  private reaches: ParamReach[] | undefined;

  constructor(
    readonly items: JsonObject[],
    private readonly options: AdmitOptions,
    private readonly runSeconds: number,
    /** The run's results so far (load and compile problems). */
    readonly results: RunResults,
    private readonly loaded: LoadedPolicies,
    readonly run: AdmissionRun,
    private readonly vrun: ValidationRun | undefined,
    private readonly mode: ValidationMode,
  ) {}

  /** Whether admitting any item may read `item` (see readAcrossItems): a thread that admits only some items must have it. */
  readAcross(item: JsonObject): boolean {
    this.reaches ??= paramReaches(this.loaded);
    return readAcrossItems(item, this.reaches);
  }

  /** Admits `items[i]`; the whole run's output when the run's time ran out (nothing admitted). */
  admitAt(i: number): ItemAdmission | AdmitOutput {
    const { items, options, run, vrun } = this;
    const item = items[i];
    run.namespaces.nextItem();
    if (!isAdmitted(item)) return { item, out: item, admitted: false, results: [], validated: false, denied: false, warned: false, changes: undefined };
    if (run.clock.now() > run.clock.runEnd) return runTimedOut(items, i, undefined, this.runSeconds);
    // DELETE never reaches MutatingAdmissionPolicies.
    const r = options.operation === "DELETE" ? { item, results: [] } : admitItem(item, run);
    if ("timedOut" in r && r.timedOut?.limit === "run") return runTimedOut(items, i, r.timedOut, this.runSeconds);
    const results = [...r.results];
    // An object whose mutation failed is rejected before validation: it is not validated.
    const v = vrun && !r.results.some((x) => x.severity === "error") ? validateItem(item, r.item, vrun, r.view) : undefined;
    if (v) results.push(...v.results);
    // A denied object is not stored: it comes out as it came in.
    const deniedHere = v?.denied === true && this.mode === "Enforce";
    return {
      item,
      out: deniedHere ? item : r.item,
      admitted: true,
      results,
      validated: v?.validated === true,
      denied: v?.denied === true,
      warned: v?.warned === true,
      changes: deniedHere ? undefined : r.changes,
    };
  }

  /** The run's output from what `acc` gathered (every item, in order). */
  finish(acc: AdmitAccumulator): AdmitOutput {
    const { items, loaded, run, options } = this;
    const { results, summary } = acc;
    if (acc.tally) results.push(...acc.tally.results());
    const bound = run.bound.map((b) => ({ policy: b.compiled.model, bindings: b.bindings }));
    results.push(...runNotices({ items, loaded, bound, matched: run.matched, admitted: summary.admitted, operation: options.operation }));
    if (this.vrun) summary.validation = acc.validation;
    const output: AdmitOutput = { items: acc.out, results: results.list, summary };
    if (acc.changes) output.changes = acc.changes;
    return output;
  }
}

/**
 * What a run of consecutive items (admitted by one thread) adds to a run: their results in item
 * order, not yet folded into repeats (see RunResults), their counts and invocation tally.
 */
export interface AdmitPart {
  results: KrmResult[];
  admitted: number;
  changed: number;
  invocations: number;
  validated: number;
  denied: number;
  warned: number;
  tally: TallyEntry[];
}

/** Gathers item admissions in item order: output items, results, counts and the invocation tally. */
export class AdmitAccumulator {
  readonly out: JsonObject[] = [];
  readonly changes: (InvocationChange[] | undefined)[] | undefined;
  readonly summary: AdmitSummary = { objects: 0, admitted: 0, changed: 0, invocations: 0 };
  readonly validation: ValidationSummary;
  readonly tally: InvocationTally | undefined;

  readonly results: RunResults;

  /**
   * `objects`: how many items the run has; `results`: the run's results so far. Default: none,
   * and results are kept unfolded (for {@link part}).
   */
  constructor(results: RunResults | undefined, options: AdmitOptions, objects: number) {
    this.results = results ?? new RunResults(Infinity);
    this.changes = options.recordChanges ? [] : undefined;
    this.validation = { validated: 0, denied: 0, warned: 0, enforced: (options.validation ?? "Enforce") === "Enforce" };
    this.tally = options.results === "objects" ? undefined : new InvocationTally();
    this.summary.objects = objects;
  }

  /** Adds the next item's admission. */
  add(a: ItemAdmission): void {
    this.out.push(a.out);
    if (!a.admitted) {
      this.changes?.push(undefined);
      return;
    }
    this.summary.admitted++;
    this.results.push(...a.results);
    if (a.validated) this.validation.validated++;
    if (a.denied) this.validation.denied++;
    if (a.warned) this.validation.warned++;
    if (a.out !== a.item) this.summary.changed++;
    if (a.changes) {
      this.summary.invocations += a.changes.length;
      this.tally?.add(a.item, a.changes);
    }
    this.changes?.push(a.changes);
  }

  /** What the items added so far add to a run (see {@link AdmitPart}); the results must not have been folded (RunResults of `Infinity`). */
  part(): AdmitPart {
    const { summary: s, validation: v } = this;
    return {
      results: this.results.list, admitted: s.admitted, changed: s.changed, invocations: s.invocations,
      validated: v.validated, denied: v.denied, warned: v.warned, tally: this.tally?.entries() ?? [],
    };
  }

  /** Adds the items of `part`, which follow those added so far. */
  addPart(part: AdmitPart): void {
    const { summary: s, validation: v } = this;
    this.results.push(...part.results);
    s.admitted += part.admitted;
    s.changed += part.changed;
    s.invocations += part.invocations;
    v.validated += part.validated;
    v.denied += part.denied;
    v.warned += part.warned;
    this.tally?.addEntries(part.tally);
  }
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
export function isAdmitted(item: JsonObject): boolean {
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

