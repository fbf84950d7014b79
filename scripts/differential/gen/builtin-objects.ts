// Built-in objects for generated cases (the kinds the brief names), as raw manifests that decode
// into their typed Go objects: labels, annotations, containers, env, volumes, replicas, ports.
import type { JsonObject } from "../../../src/data/index.js";
import type { CaseContext } from "./case-context.js";

/** What a generated case needs to know about a built-in kind. */
export interface KindInfo {
  apiVersion: string;
  kind: string;
  group: string;
  version: string;
  resource: string;
  namespaced: boolean;
  /** Path of the PodSpec inside the object, for workload kinds. */
  podSpec?: string[];
}

const kinds = {
  Deployment: { apiVersion: "apps/v1", group: "apps", resource: "deployments", namespaced: true, podSpec: ["spec", "template", "spec"] },
  StatefulSet: { apiVersion: "apps/v1", group: "apps", resource: "statefulsets", namespaced: true, podSpec: ["spec", "template", "spec"] },
  DaemonSet: { apiVersion: "apps/v1", group: "apps", resource: "daemonsets", namespaced: true, podSpec: ["spec", "template", "spec"] },
  Job: { apiVersion: "batch/v1", group: "batch", resource: "jobs", namespaced: true, podSpec: ["spec", "template", "spec"] },
  CronJob: { apiVersion: "batch/v1", group: "batch", resource: "cronjobs", namespaced: true, podSpec: ["spec", "jobTemplate", "spec", "template", "spec"] },
  Pod: { apiVersion: "v1", group: "", resource: "pods", namespaced: true, podSpec: ["spec"] },
  Service: { apiVersion: "v1", group: "", resource: "services", namespaced: true },
  ConfigMap: { apiVersion: "v1", group: "", resource: "configmaps", namespaced: true },
  Secret: { apiVersion: "v1", group: "", resource: "secrets", namespaced: true },
  Namespace: { apiVersion: "v1", group: "", resource: "namespaces", namespaced: false },
} as const;

/** Names of the built-in kinds the generator makes. */
export type BuiltinKind = keyof typeof kinds;
export const builtinKinds = Object.keys(kinds) as BuiltinKind[];
export const workloadKinds: BuiltinKind[] = ["Deployment", "StatefulSet", "DaemonSet", "Job", "CronJob", "Pod"];
export const namespacedKinds: BuiltinKind[] = builtinKinds.filter((k) => k !== "Namespace");

/** The KindInfo of a built-in kind. */
export function kindInfo(kind: BuiltinKind): KindInfo {
  const k = kinds[kind];
  const version = k.apiVersion.split("/").pop() ?? "v1";
  const info: KindInfo = { apiVersion: k.apiVersion, kind, group: k.group, version, resource: k.resource, namespaced: k.namespaced };
  if ("podSpec" in k) info.podSpec = [...k.podSpec];
  return info;
}

/** Namespaces the generated objects live in. */
export const namespaceNames = ["default", "team-a", "team-b", "kube-system"] as const;
const labelPool: [string, readonly string[]][] = [
  ["tier", ["frontend", "backend", "cache"]],
  ["env", ["prod", "test", "dev"]],
  ["team.example.com/owner", ["alice", "bob"]],
  ["inject", ["true", "false"]],
];
const annotationPool: [string, readonly string[]][] = [
  ["note", ["hello", "a b c", ""]],
  ["example.com/revision", ["1", "2", "10"]],
  ["foo", ["0", "1", "x"]],
  ["a~b/c", ["tilde"]],
];
const images = ["registry.example.com/app:1.0", "nginx:1.27", "busybox", "ghcr.io/acme/api:2.3.1"];
const containerNames = ["app", "sidecar", "proxy", "init-db"];
/** Canonical quantities only: the typed round trip rewrites non-canonical ones ("0.5" → "500m"). */
export const cpuQuantities = ["100m", "250m", "1", "2"];
export const memoryQuantities = ["64Mi", "128Mi", "1Gi"];

/** A random label map (sometimes empty, sometimes with the `app` label). */
export function randomLabels(ctx: CaseContext, app?: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (app !== undefined && ctx.chance(0.8)) out.app = app;
  for (const [k, vs] of ctx.subset(labelPool, 0, 2)) out[k] = ctx.pick(vs);
  return out;
}

function randomAnnotations(ctx: CaseContext): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, vs] of ctx.subset(annotationPool, 1, 2)) out[k] = ctx.pick(vs);
  return out;
}

/** Object metadata: name, namespace, and maybe labels (sometimes an empty map) and annotations. */
export function randomMetadata(ctx: CaseContext, name: string, namespace: string | undefined, app: string): JsonObject {
  const md: JsonObject = { name };
  if (namespace !== undefined) md.namespace = namespace;
  const r = ctx.rng.next();
  if (r < 0.7) md.labels = randomLabels(ctx, app);
  else if (r < 0.78) md.labels = {};
  if (ctx.chance(0.35)) md.annotations = randomAnnotations(ctx);
  return md;
}

function randomContainer(ctx: CaseContext, name: string): JsonObject {
  const c: JsonObject = { name, image: ctx.pick(images) };
  if (ctx.chance(0.4)) c.env = ctx.subset<JsonObject>([{ name: "MODE", value: "fast" }, { name: "LOG_LEVEL", value: "info" }, { name: "EMPTY" }], 1, 3);
  if (ctx.chance(0.35)) c.ports = [{ containerPort: ctx.pick([80, 8080, 9090]), name: "http", ...(ctx.chance(0.5) ? { protocol: "TCP" } : {}) }];
  if (ctx.chance(0.3)) {
    const res: JsonObject = {};
    if (ctx.chance(0.7)) res.limits = { cpu: ctx.pick(cpuQuantities), memory: ctx.pick(memoryQuantities) };
    if (ctx.chance(0.5)) res.requests = { cpu: ctx.pick(cpuQuantities) };
    c.resources = res;
  }
  if (ctx.chance(0.2)) c.args = ctx.subset(["--verbose", "--port=8080", "serve"], 1, 3);
  if (ctx.chance(0.15)) c.volumeMounts = [{ name: "data", mountPath: "/data" }];
  return c;
}

/** A PodSpec with 1–3 containers and maybe volumes, init containers, nodeSelector, tolerations. */
export function randomPodSpec(ctx: CaseContext, restartPolicy?: string): JsonObject {
  const names = ctx.subset(containerNames.slice(0, 3), 1, 3);
  const spec: JsonObject = { containers: names.map((n) => randomContainer(ctx, n)) };
  if (ctx.chance(0.3)) spec.volumes = ctx.subset<JsonObject>([{ name: "data", emptyDir: {} }, { name: "config", configMap: { name: "settings" } }], 1, 2);
  if (ctx.chance(0.15)) spec.initContainers = [randomContainer(ctx, "init-db")];
  if (ctx.chance(0.15)) spec.nodeSelector = { "kubernetes.io/os": "linux" };
  if (ctx.chance(0.1)) spec.tolerations = [{ key: "dedicated", operator: "Equal", value: "web", effect: "NoSchedule" }];
  if (restartPolicy) spec.restartPolicy = restartPolicy;
  return spec;
}

function podTemplate(ctx: CaseContext, app: string, restartPolicy?: string): JsonObject {
  return { metadata: { labels: { app } }, spec: randomPodSpec(ctx, restartPolicy) };
}

/** A base64 text of a short ASCII string (canonical, padded). */
function b64(s: string): string {
  return Buffer.from(s, "utf8").toString("base64");
}

/** A random built-in object of `kind`, named uniquely from `base`, in `namespace` when namespaced. */
export function builtinObject(ctx: CaseContext, kind: BuiltinKind, base: string, namespace: string): JsonObject {
  const info = kindInfo(kind);
  const name = ctx.name(base);
  const app = base;
  const obj: JsonObject = { apiVersion: info.apiVersion, kind, metadata: randomMetadata(ctx, name, info.namespaced ? namespace : undefined, app) };
  switch (kind) {
    case "Deployment":
    case "StatefulSet":
    case "DaemonSet": {
      const spec: JsonObject = { selector: { matchLabels: { app } }, template: podTemplate(ctx, app) };
      if (kind !== "DaemonSet" && ctx.chance(0.8)) spec.replicas = ctx.pick([0, 1, 2, 3, 5]);
      if (kind === "StatefulSet") spec.serviceName = app;
      if (kind === "Deployment" && ctx.chance(0.2)) spec.strategy = { type: "Recreate" };
      obj.spec = spec;
      break;
    }
    case "Job":
      obj.spec = { template: podTemplate(ctx, app, ctx.pick(["Never", "OnFailure"])), ...(ctx.chance(0.5) ? { backoffLimit: ctx.pick([0, 2, 6]) } : {}) };
      break;
    case "CronJob":
      obj.spec = { schedule: ctx.pick(["*/5 * * * *", "0 0 * * *"]), jobTemplate: { spec: { template: podTemplate(ctx, app, "OnFailure") } } };
      break;
    case "Pod":
      obj.spec = randomPodSpec(ctx);
      break;
    case "Service": {
      const ports: JsonObject[] = [{ name: "http", port: 80, ...(ctx.chance(0.6) ? { targetPort: ctx.pick([8080, "http"]) } : {}), ...(ctx.chance(0.4) ? { protocol: "TCP" } : {}) }];
      if (ctx.chance(0.3)) ports.push({ name: "metrics", port: 9090, protocol: "TCP" });
      obj.spec = { selector: { app }, ports, ...(ctx.chance(0.3) ? { type: ctx.pick(["ClusterIP", "NodePort"]) } : {}) };
      break;
    }
    case "ConfigMap":
      if (ctx.chance(0.9)) obj.data = Object.fromEntries(ctx.subset([["mode", "fast"], ["replicas", "3"], ["k", "v"], ["empty", ""]], 1, 3));
      break;
    case "Secret":
      obj.type = "Opaque";
      if (ctx.chance(0.85)) obj.data = Object.fromEntries(ctx.subset([["password", b64("hunter2")], ["token", b64("abc")]], 1, 2));
      break;
    case "Namespace":
      break;
  }
  return obj;
}

/** A Namespace object with random labels (always with `env`, sometimes with more). */
export function namespaceObject(name: string, ctx: CaseContext): JsonObject {
  const labels: Record<string, string> = { env: ctx.pick(["prod", "test", "dev"]) };
  if (ctx.chance(0.4)) labels.team = ctx.pick(["a", "b"]);
  if (ctx.chance(0.2)) labels["istio-injection"] = "enabled";
  return { apiVersion: "v1", kind: "Namespace", metadata: { name, labels } };
}
