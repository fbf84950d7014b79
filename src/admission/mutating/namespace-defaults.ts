// The `kubernetes.io/metadata.name` label of a Namespace being admitted (reference §2.9): the
// apiserver's defaulting (`SetDefaults_Namespace`) sets it to the name on decode and again after
// every mutation, so matching and CEL always see it; kmutate's output keeps the label as the
// author wrote it (absent stays absent), since the server owns it and policies cannot change it.
import { getKey, getString, isObject, setKey, type JsonObject } from "../../data/index.js";
import { namespaceNameLabel } from "../dispatch/index.js";

/** True for core v1 Namespace. */
export function isNamespaceKind(k: { group: string; version: string; kind: string }): boolean {
  return k.group === "" && k.version === "v1" && k.kind === "Namespace";
}

/** `SetDefaults_Namespace`: the label set to the object's name (nameless Namespaces are left alone). */
export function defaultNamespaceLabel(ns: JsonObject): JsonObject {
  const name = getString(ns, "metadata", "name") ?? "";
  if (name === "") return ns;
  const meta = getKey(ns, "metadata");
  const labels = isObject(meta) ? getKey(meta, "labels") : undefined;
  if (isObject(labels) && getString(labels, namespaceNameLabel) === name) return ns;
  return withLabel(ns, isObject(meta) ? meta : {}, isObject(labels) ? labels : undefined, name);
}

/** `admitted` with the name label as `input` has it (its value, or no label and no added `labels` map). */
export function withInputNamespaceLabel(admitted: JsonObject, input: JsonObject): JsonObject {
  const inputMeta = getKey(input, "metadata");
  const inputLabels = isObject(inputMeta) ? getKey(inputMeta, "labels") : undefined;
  const wanted = isObject(inputLabels) ? getString(inputLabels, namespaceNameLabel) : undefined;
  const meta = getKey(admitted, "metadata");
  const labels = isObject(meta) ? getKey(meta, "labels") : undefined;
  if (!isObject(meta) || !isObject(labels)) return admitted;
  if (getString(labels, namespaceNameLabel) === wanted) return admitted;
  if (wanted !== undefined) return withLabel(admitted, meta, labels, wanted);
  const rest: JsonObject = {};
  for (const k of Object.keys(labels)) if (k !== namespaceNameLabel) setKey(rest, k, labels[k]);
  // An emptied `labels` map the input did not have goes too.
  const keep = Object.keys(rest).length > 0 || isObject(inputLabels);
  return { ...admitted, metadata: withLabels(meta, keep ? rest : undefined) };
}

function withLabel(o: JsonObject, meta: JsonObject, labels: JsonObject | undefined, value: string): JsonObject {
  const l: JsonObject = {};
  if (labels) for (const k of Object.keys(labels)) setKey(l, k, labels[k]);
  setKey(l, namespaceNameLabel, value);
  return { ...o, metadata: withLabels(meta, l) };
}

/** A copy of `meta` with `labels` replaced in place (appended when new, dropped when undefined). */
function withLabels(meta: JsonObject, labels: JsonObject | undefined): JsonObject {
  const m: JsonObject = {};
  for (const k of Object.keys(meta)) {
    if (k !== "labels") setKey(m, k, meta[k]);
    else if (labels !== undefined) setKey(m, k, labels);
  }
  if (labels !== undefined && !Object.hasOwn(meta, "labels")) setKey(m, "labels", labels);
  return m;
}
