// Turns the outcome of admitting one object into KRM results: failurePolicy decides severity
// (Fail → error, Ignore → warning); every result names the object, policy, binding and param.
import { getString, type JsonObject } from "../../data/index.js";
import { policyErrorText, type PolicyError } from "./policy-error.js";
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

/** A result about an item that is not tied to one policy (unknown kind, missing namespace…). */
export function itemResult(item: JsonObject, severity: Severity, message: string, tags?: Record<string, string>): KrmResult {
  const r: KrmResult = { message: capMessage(message), severity, resourceRef: resourceRefOf(item) };
  if (tags) r.tags = tags;
  return r;
}
