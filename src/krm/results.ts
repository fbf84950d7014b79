// KRM results: building per-object results, locating them in files via the kpt/kustomize
// path/index annotations, and the exit code (one pure function of the results).
import { getKey, isObject, type JsonObject } from "../data/index.js";
import type { AdmitSummary, KrmResult, Severity } from "../admission/index.js";
import type { KrmError } from "./types.js";
import { resourceRefOf } from "../admission/index.js";
export { resourceRefOf };

const PATH_ANNOTATIONS = ["internal.config.kubernetes.io/path", "config.kubernetes.io/path"] as const;
const INDEX_ANNOTATIONS = ["internal.config.kubernetes.io/index", "config.kubernetes.io/index"] as const;

/** The exit code of a run: 1 if any result has severity `error`, else 0. */
export function exitCodeOf(results: readonly KrmResult[]): 0 | 1 {
  return results.some((r) => r.severity === "error") ? 1 : 0;
}

/** The `file` of an object from its path/index annotations (internal first, then legacy). */
export function fileOf(item: JsonObject): KrmResult["file"] {
  const annotations = getKey(isObject(item.metadata) ? item.metadata : {}, "annotations");
  if (!isObject(annotations)) return undefined;
  const path = PATH_ANNOTATIONS.map((k) => getKey(annotations, k)).find((v) => typeof v === "string");
  if (typeof path !== "string") return undefined;
  const file: NonNullable<KrmResult["file"]> = { path };
  const index = INDEX_ANNOTATIONS.map((k) => getKey(annotations, k)).find((v) => typeof v === "string");
  if (typeof index === "string" && /^\d+$/.test(index)) file.index = Number(index);
  return file;
}

/**
 * A result about one object: its resourceRef and file location, plus optional field path and tags.
 * Later layers use this to report per-object outcomes.
 */
export function resultFor(
  item: JsonObject,
  severity: Severity,
  message: string,
  extra: { field?: string; tags?: Record<string, string> } = {},
): KrmResult {
  const r: KrmResult = { message, severity, resourceRef: resourceRefOf(item) };
  if (extra.field !== undefined) r.field = { path: extra.field };
  const file = fileOf(item);
  if (file) r.file = file;
  if (extra.tags) r.tags = extra.tags;
  return r;
}

/** The key of a resourceRef: results with the same key are about the same object. */
export function refKey(r: NonNullable<KrmResult["resourceRef"]>): string {
  return `${r.apiVersion}\u0000${r.kind}\u0000${r.namespace ?? ""}\u0000${r.name}`;
}

/**
 * Adds `file` to results that have a resourceRef to one of `items` but no `file` yet. `locate`
 * gives an item's file. Default: its path/index annotations ({@link fileOf}).
 */
export function withFiles(
  results: readonly KrmResult[],
  items: readonly JsonObject[],
  locate: (item: JsonObject, index: number) => KrmResult["file"] = fileOf,
): KrmResult[] {
  if (!results.some((r) => r.resourceRef && !r.file)) return [...results];
  const byRef = new Map<string, number>();
  items.forEach((it, i) => {
    if (!isObject(it)) return;
    const k = refKey(resourceRefOf(it));
    if (!byRef.has(k)) byRef.set(k, i);
  });
  // An item with several results (mutation, validation, audit) is located once.
  const files = new Map<number, KrmResult["file"]>();
  return results.map((r) => {
    if (!r.resourceRef || r.file) return r;
    const i = byRef.get(refKey(r.resourceRef));
    if (i === undefined) return r;
    let file = files.get(i);
    if (file === undefined && !files.has(i)) {
      file = locate(items[i], i);
      files.set(i, file);
    }
    return file ? { ...r, file } : r;
  });
}

/**
 * Turns bad-input errors into error results with `tags.code` (docs/05_errors.md); `items[i]`
 * errors point at that item when it is an object.
 */
export function errorResults(errors: readonly KrmError[], items: readonly unknown[] = []): KrmResult[] {
  return errors.map((e) => {
    const m = e.field ? /^items\[(\d+)\]/.exec(e.field) : null;
    const item = m ? items[Number(m[1])] : undefined;
    const r: KrmResult = isObject(item as JsonObject) ? resultFor(item as JsonObject, "error", e.message) : { message: e.message, severity: "error" };
    if (e.field) r.field = { path: e.field };
    r.tags = { code: e.code };
    return r;
  });
}

function counted(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? "" : "s"}`;
}

/**
 * The run's summary as one `info` result (`tags.code: summary`): objects read, how many changed
 * and by how many invocations, the warnings and errors among `results`, and with
 * ValidatingAdmissionPolicies the objects validated, denied and warned about.
 */
export function summaryResult(summary: AdmitSummary, results: readonly KrmResult[]): KrmResult {
  const warnings = results.filter((r) => r.severity === "warning").length;
  const errors = results.filter((r) => r.severity === "error").length;
  let message = `${counted(summary.objects, "object")} read, ${summary.changed} changed by ${counted(summary.invocations, "invocation")}, ${counted(warnings, "warning")}, ${counted(errors, "error")}`;
  const v = summary.validation;
  if (v) message += `; validation: ${counted(v.validated, "object")} validated, ${v.denied} ${v.enforced ? "denied" : "would be denied"}, ${v.warned} with warnings`;
  return { message, severity: "info", tags: { code: "summary" } };
}

/** `results` with the summary appended, or without any `info` result when `quiet`. */
export function finalResults(results: readonly KrmResult[], summary: AdmitSummary | undefined, quiet: boolean): KrmResult[] {
  if (quiet) return results.filter((r) => r.severity !== "info");
  return summary ? [...results, summaryResult(summary, results)] : [...results];
}
