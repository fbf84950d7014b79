// Where admission meets the view layer: an item's view opened from its identity and the run's
// view options, and the results about fields of the manifest its Go type lacks.
import { itemResult } from "./results.js";
import type { ItemIdentity } from "./item-identity.js";
import type { KrmResult } from "../types.js";
import { openItemView, type ItemView, type ViewOptions } from "../../view/index.js";
import type { JsonObject } from "../../data/index.js";

/**
 * The view admission ended with for an item (after the mutating stage: of the mutated object),
 * handed to the validating stage so it does not decode the object again. Unknown-field results
 * about the manifest have been reported by the stage that opened it.
 */
export interface AdmittedView {
  /** The object as the next stage sees it (CEL `object`). */
  object: JsonObject;
  /** The old object as the next stage sees it (UPDATE, DELETE), else null. */
  oldObject: JsonObject | null;
}

/** The view of an item (and of its old object), or the apiserver's refusal of the manifest. */
export function openView(object: JsonObject, oldObject: JsonObject | null, id: ItemIdentity, options: ViewOptions): ItemView | { error: string } {
  const apiVersion = id.group === "" ? id.version : `${id.group}/${id.version}`;
  return openItemView(object, oldObject, { apiVersion, kind: id.kind, ...(id.openAPIV3Schema ? { openAPIV3Schema: id.openAPIV3Schema } : {}) }, options);
}

/** Whether defaulting sets labels that matching reads (core/v1 Namespace, batch/v1 Job). */
export function labelsDefaulted(id: ItemIdentity, options: ViewOptions): boolean {
  if (options.mode !== "server" || options.defaulting !== "builtin") return false;
  return (id.group === "" && id.version === "v1" && id.kind === "Namespace") || (id.group === "batch" && id.version === "v1" && id.kind === "Job");
}

/**
 * Fields of the manifest the Go type lacks. The apiserver drops them and warns under
 * `fieldValidation: Warn` (kmutate's default: one `warning` each, `unknown field "…"`); under
 * `Strict` (kmutate's `strict: true`) it refuses the object: one `error`, the item unchanged.
 */
export function unknownFieldResults(item: JsonObject, view: ItemView, id: ItemIdentity, strict: boolean): { results: KrmResult[]; refused: boolean } {
  const unknown = view.unknownFields;
  if (unknown.length === 0) return { results: [], refused: false };
  if (strict) {
    const list = unknown.map((p) => `unknown field ${JSON.stringify(p)}`).join(", ");
    return { results: [itemResult(item, "error", `${id.kind} in version ${JSON.stringify(id.version)} cannot be handled as a ${id.kind}: strict decoding error: ${list}`)], refused: true };
  }
  return {
    results: unknown.map((p) => {
      const r = itemResult(item, "warning", `unknown field ${JSON.stringify(p)}`);
      r.field = { path: p };
      return r;
    }),
    refused: false,
  };
}
