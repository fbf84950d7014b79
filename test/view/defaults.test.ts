// The 1.36 built-in defaults of the server view (`defaulting: builtin`): each default as one row —
// where it applies, the value it sets, and its twin where the manifest's own value is kept — plus
// whole defaulted objects, idempotence, and CRD structural-schema defaults.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { deepEqual, getKey, isObject, type JsonObject, type JsonValue } from "../../src/data/index.js";
import { applyBuiltinDefaults, applyCrdDefaults, decodeTyped, defaultedKinds, imageTag, openItemView } from "../../src/view/index.js";
import { goKindType } from "../../src/schema/index.js";
import { createRng } from "../../bench/rng.js";
import { oracleKinds, randomManifest } from "../../scripts/view-oracle/manifests.js";

/** The value at a path of keys and list indexes ("0"), or undefined. */
function valueAt(v: JsonValue | undefined, path: string[]): JsonValue | undefined {
  let cur = v;
  for (const k of path) cur = Array.isArray(cur) ? cur[Number(k)] : isObject(cur) ? getKey(cur, k) : undefined;
  return cur;
}

/** The defaulted view of a manifest. */
function view(m: JsonObject): JsonObject {
  const v = openItemView(m, null, { apiVersion: String(m.apiVersion), kind: String(m.kind) }, { mode: "server", defaulting: "builtin" });
  assert.ok(!("error" in v), JSON.stringify(v));
  return v.object;
}

const pod = (spec: JsonObject, metadata: JsonObject = { name: "p" }): JsonObject => ({ apiVersion: "v1", kind: "Pod", metadata, spec });
const podC = (c: JsonObject, spec: JsonObject = {}): JsonObject => pod({ ...spec, containers: [{ name: "c", image: "nginx:1.27", ...c }] });
const deploy = (spec: JsonObject): JsonObject => ({ apiVersion: "apps/v1", kind: "Deployment", metadata: { name: "d" }, spec });
const sts = (spec: JsonObject): JsonObject => ({ apiVersion: "apps/v1", kind: "StatefulSet", metadata: { name: "s" }, spec });
const ds = (spec: JsonObject): JsonObject => ({ apiVersion: "apps/v1", kind: "DaemonSet", metadata: { name: "d" }, spec });
const job = (spec: JsonObject, metadata: JsonObject = { name: "j" }): JsonObject => ({ apiVersion: "batch/v1", kind: "Job", metadata, spec });
const svc = (spec: JsonObject): JsonObject => ({ apiVersion: "v1", kind: "Service", metadata: { name: "s" }, spec });
const vol = (v: JsonObject): JsonObject => pod({ containers: [], volumes: [{ name: "v", ...v }] });
const ctr = (name: string, resources: JsonObject): JsonObject => ({ name, image: "nginx:1.27", resources });
const C0 = ["spec", "containers", "0"];
const V0 = ["spec", "volumes", "0"];

/** [default, source, manifest, path, expected value there]. */
const rows: [string, string, JsonObject, string[], JsonValue | undefined][] = [
  ["PodSpec dnsPolicy", "SetDefaults_PodSpec", pod({}), ["spec", "dnsPolicy"], "ClusterFirst"],
  ["PodSpec dnsPolicy kept", "SetDefaults_PodSpec", pod({ dnsPolicy: "None" }), ["spec", "dnsPolicy"], "None"],
  ["PodSpec restartPolicy", "SetDefaults_PodSpec", pod({}), ["spec", "restartPolicy"], "Always"],
  ["PodSpec securityContext", "SetDefaults_PodSpec", pod({}), ["spec", "securityContext"], {}],
  ["PodSpec terminationGracePeriodSeconds", "SetDefaults_PodSpec", pod({}), ["spec", "terminationGracePeriodSeconds"], 30],
  ["PodSpec terminationGracePeriodSeconds 0 kept (a pointer)", "SetDefaults_PodSpec", pod({ terminationGracePeriodSeconds: 0 }), ["spec", "terminationGracePeriodSeconds"], 0],
  ["PodSpec schedulerName", "SetDefaults_PodSpec", pod({}), ["spec", "schedulerName"], "default-scheduler"],
  ["Pod enableServiceLinks", "SetDefaults_Pod", pod({}), ["spec", "enableServiceLinks"], true],
  ["Pod enableServiceLinks false kept", "SetDefaults_Pod", pod({ enableServiceLinks: false }), ["spec", "enableServiceLinks"], false],
  ["Pod requests from limits", "SetDefaults_Pod", podC({ resources: { limits: { cpu: "1", memory: "1Gi" }, requests: { cpu: "500m" } } }), [...C0, "resources", "requests"], { cpu: "500m", memory: "1Gi" }],
  ["Pod-level requests: cpu from the containers' sum, memory from the pod limit", "defaultPodRequests", pod({ resources: { limits: { cpu: "4", memory: "8Gi" } }, containers: [ctr("a", { requests: { cpu: "1" } }), ctr("b", { requests: { cpu: "500m" } })] }), ["spec", "resources"], { limits: { cpu: "4", memory: "8Gi" }, requests: { cpu: "1500m", memory: "8Gi" } }],
  ["Pod-level requests: the sidecar formula (max of the sum and each init container plus earlier sidecars)", "defaultPodRequests", pod({ resources: { limits: { cpu: "10" } }, initContainers: [{ ...ctr("s", { requests: { cpu: "1" } }), restartPolicy: "Always" }, ctr("i", { requests: { cpu: "3" } })], containers: [ctr("a", { requests: { cpu: "1" } })] }), ["spec", "resources", "requests"], { cpu: "4" }],
  ["Pod-level requests: the sum when it exceeds the init containers'", "defaultPodRequests", pod({ resources: { limits: { cpu: "10" } }, initContainers: [ctr("i", { requests: { cpu: "1" } })], containers: [ctr("a", { requests: { cpu: "1" } }), ctr("b", { requests: { cpu: "250m" } })] }), ["spec", "resources", "requests"], { cpu: "1250m" }],
  ["Pod-level requests: containers' requests defaulted from their limits count", "defaultPodRequests", pod({ resources: { limits: { memory: "2Gi" } }, containers: [ctr("a", { limits: { memory: "1Gi" } })] }), ["spec", "resources", "requests"], { memory: "1Gi" }],
  ["Pod-level requests set are kept", "defaultPodRequests", pod({ resources: { limits: { cpu: "4" }, requests: { cpu: "2" } }, containers: [ctr("a", { requests: { cpu: "1" } })] }), ["spec", "resources", "requests"], { cpu: "2" }],
  ["Pod-level requests: none without pod-level limits", "defaultPodRequests", pod({ resources: { requests: { cpu: "1" } }, containers: [ctr("a", { requests: { memory: "1Gi" } })] }), ["spec", "resources"], { requests: { cpu: "1" } }],
  ["Pod-level requests: extended resources are not pod-level", "defaultPodRequests", pod({ resources: { limits: { cpu: "1", "example.com/gpu": "1" } }, containers: [ctr("a", { requests: { "example.com/gpu": "1" } })] }), ["spec", "resources", "requests"], { cpu: "1" }],
  ["Pod-level resources: none set, none defaulted", "SetDefaults_Pod", pod({ containers: [ctr("a", { requests: { cpu: "1" } })] }), ["spec", "resources"], undefined],
  ["Pod-level hugepages limits from the containers', then requests from them", "defaultHugePagePodLimits", pod({ resources: { limits: { cpu: "1" } }, containers: [ctr("a", { limits: { "hugepages-2Mi": "10Mi" } })] }), ["spec", "resources"], { limits: { cpu: "1", "hugepages-2Mi": "10Mi" }, requests: { cpu: "1", "hugepages-2Mi": "10Mi" } }],
  ["Pod-level hugepages limits: not with a pod request for that size", "defaultHugePagePodLimits", pod({ resources: { requests: { "hugepages-2Mi": "4Mi" } }, containers: [ctr("a", { limits: { "hugepages-2Mi": "10Mi" } })] }), ["spec", "resources"], { requests: { "hugepages-2Mi": "4Mi" } }],
  ["Pod-level resources: not for a Pod template (Pod only)", "SetDefaults_Pod", deploy({ template: { spec: { resources: { limits: { cpu: "4" } }, containers: [ctr("a", { requests: { cpu: "1" } })] } } }), ["spec", "template", "spec", "resources"], { limits: { cpu: "4" } }],
  ["Pod hostNetwork hostPort", "SetDefaults_Pod", podC({ ports: [{ containerPort: 8080 }] }, { hostNetwork: true }), [...C0, "ports", "0", "hostPort"], 8080],
  ["Pod without hostNetwork: no hostPort", "SetDefaults_Pod", podC({ ports: [{ containerPort: 8080 }] }), [...C0, "ports", "0", "hostPort"], undefined],
  ["Pod hostNetwork, containerPort 0: hostPort stays 0 (omitempty)", "SetDefaults_Pod", podC({ ports: [{ containerPort: 0 }] }, { hostNetwork: true }), [...C0, "ports", "0"], { containerPort: 0, protocol: "TCP" }],
  ["Container imagePullPolicy for a tag", "SetDefaults_Container", podC({ image: "nginx:1.27" }), [...C0, "imagePullPolicy"], "IfNotPresent"],
  ["Container imagePullPolicy without tag", "SetDefaults_Container", podC({ image: "nginx" }), [...C0, "imagePullPolicy"], "Always"],
  ["Container imagePullPolicy for :latest", "SetDefaults_Container", podC({ image: "registry.example.com:5000/team/app:latest" }), [...C0, "imagePullPolicy"], "Always"],
  ["Container imagePullPolicy for a digest", "SetDefaults_Container", podC({ image: `app@sha256:${"0".repeat(64)}` }), [...C0, "imagePullPolicy"], "IfNotPresent"],
  ["Container imagePullPolicy for an invalid reference", "SetDefaults_Container", podC({ image: "UPPER/Case" }), [...C0, "imagePullPolicy"], "IfNotPresent"],
  ["Container imagePullPolicy kept", "SetDefaults_Container", podC({ image: "nginx", imagePullPolicy: "Never" }), [...C0, "imagePullPolicy"], "Never"],
  ["Container terminationMessagePath", "SetDefaults_Container", podC({}), [...C0, "terminationMessagePath"], "/dev/termination-log"],
  ["Container terminationMessagePolicy", "SetDefaults_Container", podC({}), [...C0, "terminationMessagePolicy"], "File"],
  ["init container defaults too", "SetDefaults_Container", pod({ containers: [], initContainers: [{ name: "i", image: "busybox" }] }), ["spec", "initContainers", "0", "imagePullPolicy"], "Always"],
  ["ContainerPort protocol", "+default=\"TCP\" (ContainerPort.protocol)", podC({ ports: [{ containerPort: 80 }] }), [...C0, "ports", "0", "protocol"], "TCP"],
  ["ObjectFieldSelector apiVersion", "SetDefaults_ObjectFieldSelector", podC({ env: [{ name: "N", valueFrom: { fieldRef: { fieldPath: "metadata.name" } } }] }), [...C0, "env", "0", "valueFrom", "fieldRef", "apiVersion"], "v1"],
  ["FileKeySelector optional", "+default=false (FileKeySelector.optional)", podC({ env: [{ name: "N", valueFrom: { fileKeyRef: { volumeName: "v", path: "p", key: "k" } } }] }), [...C0, "env", "0", "valueFrom", "fileKeyRef", "optional"], false],
  ["ResourceList rounded up to milli", "SetDefaults_ResourceList", podC({ resources: { limits: { cpu: "0.0001" }, requests: { memory: "1.5" } } }), [...C0, "resources"], { limits: { cpu: "1m" }, requests: { cpu: "1m", memory: "1500m" } }],
  ["Probe thresholds and timing", "SetDefaults_Probe", podC({ readinessProbe: { exec: { command: ["true"] } } }), [...C0, "readinessProbe"], { exec: { command: ["true"] }, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 }],
  ["HTTPGetAction path and scheme", "SetDefaults_HTTPGetAction", podC({ livenessProbe: { httpGet: { port: 80 }, periodSeconds: 5 } }), [...C0, "livenessProbe"], { httpGet: { port: 80, path: "/", scheme: "HTTP" }, periodSeconds: 5, timeoutSeconds: 1, successThreshold: 1, failureThreshold: 3 }],
  ["HTTPGetAction in a lifecycle hook", "SetDefaults_HTTPGetAction", podC({ lifecycle: { preStop: { httpGet: { port: 80 } } } }), [...C0, "lifecycle", "preStop", "httpGet"], { port: 80, path: "/", scheme: "HTTP" }],
  ["GRPCAction service", "+default=\"\" (GRPCAction.service)", podC({ startupProbe: { grpc: { port: 9000 } } }), [...C0, "startupProbe", "grpc"], { port: 9000, service: "" }],
  ["Volume without source: emptyDir", "SetDefaults_Volume", vol({}), [...V0, "emptyDir"], {}],
  ["Volume with a source: no emptyDir", "SetDefaults_Volume", vol({ configMap: { name: "c" } }), [...V0, "emptyDir"], undefined],
  ["image volume pullPolicy", "SetDefaults_Volume", vol({ image: { reference: "repo/art:latest" } }), [...V0, "image", "pullPolicy"], "Always"],
  ["secret volume defaultMode", "SetDefaults_SecretVolumeSource", vol({ secret: { secretName: "s" } }), [...V0, "secret", "defaultMode"], 420],
  ["configMap volume defaultMode", "SetDefaults_ConfigMapVolumeSource", vol({ configMap: { name: "c" } }), [...V0, "configMap", "defaultMode"], 420],
  ["downwardAPI volume defaultMode and fieldRef", "SetDefaults_DownwardAPIVolumeSource, _ObjectFieldSelector", vol({ downwardAPI: { items: [{ path: "n", fieldRef: { fieldPath: "metadata.name" } }] } }), [...V0, "downwardAPI"], { items: [{ path: "n", fieldRef: { fieldPath: "metadata.name", apiVersion: "v1" } }], defaultMode: 420 }],
  ["projected volume defaultMode and token expiry", "SetDefaults_ProjectedVolumeSource, _ServiceAccountTokenProjection", vol({ projected: { sources: [{ serviceAccountToken: { path: "t" } }] } }), [...V0, "projected"], { sources: [{ serviceAccountToken: { path: "t", expirationSeconds: 3600 } }], defaultMode: 420 }],
  ["hostPath type", "SetDefaults_HostPathVolumeSource", vol({ hostPath: { path: "/x" } }), [...V0, "hostPath", "type"], ""],
  ["iscsi interface", "+default=\"default\" (ISCSIVolumeSource.iscsiInterface)", vol({ iscsi: { targetPortal: "t", iqn: "i", lun: 0 } }), [...V0, "iscsi", "iscsiInterface"], "default"],
  ["rbd pool, user, keyring", "+default= (RBDVolumeSource)", vol({ rbd: { monitors: ["m"], image: "i" } }), [...V0, "rbd"], { monitors: ["m"], image: "i", pool: "rbd", user: "admin", keyring: "/etc/ceph/keyring" }],
  ["azureDisk caching, fsType, readOnly, kind", "+default= (AzureDiskVolumeSource)", vol({ azureDisk: { diskName: "d", diskURI: "u" } }), [...V0, "azureDisk"], { diskName: "d", diskURI: "u", cachingMode: "ReadWrite", fsType: "ext4", readOnly: false, kind: "Shared" }],
  ["scaleIO storageMode and fsType", "+default= (ScaleIOVolumeSource)", vol({ scaleIO: { gateway: "g", system: "s", secretRef: { name: "x" } } }), [...V0, "scaleIO"], { gateway: "g", system: "s", secretRef: { name: "x" }, storageMode: "ThinProvisioned", fsType: "xfs" }],
  ["ephemeral claim volumeMode", "SetDefaults_PersistentVolumeClaimSpec", vol({ ephemeral: { volumeClaimTemplate: { spec: { accessModes: ["ReadWriteOnce"] } } } }), [...V0, "ephemeral", "volumeClaimTemplate", "spec", "volumeMode"], "Filesystem"],
  ["Deployment replicas", "SetDefaults_Deployment", deploy({}), ["spec", "replicas"], 1],
  ["Deployment replicas 0 kept", "SetDefaults_Deployment", deploy({ replicas: 0 }), ["spec", "replicas"], 0],
  ["Deployment strategy", "SetDefaults_Deployment", deploy({}), ["spec", "strategy"], { type: "RollingUpdate", rollingUpdate: { maxUnavailable: "25%", maxSurge: "25%" } }],
  ["Deployment Recreate: no rollingUpdate", "SetDefaults_Deployment", deploy({ strategy: { type: "Recreate" } }), ["spec", "strategy"], { type: "Recreate" }],
  ["Deployment revisionHistoryLimit", "SetDefaults_Deployment", deploy({}), ["spec", "revisionHistoryLimit"], 10],
  ["Deployment progressDeadlineSeconds", "SetDefaults_Deployment", deploy({}), ["spec", "progressDeadlineSeconds"], 600],
  ["Deployment template: PodSpec defaults", "SetDefaults_PodSpec", deploy({}), ["spec", "template", "spec", "restartPolicy"], "Always"],
  ["DaemonSet updateStrategy", "SetDefaults_DaemonSet", ds({}), ["spec", "updateStrategy"], { type: "RollingUpdate", rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } }],
  ["DaemonSet revisionHistoryLimit", "SetDefaults_DaemonSet", ds({}), ["spec", "revisionHistoryLimit"], 10],
  ["StatefulSet podManagementPolicy", "SetDefaults_StatefulSet", sts({}), ["spec", "podManagementPolicy"], "OrderedReady"],
  ["StatefulSet updateStrategy", "SetDefaults_StatefulSet (MaxUnavailableStatefulSet)", sts({}), ["spec", "updateStrategy"], { type: "RollingUpdate", rollingUpdate: { partition: 0, maxUnavailable: 1 } }],
  ["StatefulSet OnDelete: no rollingUpdate", "SetDefaults_StatefulSet", sts({ updateStrategy: { type: "OnDelete" } }), ["spec", "updateStrategy"], { type: "OnDelete" }],
  ["StatefulSet claim retention", "SetDefaults_StatefulSet (StatefulSetAutoDeletePVC)", sts({}), ["spec", "persistentVolumeClaimRetentionPolicy"], { whenDeleted: "Retain", whenScaled: "Retain" }],
  ["StatefulSet replicas and history", "SetDefaults_StatefulSet", sts({}), ["spec", "revisionHistoryLimit"], 10],
  ["StatefulSet claim template", "SetDefaults_PersistentVolumeClaim(Spec)", sts({ volumeClaimTemplates: [{ metadata: { name: "d" }, spec: { resources: { requests: { storage: "1Gi" } } } }] }), ["spec", "volumeClaimTemplates", "0"], { metadata: { name: "d" }, spec: { resources: { requests: { storage: "1Gi" } }, volumeMode: "Filesystem" }, status: { phase: "Pending" } }],
  ["ReplicaSet replicas", "SetDefaults_ReplicaSet", { apiVersion: "apps/v1", kind: "ReplicaSet", metadata: { name: "r" }, spec: {} }, ["spec", "replicas"], 1],
  ["Job completions and parallelism", "SetDefaults_Job", job({}), ["spec", "completions"], 1],
  ["Job parallelism only when completions is set", "SetDefaults_Job", job({ completions: 5 }), ["spec", "parallelism"], 1],
  ["Job completions unset when parallelism is set", "SetDefaults_Job", job({ parallelism: 3 }), ["spec", "completions"], undefined],
  ["Job backoffLimit", "SetDefaults_Job", job({}), ["spec", "backoffLimit"], 6],
  ["Job backoffLimit with backoffLimitPerIndex", "SetDefaults_Job", job({ backoffLimitPerIndex: 1, completionMode: "Indexed", completions: 2 }), ["spec", "backoffLimit"], 2147483647],
  ["Job completionMode", "SetDefaults_Job", job({}), ["spec", "completionMode"], "NonIndexed"],
  ["Job suspend", "SetDefaults_Job", job({}), ["spec", "suspend"], false],
  ["Job podReplacementPolicy", "SetDefaults_Job", job({}), ["spec", "podReplacementPolicy"], "TerminatingOrFailed"],
  ["Job podReplacementPolicy with podFailurePolicy", "SetDefaults_Job", job({ podFailurePolicy: { rules: [{ action: "Ignore", onPodConditions: [{ type: "DisruptionTarget" }] }] } }), ["spec", "podReplacementPolicy"], "Failed"],
  ["Job pod condition pattern status", "SetDefaults_PodFailurePolicyOnPodConditionsPattern", job({ podFailurePolicy: { rules: [{ action: "Ignore", onPodConditions: [{ type: "DisruptionTarget" }] }] } }), ["spec", "podFailurePolicy", "rules", "0", "onPodConditions", "0", "status"], "True"],
  ["Job manualSelector", "SetDefaults_Job", job({}), ["spec", "manualSelector"], false],
  ["Job labels from the template", "SetDefaults_Job", job({ template: { metadata: { labels: { app: "a" } } } }), ["metadata", "labels"], { app: "a" }],
  ["Job labels of its own kept", "SetDefaults_Job", job({ template: { metadata: { labels: { app: "a" } } } }, { name: "j", labels: { own: "x" } }), ["metadata", "labels"], { own: "x" }],
  ["CronJob concurrencyPolicy", "SetDefaults_CronJob", { apiVersion: "batch/v1", kind: "CronJob", metadata: { name: "c" }, spec: { schedule: "* * * * *" } }, ["spec", "concurrencyPolicy"], "Allow"],
  ["CronJob history limits and suspend", "SetDefaults_CronJob", { apiVersion: "batch/v1", kind: "CronJob", metadata: { name: "c" }, spec: {} }, ["spec", "failedJobsHistoryLimit"], 1],
  ["CronJob jobTemplate: PodSpec defaults, no Job defaults", "SetDefaults_PodSpec", { apiVersion: "batch/v1", kind: "CronJob", metadata: { name: "c" }, spec: {} }, ["spec", "jobTemplate", "spec"], { template: { metadata: {}, spec: { containers: null, dnsPolicy: "ClusterFirst", restartPolicy: "Always", securityContext: {}, terminationGracePeriodSeconds: 30, schedulerName: "default-scheduler" } } }],
  ["Service sessionAffinity, type, policies", "SetDefaults_Service", svc({ ports: [{ port: 80 }] }), ["spec"], { ports: [{ port: 80, protocol: "TCP", targetPort: 80 }], sessionAffinity: "None", type: "ClusterIP", internalTrafficPolicy: "Cluster" }],
  ["Service named targetPort kept", "SetDefaults_Service", svc({ ports: [{ port: 80, targetPort: "http" }] }), ["spec", "ports", "0", "targetPort"], "http"],
  ["Service NodePort externalTrafficPolicy", "SetDefaults_Service", svc({ type: "NodePort" }), ["spec", "externalTrafficPolicy"], "Cluster"],
  ["Service ClusterIP with externalIPs externalTrafficPolicy", "SetDefaults_Service", svc({ externalIPs: ["1.2.3.4"] }), ["spec", "externalTrafficPolicy"], "Cluster"],
  ["Service LoadBalancer node ports and ipMode", "SetDefaults_Service", { ...svc({ type: "LoadBalancer" }), status: { loadBalancer: { ingress: [{ ip: "1.2.3.4" }, { hostname: "h" }] } } }, ["status", "loadBalancer", "ingress"], [{ ip: "1.2.3.4", ipMode: "VIP" }, { hostname: "h" }]],
  ["Service ExternalName: no traffic policies", "SetDefaults_Service", svc({ type: "ExternalName", externalName: "x.example.com" }), ["spec", "internalTrafficPolicy"], undefined],
  ["Service ClientIP affinity timeout", "SetDefaults_Service", svc({ sessionAffinity: "ClientIP" }), ["spec", "sessionAffinityConfig"], { clientIP: { timeoutSeconds: 10800 } }],
  ["Service None affinity drops the config", "SetDefaults_Service", svc({ sessionAffinityConfig: { clientIP: { timeoutSeconds: 5 } } }), ["spec", "sessionAffinityConfig"], undefined],
  ["Secret type", "SetDefaults_Secret", { apiVersion: "v1", kind: "Secret", metadata: { name: "s" } }, ["type"], "Opaque"],
  ["Namespace name label", "SetDefaults_Namespace", { apiVersion: "v1", kind: "Namespace", metadata: { name: "team", labels: { a: "b" } } }, ["metadata", "labels"], { a: "b", "kubernetes.io/metadata.name": "team" }],
  ["Namespace status phase", "SetDefaults_NamespaceStatus", { apiVersion: "v1", kind: "Namespace", metadata: { name: "team" } }, ["status"], { phase: "Active" }],
  ["ConfigMap: an empty data map never shows", "SetDefaults_ConfigMap", { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "c" } }, ["data"], undefined],
  ["PodTemplate: PodSpec defaults, no Pod defaults", "SetDefaults_PodSpec", { apiVersion: "v1", kind: "PodTemplate", metadata: { name: "t" }, template: { spec: { containers: [] } } }, ["template", "spec", "enableServiceLinks"], undefined],
];

for (const [name, source, manifest, path, expected] of rows) {
  test(`default: ${name} (${source})`, () => {
    assert.deepEqual(valueAt(view(manifest), path), expected);
  });
}

test("defaults: the kinds defaulted are the twelve workload kinds; others only decode", () => {
  assert.deepEqual([...defaultedKinds].sort(), ["apps/v1/DaemonSet", "apps/v1/Deployment", "apps/v1/ReplicaSet", "apps/v1/StatefulSet", "batch/v1/CronJob", "batch/v1/Job", "v1/ConfigMap", "v1/Namespace", "v1/Pod", "v1/PodTemplate", "v1/Secret", "v1/Service"]);
  const pvc = { apiVersion: "v1", kind: "PersistentVolumeClaim", metadata: { name: "c" }, spec: {} };
  assert.deepEqual(view(pvc), decodeTyped(pvc, "io.k8s.api.core.v1.PersistentVolumeClaim").value);
});

test("defaults: a whole defaulted Deployment", () => {
  const d = deploy({ selector: { matchLabels: { app: "web" } }, template: { metadata: { labels: { app: "web" } }, spec: { containers: [{ name: "web", image: "nginx" }] } } });
  assert.deepEqual(view(d), {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: { name: "d" },
    spec: {
      selector: { matchLabels: { app: "web" } },
      template: {
        metadata: { labels: { app: "web" } },
        spec: {
          containers: [{ name: "web", image: "nginx", resources: {}, imagePullPolicy: "Always", terminationMessagePath: "/dev/termination-log", terminationMessagePolicy: "File" }],
          dnsPolicy: "ClusterFirst", restartPolicy: "Always", securityContext: {}, terminationGracePeriodSeconds: 30, schedulerName: "default-scheduler",
        },
      },
      strategy: { type: "RollingUpdate", rollingUpdate: { maxUnavailable: "25%", maxSurge: "25%" } },
      replicas: 1, revisionHistoryLimit: 10, progressDeadlineSeconds: 600,
    },
    status: {},
  });
});

test("defaults: image references and their tags", () => {
  const cases: [string, string | undefined][] = [
    ["nginx", "latest"], ["nginx:1.27", "1.27"], ["library/nginx:latest", "latest"], ["localhost:5000/app", "latest"],
    [`app@sha256:${"a".repeat(64)}`, ""], [`app:v1@sha256:${"a".repeat(64)}`, "v1"], ["Nginx", undefined], ["a".repeat(64), undefined],
    ["app@sha256:abc", undefined], ["", undefined], ["[::1]:5000/app:x", "x"],
  ];
  assert.deepEqual(cases.map(([ref]) => [ref, imageTag(ref)]), cases);
});

const kinds = oracleKinds().filter((k) => defaultedKinds.includes(`${k.apiVersion}/${k.kind}`));

test("defaults law: defaulting a defaulted view changes nothing (the same object)", () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: kinds.length - 1 }), fc.integer(), (k, seed) => {
      const kind = kinds[k];
      const d = decodeTyped(randomManifest(createRng(seed), kind, 0) as JsonObject, goKindType(kind.apiVersion, kind.kind) ?? "");
      if (d.error !== undefined) return true;
      const once = applyBuiltinDefaults(kind.apiVersion, kind.kind, d.value);
      return applyBuiltinDefaults(kind.apiVersion, kind.kind, once) === once && deepEqual(decodeTyped(structuredClone(once), goKindType(kind.apiVersion, kind.kind) ?? "").unknown, []);
    }),
    { numRuns: 300 },
  );
});

const crdSchema: JsonObject = {
  type: "object",
  properties: {
    spec: {
      type: "object",
      default: {},
      properties: {
        replicas: { type: "integer", default: 1 },
        mode: { type: "string", default: "fast" },
        note: { type: "string" },
        maybe: { type: "string", nullable: true, default: "d" },
        ports: { type: "array", items: { type: "object", properties: { protocol: { type: "string", default: "TCP" }, port: { type: "integer" } } } },
        labels: { type: "object", additionalProperties: { type: "string", default: "none" } },
      },
    },
  },
};

const crdRows: [string, JsonObject, JsonObject][] = [
  ["an absent object with a default, then its properties' defaults", {}, { spec: { replicas: 1, mode: "fast", maybe: "d" } }],
  ["absent fields defaulted, set ones kept", { spec: { replicas: 3 } }, { spec: { replicas: 3, mode: "fast", maybe: "d" } }],
  ["a non-nullable null with a default is defaulted", { spec: { mode: null } }, { spec: { mode: "fast", replicas: 1, maybe: "d" } }],
  ["a non-nullable null without a default is pruned", { spec: { note: null } }, { spec: { replicas: 1, mode: "fast", maybe: "d" } }],
  ["a nullable null is kept", { spec: { maybe: null } }, { spec: { maybe: null, replicas: 1, mode: "fast" } }],
  ["list items and map values", { spec: { ports: [{ port: 80 }], labels: { a: null, b: "x" } } }, { spec: { ports: [{ port: 80, protocol: "TCP" }], labels: { a: "none", b: "x" }, replicas: 1, mode: "fast", maybe: "d" } }],
];

for (const [name, input, expected] of crdRows) {
  test(`CRD defaults: ${name}`, () => {
    assert.deepEqual(applyCrdDefaults(input, crdSchema), expected);
  });
}

test("CRD defaults: an object with nothing to default is returned as it is", () => {
  const o = { spec: { replicas: 2, mode: "slow", maybe: "x" } };
  assert.equal(applyCrdDefaults(o, crdSchema), o);
});
