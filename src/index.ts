// kmutate library API: apply the MutatingAdmissionPolicies among `items` to the other items, and
// read/write manifest files (comments kept) for callers that hold files. ESM only.
import { admit, defaultAdmitOptions } from "./admission/index.js";
import type { AdmitLimits, AdmitOptions, AdmitOutput } from "./admission/index.js";
import type { JsonObject } from "./data/index.js";
import { readStream, writeFiles, type SourceText, type StreamRead, type WrittenFile } from "./krm/index.js";

export type { AdmitOutput as MutateOutput, AdmitLimits as MutateLimits, AdmitSummary as MutateSummary, KrmResult, Severity } from "./admission/index.js";
export type { JsonValue, JsonObject } from "./data/index.js";
export { JsonFloat } from "./data/index.js";
export type { SourceText as ManifestSource, WrittenFile as ManifestFile };

/** Options of {@link mutate}: every field optional; `limits` may name only some limits. */
export type MutateOptions = Partial<Omit<AdmitOptions, "limits">> & { limits?: Partial<AdmitLimits> };

/**
 * Mutates `items` as kube-apiserver 1.36 would admit each of them, using the
 * MutatingAdmissionPolicies and bindings found among the items. Never throws on bad input.
 */
export function mutate(items: JsonObject[], options: MutateOptions = {}): AdmitOutput {
  return admit(items, { ...defaultAdmitOptions, ...options });
}

/** Manifests read by {@link readManifests}: the objects in order, and the parsed files to write back. */
export type ManifestRead = StreamRead;

/**
 * Reads YAML/JSON manifest files (multi-document streams) as `kmutate apply` does: every document
 * must be a Kubernetes object or empty. One string is read as a file named `stdin`. Problems come
 * back as `file:line:col: message` lines; it never throws on bad input.
 */
export function readManifests(sources: readonly SourceText[] | string): ManifestRead {
  return readStream(typeof sources === "string" ? [{ path: "stdin", text: sources }] : sources);
}

/**
 * Writes the files of `read` back, one text per file in input order, with `items` (the objects
 * in `read.items` order, e.g. `mutate(read.items).items`) in place of the objects read: unchanged
 * documents byte for byte, changed ones updated node by node (comments and layout kept).
 */
export function writeManifests(read: Extract<ManifestRead, { ok: true }>, items: readonly JsonObject[]): WrittenFile[] {
  return writeFiles(read.files, items);
}
