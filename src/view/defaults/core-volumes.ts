// Built-in defaults of core/v1 volumes and persistent volume claims (Kubernetes 1.36): the
// SetDefaults_* functions of kubernetes pkg/apis/core/v1/defaults.go and the `+default=`
// markers of k8s.io/api v0.36.3 core/v1 types.go for the volume sources.
import { isObject, type JsonObject } from "../../data/index.js";
import { goStruct } from "../../schema/index.js";
import { zeroStruct } from "../decode-plan.js";
import { defaultPullPolicy } from "./image-ref.js";
import { defaultField, field, unsetPtr, unsetStr, updateObject, withField } from "./json-edit.js";

/** 0644: the default file mode of secret, configMap, downwardAPI and projected volumes. */
const DEFAULT_MODE = 0o644;

/** The JSON names of VolumeSource's (all pointer) fields, from the Go shape of Volume. */
let sourceFields: string[] | undefined;

/**
 * SetDefaults_Volume: a volume without any source gets `emptyDir: {}`; an image volume without
 * a pull policy gets one from its reference's tag.
 */
export function defaultVolume(o: JsonObject): JsonObject {
  sourceFields ??= (goStruct("io.k8s.api.core.v1.Volume")?.fields ?? []).filter((f) => f.shape.kind === "pointer").map((f) => f.name);
  let v = o;
  if (sourceFields.every((k) => unsetPtr(field(v, k)))) v = withField(v, "emptyDir", zeroStruct("io.k8s.api.core.v1.EmptyDirVolumeSource"));
  return updateObject(v, "image", (img) => {
    if (!unsetStr(field(img, "pullPolicy"))) return img;
    const ref = field(img, "reference");
    return withField(img, "pullPolicy", defaultPullPolicy(typeof ref === "string" ? ref : ""));
  });
}

/** `defaultMode: 420` (0644) when unset: Secret, ConfigMap, DownwardAPI and Projected volume sources. */
export function defaultMode(o: JsonObject): JsonObject {
  return defaultField(o, "defaultMode", unsetPtr, DEFAULT_MODE);
}

/** SetDefaults_HostPathVolumeSource: `type: ""` (HostPathUnset). */
export function defaultHostPath(o: JsonObject): JsonObject {
  return defaultField(o, "type", unsetPtr, "");
}

/** SetDefaults_ServiceAccountTokenProjection: `expirationSeconds: 3600`. */
export function defaultTokenProjection(o: JsonObject): JsonObject {
  return defaultField(o, "expirationSeconds", unsetPtr, 3600);
}

/** `+default="default"` on ISCSI(Persistent)VolumeSource.iscsiInterface. */
export function defaultIscsi(o: JsonObject): JsonObject {
  return defaultField(o, "iscsiInterface", unsetStr, "default");
}

/** `+default=` pool `rbd`, user `admin`, keyring `/etc/ceph/keyring` on RBD(Persistent)VolumeSource. */
export function defaultRbd(o: JsonObject): JsonObject {
  let r = defaultField(o, "pool", unsetStr, "rbd");
  r = defaultField(r, "user", unsetStr, "admin");
  return defaultField(r, "keyring", unsetStr, "/etc/ceph/keyring");
}

/** `+default=` cachingMode `ReadWrite`, fsType `ext4`, readOnly false, kind `Shared` on AzureDiskVolumeSource. */
export function defaultAzureDisk(o: JsonObject): JsonObject {
  let a = defaultField(o, "cachingMode", unsetPtr, "ReadWrite");
  a = defaultField(a, "fsType", unsetPtr, "ext4");
  a = defaultField(a, "readOnly", unsetPtr, false);
  return defaultField(a, "kind", unsetPtr, "Shared");
}

/** `+default=` storageMode `ThinProvisioned`, fsType `xfs` on ScaleIO(Persistent)VolumeSource. */
export function defaultScaleIO(o: JsonObject): JsonObject {
  return defaultField(defaultField(o, "storageMode", unsetStr, "ThinProvisioned"), "fsType", unsetStr, "xfs");
}

/** SetDefaults_PersistentVolumeClaimSpec: `volumeMode: Filesystem`. */
export function defaultClaimSpec(o: JsonObject): JsonObject {
  return defaultField(o, "volumeMode", unsetPtr, "Filesystem");
}

/** SetDefaults_PersistentVolumeClaim: `status.phase: Pending` (StatefulSet claim templates too). */
export function defaultClaim(o: JsonObject): JsonObject {
  const status = field(o, "status");
  const s = isObject(status) ? status : zeroStruct("io.k8s.api.core.v1.PersistentVolumeClaimStatus");
  const out = defaultField(s, "phase", unsetStr, "Pending");
  return out === status ? o : withField(o, "status", out);
}
