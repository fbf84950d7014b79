// The `object` / `params` values of the differential CEL cases, by name: the facts file names them
// instead of repeating them. Numbers are ints or non-integral doubles only (JSON text cannot tell
// the double 1.0 from the int 1 once parsed, and the oracle reads `1.0` as a double).
import type { JsonValue } from "../../../src/data/index.js";

/** Every fixture a case may name. */
export const fixtures: Readonly<Record<string, JsonValue>> = {
  pod: {
    apiVersion: "v1",
    kind: "Pod",
    metadata: {
      name: "web-1",
      namespace: "prod",
      labels: { app: "web", tier: "frontend", "app.kubernetes.io/name": "web" },
      annotations: { "example.com/owner": "team-a", note: "" },
      uid: "0f4c1a2e",
    },
    spec: {
      containers: [
        { name: "app", image: "nginx:1.25", ports: [{ containerPort: 80, protocol: "TCP" }], resources: { limits: { cpu: "500m", memory: "128Mi" }, requests: { cpu: "250m" } }, env: [{ name: "MODE", value: "prod" }] },
        { name: "sidecar", image: "registry.example.com/proxy:v2.1.0", ports: [], resources: {}, securityContext: { runAsNonRoot: true, runAsUser: 1000 } },
      ],
      initContainers: [],
      nodeSelector: { "kubernetes.io/os": "linux" },
      priority: 1000000,
      hostNetwork: false,
      dnsPolicy: "ClusterFirst",
      tolerations: [{ key: "dedicated", operator: "Equal", value: "web", effect: "NoSchedule" }],
    },
    status: { podIP: "10.1.2.3", hostIP: "192.168.0.10", startTime: "2024-05-06T07:08:09Z", phase: "Running" },
  },
  deployment: {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: { name: "api", namespace: "default", labels: { app: "api" }, annotations: null, generation: 7 },
    spec: {
      replicas: 3,
      revisionHistoryLimit: 10,
      progressDeadlineSeconds: 600,
      selector: { matchLabels: { app: "api" } },
      strategy: { type: "RollingUpdate", rollingUpdate: { maxSurge: "25%", maxUnavailable: 1 } },
      template: {
        metadata: { labels: { app: "api", version: "v1.2.3" } },
        spec: {
          containers: [
            { name: "api", image: "ghcr.io/example/api@sha256:abcdef0123456789", args: ["--port=8080", "--log-level=info"], resources: { limits: { cpu: "2", memory: "1Gi" }, requests: { cpu: "1.5", memory: "512Mi" } } },
          ],
          serviceAccountName: "api",
          terminationGracePeriodSeconds: 30,
        },
      },
    },
  },
  configmap: {
    apiVersion: "v1",
    kind: "ConfigMap",
    metadata: { name: "settings", namespace: "prod", labels: null },
    data: { url: "https://api.example.com:8443/v1/items?x=1&y=two", cidr: "10.0.0.0/16", ip: "10.0.3.4", ipv6: "2001:db8::1", quantity: "1.5Gi", semver: "1.24.3-rc.1+build.5", list: "a,b,,c", ratio: "0.75", count: "42", empty: "", upper: "MiXeD Case" },
  },
  service: {
    apiVersion: "v1",
    kind: "Service",
    metadata: { name: "svc", labels: {} },
    spec: { type: "ClusterIP", clusterIP: "10.96.0.10", ports: [{ name: "http", port: 80, targetPort: 8080 }, { name: "https", port: 443, targetPort: "https" }], selector: { app: "web" }, weights: [0.25, 0.5, 1.75] },
  },
  emptyLabels: { metadata: { name: "x", labels: null, annotations: null }, spec: null, status: "" },
  scalars: { s: "text", i: 7, d: 2.5, b: true, n: null, l: [1, 2, 3], ls: ["b", "a", "c"], m: { k: "v" }, big: 9007199254740992, neg: -5, e: [], eo: {} },
  nullObject: null,
  stringObject: "just a string",
  intObject: 12,
  listObject: [3, 1, 2],
  params: { data: { prefix: "team-", limit: "3", allowed: "a,b,c" }, spec: { replicas: 2, images: ["nginx", "redis"], labels: { env: "prod" } } },
};

/** Fixture names by role: what `object` may be, what `params` may be. */
export const objectFixtures = ["pod", "deployment", "configmap", "service", "emptyLabels", "scalars", "nullObject", "stringObject", "intObject", "listObject"] as const;
export const paramsFixtures = ["params", "nullObject"] as const;
