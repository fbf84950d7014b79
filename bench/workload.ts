// Assembles a complete benchmark ResourceList from a seed: N manifests across Namespaces plus
// P MutatingAdmissionPolicies and V ValidatingAdmissionPolicies with their bindings and params,
// and serialises it as YAML or JSON.
import yaml from "js-yaml";
import type { JsonObject } from "../src/data/index.js";
import { createRng } from "./rng.js";
import type { Rng } from "./rng.js";
import {
  configMap,
  deployment,
  namespace,
  paramsNamespaceItem,
  pod,
  service,
  statefulSet,
  widget,
  widgetCrd,
  withKptAnnotations,
} from "./workload-objects.js";
import type { NamespaceInfo } from "./workload-objects.js";
import { policyBundle } from "./workload-policies.js";
import type { PolicyTemplate } from "./workload-policies.js";
import { vapBundle, type VapTemplate } from "./workload-vaps.js";

/** What to generate. */
export interface WorkloadOptions {
  /** Manifests to admit: Namespaces, the CRD and workload objects (policies, bindings and params come on top). At least 8. */
  objects: number;
  /** MutatingAdmissionPolicies (each with one binding). */
  policies: number;
  /** ValidatingAdmissionPolicies (each with one binding). Default: 0. */
  vaps?: number;
  /** PRNG seed. Default: 1. */
  seed?: number;
}

/** A KRM ResourceList. */
export interface ResourceList {
  apiVersion: "config.kubernetes.io/v1";
  kind: "ResourceList";
  items: JsonObject[];
  /** The function's configuration (the generator writes none). */
  functionConfig?: JsonObject;
}

/** Counts describing a generated workload. */
export interface WorkloadStats {
  namespaces: number;
  objectsByKind: Record<string, number>;
  policiesByTemplate: Partial<Record<PolicyTemplate, number>>;
  vapsByTemplate: Partial<Record<VapTemplate, number>>;
  params: number;
  items: number;
}

/** The smallest `objects` value accepted. */
export const minObjects = 8;

interface KindBuilder {
  build: (rng: Rng, name: string, ns: NamespaceInfo) => JsonObject;
  prefix: string;
}

const kinds: readonly (readonly [KindBuilder, number])[] = [
  [{ build: deployment, prefix: "deploy" }, 25],
  [{ build: statefulSet, prefix: "sts" }, 8],
  [{ build: pod, prefix: "pod" }, 10],
  [{ build: service, prefix: "svc" }, 22],
  [{ build: configMap, prefix: "cm" }, 25],
  [{ build: widget, prefix: "widget" }, 10],
];

/**
 * Generates a workload. The same options always give the same list (deep-equal, and the same
 * serialised text).
 */
export function generateWorkload(options: WorkloadOptions): { list: ResourceList; stats: WorkloadStats } {
  const { objects, policies } = options;
  const vaps = options.vaps ?? 0;
  if (!Number.isInteger(objects) || objects < minObjects) throw new RangeError(`objects must be an integer ≥ ${minObjects}`);
  if (!Number.isInteger(policies) || policies < 0) throw new RangeError("policies must be a non-negative integer");
  if (!Number.isInteger(vaps) || vaps < 0) throw new RangeError("vaps must be a non-negative integer");
  const rng = createRng(options.seed ?? 1);
  const nsCount = Math.min(Math.max(3, Math.round(objects / 50)), objects - 3);
  const namespaces: NamespaceInfo[] = [];
  const nsItems: JsonObject[] = [paramsNamespaceItem()];
  for (let k = 0; k < nsCount - 1; k++) {
    const { item, info } = namespace(rng, k);
    nsItems.push(item);
    namespaces.push(info);
  }
  const policyItems: JsonObject[] = [];
  const paramItems: JsonObject[] = [];
  const policiesByTemplate: Partial<Record<PolicyTemplate, number>> = {};
  for (let i = 0; i < policies; i++) {
    const bundle = policyBundle(i, namespaces);
    policyItems.push(bundle.policy, bundle.binding);
    paramItems.push(...bundle.params);
    policiesByTemplate[bundle.template] = (policiesByTemplate[bundle.template] ?? 0) + 1;
  }
  const vapsByTemplate: Partial<Record<VapTemplate, number>> = {};
  for (let i = 0; i < vaps; i++) {
    const bundle = vapBundle(i);
    policyItems.push(bundle.policy, bundle.binding);
    paramItems.push(...bundle.params);
    vapsByTemplate[bundle.template] = (vapsByTemplate[bundle.template] ?? 0) + 1;
  }
  const objectsByKind: Record<string, number> = { Namespace: nsItems.length, CustomResourceDefinition: 1 };
  const workloads: JsonObject[] = [];
  for (let k = 0; workloads.length < objects - nsItems.length - 1; k++) {
    const { build, prefix } = rng.weighted(kinds);
    const ns = namespaces[rng.int(namespaces.length)];
    const item = build(rng, `${prefix}-${k}`, ns);
    objectsByKind[String(item.kind)] = (objectsByKind[String(item.kind)] ?? 0) + 1;
    workloads.push(item);
  }
  const items = [...policyItems, widgetCrd(), ...nsItems, ...paramItems, ...workloads].map(withKptAnnotations);
  const stats: WorkloadStats = {
    namespaces: nsItems.length,
    objectsByKind,
    policiesByTemplate,
    vapsByTemplate,
    params: paramItems.length,
    items: items.length,
  };
  return { list: { apiVersion: "config.kubernetes.io/v1", kind: "ResourceList", items }, stats };
}

/** Serialises a ResourceList the way a KRM orchestrator would hand it over. */
export function serialiseResourceList(list: ResourceList, format: "yaml" | "json"): string {
  return format === "json" ? JSON.stringify(list) + "\n" : yaml.dump(list, { noRefs: true, lineWidth: -1 });
}
