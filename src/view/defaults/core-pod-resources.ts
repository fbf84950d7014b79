// The pod-level resources defaults of SetDefaults_Pod (feature PodLevelResources, beta and on by
// default since 1.34): `spec.resources` hugepages limits and cpu/memory requests filled from the
// containers' aggregate (the sidecar formula of component-helpers' AggregateContainer*).
import { isObject, type JsonObject, type JsonValue } from "../../data/index.js";
import { parseQuantity, quantityAdd, quantityCmp, quantityToString, type Quantity } from "../../cel/index.js";
import { field, updateObject, withField } from "./json-edit.js";

/** A v1.ResourceList being computed: resource name → quantity (each entry owned by the list). */
type Totals = Map<string, Quantity>;

const isHugePages = (name: string): boolean => name.startsWith("hugepages-");
/** resourcehelper.IsSupportedPodLevelResource: cpu, memory, hugepages-*. */
const isSupported = (name: string): boolean => name === "cpu" || name === "memory" || isHugePages(name);
/** Of the supported resources, those corev1helper.IsOvercommitAllowed accepts (native, not hugepages). */
const isOvercommittable = (name: string): boolean => name === "cpu" || name === "memory";

/** A copy that shares no decimal cell (Go's DeepCopy), so later sums cannot change the source. */
const copyOf = (q: Quantity): Quantity => ({ ...q, d: q.d ? { ...q.d } : undefined });

/** The quantities of a ResourceList value (a decoded view: every value is a valid quantity string). */
function listOf(v: JsonValue | undefined): Totals {
  const out: Totals = new Map();
  if (!isObject(v)) return out;
  for (const k of Object.keys(v)) {
    const s = v[k];
    const q = typeof s === "string" ? parseQuantity(s) : undefined;
    if (q !== undefined && !("error" in q)) out.set(k, q);
  }
  return out;
}

/** addResourceList: `into` += `list`. */
function add(into: Totals, list: Totals): void {
  for (const [k, q] of list) {
    const have = into.get(k);
    into.set(k, have === undefined ? copyOf(q) : quantityAdd(have, q));
  }
}

/** maxResourceList: `into` = max(`into`, `list`) per resource in `list`. */
function max(into: Totals, list: Totals): void {
  for (const [k, q] of list) {
    const have = into.get(k);
    if (have === undefined || quantityCmp(copyOf(q), have) > 0) into.set(k, copyOf(q));
  }
}

/**
 * The containers' aggregate of `which` (`requests` or `limits`): the sum over containers and
 * restartable init containers (sidecars), at least each init container's own plus the sidecars
 * started before it.
 */
function aggregate(spec: JsonObject, which: "requests" | "limits"): Totals {
  const resourcesOf = (c: JsonValue): Totals => listOf(isObject(c) && isObject(c.resources) ? field(c.resources, which) : undefined);
  const result: Totals = new Map();
  const containers = field(spec, "containers");
  if (Array.isArray(containers)) for (const c of containers) add(result, resourcesOf(c));
  const sidecars: Totals = new Map();
  const inits: Totals = new Map();
  const initContainers = field(spec, "initContainers");
  if (Array.isArray(initContainers)) {
    for (const c of initContainers) {
      const own = resourcesOf(c);
      if (isObject(c) && c.restartPolicy === "Always") {
        add(result, own);
        add(sidecars, own);
        max(inits, sidecars);
      } else {
        const combined: Totals = new Map();
        add(combined, own);
        add(combined, sidecars);
        max(inits, combined);
      }
    }
  }
  max(result, inits);
  return result;
}

/** `list` as a ResourceList value with `extra` entries added (strings, canonical). */
function withEntries(list: JsonValue | undefined, extra: Totals): JsonObject {
  const out: JsonObject = isObject(list) ? { ...list } : {};
  for (const [k, q] of extra) out[k] = quantityToString(q);
  return out;
}

/**
 * defaultHugePagePodLimits, then defaultPodRequests, on a Pod's spec whose `resources` are set
 * (after the containers' requests were defaulted from their limits).
 */
export function defaultPodLevelResources(spec: JsonObject): JsonObject {
  return updateObject(spec, "resources", (r) => defaultPodRequests(spec, defaultHugePageLimits(spec, r)));
}

/** Hugepages limits from the containers' aggregate limits, unless the pod requests that size. */
function defaultHugePageLimits(spec: JsonObject, r: JsonObject): JsonObject {
  const limits = listOf(field(r, "limits"));
  const requests = listOf(field(r, "requests"));
  if (limits.size === 0 && requests.size === 0) return r;
  const added: Totals = new Map();
  for (const [k, q] of aggregate(spec, "limits")) {
    if (isSupported(k) && isHugePages(k) && !requests.has(k) && !limits.has(k)) added.set(k, q);
  }
  return added.size === 0 ? r : withField(r, "limits", withEntries(field(r, "limits"), added));
}

/**
 * With pod-level limits: cpu/memory requests from the containers' aggregate requests, then any
 * supported resource's request from its pod-level limit.
 */
function defaultPodRequests(spec: JsonObject, r: JsonObject): JsonObject {
  const limits = listOf(field(r, "limits"));
  if (limits.size === 0) return r;
  const requests = listOf(field(r, "requests"));
  const added: Totals = new Map();
  for (const [k, q] of aggregate(spec, "requests")) {
    if (!requests.has(k) && isSupported(k) && isOvercommittable(k)) added.set(k, q);
  }
  for (const [k, q] of limits) {
    if (!requests.has(k) && !added.has(k) && isSupported(k)) added.set(k, q);
  }
  return added.size === 0 ? r : withField(r, "requests", withEntries(field(r, "requests"), added));
}
