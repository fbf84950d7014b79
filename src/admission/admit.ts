// Entry point of the admission layer: admits every item of a ResourceList against the bound
// MutatingAdmissionPolicies found among the items.
import type { JsonObject } from "../data/index.js";
import type { AdmitOptions, AdmitOutput } from "./types.js";

/**
 * Admits every item. Until the dispatcher lands, items pass through unchanged.
 */
export function admit(items: JsonObject[], _options: AdmitOptions): AdmitOutput {
  return { items, results: [] };
}
