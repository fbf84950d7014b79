// Conversion of an admitted object between the kinds of one storage (reference §3 matchPolicy):
// custom resources with conversion strategy `None` change only apiVersion, with the apiextensions
// converter's errors; built-in kinds are not converted offline (that needs their internal types).
import { getString, setKey, type JsonObject } from "../../data/index.js";
import type { SchemaRegistry } from "../../schema/index.js";
import type { Gvk } from "../match/index.js";
import type { KindConverter } from "./versioned-copies.js";

/** `group/version` (or core `version`). */
export function apiVersionOf(k: Pick<Gvk, "group" | "version">): string {
  return k.group === "" ? k.version : `${k.group}/${k.version}`;
}

/** The kind an object says it is (apiVersion and kind as written). */
export function gvkOf(o: JsonObject): Gvk {
  const apiVersion = getString(o, "apiVersion") ?? "";
  const i = apiVersion.indexOf("/");
  const kind = getString(o, "kind") ?? "";
  return i < 0 ? { group: "", version: apiVersion, kind } : { group: apiVersion.slice(0, i), version: apiVersion.slice(i + 1), kind };
}

/** apimachinery `GroupVersionKind.String()`. */
export function gvkText(k: Gvk): string {
  return `${k.group}/${k.version}, Kind=${k.kind}`;
}

const sameKind = (a: Gvk, b: Gvk): boolean => a.group === b.group && a.version === b.version && a.kind === b.kind;

/**
 * The converter of one request of `requestKind`, a kind of `registry`: converts to the served
 * versions of its CustomResourceDefinition (strategy None) and refuses everything else.
 */
export function kindConverter(registry: SchemaRegistry, requestKind: Gvk): KindConverter {
  const request = registry.resolveKind(apiVersionOf(requestKind), requestKind.kind);
  const custom = request?.source === "crd";
  // The versions the CustomResourceDefinition serves (apiextensions `crConverter.validVersions`).
  const served = new Set(custom ? registry.equivalentResources(request.group, request.resource).map((r) => r.version) : []);
  return {
    requestKind,
    convert(object, to) {
      const from = gvkOf(object);
      if (sameKind(from, to)) return { object };
      if (!custom) {
        return { error: `no conversion from ${gvkText(from)} to ${gvkText(to)} offline (kmutate converts custom resources only: built-in kinds convert through internal types)` };
      }
      // apiextensions crConverter.ConvertToVersion, then the CRD's converter.
      if (from.group !== to.group) {
        return { error: `${gvkText(from)} is unstructured and is not suitable for converting to "${apiVersionOf(to)}"` };
      }
      if (!served.has(to.version)) return { error: `request to convert CR to an invalid group/version: ${apiVersionOf(to)}` };
      if (!served.has(from.version)) return { error: `request to convert CR from an invalid group/version: ${apiVersionOf(from)}` };
      if (from.version === to.version) return { object };
      if (request.conversion === "Webhook") {
        return { error: `conversion webhook for ${gvkText(from)} is not called offline (the CustomResourceDefinition's conversion strategy is Webhook)` };
      }
      const out: JsonObject = {};
      for (const k of Object.keys(object)) setKey(out, k, object[k]);
      setKey(out, "apiVersion", apiVersionOf(to)); // strategy None: only apiVersion changes
      return { object: out };
    },
  };
}
