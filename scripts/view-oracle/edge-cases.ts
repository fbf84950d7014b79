// Hand-written manifests for the typed-decode differential: each one shows one rule of the
// apiserver's decode (zero values, omitempty, custom types, error texts, unknown fields).
type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const pod = (spec: Json, metadata: Json = { name: "x" }): Json => ({ apiVersion: "v1", kind: "Pod", metadata, spec });
const deploy = (spec: Json): Json => ({ apiVersion: "apps/v1", kind: "Deployment", metadata: { name: "x" }, spec });
const container = (c: Record<string, Json>): Json => pod({ containers: [{ name: "c", ...c }] });

/** The edge cases, ids `edge-<slug>`. */
export function edgeCases(): { id: string; object: Json }[] {
  const rows: [string, Json][] = [
    ["minimal-deployment", deploy({ selector: { matchLabels: { app: "web" } }, template: { metadata: { labels: { app: "web" } }, spec: { containers: [{ name: "web", image: "nginx" }] } } })],
    ["minimal-service", { apiVersion: "v1", kind: "Service", metadata: { name: "x" }, spec: { selector: { app: "web" }, ports: [{ port: 80 }] } }],
    ["empty-labels-dropped", pod({ containers: [] }, { name: "x", labels: {}, annotations: {}, finalizers: [] })],
    ["null-creation-timestamp", pod({ containers: null }, { name: "x", creationTimestamp: null })],
    ["null-struct-element", pod({ containers: [null], securityContext: null, nodeSelector: {} })],
    ["string-replicas", deploy({ replicas: "3" })],
    ["fraction-replicas", deploy({ replicas: 1.5 })],
    ["int32-overflow", deploy({ replicas: 2147483648 })],
    ["int64-bound", pod({ terminationGracePeriodSeconds: 9007199254740991 })],
    ["number-in-configmap-data", { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "x" }, data: { a: 1 } }],
    ["bool-in-configmap-data", { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "x" }, data: { a: true } }],
    ["null-in-configmap-data", { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "x" }, data: { a: null } }],
    ["number-image", container({ image: 1 })],
    ["string-for-struct", deploy("x")],
    ["string-for-list", pod({ containers: "x" })],
    ["string-for-list-element", pod({ containers: ["x"] })],
    ["string-for-pointer-struct", container({ livenessProbe: "x" })],
    ["string-for-inline-struct", container({ livenessProbe: { httpGet: "x" } })],
    ["number-for-named-string", pod({ containers: [{ name: "c", ports: [{ containerPort: 80, protocol: 5 }] }] })],
    ["string-for-bool", pod({ hostNetwork: "true" })],
    ["string-for-resource-list", container({ resources: { limits: "x" } })],
    ["number-for-named-string-list", { apiVersion: "v1", kind: "PersistentVolumeClaim", metadata: { name: "x" }, spec: { accessModes: [1] } }],
    ["two-type-errors-sorted-order", pod({ containers: [{ name: 1, image: 2 }] })],
    ["type-error-then-quantity-error", pod({ containers: [{ name: "c", resources: { limits: { cpu: "abc" } } }] }, { name: 1 })],
    ["quantity-canonical", container({ resources: { limits: { cpu: "1000m", memory: "1024Mi" }, requests: { cpu: 0.5, memory: "1e3", "example.com/gpu": 2 } } })],
    ["quantity-null", container({ resources: { limits: { cpu: null } } })],
    ["quantity-bool", container({ resources: { limits: { memory: true } } })],
    ["quantity-bad-suffix", container({ resources: { limits: { cpu: "1Qi" } } })],
    ["int-or-string", { apiVersion: "v1", kind: "Service", metadata: { name: "x" }, spec: { ports: [{ port: 80, targetPort: null }, { port: 81, targetPort: "8080" }, { port: 82, targetPort: "http" }] } }],
    ["int-or-string-fraction", { apiVersion: "v1", kind: "Service", metadata: { name: "x" }, spec: { ports: [{ port: 80, targetPort: 1.5 }] } }],
    ["int-or-string-bool", { apiVersion: "v1", kind: "Service", metadata: { name: "x" }, spec: { ports: [{ port: 80, targetPort: true }] } }],
    ["time-offset-to-utc", pod({}, { name: "x", creationTimestamp: "2020-01-01T01:00:00.123+01:00" })],
    ["time-zero-is-null", pod({}, { name: "x", creationTimestamp: "0001-01-01T00:00:00Z" })],
    ["time-bad", pod({}, { name: "x", creationTimestamp: "yesterday" })],
    ["time-bad-month", pod({}, { name: "x", creationTimestamp: "2024-13-01T00:00:00Z" })],
    ["time-bad-day", pod({}, { name: "x", creationTimestamp: "2023-02-29T00:00:00Z" })],
    ["time-bad-separator", pod({}, { name: "x", creationTimestamp: "2024/01/01T00:00:00Z" })],
    ["time-extra-text", pod({}, { name: "x", creationTimestamp: "2024-01-01T00:00:00Zjunk" })],
    ["time-number", pod({}, { name: "x", creationTimestamp: 5 })],
    ["microtime", { apiVersion: "events.k8s.io/v1", kind: "Event", metadata: { name: "x" }, eventTime: "2024-01-02T03:04:05.123456+01:00", reportingController: "a", reportingInstance: "b", action: "c", reason: "d" }],
    ["microtime-without-fraction", { apiVersion: "events.k8s.io/v1", kind: "Event", metadata: { name: "x" }, eventTime: "2024-01-02T03:04:05Z" }],
    ["secret-bytes", { apiVersion: "v1", kind: "Secret", metadata: { name: "x" }, data: { a: null, b: "YQ==", c: "", d: "Y\nQ==", e: "YR==" }, stringData: { x: "y" } }],
    ["secret-bytes-short", { apiVersion: "v1", kind: "Secret", metadata: { name: "x" }, data: { a: "YQ" } }],
    ["secret-bytes-bad", { apiVersion: "v1", kind: "Secret", metadata: { name: "x" }, data: { a: "not base64!" } }],
    ["raw-extension", { apiVersion: "apps/v1", kind: "ControllerRevision", metadata: { name: "x" }, revision: 1, data: { a: [1, { b: null }] } }],
    ["unknown-fields", { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "x", foo: { a: 1 } }, bar: [1], data: { a: "b" } }],
    ["unknown-fields-in-lists", pod({ containers: [{ name: "a", env: [{ name: "e", x: 1 }] }, { name: "b", y: 2 }] })],
    ["unknown-field-case", pod({ containers: null }, { name: "x", Labels: { a: "b" } })],
    ["unknown-field-in-map-value", { apiVersion: "resource.k8s.io/v1", kind: "ResourceSlice", metadata: { name: "x" }, spec: { driver: "d", pool: { name: "p", resourceSliceCount: 1 }, sharedCounters: [{ name: "s", counters: { "k.x": { value: "1", junk: 1 } } }] } }],
    ["number-for-map-struct", { apiVersion: "resource.k8s.io/v1", kind: "ResourceSlice", metadata: { name: "x" }, spec: { driver: "d", pool: { name: "p", resourceSliceCount: 1 }, sharedCounters: [{ name: "t", counters: { k: 5 } }] } }],
    ["statefulset-zero", { apiVersion: "apps/v1", kind: "StatefulSet", metadata: { name: "x" }, spec: { replicas: 0 } }],
    ["node-daemon-endpoint", { apiVersion: "v1", kind: "Node", metadata: { name: "x" } }],
    ["hpa-v2", { apiVersion: "autoscaling/v2", kind: "HorizontalPodAutoscaler", metadata: { name: "x" }, spec: { maxReplicas: 3 } }],
    ["job-empty", { apiVersion: "batch/v1", kind: "Job", metadata: { name: "x" } }],
    ["cronjob-empty", { apiVersion: "batch/v1", kind: "CronJob", metadata: { name: "x" } }],
  ];
  return rows.map(([slug, object]) => ({ id: `edge-${slug}`, object }));
}
