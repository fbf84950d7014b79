// The selection of one request from the run's policy index (`selectForRequest`), reusing what
// requests that differ only in their object share. A policy whose criteria (and its
// bindings') have no objectSelector and no resourceNames selects the same for every request of one
// shape (operation, resource, kind, namespace), so its part is computed once per shape; only the
// policies that read the object's labels or name are matched per request. When none reads the
// name, their part is also kept per outcome of the objectSelectors they read (labels repeat).
// Namespaces whose labels and params give the policies the same answers share their shapes.
import type { JsonObject } from "../../data/index.js";
import { compiledSelector, labelsOf, selectorText, type LabelSelector, type NamespaceLookup, type RequestAttrs } from "../match/index.js";
import type { BindingModel, LabelSelectorSpec, MatchResourcesModel, PolicyBase } from "../policy/index.js";
import type { CompiledPolicyBase } from "./compile-expressions.js";
import type { NamespaceView } from "./namespace-view.js";
import type { CollectParamsResult, ParamIndex, ParamScope } from "./params.js";
import type { PolicyIndex } from "./policy-index.js";
import type { ParamCollector } from "./policy-index-params.js";
import { selectInvocations, selectPolicy, type BoundPolicy, type Selection } from "./select-invocations.js";

/** Consecutive policies whose selection is fixed for the shape, or one policy matched per request. */
type Part<C extends CompiledPolicyBase, B extends BindingModel> = { fixed: Selection<C, B> } | { policy: BoundPolicy<C, B> };

/** What one request shape selects. */
interface Shape<C extends CompiledPolicyBase, B extends BindingModel> {
  parts: Part<C, B>[];
  /** Whether computing the fixed parts looked up the request's Namespace (it records an assumed one). */
  looksUpNamespace: boolean;
  /** The only part when every policy is fixed: the selection itself (shared, never modified). */
  whole?: Selection<C, B>;
  /**
   * When the per-request policies read the object's labels but not its name: the non-empty
   * objectSelectors they read, and the selections met so far by the outcome of each (a string of
   * `0`/`1`, one per selector).
   */
  byLabels?: { selectors: LabelSelector[]; selections: Map<string, LabelledSelection<C, B>> };
}

/** A whole selection for one outcome of a shape's objectSelectors. */
interface LabelledSelection<C extends CompiledPolicyBase, B extends BindingModel> {
  selection: Selection<C, B>;
  /** Whether computing it looked up the request's Namespace. */
  looksUpNamespace: boolean;
}

/** Most objectSelector outcomes kept per shape (beyond it, requests are matched in full). */
const maxLabelOutcomes = 256;

/** The shapes seen with one (Namespaces, params) pair; a run has one. */
interface ShapeCache<C extends CompiledPolicyBase, B extends BindingModel> {
  lookup: NamespaceLookup;
  collector: ParamCollector;
  shapes: Map<string, Shape<C, B>>;
  /** By shape without its namespace: the shapes by what the policies read of the Namespace. */
  byNamespaceReads: Map<string, NamespaceShapes<C, B>>;
}

/** What the policies of one shape (but its namespace) read of the request's Namespace. */
interface NamespaceReads {
  /** The non-empty namespaceSelectors of the policies and their bindings (the Namespace's labels). */
  selectors: LabelSelector[];
  /** The bindings whose params are looked up in the request's namespace. */
  params: { policy: PolicyBase; binding: BindingModel; scope: ParamScope }[];
}

/** The shapes of one shape without its namespace, by the outcome of its {@link NamespaceReads}. */
interface NamespaceShapes<C extends CompiledPolicyBase, B extends BindingModel> {
  reads: NamespaceReads;
  byOutcome: Map<string, Shape<C, B>>;
}

const caches = new WeakMap<readonly BoundPolicy[], ShapeCache<CompiledPolicyBase, BindingModel>>();
/** What matching a policy and its bindings reads of the request beyond its shape. */
interface ObjectReads {
  /** The non-empty objectSelectors (labels of the object and old object). */
  selectors: LabelSelector[];
  /** Whether some resource rule names resources (the request's name). */
  name: boolean;
}
const readsByPolicy = new WeakMap<BoundPolicy, ObjectReads>();
const maxSharedSelectors = 4096;
/** One compiled selector per selector text: policies that select alike share their outcome. */
const selectorsByText = new Map<string, LabelSelector>();

/** The compiled selector of `spec`, shared by every selector of the same text; undefined when empty or invalid. */
function sharedSelector(spec: LabelSelectorSpec): LabelSelector | undefined {
  const s = compiledSelector(spec);
  if (!("selector" in s) || s.selector.empty) return undefined;
  const text = selectorText(spec);
  let shared = selectorsByText.get(text);
  if (shared === undefined) {
    shared = s.selector;
    if (selectorsByText.size < maxSharedSelectors) selectorsByText.set(text, shared);
  }
  return shared;
}

function addCriteriaReads(c: MatchResourcesModel, reads: ObjectReads): void {
  const shared = sharedSelector(c.objectSelector);
  if (shared !== undefined && !reads.selectors.includes(shared)) reads.selectors.push(shared);
  for (const r of c.resourceRules) if (r.resourceNames.length > 0) reads.name = true;
  for (const r of c.excludeResourceRules) if (r.resourceNames.length > 0) reads.name = true;
}

/** What matching the policy or one of its bindings reads of the request's object and name. */
function objectReads(b: BoundPolicy): ObjectReads {
  let r = readsByPolicy.get(b);
  if (r === undefined) {
    r = { selectors: [], name: false };
    addCriteriaReads(b.compiled.model.matchConstraints, r);
    for (const x of b.bindings) if (x.matchResources !== undefined) addCriteriaReads(x.matchResources, r);
    readsByPolicy.set(b, r);
  }
  return r;
}

/** Whether matching the policy or one of its bindings reads the request's object or name. */
function readsObject(b: BoundPolicy): boolean {
  const r = objectReads(b);
  return r.name || r.selectors.length > 0;
}

/**
 * What matching `policies` reads of a request's Namespace (a namespaced request that is not a
 * Namespace): the labels its namespaceSelectors test, and the params looked up in it.
 */
function namespaceReads(policies: readonly BoundPolicy[]): NamespaceReads {
  const reads: NamespaceReads = { selectors: [], params: [] };
  const addSelector = (c: MatchResourcesModel): void => {
    const shared = sharedSelector(c.namespaceSelector);
    if (shared !== undefined && !reads.selectors.includes(shared)) reads.selectors.push(shared);
  };
  for (const b of policies) {
    const policy = b.compiled.model;
    addSelector(policy.matchConstraints);
    const scope = b.paramScope ?? "Namespaced";
    for (const binding of b.bindings) {
      if (binding.matchResources !== undefined) addSelector(binding.matchResources);
      // (Params named in a namespace of their own, or cluster-scoped, are the same for every request.)
      if (policy.paramKind && binding.paramRef && binding.paramRef.namespace === "" && scope === "Namespaced") reads.params.push({ policy, binding, scope });
    }
  }
  return reads;
}

/** Small numbers for param objects, to name a param answer in an outcome key. */
const paramIds = new WeakMap<JsonObject, number>();
let nextParamId = 0;

function answerKey(a: CollectParamsResult): string {
  if ("error" in a) return `e${a.error.length}:${a.error}`;
  if ("none" in a) return "n";
  let key = "p";
  for (const p of a.params) {
    if (p === null) {
      key += "-,";
      continue;
    }
    let id = paramIds.get(p);
    if (id === undefined) paramIds.set(p, (id = nextParamId++));
    key += `${id},`;
  }
  return key + ";";
}

/**
 * The answers `namespace` gives to `reads` (each selector's outcome on its labels as matching
 * sees them, then each param lookup): namespaces with equal outcomes select alike. `peek` looks
 * the Namespace up without recording an assumed one (the shape replays its own lookups).
 */
function namespaceOutcome(reads: NamespaceReads, namespace: string, peek: NamespaceLookup, collector: ParamCollector): string {
  let key = "";
  if (reads.selectors.length > 0) {
    const labels = labelsOf(peek(namespace));
    for (const s of reads.selectors) key += s.matches(labels) ? "1" : "0";
  }
  for (const p of reads.params) key += answerKey(collector.collect(p.policy, p.binding, namespace, p.scope));
  return key;
}

/** The outcome of each selector on the request (as the objectSelector predicate: object or old object). */
function labelOutcome(selectors: readonly LabelSelector[], a: RequestAttrs): string {
  const labels = a.object !== null ? labelsOf(a.object) : undefined;
  const oldLabels = a.oldObject !== null ? labelsOf(a.oldObject) : undefined;
  let key = "";
  for (const s of selectors) key += (labels !== undefined && s.matches(labels)) || (oldLabels !== undefined && s.matches(oldLabels)) ? "1" : "0";
  return key;
}

/** Everything a selection reads of a request except its object, old object and name (and, `withNamespace` false, its namespace). */
function shapeKey(a: RequestAttrs, withNamespace = true): string {
  let key = `${a.operation}\u0000${a.group}\u0000${a.version}\u0000${a.resource}\u0000${a.subresource}\u0000${a.kind.group}\u0000${a.kind.version}\u0000${a.kind.kind}`;
  if (withNamespace) key += `\u0000${a.namespace}`;
  if (a.equivalents) for (const e of a.equivalents) key += `\u0000${e.group}/${e.version}/${e.resource}/${e.kind.group}/${e.kind.version}/${e.kind.kind}`;
  return key;
}

function emptySelection<C extends CompiledPolicyBase, B extends BindingModel>(): Selection<C, B> {
  return { invocations: [], errors: [], matched: [] };
}

/**
 * The selection of `policies` (candidates of the request, in dispatch order) for a request that is
 * not a Namespace (whose own labels its namespaceSelectors read): equal to `selectInvocations`,
 * with the object-independent part taken from the request's shape. With `peek` (`lookup` without
 * its record of assumed Namespaces), Namespaces that answer the policies alike share shapes. The
 * selection may be shared between requests: callers never modify it.
 */
export function selectByShape<C extends CompiledPolicyBase, B extends BindingModel>(
  policies: readonly BoundPolicy<C, B>[],
  attrs: RequestAttrs,
  lookup: NamespaceLookup,
  collector: ParamCollector,
  peek?: NamespaceLookup,
): Selection<C, B> {
  let cache = caches.get(policies) as ShapeCache<C, B> | undefined;
  if (!cache || cache.lookup !== lookup || cache.collector !== collector) {
    cache = { lookup, collector, shapes: new Map(), byNamespaceReads: new Map() };
    caches.set(policies, cache as unknown as ShapeCache<CompiledPolicyBase, BindingModel>);
  }
  const key = shapeKey(attrs);
  let shape = cache.shapes.get(key);
  if (!shape) {
    const alike = peek !== undefined && attrs.namespace !== "" ? namespacesAlike(cache, policies, attrs, peek) : undefined;
    shape = alike?.shapes.get(alike.outcome);
    if (!shape) {
      shape = buildShape(policies, attrs, lookup, collector);
      alike?.shapes.set(alike.outcome, shape);
    } else if (shape.looksUpNamespace) {
      lookup(attrs.namespace); // as building it did
    }
    cache.shapes.set(key, shape);
  } else if (shape.looksUpNamespace) {
    lookup(attrs.namespace); // as the fixed parts' namespaceSelectors would
  }
  if (shape.whole) return shape.whole;
  const byLabels = shape.byLabels;
  if (byLabels) {
    const outcome = labelOutcome(byLabels.selectors, attrs);
    const known = byLabels.selections.get(outcome);
    if (known) {
      if (known.looksUpNamespace) lookup(attrs.namespace); // as its matching would
      return known.selection;
    }
    if (byLabels.selections.size < maxLabelOutcomes) {
      const entry: LabelledSelection<C, B> = { selection: emptySelection(), looksUpNamespace: false };
      const probe: NamespaceLookup = (name) => {
        entry.looksUpNamespace = true;
        return lookup(name);
      };
      selectParts(shape, attrs, probe, collector, entry.selection);
      byLabels.selections.set(outcome, entry);
      return entry.selection;
    }
  }
  const out = emptySelection<C, B>();
  selectParts(shape, attrs, lookup, collector, out);
  return out;
}

/**
 * The shapes of the Namespaces whose answers to the policies' Namespace reads are the request's
 * (`shapes` by `outcome`). Every part of a shape, the selections by objectSelector outcome too,
 * reads the Namespace only through them.
 */
function namespacesAlike<C extends CompiledPolicyBase, B extends BindingModel>(
  cache: ShapeCache<C, B>,
  policies: readonly BoundPolicy<C, B>[],
  attrs: RequestAttrs,
  peek: NamespaceLookup,
): { shapes: Map<string, Shape<C, B>>; outcome: string } {
  const kindKey = shapeKey(attrs, false);
  let alike = cache.byNamespaceReads.get(kindKey);
  if (!alike) cache.byNamespaceReads.set(kindKey, (alike = { reads: namespaceReads(policies), byOutcome: new Map() }));
  return { shapes: alike.byOutcome, outcome: namespaceOutcome(alike.reads, attrs.namespace, peek, cache.collector) };
}

/** Appends the shape's parts to `out`: the fixed ones as computed, the others matched on the request. */
function selectParts<C extends CompiledPolicyBase, B extends BindingModel>(
  shape: Shape<C, B>,
  attrs: RequestAttrs,
  lookup: NamespaceLookup,
  collector: ParamCollector,
  out: Selection<C, B>,
): void {
  for (const part of shape.parts) {
    if ("policy" in part) {
      selectPolicy(part.policy, attrs, lookup, collector, out);
      continue;
    }
    const f = part.fixed;
    for (const x of f.invocations) out.invocations.push(x);
    for (const x of f.errors) out.errors.push(x);
    for (const x of f.matched) out.matched.push(x);
  }
}

/** Computes the fixed parts of the request's shape (looking up its Namespace as they do). */
function buildShape<C extends CompiledPolicyBase, B extends BindingModel>(
  policies: readonly BoundPolicy<C, B>[],
  attrs: RequestAttrs,
  lookup: NamespaceLookup,
  collector: ParamCollector,
): Shape<C, B> {
  const shape: Shape<C, B> = { parts: [], looksUpNamespace: false };
  const probe: NamespaceLookup = (name) => {
    shape.looksUpNamespace = true;
    return lookup(name);
  };
  let fixed: Selection<C, B> | undefined;
  for (const b of policies) {
    if (readsObject(b)) {
      shape.parts.push({ policy: b });
      fixed = undefined;
      continue;
    }
    if (!fixed) shape.parts.push({ fixed: (fixed = emptySelection()) });
    selectPolicy(b, attrs, probe, collector, fixed);
  }
  const only = shape.parts[0];
  if (shape.parts.length === 0) shape.whole = emptySelection();
  else if (shape.parts.length === 1 && "fixed" in only) shape.whole = only.fixed;
  else {
    const selectors: LabelSelector[] = [];
    let readsName = false;
    for (const part of shape.parts) {
      if (!("policy" in part)) continue;
      const reads = objectReads(part.policy);
      if (reads.name) readsName = true;
      for (const sel of reads.selectors) if (!selectors.includes(sel)) selectors.push(sel);
    }
    if (!readsName) shape.byLabels = { selectors, selections: new Map() };
  }
  return shape;
}

/** What selecting the invocations of a request reads: the run's policies, Namespaces and params. */
export interface SelectionSources<C extends CompiledPolicyBase, B extends BindingModel = BindingModel> {
  index: PolicyIndex<C, B>;
  namespaces: NamespaceView;
  params: ParamIndex;
  paramsFor: ParamCollector;
}

/**
 * The invocations of one request: the policies its rules can meet, then the full selection (its
 * object-independent part computed once per request shape, see select-by-shape.ts). The selection
 * may be shared between requests: callers never modify it.
 */
export function selectForRequest<C extends CompiledPolicyBase, B extends BindingModel>(src: SelectionSources<C, B>, attrs: RequestAttrs): Selection<C, B> {
  const candidates = src.index.candidates(attrs);
  // A left-out policy with a namespaceSelector would have looked up the Namespace: do it, so an
  // assumed (missing) Namespace is still reported.
  if (candidates.skippedNamespaceSelector && attrs.namespace !== "" && attrs.resource !== "namespaces") src.namespaces.lookup(attrs.namespace);
  // A Namespace's own labels decide its namespaceSelectors: it is matched in full.
  if (attrs.resource === "namespaces") return selectInvocations(candidates.policies, attrs, src.namespaces.lookup, src.params, src.paramsFor);
  return selectByShape(candidates.policies, attrs, src.namespaces.lookup, src.paramsFor, src.namespaces.peek);
}
