// Writes a ResourceList back in the input's format: the input document with `items` replaced
// and `results` set (key order kept), via js-yaml (fast path) or the JSON writer.
import yaml from "js-yaml";
import { setKey, type JsonObject, type JsonValue } from "../../data/index.js";
import type { KrmResult } from "../../admission/index.js";
import { blockDumpOptions, emitItems, type EmitHooks } from "./emit-items.js";
import { writeJsonChunks } from "./json-write.js";
import type { Format, KrmError } from "../types.js";

/** Serialises one value as YAML (kyaml-like layout: 2-space indent, unindented sequences). */
export function writeYaml(value: JsonValue): string {
  return emitItems(value, plainHooks) ?? yaml.dump(value, blockDumpOptions);
}

/** The fast writer with js-yaml's default (single) quotes and nothing added. */
const plainHooks: EmitHooks = { quotingType: "'", keyText: () => undefined, verbatim: () => undefined };

/** Serialises a value in `format`, or an UNREPRESENTABLE error (NaN/Infinity in JSON). */
export function writeValue(value: JsonValue, format: Format): { ok: true; text: string } | { ok: false; error: KrmError } {
  const w = writeValueChunks(value, format);
  return w.ok ? { ok: true, text: [...w.chunks].join("") } : w;
}

/**
 * {@link writeValue}'s text as pieces to write in order (JSON: about 64 Ki characters each, each
 * written as it is iterated).
 */
export function writeValueChunks(value: JsonValue, format: Format): { ok: true; chunks: Iterable<string> } | { ok: false; error: KrmError } {
  return format === "json" ? writeJsonChunks(value) : { ok: true, chunks: [writeYaml(value)] };
}

/**
 * The output document: `doc` with `items` replaced (kept absent when `items` is undefined) and
 * `results` set when there are any (a stale `results` field from the input is dropped).
 */
export function outputDocument(doc: JsonObject, items: JsonValue | undefined, results: readonly KrmResult[]): JsonObject {
  const out: JsonObject = {};
  for (const k of Object.keys(doc)) {
    if (k === "results" || (k === "items" && items === undefined)) continue;
    setKey(out, k, k === "items" ? (items as JsonValue) : doc[k]);
  }
  if (items !== undefined && !Object.prototype.hasOwnProperty.call(out, "items")) setKey(out, "items", items);
  if (results.length > 0) setKey(out, "results", resultsValue(results));
  return out;
}

/** Results as a JsonValue list (kpt's field order). */
export function resultsValue(results: readonly KrmResult[]): JsonValue[] {
  return results.map(resultValue);
}

/** A KrmResult as a JsonValue with kpt's field order and no undefined fields. */
function resultValue(r: KrmResult): JsonObject {
  const o: JsonObject = { message: r.message, severity: r.severity };
  if (r.resourceRef) {
    const ref: JsonObject = { apiVersion: r.resourceRef.apiVersion, kind: r.resourceRef.kind, name: r.resourceRef.name };
    if (r.resourceRef.namespace !== undefined) ref.namespace = r.resourceRef.namespace;
    o.resourceRef = ref;
  }
  if (r.field) o.field = { path: r.field.path };
  if (r.file) o.file = r.file.index === undefined ? { path: r.file.path } : { path: r.file.path, index: r.file.index };
  if (r.tags) {
    const tags: JsonObject = {};
    for (const k of Object.keys(r.tags)) setKey(tags, k, r.tags[k]);
    o.tags = tags;
  }
  return o;
}
