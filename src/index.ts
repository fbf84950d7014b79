// kmutate library API: apply the MutatingAdmissionPolicies among `items` to the other items.
import { admit, defaultAdmitOptions } from "./admission/index.js";
import type { AdmitOptions, AdmitOutput } from "./admission/index.js";
import type { JsonObject } from "./data/index.js";

export type { AdmitOptions as MutateOptions, AdmitOutput as MutateOutput, KrmResult, Severity } from "./admission/index.js";
export type { JsonValue, JsonObject } from "./data/index.js";
export { JsonFloat } from "./data/index.js";
export type { Defaulting, ViewMode, ViewOptions } from "./view/index.js";

/**
 * Mutates `items` as kube-apiserver 1.36 would admit each of them, using the
 * MutatingAdmissionPolicies and bindings found among the items. Never throws on bad input.
 */
export function mutate(items: JsonObject[], options: Partial<AdmitOptions> = {}): AdmitOutput {
  return admit(items, { ...defaultAdmitOptions, ...options });
}
