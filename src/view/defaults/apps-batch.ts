// Built-in defaults of apps/v1 Deployment, DaemonSet, StatefulSet, ReplicaSet and batch/v1 Job,
// CronJob (Kubernetes 1.36), reimplemented from kubernetes pkg/apis/apps/v1/defaults.go and
// pkg/apis/batch/v1/defaults.go (the newest copies readable) and checked against the comments of
// k8s.io/api v0.36.3 apps/v1 and batch/v1 types.go; feature gates as 1.36 enables them by default.
import { isObject, type JsonObject } from "../../data/index.js";
import { zeroStruct } from "../decode-plan.js";
import { defaultField, field, unsetPtr, unsetStr, updateObject, withField } from "./json-edit.js";

/** Go's math.MaxInt32: Job backoffLimit when backoffLimitPerIndex is set. */
const MAX_INT32 = 2147483647;

/** `o[k]` as an object, or the zero value of `type` when unset (a Go pointer made non-nil). */
function ensureObject(o: JsonObject, k: string, type: string): JsonObject {
  const v = field(o, k);
  return isObject(v) ? o : withField(o, k, zeroStruct(type));
}

/** SetDefaults_Deployment. */
export function defaultDeployment(o: JsonObject): JsonObject {
  return updateObject(o, "spec", (spec) => {
    let s = defaultField(spec, "replicas", unsetPtr, 1);
    s = updateObject(s, "strategy", (st) => {
      let t = defaultField(st, "type", unsetStr, "RollingUpdate");
      if (field(t, "type") !== "RollingUpdate") return t;
      t = ensureObject(t, "rollingUpdate", "io.k8s.api.apps.v1.RollingUpdateDeployment");
      return updateObject(t, "rollingUpdate", (ru) => defaultField(defaultField(ru, "maxUnavailable", unsetPtr, "25%"), "maxSurge", unsetPtr, "25%"));
    });
    s = defaultField(s, "revisionHistoryLimit", unsetPtr, 10);
    return defaultField(s, "progressDeadlineSeconds", unsetPtr, 600);
  });
}

/** SetDefaults_DaemonSet. */
export function defaultDaemonSet(o: JsonObject): JsonObject {
  return updateObject(o, "spec", (spec) => {
    let s = updateObject(spec, "updateStrategy", (st) => {
      let t = defaultField(st, "type", unsetStr, "RollingUpdate");
      if (field(t, "type") !== "RollingUpdate") return t;
      t = ensureObject(t, "rollingUpdate", "io.k8s.api.apps.v1.RollingUpdateDaemonSet");
      return updateObject(t, "rollingUpdate", (ru) => defaultField(defaultField(ru, "maxUnavailable", unsetPtr, 1), "maxSurge", unsetPtr, 0));
    });
    s = defaultField(s, "revisionHistoryLimit", unsetPtr, 10);
    return s;
  });
}

/**
 * SetDefaults_StatefulSet, with MaxUnavailableStatefulSet (beta, on in 1.36: `maxUnavailable`
 * defaults to 1) and StatefulSetAutoDeletePVC (GA: both retention policies `Retain`).
 */
export function defaultStatefulSet(o: JsonObject): JsonObject {
  return updateObject(o, "spec", (spec) => {
    let s = defaultField(spec, "podManagementPolicy", unsetStr, "OrderedReady");
    s = updateObject(s, "updateStrategy", (st) => {
      let t = st;
      if (unsetStr(field(t, "type"))) {
        t = withField(t, "type", "RollingUpdate");
        t = ensureObject(t, "rollingUpdate", "io.k8s.api.apps.v1.RollingUpdateStatefulSetStrategy");
      }
      if (field(t, "type") !== "RollingUpdate") return t;
      return updateObject(t, "rollingUpdate", (ru) => defaultField(defaultField(ru, "partition", unsetPtr, 0), "maxUnavailable", unsetPtr, 1));
    });
    s = ensureObject(s, "persistentVolumeClaimRetentionPolicy", "io.k8s.api.apps.v1.StatefulSetPersistentVolumeClaimRetentionPolicy");
    s = updateObject(s, "persistentVolumeClaimRetentionPolicy", (p) => defaultField(defaultField(p, "whenDeleted", unsetStr, "Retain"), "whenScaled", unsetStr, "Retain"));
    s = defaultField(s, "replicas", unsetPtr, 1);
    return defaultField(s, "revisionHistoryLimit", unsetPtr, 10);
  });
}

/** SetDefaults_ReplicaSet: `replicas: 1`. */
export function defaultReplicaSet(o: JsonObject): JsonObject {
  return updateObject(o, "spec", (spec) => defaultField(spec, "replicas", unsetPtr, 1));
}

/** SetDefaults_Job (JobPodReplacementPolicy is GA in 1.36). */
export function defaultJob(o: JsonObject): JsonObject {
  let job = updateObject(o, "spec", (spec) => {
    let s = spec;
    if (unsetPtr(field(s, "completions")) && unsetPtr(field(s, "parallelism"))) s = withField(withField(s, "completions", 1), "parallelism", 1);
    s = defaultField(s, "parallelism", unsetPtr, 1);
    s = defaultField(s, "backoffLimit", unsetPtr, unsetPtr(field(s, "backoffLimitPerIndex")) ? 6 : MAX_INT32);
    s = defaultField(s, "completionMode", unsetPtr, "NonIndexed");
    s = defaultField(s, "suspend", unsetPtr, false);
    s = defaultField(s, "podReplacementPolicy", unsetPtr, unsetPtr(field(s, "podFailurePolicy")) ? "TerminatingOrFailed" : "Failed");
    return defaultField(s, "manualSelector", unsetPtr, false);
  });
  // The Job's labels default to its pod template's when it has none.
  const spec = field(job, "spec");
  const template = isObject(spec) ? field(spec, "template") : undefined;
  const templateLabels = isObject(template) ? field(isObject(template.metadata) ? template.metadata : {}, "labels") : undefined;
  if (isObject(templateLabels)) {
    job = updateObject(job, "metadata", (m) => {
      const labels = field(m, "labels");
      return isObject(labels) && Object.keys(labels).length > 0 ? m : withField(m, "labels", templateLabels);
    });
  }
  return job;
}

/** SetDefaults_PodFailurePolicyOnPodConditionsPattern: `status: "True"`. */
export function defaultPodConditionsPattern(o: JsonObject): JsonObject {
  return defaultField(o, "status", unsetStr, "True");
}

/** SetDefaults_CronJob. */
export function defaultCronJob(o: JsonObject): JsonObject {
  return updateObject(o, "spec", (spec) => {
    let s = defaultField(spec, "concurrencyPolicy", unsetStr, "Allow");
    s = defaultField(s, "suspend", unsetPtr, false);
    s = defaultField(s, "successfulJobsHistoryLimit", unsetPtr, 3);
    return defaultField(s, "failedJobsHistoryLimit", unsetPtr, 1);
  });
}
