// Builders for krm tests: ResourceList texts and items.
import type { JsonObject } from "../../src/data/index.js";

/** A ConfigMap item. */
export function cm(name: string, extra: JsonObject = {}): JsonObject {
  return { apiVersion: "v1", kind: "ConfigMap", metadata: { name }, ...extra };
}

/** A ResourceList YAML text with the given items block (already indented YAML) and tail. */
export function rlYaml(itemsBlock: string, tail = ""): string {
  return `apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n${itemsBlock}${tail}`;
}

/** A one-item ResourceList whose item is a ConfigMap with the given extra YAML lines. */
export const oneItem = rlYaml("- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: a\n");
