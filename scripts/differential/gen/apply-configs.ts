// ApplyConfiguration mutation expressions for a target object: metadata maps, replicas, list-map
// merges (containers, env, volumes, ports), granular maps, and the refused cases (atomic fields,
// unknown fields, wrong type names, wrong value types, nulls).
import { getKey, isObject, type JsonObject } from "../../../src/data/index.js";
import type { CaseContext } from "./case-context.js";
import { celMap, celString } from "./policy-builders.js";
import { cpuQuantities, memoryQuantities } from "./builtin-objects.js";
import { stringExpr, type ExprScope } from "./value-exprs.js";

/** `Object{p0: Object.p0{p1: Object.p0.p1{… inner}}}` along `path`. */
export function nested(path: string[], inner: string): string {
  let s = inner;
  for (let i = path.length; i > 0; i--) s = `${path[i - 1]}: ${["Object", ...path.slice(0, i)].join(".")}{${s}}`;
  return `Object{${s}}`;
}

/** The type name of a list element or nested field at `path` (`Object.spec.ports`). */
export function typeName(path: string[]): string {
  return ["Object", ...path].join(".");
}

function metadataApply(ctx: CaseContext, scope: ExprScope): string {
  const field = ctx.pick(["labels", "annotations"]);
  const entries: [string, string][] = ctx.subset(["applied", "tier", "example.com/by", "app"], 1, 2).map((k) => [k, stringExpr(ctx, scope)]);
  switch (ctx.range(0, 9)) {
    case 0: return nested(["metadata"], `${field}: {}`);
    case 1: return nested(["metadata"], `${field}: ${celMap([[entries[0][0], "null"]])}`);
    case 2: return nested(["metadata"], `?${field}: optional.none()`);
    case 3: return nested(["metadata"], `${field}: {?${celString(entries[0][0])}: object.metadata.?labels[?"tier"]}`);
    case 4: return "Object{}";
    case 5: return nested(["metadata"], `${field}: ${celMap(entries)}, ${field === "labels" ? "annotations" : "labels"}: {"both": "yes"}`);
    default: return nested(["metadata"], `${field}: ${celMap(entries)}`);
  }
}

function podSpecApply(ctx: CaseContext, obj: JsonObject, pod: string[], scope: ExprScope): string {
  const cType = typeName([...pod, "containers"]);
  const containers = (() => {
    let cur: unknown = obj;
    for (const p of [...pod, "containers"]) cur = isObject(cur as JsonObject) ? getKey(cur as JsonObject, p) : undefined;
    return Array.isArray(cur) ? cur : [];
  })();
  const existing = containers.map((c) => (isObject(c) ? String(getKey(c, "name")) : "app"));
  const name = ctx.pick([...existing, "sidecar-x"]);
  switch (ctx.range(0, 13)) {
    case 0: return nested(pod, `containers: [${cType}{name: ${celString(name)}, image: ${stringExpr(ctx, scope)}}]`);
    case 1: return nested(pod, `containers: [${cType}{name: ${celString(name)}, env: [${cType}.env{name: "ADDED", value: ${stringExpr(ctx, scope)}}]}]`);
    case 2: return nested(pod, `containers: [${cType}{name: ${celString(name)}, resources: ${cType}.resources{limits: {"cpu": ${celString(ctx.pick(cpuQuantities))}}}}]`);
    case 3: return nested(pod, `volumes: [${typeName([...pod, "volumes"])}{name: ${celString(ctx.pick(["data", "scratch"]))}, emptyDir: ${typeName([...pod, "volumes", "emptyDir"])}{}}]`);
    case 4: return nested(pod, `nodeSelector: {"disk": "ssd"}`);
    case 5: return nested(pod, `tolerations: [${typeName([...pod, "tolerations"])}{key: "k", operator: "Exists"}]`);
    case 6: return nested(pod, `containers: [${cType}{name: ${celString(name)}, args: ["--applied"]}]`);
    case 7: return nested(pod, `containers: [${cType}{name: ${celString(name)}, ports: [${cType}.ports{containerPort: ${ctx.pick(["8081", "80"])}, protocol: "TCP"}]}]`);
    case 8: return nested(pod, `initContainers: [${typeName([...pod, "initContainers"])}{name: "init-x", image: "busybox", restartPolicy: "Always"}]`);
    case 9: return nested(pod, `containers: [${cType}{name: ${celString(name)}, unknownField: "x"}]`);
    case 10: return nested(pod, `containers: [${cType}{name: ${celString(name)}, image: 1}]`);
    case 11: return nested(pod, `containers: [${typeName([...pod, "volumes"])}{name: ${celString(name)}}]`);
    case 12: return nested(pod, `containers: [${cType}{image: "no-name"}]`);
    default: return nested(pod, `containers: [${cType}{name: ${celString(name)}, env: [${cType}.env{name: "MODE", value: "slow"}], resources: ${cType}.resources{requests: {"memory": ${celString(ctx.pick(memoryQuantities))}}}}]`);
  }
}

function kindApply(ctx: CaseContext, obj: JsonObject, scope: ExprScope): string {
  const info = scope.info;
  if ((info.kind === "Deployment" || info.kind === "StatefulSet") && ctx.chance(0.35)) {
    switch (ctx.range(0, 4)) {
      case 0: return nested(["spec"], `replicas: ${ctx.pick(["3", "0", "10"])}`);
      case 1: return nested(["spec"], `replicas: "3"`);
      case 2: return nested(["spec"], `selector: Object.spec.selector{matchLabels: {"l": "v"}}`);
      case 3: return nested(["spec"], `replicas: object.spec.?replicas.orValue(0) + 1`);
      default: return nested(["spec"], `replicas: null`);
    }
  }
  if (info.kind === "Deployment" && ctx.chance(0.1)) return nested(["spec"], `strategy: Object.spec.strategy{type: "Recreate"}`);
  if (info.podSpec) return podSpecApply(ctx, obj, info.podSpec, scope);
  switch (info.kind) {
    case "ConfigMap":
      return ctx.pick([
        `Object{data: ${celMap([[ctx.pick(["mode", "added"]), stringExpr(ctx, scope)]])}}`,
        `Object{data: {"n": 1}}`,
        `Object{binaryData: {"bin": b"abc"}}`,
        `Object{data: {}}`,
      ]);
    case "Secret":
      return ctx.pick([`Object{stringData: {"k": "v"}}`, `Object{data: {"added": b"hello"}}`, `Object{type: "kubernetes.io/tls"}`, `Object{data: {"added": "aGVsbG8="}}`]);
    case "Service":
      return ctx.pick([
        nested(["spec"], `ports: [Object.spec.ports{name: "http", port: 80, protocol: "TCP", targetPort: 8081}]`),
        nested(["spec"], `ports: [Object.spec.ports{name: "extra", port: 8443}]`),
        nested(["spec"], `selector: {"version": "v2"}`),
        nested(["spec"], `type: "NodePort"`),
      ]);
    default:
      return metadataApply(ctx, scope);
  }
}

/** An ApplyConfiguration expression for `obj`. */
export function applyExpr(ctx: CaseContext, obj: JsonObject, scope: ExprScope): string {
  const r = ctx.rng.next();
  if (r < 0.4) return metadataApply(ctx, scope);
  if (r < 0.43) return `Object{metadata: Object.spec{labels: {"x": "y"}}}`;
  if (r < 0.45) return `Object{spec: {"replicas": 1}}`;
  return kindApply(ctx, obj, scope);
}
