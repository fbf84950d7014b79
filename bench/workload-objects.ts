// Builders for the manifests of a benchmark workload: Namespaces, Deployments, StatefulSets,
// Pods, Services, ConfigMaps, the Widget CRD and its instances, shaped like real app manifests.
import type { JsonObject } from "../src/data/index.js";
import type { Rng } from "./rng.js";

/** The Widget custom resource's coordinates (its CRD is in every workload). */
export const widgetGroup = "bench.example.com";

/** Values a Namespace's labels take; policies select on them. */
export const envs = ["prod", "staging", "dev"] as const;
/** Team names used in Namespace and object labels. */
export const teams = ["payments", "search", "checkout", "identity", "platform", "data", "mobile", "ads"] as const;
/** Label that opts a Namespace into sidecar injection. */
export const injectionLabel = "mesh.example.com/injection";
/** The Namespace that holds params selected by label. */
export const paramsNamespace = "bench-params";

/** A generated Namespace and the labels policies select on. */
export interface NamespaceInfo {
  name: string;
  env: (typeof envs)[number];
  team: (typeof teams)[number];
}

/** Adds the annotations kpt puts on every item it passes to a function. */
export function withKptAnnotations(item: JsonObject, index: number): JsonObject {
  const meta = item.metadata as JsonObject;
  const ns = typeof meta.namespace === "string" ? meta.namespace : "_cluster";
  const path = `${ns}/${String(item.kind).toLowerCase()}_${String(meta.name)}.yaml`;
  const annotations = (meta.annotations ?? {}) as JsonObject;
  meta.annotations = {
    ...annotations,
    "config.kubernetes.io/index": "0",
    "config.kubernetes.io/path": path,
    "internal.config.kubernetes.io/index": "0",
    "internal.config.kubernetes.io/path": path,
    "internal.config.kubernetes.io/id": String(index),
  };
  return item;
}

/** A Namespace with environment, team, tier and (for half of them) mesh injection labels. */
export function namespace(rng: Rng, index: number): { item: JsonObject; info: NamespaceInfo } {
  const team = teams[index % teams.length];
  const env = envs[Math.floor(index / teams.length) % envs.length];
  const name = `${team}-${env}-${index}`;
  const labels: JsonObject = {
    "kubernetes.io/metadata.name": name,
    env,
    team,
    tier: rng.pick(["frontend", "backend", "data"]),
  };
  if (rng.chance(0.5)) labels[injectionLabel] = "enabled";
  return { item: { apiVersion: "v1", kind: "Namespace", metadata: { name, labels } }, info: { name, env, team } };
}

/** The Namespace holding label-selected params. */
export function paramsNamespaceItem(): JsonObject {
  return {
    apiVersion: "v1",
    kind: "Namespace",
    metadata: { name: paramsNamespace, labels: { "kubernetes.io/metadata.name": paramsNamespace, env: "prod" } },
  };
}

function objectLabels(rng: Rng, app: string, ns: NamespaceInfo): JsonObject {
  const labels: JsonObject = {
    app,
    "app.kubernetes.io/name": app,
    "app.kubernetes.io/version": `1.${rng.int(20)}.${rng.int(10)}`,
    team: ns.team,
  };
  if (rng.chance(0.7)) labels["app.kubernetes.io/part-of"] = `${ns.team}-suite`;
  if (rng.chance(0.2)) labels["mesh.example.com/inject"] = "false";
  return labels;
}

function container(rng: Rng, app: string, index: number): JsonObject {
  const port = rng.pick([8080, 8443, 9000, 3000]);
  const c: JsonObject = {
    name: index === 0 ? app : `${app}-helper-${index}`,
    image: `registry.example.com/${app}:${rng.range(1, 9)}.${rng.int(30)}.${rng.int(10)}`,
    ports: [
      { name: "http", containerPort: port, protocol: "TCP" },
      { name: "metrics", containerPort: 9102, protocol: "TCP" },
    ],
    env: [
      { name: "LOG_LEVEL", value: rng.pick(["info", "debug", "warn"]) },
      { name: "PORT", value: String(port) },
      { name: "CONFIG_PATH", value: "/etc/app/config.yaml" },
      { name: "POD_NAME", valueFrom: { fieldRef: { fieldPath: "metadata.name" } } },
      { name: "DB_HOST", valueFrom: { configMapKeyRef: { name: `${app}-config`, key: "db.host" } } },
    ],
    readinessProbe: { httpGet: { path: "/healthz", port }, initialDelaySeconds: 5, periodSeconds: 10 },
    livenessProbe: { httpGet: { path: "/livez", port }, failureThreshold: 3 },
    volumeMounts: [{ name: "config", mountPath: "/etc/app", readOnly: true }],
  };
  if (rng.chance(0.6)) {
    c.resources = {
      requests: { cpu: rng.pick(["100m", "250m", "500m", "1"]), memory: rng.pick(["128Mi", "256Mi", "1Gi"]) },
      limits: { memory: rng.pick(["256Mi", "512Mi", "2Gi"]) },
    };
  }
  if (rng.chance(0.5)) c.imagePullPolicy = "IfNotPresent";
  if (rng.chance(0.3)) c.args = ["--config=/etc/app/config.yaml", `--workers=${rng.range(1, 16)}`];
  return c;
}

function podSpec(rng: Rng, app: string): JsonObject {
  const spec: JsonObject = {
    serviceAccountName: app,
    containers: Array.from({ length: rng.weighted([[1, 6], [2, 3], [3, 1]] as const) }, (_, i) => container(rng, app, i)),
    volumes: [{ name: "config", configMap: { name: `${app}-config` } }],
  };
  if (rng.chance(0.25)) {
    spec.initContainers = [{ name: "migrate", image: `registry.example.com/${app}-migrate:1.0`, command: ["/bin/migrate", "up"] }];
  }
  if (rng.chance(0.3)) spec.nodeSelector = { "kubernetes.io/os": "linux" };
  if (rng.chance(0.2)) {
    spec.tolerations = [{ key: "dedicated", operator: "Equal", value: "batch", effect: "NoSchedule" }];
  }
  return spec;
}

function podTemplate(rng: Rng, app: string, labels: JsonObject): JsonObject {
  const metadata: JsonObject = { labels: { ...labels } };
  if (rng.chance(0.5)) metadata.annotations = { "prometheus.io/scrape": "true", "prometheus.io/port": "9102" };
  return { metadata, spec: podSpec(rng, app) };
}

/** A Deployment with a realistic pod template. */
export function deployment(rng: Rng, name: string, ns: NamespaceInfo): JsonObject {
  const labels = objectLabels(rng, name, ns);
  return {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: { name, namespace: ns.name, labels },
    spec: {
      replicas: rng.pick([1, 1, 2, 3, 5]),
      revisionHistoryLimit: 5,
      selector: { matchLabels: { app: name } },
      strategy: { type: "RollingUpdate", rollingUpdate: { maxSurge: "25%", maxUnavailable: 0 } },
      template: podTemplate(rng, name, { app: name, team: ns.team }),
    },
  };
}

/** A StatefulSet with a volume claim template. */
export function statefulSet(rng: Rng, name: string, ns: NamespaceInfo): JsonObject {
  return {
    apiVersion: "apps/v1",
    kind: "StatefulSet",
    metadata: { name, namespace: ns.name, labels: objectLabels(rng, name, ns) },
    spec: {
      serviceName: name,
      replicas: rng.pick([1, 3]),
      selector: { matchLabels: { app: name } },
      template: podTemplate(rng, name, { app: name, team: ns.team }),
      volumeClaimTemplates: [
        {
          metadata: { name: "data" },
          spec: { accessModes: ["ReadWriteOnce"], resources: { requests: { storage: rng.pick(["1Gi", "10Gi", "100Gi"]) } } },
        },
      ],
    },
  };
}

/** A bare Pod (a Job-like one-off). */
export function pod(rng: Rng, name: string, ns: NamespaceInfo): JsonObject {
  return {
    apiVersion: "v1",
    kind: "Pod",
    metadata: { name, namespace: ns.name, labels: objectLabels(rng, name, ns) },
    spec: { ...podSpec(rng, name), restartPolicy: "Never" },
  };
}

/** A ClusterIP Service. */
export function service(rng: Rng, name: string, ns: NamespaceInfo): JsonObject {
  return {
    apiVersion: "v1",
    kind: "Service",
    metadata: { name, namespace: ns.name, labels: objectLabels(rng, name, ns) },
    spec: {
      type: "ClusterIP",
      selector: { app: name },
      ports: [
        { name: "http", port: 80, targetPort: "http", protocol: "TCP" },
        ...(rng.chance(0.4) ? [{ name: "grpc", port: 9090, targetPort: 9090, protocol: "TCP" }] : []),
      ],
    },
  };
}

/** A ConfigMap with a few keys and an embedded config file. */
export function configMap(rng: Rng, name: string, ns: NamespaceInfo): JsonObject {
  const data: JsonObject = {
    "db.host": `db-${rng.int(10)}.${ns.name}.svc.cluster.local`,
    "db.port": "5432",
    "feature.flags": rng.pick(["a,b", "b,c", "a,c,d"]),
  };
  if (rng.chance(0.7)) {
    data["config.yaml"] = [
      "server:",
      `  port: ${rng.pick([8080, 9000])}`,
      `  workers: ${rng.range(1, 16)}`,
      "logging:",
      `  level: ${rng.pick(["info", "debug"])}`,
      "",
    ].join("\n");
  }
  const item: JsonObject = { apiVersion: "v1", kind: "ConfigMap", metadata: { name, namespace: ns.name }, data };
  if (rng.chance(0.6)) (item.metadata as JsonObject).labels = objectLabels(rng, name, ns);
  return item;
}

/** The Widget CustomResourceDefinition (namespaced, with list-map and map fields). */
export function widgetCrd(): JsonObject {
  return {
    apiVersion: "apiextensions.k8s.io/v1",
    kind: "CustomResourceDefinition",
    metadata: { name: `widgets.${widgetGroup}` },
    spec: {
      group: widgetGroup,
      names: { kind: "Widget", listKind: "WidgetList", plural: "widgets", singular: "widget" },
      scope: "Namespaced",
      versions: [
        {
          name: "v1",
          served: true,
          storage: true,
          schema: {
            openAPIV3Schema: {
              type: "object",
              properties: {
                spec: {
                  type: "object",
                  properties: {
                    size: { type: "integer" },
                    color: { type: "string" },
                    tier: { type: "string" },
                    ports: {
                      type: "array",
                      "x-kubernetes-list-type": "map",
                      "x-kubernetes-list-map-keys": ["name"],
                      items: {
                        type: "object",
                        required: ["name"],
                        properties: { name: { type: "string" }, port: { type: "integer" } },
                      },
                    },
                    settings: { type: "object", additionalProperties: { type: "string" } },
                  },
                },
                status: { type: "object", properties: { phase: { type: "string" } } },
              },
            },
          },
        },
      ],
    },
  };
}

/** A Widget instance. */
export function widget(rng: Rng, name: string, ns: NamespaceInfo): JsonObject {
  const spec: JsonObject = {
    size: rng.range(1, 10),
    color: rng.pick(["red", "green", "blue"]),
    ports: [{ name: "http", port: 8080 }],
  };
  if (rng.chance(0.5)) spec.settings = { mode: rng.pick(["fast", "safe"]) };
  return {
    apiVersion: `${widgetGroup}/v1`,
    kind: "Widget",
    metadata: { name, namespace: ns.name, labels: objectLabels(rng, name, ns) },
    spec,
  };
}
