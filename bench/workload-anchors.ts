// An anchored variant of a generated workload, as hand-written packages use anchors: in every
// Deployment and StatefulSet the selector's labels are the pod template's (`&ref_N` / `*ref_N`
// within the item), and no anchor is shared across items.
import yaml from "js-yaml";
import { isObject, type JsonObject, type JsonValue } from "../src/data/index.js";
import type { ResourceList } from "./workload.js";

const anchoredKinds = new Set(["Deployment", "StatefulSet"]);

/** The list with each Deployment and StatefulSet selecting its pod template's labels (one object, shared within the item). */
export function withAnchoredLabels(list: ResourceList): ResourceList {
  const items = list.items.map((item): JsonObject => {
    const copy = structuredClone(item);
    const spec = copy.spec;
    if (!anchoredKinds.has(String(copy.kind)) || !isObject(spec)) return copy;
    const template = spec.template;
    const labels: JsonValue | undefined = isObject(template) && isObject(template.metadata) ? template.metadata.labels : undefined;
    if (isObject(labels)) spec.selector = { matchLabels: labels };
    return copy;
  });
  return { ...list, items };
}

/** YAML of a list whose shared objects become anchors and aliases (js-yaml names them `ref_N`). */
export function serialiseAnchored(list: ResourceList): string {
  return yaml.dump(list, { noRefs: false, lineWidth: -1 });
}
