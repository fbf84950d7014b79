// Silencing lint findings per object: the annotation `kmutate.dev/ignore: <code>[,<code>]` on a
// policy or binding drops its findings with those codes.
import { isObject, type JsonObject } from "../../data/index.js";
import type { ItemRef } from "../policy/index.js";

/** The annotation naming the finding codes to ignore on an object. */
export const IGNORE_ANNOTATION = "kmutate.dev/ignore";

function objectAt(items: readonly JsonObject[], source: ItemRef): JsonObject | undefined {
  const item = items[source.index];
  if (source.listIndex === undefined) return item;
  const member = Array.isArray(item?.items) ? item.items[source.listIndex] : undefined;
  return isObject(member) ? member : undefined;
}

/** The codes an object's ignore annotation lists. */
export function ignoredCodes(obj: JsonObject | undefined): Set<string> {
  const meta = isObject(obj?.metadata) ? obj.metadata : undefined;
  const value = isObject(meta?.annotations) ? meta.annotations[IGNORE_ANNOTATION] : undefined;
  return new Set(typeof value === "string" ? value.split(",").map((c) => c.trim()).filter((c) => c !== "") : []);
}

/** `findings` without those their object's ignore annotation silences. */
export function withoutIgnored<F extends { source: ItemRef; code: string }>(findings: readonly F[], items: readonly JsonObject[]): F[] {
  return findings.filter((f) => !ignoredCodes(objectAt(items, f.source)).has(f.code));
}
