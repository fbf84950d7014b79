// Side inputs carried by items: ConfigMaps marked `fn.kmutate.dev/side-input` hold old objects for
// UPDATE or OpenAPI v3 documents as file texts (for containers, which see no files). No file I/O:
// the files a functionConfig names are read by the caller's SideInputLoader (see function.ts).
import { SIDE_INPUT_ANNOTATION, type AdmitOptions } from "../admission/index.js";
import { getKey, isObject, type JsonObject, type JsonValue } from "../data/index.js";
import { readStream } from "./stream.js";
import type { KrmError } from "./types.js";
import { readDocument } from "./yaml/index.js";

/** Kinds of side input a marked ConfigMap can carry (the annotation's values). */
export const sideInputKinds = ["old-objects", "openapi"] as const;

/** The `metadata.annotations` of an object (`{}` when it has none or is no object). */
export function annotationsOf(o: JsonValue | undefined): JsonObject {
  const meta = isObject(o) ? getKey(o, "metadata") : undefined;
  const ann = isObject(meta) ? getKey(meta, "annotations") : undefined;
  return isObject(ann) ? ann : {};
}

/** Whether an item is marked as a side input (read by the run, never admitted). */
export function isSideInput(item: JsonValue): boolean {
  return getKey(annotationsOf(item), SIDE_INPUT_ANNOTATION) !== undefined;
}

/**
 * Adds the side inputs carried by items to `options`: every ConfigMap annotated
 * `fn.kmutate.dev/side-input: old-objects` (each `data` value a YAML stream of objects) or
 * `openapi` (each `data` value one OpenAPI v3 document, YAML or JSON). Errors name the item.
 */
export function loadSideInputItems(items: readonly JsonObject[], options: AdmitOptions): { ok: true; options: AdmitOptions } | { ok: false; errors: KrmError[] } {
  const errors: KrmError[] = [];
  const oldObjects: JsonObject[] = [];
  const openapi: JsonValue[] = [];
  items.forEach((item, i) => {
    const kind = getKey(annotationsOf(item), SIDE_INPUT_ANNOTATION);
    if (kind === undefined) return;
    const at = `items[${i}]`;
    const bad = (field: string, message: string): void => void errors.push({ code: "SIDE_INPUT", message, field: `${at}${field}` });
    if (!(sideInputKinds as readonly JsonValue[]).includes(kind)) return bad(`.metadata.annotations.${SIDE_INPUT_ANNOTATION}`, `${JSON.stringify(kind)} is not a side-input kind; allowed values: ${sideInputKinds.join(", ")}`);
    if (getKey(item, "apiVersion") !== "v1" || getKey(item, "kind") !== "ConfigMap") return bad("", `a ${SIDE_INPUT_ANNOTATION} item must be a v1 ConfigMap whose data values are file texts`);
    const data = getKey(item, "data");
    const entries = isObject(data) ? Object.keys(data).map((key) => [key, getKey(data, key)] as const) : [];
    for (const [key, text] of entries) {
      if (typeof text !== "string") {
        bad(`.data.${key}`, "expected a string (the text of a file)");
        continue;
      }
      if (kind === "old-objects") {
        const read = readStream([{ path: `data.${key}`, text }]);
        if (read.ok) oldObjects.push(...read.items);
        else for (const e of read.errors) bad("", e);
        continue;
      }
      const doc = readDocument(text);
      if (doc.ok) openapi.push(doc.value);
      else for (const e of doc.errors) bad(`.data.${key}`, e.message);
    }
  });
  if (errors.length > 0) return { ok: false, errors };
  const out: AdmitOptions = { ...options };
  if (oldObjects.length > 0) out.oldObjects = [...(options.oldObjects ?? []), ...oldObjects];
  if (openapi.length > 0) out.openapi = [...(options.openapi ?? []), ...openapi];
  return { ok: true, options: out };
}
