// Turns the outcome of admitting one object into KRM results: failurePolicy decides severity
// (Fail → error, Ignore → warning); every result names the object, policy, binding and param.
import { getString, type JsonObject } from "../../data/index.js";
import { policyErrorText, type PolicyError } from "./policy-error.js";
import type { ItemIdentity } from "./item-identity.js";
import { capMessage } from "./repeated-results.js";
import type { KrmResult, Severity } from "../types.js";

/** The `resourceRef` of an item. */
export function resourceRefOf(item: JsonObject): NonNullable<KrmResult["resourceRef"]> {
  const ref: NonNullable<KrmResult["resourceRef"]> = {
    apiVersion: getString(item, "apiVersion") ?? "",
    kind: getString(item, "kind") ?? "",
    name: getString(item, "metadata", "name") ?? "",
  };
  const ns = getString(item, "metadata", "namespace");
  if (ns) ref.namespace = ns;
  return ref;
}

function tagsOf(e: PolicyError): Record<string, string> {
  const tags: Record<string, string> = { policy: e.policy };
  if (e.binding !== undefined) tags.binding = e.binding;
  if (e.param !== undefined) tags.param = e.param;
  if (e.fieldPath !== undefined) tags.policyField = e.fieldPath;
  return tags;
}

/** One result per policy error: Fail → error (the request is denied), Ignore → warning (the error was ignored). */
export function policyErrorResults(item: JsonObject, errors: PolicyError[]): KrmResult[] {
  return errors.map((e) => {
    const severity: Severity = e.failurePolicy === "Ignore" ? "warning" : "error";
    const text = capMessage(policyErrorText(e));
    return {
      message: severity === "warning" ? `ignored by failurePolicy Ignore: ${text}` : text,
      severity,
      resourceRef: resourceRefOf(item),
      tags: tagsOf(e),
    };
  });
}

/**
 * The error result of a status error that stopped the request (an InternalError after a JSON
 * patch, a 503 for a kind without schema): the apiserver returns it as it is, without the
 * `policy … denied request:` wrapper, whatever the failurePolicy; the tags still name the invocation.
 */
export function statusErrorResult(item: JsonObject, e: PolicyError): KrmResult {
  return { message: e.message, severity: "error", resourceRef: resourceRefOf(item), tags: tagsOf(e) };
}

/** A result about an item that is not tied to one policy (unknown kind, missing namespace…). */
export function itemResult(item: JsonObject, severity: Severity, message: string, tags?: Record<string, string>): KrmResult {
  const r: KrmResult = { message: capMessage(message), severity, resourceRef: resourceRefOf(item) };
  if (tags) r.tags = tags;
  return r;
}

/**
 * The result about a Namespace the request needs but the input lacks (assumed to exist with only
 * its name label): a warning, or with `strict` an error (upstream the request fails with NotFound).
 */
export function assumedNamespaceResult(item: JsonObject, name: string, strict: boolean): KrmResult {
  return itemResult(item, strict ? "error" : "warning",
    `Namespace "${name}" is not in the input: assumed it exists with only the label kubernetes.io/metadata.name=${name}`);
}

/** The result about a kind no table knows (matched with a guessed resource and scope): a warning, or an error with `strict`. */
export function unknownKindResult(item: JsonObject, id: ItemIdentity, strict: boolean): KrmResult {
  return itemResult(item, strict ? "error" : "warning",
    `kind ${id.group ? id.group + "/" : ""}${id.version}/${id.kind} is not a built-in kind nor defined by a CustomResourceDefinition in the input: matched as resource "${id.resource}", ${id.namespaced ? "namespaced" : "cluster-scoped"}`);
}
