// The objects of an `apply` stream fit for `kubectl apply`: without local config (as kpt and
// kustomize drop it) and function configs. Node-free: `kmutate apply` and the playground share it.
import { isLocalConfig } from "../admission/index.js";
import { isObject, type JsonObject } from "../data/index.js";
import type { StreamFile } from "../krm/index.js";

/** Objects `kubectl apply` must not receive: local config (as kpt and kustomize drop it) and function configs. */
function leftOut(item: JsonObject): boolean {
  const ann = isObject(item.metadata) ? item.metadata.annotations : undefined;
  return isLocalConfig(item) || (isObject(ann) && typeof ann["config.kubernetes.io/function"] === "string");
}

/**
 * The files and the items after admission without the documents `keep` rejects (both in stream
 * order); a file whose every object was rejected is dropped whole.
 */
function filtered(files: readonly StreamFile[], after: readonly JsonObject[], keep: (item: JsonObject) => boolean): { files: StreamFile[]; items: JsonObject[] } {
  const items: JsonObject[] = [];
  const out: StreamFile[] = [];
  let k = 0;
  for (const file of files) {
    const docs = file.docs.filter((d) => {
      if (d.value === undefined) return true;
      const item = after[k++];
      if (keep(item)) items.push(item);
      return keep(item);
    });
    const hadObjects = file.docs.some((d) => d.value !== undefined);
    if (!hadObjects || docs.some((d) => d.value !== undefined)) out.push({ source: file.source, docs });
  }
  return { files: out, items };
}

/** The files and items after admission without the objects {@link leftOut} names. */
export function deployable(files: readonly StreamFile[], after: readonly JsonObject[]): { files: StreamFile[]; items: JsonObject[] } {
  return filtered(files, after, (item) => !leftOut(item));
}
