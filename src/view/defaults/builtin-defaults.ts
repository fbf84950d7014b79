// The built-in defaulting of a kind, as defaulter-gen's covering defaulters run it: the kind's
// own defaulter, then, field by field in Go declaration order, every nested struct's defaulter
// (a parent before its children), and every v1.ResourceList rounded up to milli precision.
import { isObject, setKey, type JsonObject, type JsonValue } from "../../data/index.js";
import { parseQuantity, quantityRoundUpMilli, quantityToString } from "../../cel/index.js";
import { goKindType, goStruct, type GoField, type GoShape } from "../../schema/index.js";
import { defaultCronJob, defaultDaemonSet, defaultDeployment, defaultJob, defaultPodConditionsPattern, defaultReplicaSet, defaultStatefulSet } from "./apps-batch.js";
import { defaultNamespace, defaultNamespaceStatus, defaultSecret, defaultService } from "./core-objects.js";
import {
  defaultContainer, defaultFieldSelector, defaultFileKeySelector, defaultGrpc, defaultHttpGet, defaultPod, defaultPodSpec, defaultProbe, defaultProtocol,
} from "./core-pod.js";
import {
  defaultAzureDisk, defaultClaim, defaultClaimSpec, defaultHostPath, defaultIscsi, defaultMode, defaultRbd, defaultScaleIO, defaultTokenProjection, defaultVolume,
} from "./core-volumes.js";

type Defaulter = (o: JsonObject) => JsonObject;

const core = (n: string): string => `io.k8s.api.core.v1.${n}`;

/** Per Go struct (OpenAPI model name) its defaulter. */
const typeDefaulters = new Map<string, Defaulter>([
  [core("Pod"), defaultPod],
  [core("PodSpec"), defaultPodSpec],
  [core("Container"), defaultContainer],
  [core("EphemeralContainer"), defaultContainer],
  [core("ContainerPort"), defaultProtocol],
  [core("ServicePort"), defaultProtocol],
  [core("ObjectFieldSelector"), defaultFieldSelector],
  [core("FileKeySelector"), defaultFileKeySelector],
  [core("Probe"), defaultProbe],
  [core("HTTPGetAction"), defaultHttpGet],
  [core("GRPCAction"), defaultGrpc],
  [core("Volume"), defaultVolume],
  [core("HostPathVolumeSource"), defaultHostPath],
  [core("SecretVolumeSource"), defaultMode],
  [core("ConfigMapVolumeSource"), defaultMode],
  [core("DownwardAPIVolumeSource"), defaultMode],
  [core("ProjectedVolumeSource"), defaultMode],
  [core("ServiceAccountTokenProjection"), defaultTokenProjection],
  [core("ISCSIVolumeSource"), defaultIscsi],
  [core("ISCSIPersistentVolumeSource"), defaultIscsi],
  [core("RBDVolumeSource"), defaultRbd],
  [core("RBDPersistentVolumeSource"), defaultRbd],
  [core("AzureDiskVolumeSource"), defaultAzureDisk],
  [core("ScaleIOVolumeSource"), defaultScaleIO],
  [core("ScaleIOPersistentVolumeSource"), defaultScaleIO],
  [core("PersistentVolumeClaim"), defaultClaim],
  [core("PersistentVolumeClaimSpec"), defaultClaimSpec],
  [core("Service"), defaultService],
  [core("Secret"), defaultSecret],
  [core("Namespace"), defaultNamespace],
  [core("NamespaceStatus"), defaultNamespaceStatus],
  ["io.k8s.api.apps.v1.Deployment", defaultDeployment],
  ["io.k8s.api.apps.v1.DaemonSet", defaultDaemonSet],
  ["io.k8s.api.apps.v1.StatefulSet", defaultStatefulSet],
  ["io.k8s.api.apps.v1.ReplicaSet", defaultReplicaSet],
  ["io.k8s.api.batch.v1.Job", defaultJob],
  ["io.k8s.api.batch.v1.CronJob", defaultCronJob],
  ["io.k8s.api.batch.v1.PodFailurePolicyOnPodConditionsPattern", defaultPodConditionsPattern],
]);

/** The kinds kmutate defaults (apiVersion/kind); ConfigMap's only default (an empty `data` map) never shows. */
export const defaultedKinds: readonly string[] = [
  "v1/Pod", "v1/PodTemplate", "v1/Service", "v1/ConfigMap", "v1/Secret", "v1/Namespace",
  "apps/v1/Deployment", "apps/v1/StatefulSet", "apps/v1/DaemonSet", "apps/v1/ReplicaSet",
  "batch/v1/Job", "batch/v1/CronJob",
];
const defaulted = new Set(defaultedKinds);

const RESOURCE_LIST = "v1.ResourceList";

/** Whether a type (or anything below it) has a defaulter or a ResourceList; memoised, cycle-safe. */
const reaches = new Map<string, boolean>();
function hasDefaults(type: string): boolean {
  const hit = reaches.get(type);
  if (hit !== undefined) return hit;
  reaches.set(type, false);
  const st = goStruct(type);
  const r = typeDefaulters.has(type) || (st?.fields.some((f) => f.goType === RESOURCE_LIST || shapeHasDefaults(f.shape)) ?? false);
  reaches.set(type, r);
  return r;
}

function shapeHasDefaults(s: GoShape): boolean {
  if (s.kind === "struct") return hasDefaults(s.type);
  if (s.kind === "pointer" || s.kind === "slice" || s.kind === "map") return shapeHasDefaults(s.elem);
  return false;
}

/**
 * The built-in defaulting of an object of `apiVersion`/`kind` (its typed view), or `view` itself
 * when the kind has none or nothing was unset. Copy-on-write: `view` is not changed. `reference`,
 * a defaulted view `view` was made from, spares the walk every sub-tree `view` shares with it at
 * the same place: defaulting a defaulted value changes nothing (the law test/view/defaults.test.ts
 * checks), so the defaulters below a shared sub-tree would return it as it is.
 */
export function applyBuiltinDefaults(apiVersion: string, kind: string, view: JsonObject, reference?: JsonObject): JsonObject {
  if (!defaulted.has(`${apiVersion}/${kind}`)) return view;
  const type = goKindType(apiVersion, kind);
  if (type === undefined) return view;
  const out = defaultStruct(view, type, reference === view ? undefined : reference);
  return isObject(out) ? out : view;
}

/** Per struct type: the fields defaulting can change (a ResourceList, or a shape that reaches a defaulter). */
const defaultedFields = new Map<string, readonly GoField[]>();
function fieldsToDefault(type: string): readonly GoField[] {
  let out = defaultedFields.get(type);
  if (out === undefined) {
    out = (goStruct(type)?.fields ?? []).filter((f) => f.goType === RESOURCE_LIST || shapeHasDefaults(f.shape));
    defaultedFields.set(type, out);
  }
  return out;
}

/** The value at key `k` of a reference value, if it is an object holding one. */
function refAt(ref: JsonValue | undefined, k: string): JsonValue | undefined {
  return isObject(ref) && Object.prototype.hasOwnProperty.call(ref, k) ? ref[k] : undefined;
}

function defaultStruct(v: JsonValue, type: string, ref: JsonValue | undefined): JsonValue {
  if (!isObject(v) || !hasDefaults(type)) return v;
  const own = typeDefaulters.get(type);
  let o = own ? own(v) : v;
  let copied = false;
  for (const f of fieldsToDefault(type)) {
    if (!Object.prototype.hasOwnProperty.call(o, f.name)) continue;
    const child = o[f.name];
    const rc = refAt(ref, f.name);
    if (rc === child) continue; // defaulted already
    const r = f.goType === RESOURCE_LIST ? roundResourceList(child) : defaultShape(child, f.shape, rc);
    if (r === child) continue;
    if (!copied) {
      o = { ...o };
      copied = true;
    }
    o[f.name] = r;
  }
  return o;
}

function defaultShape(v: JsonValue, s: GoShape, ref: JsonValue | undefined): JsonValue {
  if (v === ref) return v;
  switch (s.kind) {
    case "struct":
      return defaultStruct(v, s.type, ref);
    case "pointer":
      return v === null ? v : defaultShape(v, s.elem, ref);
    case "slice": {
      if (!Array.isArray(v)) return v;
      const r = Array.isArray(ref) ? ref : undefined;
      let out: JsonValue[] | undefined;
      for (let i = 0; i < v.length; i++) {
        const d = defaultShape(v[i], s.elem, r?.[i]);
        if (d !== v[i] && out === undefined) out = v.slice(0, i);
        out?.push(d);
      }
      return out ?? v;
    }
    case "map": {
      if (!isObject(v)) return v;
      let out: JsonObject | undefined;
      for (const k of Object.keys(v)) {
        const r = defaultShape(v[k], s.elem, refAt(ref, k));
        if (r !== v[k]) setKey((out ??= { ...v }), k, r);
      }
      return out ?? v;
    }
    default:
      return v;
  }
}

/** SetDefaults_ResourceList: every quantity rounded up to milli precision (`0.0001` → `1m`). */
function roundResourceList(v: JsonValue): JsonValue {
  if (!isObject(v)) return v;
  let out: JsonObject | undefined;
  for (const k of Object.keys(v)) {
    const x = v[k];
    if (typeof x !== "string") continue;
    const s = roundedMilli(x);
    if (s !== undefined && s !== x) setKey((out ??= { ...v }), k, s);
  }
  return out ?? v;
}

/** A quantity text rounded up to milli precision, printed canonically; undefined when it does not parse. */
function roundedMilli(text: string): string | undefined {
  let out = roundedTexts.get(text);
  if (out === undefined) {
    const q = parseQuantity(text);
    out = "error" in q ? null : quantityToString(quantityRoundUpMilli(q));
    if (roundedTexts.size >= 4096) roundedTexts.clear();
    roundedTexts.set(text, out);
  }
  return out ?? undefined;
}

/** Rounded texts of the quantity texts seen (null: no quantity): a list repeats a few ("100m", "64Mi"). */
const roundedTexts = new Map<string, string | null>();
