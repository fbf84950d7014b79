// The built-in defaulting of a kind, as defaulter-gen's covering defaulters run it: the kind's
// own defaulter, then, field by field in Go declaration order, every nested struct's defaulter
// (a parent before its children), and every v1.ResourceList rounded up to milli precision.
import { isObject, setKey, type JsonObject, type JsonValue } from "../../data/index.js";
import { parseQuantity, quantityRoundUpMilli, quantityToString } from "../../cel/index.js";
import { goKindType, goStruct, type GoShape } from "../../schema/index.js";
import { defaultCronJob, defaultDaemonSet, defaultDeployment, defaultJob, defaultPodConditionsPattern, defaultReplicaSet, defaultStatefulSet } from "./apps-batch.js";
import { defaultNamespace, defaultNamespaceStatus, defaultSecret, defaultService } from "./core-objects.js";
import {
  defaultContainer, defaultFieldSelector, defaultFileKeySelector, defaultGrpc, defaultHttpGet, defaultPod, defaultPodSpec, defaultProbe, defaultProtocol,
} from "./core-pod.js";
import {
  defaultAzureDisk, defaultClaim, defaultClaimSpec, defaultHostPath, defaultIscsi, defaultMode, defaultRbd, defaultScaleIO, defaultTokenProjection, defaultVolume,
} from "./core-volumes.js";
import { mapList } from "./json-edit.js";

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
 * when the kind has none or nothing was unset. Copy-on-write: `view` is not changed.
 */
export function applyBuiltinDefaults(apiVersion: string, kind: string, view: JsonObject): JsonObject {
  if (!defaulted.has(`${apiVersion}/${kind}`)) return view;
  const type = goKindType(apiVersion, kind);
  if (type === undefined) return view;
  const out = defaultStruct(view, type);
  return isObject(out) ? out : view;
}

function defaultStruct(v: JsonValue, type: string): JsonValue {
  if (!isObject(v) || !hasDefaults(type)) return v;
  const own = typeDefaulters.get(type);
  let o = own ? own(v) : v;
  const st = goStruct(type);
  if (st === undefined) return o;
  let copied = false;
  for (const f of st.fields) {
    if (f.goType !== RESOURCE_LIST && !shapeHasDefaults(f.shape)) continue;
    if (!Object.prototype.hasOwnProperty.call(o, f.name)) continue;
    const child = o[f.name];
    const r = f.goType === RESOURCE_LIST ? roundResourceList(child) : defaultShape(child, f.shape);
    if (r === child) continue;
    if (!copied) {
      o = { ...o };
      copied = true;
    }
    o[f.name] = r;
  }
  return o;
}

function defaultShape(v: JsonValue, s: GoShape): JsonValue {
  switch (s.kind) {
    case "struct":
      return defaultStruct(v, s.type);
    case "pointer":
      return v === null ? v : defaultShape(v, s.elem);
    case "slice":
      return Array.isArray(v) ? mapList(v, (x) => defaultShape(x, s.elem)) : v;
    case "map": {
      if (!isObject(v)) return v;
      let out: JsonObject | undefined;
      for (const k of Object.keys(v)) {
        const r = defaultShape(v[k], s.elem);
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
    const q = typeof v[k] === "string" ? parseQuantity(v[k]) : undefined;
    if (q === undefined || "error" in q) continue;
    const s = quantityToString(quantityRoundUpMilli(q));
    if (s !== v[k]) setKey((out ??= { ...v }), k, s);
  }
  return out ?? v;
}
