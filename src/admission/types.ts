// The admission layer's contract: what `admit` takes (options from the functionConfig) and what
// it returns (the items, possibly mutated, KRM results and what validation decided).
import type { FieldPath, JsonObject, JsonValue, PhaseHook } from "../data/index.js";
import type { ViewOptions } from "../view/index.js";

/**
 * Admission operation simulated for every item. `DELETE` reaches only ValidatingAdmissionPolicies
 * (`object` is null, `oldObject` the item or its old object).
 */
export type Operation = "CREATE" | "UPDATE" | "DELETE";
/**
 * What the ValidatingAdmissionPolicy stage does with a denial: `Enforce` (an error result, the
 * apiserver's behaviour), `Warn` (a warning result, for migrations; a kmutate choice), or `Off`
 * (ValidatingAdmissionPolicies are not run).
 */
export type ValidationMode = "Enforce" | "Warn" | "Off";
/**
 * How `info` results attribute mutations: `invocations` (one result per policy, binding and param
 * that changed objects, with their count) or `objects` (one result per changed object naming each
 * invocation and the paths it changed).
 */
export type ResultsMode = "invocations" | "objects";
/** Offline answer to every `authorizer` check in CEL. */
export type AuthorizerDecision = "NoOpinion" | "Allow" | "Deny";

/** Options of one admission run (the functionConfig `spec`, validated). */
export interface AdmitOptions {
  /** Operation of every request. Default: `CREATE`. */
  operation: Operation;
  /** `request.userInfo`. Default: all fields empty (absent in `request`). */
  userInfo: { username?: string; uid?: string; groups?: string[]; extra?: Record<string, string[]> };
  /** `request.dryRun`. Default: `false`. */
  dryRun: boolean;
  /** Namespace of namespaced objects that have none. Default: `default`. */
  defaultNamespace: string;
  /** Offline authorizer. Default: `{ decision: "NoOpinion" }`. */
  authorizer: { decision: AuthorizerDecision };
  /** A missing Namespace object or schema is an error instead of a warning. Default: `false`. */
  strict: boolean;
  /** What ValidatingAdmissionPolicy denials do (see {@link ValidationMode}). Default: `Enforce`. */
  validation?: ValidationMode;
  /**
   * Old objects for UPDATE, matched to items by apiVersion/kind/namespace/name. Default: none
   * (the item as it was before this run is its own old object).
   */
  oldObjects?: JsonObject[];
  /**
   * OpenAPI v3 documents (`kubectl get --raw /openapi/v3/apis/<group>/<version>` output) giving
   * schemas for kinds that are neither built-in nor defined by a CRD in the input. Default: none.
   */
  openapi?: JsonValue[];
  /** Limits; the ones not given (or undefined) keep their defaults. Default: {@link defaultLimits}. */
  limits?: Partial<AdmitLimits>;
  /**
   * How policies see an object: `mode: server` (the apiserver's typed view: zero values filled,
   * empty omitempty fields dropped; with `defaulting: builtin` also the 1.36 defaults) or `raw`
   * (the manifest as written). Default: `{ mode: "server", defaulting: "none" }`.
   */
  view?: ViewOptions;
  /** How mutations are reported as `info` results (see {@link ResultsMode}). Default: `invocations`. */
  results?: ResultsMode;
  /** Return, per item, the invocations that changed it with the object before and after each (for diffs). Default: false. */
  recordChanges?: boolean;
  /** Called after each item is admitted, with how many are done and the total (progress display). Default: none. */
  progress?: (done: number, total: number) => void;
  /**
   * Objects that get their own result when the same error or warning recurs on many objects; the
   * others are counted in one result (`tags.code: repeated`). `Infinity`: every object its own.
   * Default: 3.
   */
  resultsPerObject?: number;
  /** Milliseconds of a monotonic clock, read for the time limits. Default: `performance.now`. */
  clock?: () => number;
  /**
   * When the run's time is up, on {@link clock}: for a run whose items are admitted by several
   * threads, each given the deadline of the whole run. Default: the start plus `limits.runTimeoutSeconds`.
   */
  runEnd?: number;
  /** Told the time of every matching, CEL (compile and evaluation) and patching step, for benchmarks. Default: none (no clock is read). */
  onPhase?: PhaseHook<AdmitPhase>;
}

/** The admission phases a timing hook is told about. */
export type AdmitPhase = "match" | "cel" | "patch";

/** Limits of one run (all configurable through `spec.limits`). */
export interface AdmitLimits {
  /** CEL cost of one expression evaluation (apiserver `PerCallLimit`). Default: 1,000,000. */
  costPerCall: number;
  /** CEL cost of one mutation incl. its variables (`RuntimeCELCostBudget`). Default: 10,000,000. */
  costPerMutation: number;
  /** CEL cost of all matchConditions of one invocation. Default: 2,500,000. */
  costPerMatchConditions: number;
  /**
   * CEL cost of one ValidatingAdmissionPolicy evaluation per (binding, param): its validations and
   * messageExpressions together, and again its auditAnnotations (`RuntimeCELCostBudget`). Default: 10,000,000.
   */
  costPerValidation: number;
  /** Bytes all `copy` operations of one JSON patch may add (`--json-patch-max-copy-bytes`). Default: 3,145,728. */
  jsonPatchCopyBytes: number;
  /** Longest CEL expression, in code points. Default: 100,000. */
  maxExpressionLength: number;
  /** Deepest CEL expression nesting. Default: 250. */
  maxExpressionDepth: number;
  /** Most items in one ResourceList. Default: 1,000,000. */
  maxItems: number;
  /**
   * Seconds the admission of one object may take (the apiserver bounds each request by its
   * timeout, `--request-timeout`); past it the object fails with a timeout error. Default: 60.
   */
  objectTimeoutSeconds: number;
  /** Seconds the admission of all objects may take; past it nothing is admitted. Default: 300. */
  runTimeoutSeconds: number;
}

/** The apiserver's limits (kmutate's defaults). */
export const defaultLimits: AdmitLimits = {
  costPerCall: 1_000_000,
  costPerMutation: 10_000_000,
  costPerMatchConditions: 2_500_000,
  costPerValidation: 10_000_000,
  jsonPatchCopyBytes: 3 * 1024 * 1024,
  maxExpressionLength: 100_000,
  maxExpressionDepth: 250,
  maxItems: 1_000_000,
  objectTimeoutSeconds: 60,
  runTimeoutSeconds: 300,
};

/** `limits` completed with the defaults for every limit not given (or given as undefined). */
export function resolveLimits(limits: Partial<AdmitLimits> | undefined): AdmitLimits {
  const out = { ...defaultLimits };
  if (limits) for (const k of Object.keys(defaultLimits) as (keyof AdmitLimits)[]) if (limits[k] !== undefined) out[k] = limits[k];
  return out;
}

/** Default admission options. */
export const defaultAdmitOptions: AdmitOptions = {
  operation: "CREATE",
  userInfo: {},
  dryRun: false,
  defaultNamespace: "default",
  authorizer: { decision: "NoOpinion" },
  strict: false,
};

/** KRM result severity. */
export type Severity = "error" | "warning" | "info";

/** A KRM function result (kpt `Result` shape). */
export interface KrmResult {
  message: string;
  severity: Severity;
  resourceRef?: { apiVersion: string; kind: string; name: string; namespace?: string };
  field?: { path: string };
  file?: { path: string; index?: number };
  tags?: Record<string, string>;
}

/** Counts of one run, for a summary line. */
export interface AdmitSummary {
  /** Items given. */
  objects: number;
  /** Items admitted as requests (not policies, bindings, orchestrator configuration or local config). */
  admitted: number;
  /** Items that came out changed. */
  changed: number;
  /** Invocations that changed an item (a reinvocation that changed it again counts again). */
  invocations: number;
  /** Present when the input has bound ValidatingAdmissionPolicies and `validation` is not `Off`. */
  validation?: ValidationSummary;
}

/**
 * One invocation that changed the object: who, in which pass, and the paths it changed
 * (`changedPaths(before, after)` of the object before and after it, never empty). The objects
 * themselves are not kept: memory stays linear in the work, not in invocations × object size.
 */
export interface InvocationChange {
  pass: 1 | 2;
  policy: string;
  binding: string;
  param?: string;
  paths: FieldPath[];
}

/**
 * Counts of objects the ValidatingAdmissionPolicy stage decided on (each object counts once per
 * field): for summaries, `--diff` and the library.
 */
export interface ValidationSummary {
  /** Objects that at least one bound ValidatingAdmissionPolicy was evaluated for. */
  validated: number;
  /** Objects denied (in `validation: Warn` mode: that would have been denied). */
  denied: number;
  /** Objects with a Warn-action warning. */
  warned: number;
  /** Denials were enforced (`validation: Enforce`); false under `validation: Warn`. */
  enforced: boolean;
}

/**
 * What `admit` returns: every input item (same order), mutated where policies matched (an object a
 * ValidatingAdmissionPolicy denies comes out as it came in).
 */
export interface AdmitOutput {
  items: JsonObject[];
  results: KrmResult[];
  summary: AdmitSummary;
  /** With `recordChanges`: per item (same order), the changing invocations, or undefined. */
  changes?: (InvocationChange[] | undefined)[];
}
