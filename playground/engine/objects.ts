// The objects of the inputs as the page names them: `apiVersion Kind namespace/name`.
import type { KrmResult } from "../../src/admission/index.js";
import type { JsonObject } from "../../src/data/index.js";
import { resourceRefOf } from "../../src/krm/index.js";
import type { ObjectChoice } from "./api.js";

/** `Kind namespace/name` (no namespace part for cluster-scoped objects). */
export function refText(r: NonNullable<KrmResult["resourceRef"]>): string {
  return `${r.kind} ${r.namespace ? r.namespace + "/" : ""}${r.name}`;
}

/** The page's key of an object: its apiVersion and {@link refText}. */
export function objectKey(item: JsonObject): string {
  const r = resourceRefOf(item);
  return `${r.apiVersion} ${refText(r)}`;
}

/** Every object with its key and file. */
export function objectChoices(items: readonly JsonObject[], locations: ReadonlyArray<{ path: string }>): ObjectChoice[] {
  return items.map((item, i) => ({ key: objectKey(item), file: locations[i].path }));
}
