// Validates one object after mutation (VAP reference §3, apiserver `validating.dispatcher`): every
// bound ValidatingAdmissionPolicy in order (policy name, binding name, param), configuration
// errors under failurePolicy, each decision through the binding's validationActions, and the
// auditAnnotations collected per policy.
import type { Authorizer } from "../../cel/index.js";
import { timed, type JsonObject, type PhaseHook } from "../../data/index.js";
import type { SchemaRegistry } from "../../schema/index.js";
import {
  assumedNamespaceResult, defaultNamespaceLabel, identify, itemRequest, itemResult, labelsDefaulted, openView, requestValuesAs, selectForRequest,
  unknownFieldResults, unknownKindResult, withNamespace, type AdmittedView, type BoundPolicy, type Invocation, type ItemRequest, type ItemValues,
  type NamespaceView, type ParamCollector, type ParamIndex, type PolicyError, type PolicyIndex, type RequestEnvironment, type Selection,
} from "../dispatch/index.js";
import { defaultViewOptions, type ItemView } from "../../view/index.js";
import { exemptReason, type Gvk } from "../match/index.js";
import type { ValidatingBindingModel } from "../policy/index.js";
import type { AdmitOptions, AdmitPhase, KrmResult } from "../types.js";
import type { CompiledValidatingPolicy } from "./compile-policy.js";
import { evaluateValidations } from "./evaluate-validations.js";
import { ItemLog, type Origin } from "./item-log.js";

/** A ValidatingAdmissionPolicy with its bindings. */
export type BoundValidatingPolicy = BoundPolicy<CompiledValidatingPolicy, ValidatingBindingModel>;
type VapInvocation = Invocation<CompiledValidatingPolicy, ValidatingBindingModel>;

/** What validating every object of a run shares. */
export interface ValidationRun {
  index: PolicyIndex<CompiledValidatingPolicy, ValidatingBindingModel>;
  registry: SchemaRegistry;
  namespaces: NamespaceView;
  params: ParamIndex;
  paramsFor: ParamCollector;
  oldObjects: Map<string, JsonObject> | undefined;
  options: AdmitOptions;
  authorizer: Authorizer;
  /** Builds (once per item, shared with the mutating stage) the CEL values its invocations share. */
  requestEnv: RequestEnvironment;
  /** The steps a timing hook sees (see {@link validationSteps}). */
  steps: ValidationSteps;
  /** Report kinds no table knows (when the mutating stage did not: no MAPs bound, or DELETE). */
  reportUnknownKinds: boolean;
  /** Converts objects of a request of `requestKind` to the kinds invocations matched through matchPolicy Equivalent. */
  converterFor(requestKind: Gvk): KindConverter;
}

/** Conversion of a request's objects to another kind of the same storage. */
export interface KindConverter {
  /** `object` in `kind` (the object itself when it already is), or why it cannot be converted. */
  convert(object: JsonObject, kind: Gvk): { object: JsonObject } | { error: string };
}

/** The steps of validating an item that are timed as phases: matching and CEL. */
export interface ValidationSteps {
  select: typeof selectForRequest<CompiledValidatingPolicy, ValidatingBindingModel>;
  evaluate: typeof evaluateValidations;
}

/** The validation steps, each reporting its time to `hook` as its phase when a hook is given. */
export function validationSteps(hook: PhaseHook<AdmitPhase> | undefined): ValidationSteps {
  return { select: timed("match", hook, selectForRequest<CompiledValidatingPolicy, ValidatingBindingModel>), evaluate: timed("cel", hook, evaluateValidations) };
}

/** What the ValidatingAdmissionPolicies decided about one object. */
export interface ItemValidation {
  results: KrmResult[];
  /** A bound policy matched the object (evaluated, or failed to configure). */
  validated: boolean;
  /** A denial (in `validation: Warn` mode: reported as a warning). */
  denied: boolean;
  /** A Warn-action warning. */
  warned: boolean;
}

const none: ItemValidation = Object.freeze({ results: [], validated: false, denied: false, warned: false });

/**
 * Validates `object`, the MAP-mutated form of the input `item` (the item itself when no MAP
 * changed it; ignored on DELETE, where `object` is null and the item is the old object).
 * `admitted` is the mutating stage's view of it, when that stage opened one; else the view (the
 * apiserver's typed, optionally defaulted object) is opened here for an object some policy is
 * invoked for.
 */
export function validateItem(item: JsonObject, object: JsonObject, run: ValidationRun, admitted?: AdmittedView): ItemValidation {
  const id = identify(item, run.registry);
  if (exemptReason(id.group, id.resource)) return none;
  const req = itemRequest(item, id, run.options, run.oldObjects, run.registry);
  const results: KrmResult[] = !id.known && run.reportUnknownKinds ? [unknownKindResult(item, id, run.options.strict)] : [];
  const deleting = req.attrs.object === null;
  let view: ItemView | undefined;
  if (admitted) {
    req.attrs.object = deleting ? null : admitted.object;
    req.attrs.oldObject = admitted.oldObject;
  } else {
    // The mutated object as the apiserver holds it: namespace defaulted, a Namespace's name label set.
    if (!deleting) {
      req.attrs.object = id.namespaced && !req.declaredNamespace ? withNamespace(object, req.namespace) : req.isNamespace ? defaultNamespaceLabel(object) : object;
    }
    // Before selection only when defaulting sets labels that selectors read (as in the mutating stage).
    if (labelsDefaulted(id, viewOptionsOf(run))) {
      const early = openRequestView(req, run);
      if ("error" in early) return refusedBeforeAdmission(item, early.error, results, run);
      view = early;
      useView(req, view);
    }
  }
  const sel = run.steps.select(run, req.attrs);
  if (sel.invocations.length === 0 && sel.errors.length === 0) {
    for (const ns of run.namespaces.takeAssumed()) results.push(assumedNamespaceResult(item, ns, run.options.strict));
    return results.length === 0 ? none : { ...none, results };
  }
  if (!admitted && view === undefined) {
    const opened = openRequestView(req, run);
    if ("error" in opened) return refusedBeforeAdmission(item, opened.error, results, run);
    view = opened;
    useView(req, view);
  }
  if (view !== undefined && !deleting) {
    // The apiserver decodes the request body before admission: fields its Go type lacks.
    const unknown = unknownFieldResults(item, view, id, run.options.strict);
    results.push(...unknown.results);
    if (unknown.refused) return refusedBeforeAdmission(item, undefined, results, run);
  }
  const inKind = invocationInputs(req, run);
  const log = new ItemLog();
  let validated = false;
  let policy: string | undefined;
  for (const step of dispatchOrder(sel)) {
    validated = true;
    const name = "error" in step ? step.error.policy : step.invocation.policyName;
    if (policy !== undefined && policy !== name) log.endPolicy(policy);
    policy = name;
    if ("error" in step) {
      configError(log, step.error);
      continue;
    }
    const inv = step.invocation;
    const inputs = inKind(inv);
    if ("error" in inputs) {
      // The apiserver fails the request when it cannot convert the object to a matched kind.
      results.push(itemResult(item, "error", `Internal error occurred: ${inputs.error}`, { policy: inv.policyName, binding: inv.bindingName }));
      for (const ns of run.namespaces.takeAssumed()) results.push(assumedNamespaceResult(item, ns, run.options.strict));
      return { results, validated: true, denied: true, warned: false };
    }
    invoke(log, inv, inputs, run.steps);
  }
  if (policy !== undefined) log.endPolicy(policy);
  results.push(...log.results(item, run.options.validation ?? "Enforce"));
  for (const ns of run.namespaces.takeAssumed()) results.push(assumedNamespaceResult(item, ns, run.options.strict));
  return { results, validated, denied: log.denied, warned: log.warned };
}

function viewOptionsOf(run: ValidationRun): typeof defaultViewOptions {
  return run.options.view ?? defaultViewOptions;
}

/** The view of the request's object (on DELETE: of its old object only), or the apiserver's refusal. */
function openRequestView(req: ItemRequest, run: ValidationRun): ItemView | { error: string } {
  const { object, oldObject } = req.attrs;
  // DELETE: the old object is the one admission sees; opened as the object itself (one decode).
  return object === null && oldObject !== null ? openView(oldObject, oldObject, req.id, viewOptionsOf(run)) : openView(object ?? req.item, oldObject, req.id, viewOptionsOf(run));
}

/** The request's object and old object replaced by the view's (DELETE keeps no object). */
function useView(req: ItemRequest, view: ItemView): void {
  if (req.attrs.object !== null) req.attrs.object = view.object;
  req.attrs.oldObject = view.oldObject;
}

/** An object the apiserver refuses before admission (it does not decode): the refusal, nothing validated. */
function refusedBeforeAdmission(item: JsonObject, error: string | undefined, results: KrmResult[], run: ValidationRun): ItemValidation {
  if (error !== undefined) results.push(itemResult(item, "error", error));
  for (const ns of run.namespaces.takeAssumed()) results.push(assumedNamespaceResult(item, ns, run.options.strict));
  return { ...none, results };
}

/**
 * The selection's invocations and configuration errors as one list in dispatch order. Both come
 * in policy/binding order and an error stands for its whole policy (no binding) or binding, so
 * merging by (policy, binding) name restores the order they were met in.
 */
function dispatchOrder(sel: Selection<CompiledValidatingPolicy, ValidatingBindingModel>): ({ error: PolicyError } | { invocation: VapInvocation })[] {
  const out: ({ error: PolicyError } | { invocation: VapInvocation })[] = [];
  const { errors, invocations } = sel;
  let i = 0;
  let j = 0;
  while (i < errors.length || j < invocations.length) {
    if (j >= invocations.length || (i < errors.length && errorFirst(errors[i], invocations[j]))) out.push({ error: errors[i++] });
    else out.push({ invocation: invocations[j++] });
  }
  return out;
}

function errorFirst(e: PolicyError, inv: VapInvocation): boolean {
  if (e.policy !== inv.policyName) return e.policy < inv.policyName;
  return e.binding === undefined || e.binding < inv.bindingName;
}

/** A configuration error: denies regardless of validationActions under Fail, dropped under Ignore. */
function configError(log: ItemLog, e: PolicyError): void {
  const o: Origin = { policy: e.policy };
  if (e.binding !== undefined) o.binding = e.binding;
  const message = `failed to configure ${e.binding === undefined ? "policy" : "binding"}: ${e.message}`;
  if (e.failurePolicy === "Ignore") log.ignored(o, message);
  else log.deny(o, message);
}

/** What one invocation evaluates on: the objects in its matched kind and the CEL values of its request. */
interface KindInputs {
  object: JsonObject | null;
  oldObject: JsonObject | null;
  values: ItemValues;
  /** The values matchConditions see (`request.resource` is the request's own). */
  conditionValues: ItemValues;
}

/**
 * The inputs of an invocation by the kind and resource it matched (apiserver `VersionedAttribute`
 * and `CreateAdmissionRequest`): through matchPolicy Equivalent the object and old object are
 * converted to the matched kind, `request.kind` / `request.resource` are the matched ones (in
 * matchConditions `request.resource` stays the request's). Built once per kind and resource.
 */
function invocationInputs(req: ItemRequest, run: ValidationRun): (inv: VapInvocation) => KindInputs | { error: string } {
  const own = req.attrs.kind;
  const ownResource = { group: req.id.group, version: req.id.version, resource: req.id.resource };
  const byKey = new Map<string, KindInputs | { error: string }>();
  let converter: KindConverter | undefined;
  return (inv) => {
    const key = `${inv.kind.group}/${inv.kind.version}/${inv.kind.kind}\u0000${inv.resource.group}/${inv.resource.version}/${inv.resource.resource}`;
    let hit = byKey.get(key);
    if (hit === undefined) {
      let { object, oldObject } = req.attrs;
      const sameKind = inv.kind.group === own.group && inv.kind.version === own.version && inv.kind.kind === own.kind;
      if (!sameKind) {
        converter ??= run.converterFor(own);
        const o = convertTo(converter, object, inv.kind);
        if ("error" in o) {
          byKey.set(key, o);
          return o;
        }
        const old = convertTo(converter, oldObject, inv.kind);
        if ("error" in old) {
          byKey.set(key, old);
          return old;
        }
        object = o.object;
        oldObject = old.object;
      }
      hit = {
        object, oldObject,
        values: requestValuesAs(req, run.requestEnv, inv.kind, inv.resource),
        conditionValues: requestValuesAs(req, run.requestEnv, inv.kind, ownResource),
      };
      byKey.set(key, hit);
    }
    return hit;
  };
}

function convertTo(converter: KindConverter, object: JsonObject | null, kind: Gvk): { object: JsonObject | null } | { error: string } {
  return object === null ? { object } : converter.convert(object, kind);
}

/** Evaluates one (policy, binding, param) and acts on its decisions and audit annotations. */
function invoke(log: ItemLog, inv: VapInvocation, inputs: KindInputs, steps: ValidationSteps): void {
  const r = steps.evaluate(inv.policy, inputs.values, { object: inputs.object, oldObject: inputs.oldObject, params: inv.param }, inputs.conditionValues);
  const base: Origin & { binding: string } = { policy: inv.policyName, binding: inv.bindingName };
  if (inv.paramKey !== undefined) base.param = inv.paramKey;
  r.decisions.forEach((d, i) => {
    const o = d.fieldPath !== undefined ? { ...base, fieldPath: d.fieldPath } : base;
    if (d.action === "admit") {
      if (d.evaluation === "error") log.ignored(o, d.message);
      return;
    }
    for (const action of inv.binding.validationActions) {
      if (action === "Deny") log.deny(o, d.message, d.reason);
      else if (action === "Audit") log.audit(o, inv.binding, i, d.message);
      else log.warn(o, d.message);
    }
  });
  for (const a of r.auditAnnotations) {
    if (a.action === "publish") log.annotate(a.key, a.value);
    else if (a.action === "error") log.deny({ ...base, fieldPath: a.fieldPath }, a.error);
    else if (a.ignoredError !== undefined) log.ignored({ ...base, fieldPath: a.fieldPath }, a.ignoredError);
  }
}
