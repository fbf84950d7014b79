// The request options of the page as a functionConfig: the form becomes a MutationConfig, read by
// the same parser as `kmutate apply --config`, and the old-objects pane becomes `oldObjects`.
import type { AdmitOptions } from "../../src/admission/index.js";
import type { JsonObject } from "../../src/data/index.js";
import { MUTATION_CONFIG_API_VERSION, MUTATION_CONFIG_KIND, parseFunctionConfig, readStream } from "../../src/krm/index.js";
import type { PaneFile, RequestOptions } from "./api.js";

/** The MutationConfig the form stands for (what `kmutate apply --config` would be given). */
export function mutationConfig(o: RequestOptions): JsonObject {
  const groups = o.groups.split(",").map((g) => g.trim()).filter((g) => g !== "");
  const userInfo: JsonObject = {};
  if (o.username !== "") userInfo.username = o.username;
  if (groups.length > 0) userInfo.groups = groups;
  const spec: JsonObject = { operation: o.operation, userInfo, authorizer: { decision: o.authorizer } };
  if (o.dryRun) spec.dryRun = true;
  if (o.strict) spec.strict = true;
  if (o.defaultNamespace !== "") spec.defaultNamespace = o.defaultNamespace;
  return { apiVersion: MUTATION_CONFIG_API_VERSION, kind: MUTATION_CONFIG_KIND, metadata: { name: "playground" }, spec };
}

/**
 * Admission options, or the messages saying why the options or old objects cannot be used. The
 * old objects are read only for UPDATE (their pane is hidden otherwise).
 */
export function admitOptions(o: RequestOptions, oldObjects: readonly PaneFile[]): { ok: true; options: AdmitOptions } | { ok: false; errors: string[] } {
  const c = parseFunctionConfig(mutationConfig(o));
  if (!c.ok) return { ok: false, errors: c.errors.map((e) => e.message) };
  if (o.operation !== "UPDATE") return { ok: true, options: c.options };
  const sources = oldObjects.map((f) => ({ path: f.name, text: f.text })).filter((s) => s.text.trim() !== "");
  if (sources.length === 0) return { ok: true, options: c.options };
  const old = readStream(sources);
  if (!old.ok) return { ok: false, errors: old.errors };
  return { ok: true, options: { ...c.options, oldObjects: old.items } };
}
