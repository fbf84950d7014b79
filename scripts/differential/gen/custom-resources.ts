// CustomResourceDefinitions with structural schemas (list-maps, sets, atomic lists and maps,
// additionalProperties), their custom resources, and mutations of them.
import type { JsonObject } from "../../../src/data/index.js";
import type { CaseContext } from "./case-context.js";
import type { KindInfo } from "./builtin-objects.js";
import { nested } from "./apply-configs.js";
import { celMap, celString } from "./policy-builders.js";
import { stringExpr, type ExprScope } from "./value-exprs.js";

const str = { type: "string" };
const int = { type: "integer" };
const widgetSchema: JsonObject = {
  type: "object",
  properties: {
    spec: {
      type: "object",
      properties: {
        color: str,
        size: int,
        ports: { type: "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name"], items: { type: "object", required: ["name"], properties: { name: str, port: int } } },
        endpoints: {
          type: "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["host", "protocol"],
          items: { type: "object", required: ["host", "protocol"], properties: { host: str, protocol: str, weight: int } },
        },
        tags: { type: "array", "x-kubernetes-list-type": "set", items: str },
        hosts: { type: "array", items: str },
        zones: { type: "array", "x-kubernetes-list-type": "atomic", items: str },
        settings: { type: "object", additionalProperties: str },
        owner: { type: "object", "x-kubernetes-map-type": "atomic", properties: { name: str, email: str } },
        nested: { type: "object", properties: { inner: { type: "object", properties: { value: str, count: int } } } },
      },
    },
    status: { type: "object", properties: { phase: str } },
  },
};
const paramSchema: JsonObject = {
  type: "object",
  properties: { spec: { type: "object", properties: { value: str, label: str, replicas: int } } },
};

function crd(group: string, kind: string, plural: string, scope: "Namespaced" | "Cluster", schema: JsonObject, versions: string[]): JsonObject {
  return {
    apiVersion: "apiextensions.k8s.io/v1",
    kind: "CustomResourceDefinition",
    metadata: { name: `${plural}.${group}` },
    spec: {
      group,
      names: { kind, listKind: `${kind}List`, plural, singular: kind.toLowerCase() },
      scope,
      versions: versions.map((v, i) => ({ name: v, served: true, storage: i === 0, schema: { openAPIV3Schema: schema } })),
    },
  };
}

/** The Widget kind (namespaced; served as v1, and as v1beta1 when `twoVersions`). */
export function widgetInfo(version = "v1"): KindInfo {
  return { apiVersion: `example.com/${version}`, kind: "Widget", group: "example.com", version, resource: "widgets", namespaced: true };
}

/** The Gadget kind (cluster-scoped). */
export const gadgetInfo: KindInfo = { apiVersion: "example.com/v1", kind: "Gadget", group: "example.com", version: "v1", resource: "gadgets", namespaced: false };

/** The param kind ParamConfig (namespaced or cluster-scoped variant). */
export function paramKindInfo(clusterScoped: boolean): KindInfo {
  return clusterScoped
    ? { apiVersion: "params.example.com/v1", kind: "ClusterParam", group: "params.example.com", version: "v1", resource: "clusterparams", namespaced: false }
    : { apiVersion: "params.example.com/v1", kind: "ParamConfig", group: "params.example.com", version: "v1", resource: "paramconfigs", namespaced: true };
}

/** The CRD of the Widget kind. */
export function widgetCrd(twoVersions: boolean): JsonObject {
  return crd("example.com", "Widget", "widgets", "Namespaced", widgetSchema, twoVersions ? ["v1", "v1beta1"] : ["v1"]);
}

/** The CRD of the Gadget kind. */
export function gadgetCrd(): JsonObject {
  return crd("example.com", "Gadget", "gadgets", "Cluster", widgetSchema, ["v1"]);
}

/** The CRD of a param kind. */
export function paramCrd(clusterScoped: boolean): JsonObject {
  const info = paramKindInfo(clusterScoped);
  return crd(info.group, info.kind, info.resource, clusterScoped ? "Cluster" : "Namespaced", paramSchema, ["v1"]);
}

/** A param custom resource. */
export function paramObject(ctx: CaseContext, clusterScoped: boolean, name: string, namespace: string, labels?: Record<string, string>): JsonObject {
  const info = paramKindInfo(clusterScoped);
  const md: JsonObject = { name };
  if (!clusterScoped) md.namespace = namespace;
  if (labels) md.labels = labels;
  const spec: JsonObject = { value: ctx.pick(["from-param", "p2", ""]) };
  if (ctx.chance(0.5)) spec.label = ctx.pick(["blue", "green"]);
  if (ctx.chance(0.5)) spec.replicas = ctx.pick([1, 4]);
  return { apiVersion: info.apiVersion, kind: info.kind, metadata: md, spec };
}

/** A random Widget or Gadget. */
export function customObject(ctx: CaseContext, info: KindInfo, namespace: string): JsonObject {
  const md: JsonObject = { name: ctx.name(info.kind === "Widget" ? "w" : "g") };
  if (info.namespaced) md.namespace = namespace;
  if (ctx.chance(0.6)) md.labels = { app: ctx.pick(["shop", "web"]) };
  const spec: JsonObject = {};
  if (ctx.chance(0.7)) spec.color = ctx.pick(["blue", "red"]);
  if (ctx.chance(0.5)) spec.size = ctx.pick([1, 3]);
  if (ctx.chance(0.6)) spec.ports = ctx.subset([{ name: "http", port: 80 }, { name: "grpc", port: 9000 }], 1, 2);
  if (ctx.chance(0.3)) spec.endpoints = [{ host: "a.example.com", protocol: "TCP", weight: 1 }];
  if (ctx.chance(0.4)) spec.tags = ctx.subset(["x", "y", "z"], 1, 3);
  if (ctx.chance(0.3)) spec.hosts = ["h1"];
  if (ctx.chance(0.3)) spec.zones = ["z1", "z2"];
  if (ctx.chance(0.4)) spec.settings = { a: "1" };
  if (ctx.chance(0.3)) spec.owner = { name: "alice" };
  if (ctx.chance(0.3)) spec.nested = { inner: { value: "v" } };
  return { apiVersion: info.apiVersion, kind: info.kind, metadata: md, spec };
}

/** An ApplyConfiguration for a Widget/Gadget. */
export function customApplyExpr(ctx: CaseContext, scope: ExprScope): string {
  const v = () => stringExpr(ctx, scope);
  return ctx.pick([
    nested(["spec"], `ports: [Object.spec.ports{name: "http", port: 8080}, Object.spec.ports{name: "metrics", port: 9090}]`),
    nested(["spec"], `ports: [Object.spec.ports{port: 1}]`),
    nested(["spec"], `endpoints: [Object.spec.endpoints{host: "a.example.com", protocol: "TCP", weight: 5}, Object.spec.endpoints{host: "a.example.com", protocol: "UDP"}]`),
    nested(["spec"], `tags: ["y", "new"]`),
    nested(["spec"], `hosts: ["h2"]`),
    nested(["spec"], `zones: ["z3"]`),
    nested(["spec"], `settings: ${celMap([["b", v()]])}`),
    nested(["spec"], `owner: Object.spec.owner{email: "a@example.com"}`),
    nested(["spec"], `color: ${v()}, size: 7`),
    nested(["spec"], `size: "big"`),
    nested(["spec"], `shape: "round"`),
    nested(["spec", "nested", "inner"], `count: 2`),
    nested(["status"], `phase: "Ready"`),
    nested(["metadata"], `labels: {"cr": ${v()}}`),
    `Object{spec: Object.spec{ports: [Object.spec.endpoints{name: "x"}]}}`,
  ]);
}

/** A JSONPatch for a Widget/Gadget (no schema applies to JSON patches of custom resources). */
export function customJsonPatchExpr(ctx: CaseContext, obj: JsonObject, scope: ExprScope): string {
  const spec = (obj.spec ?? {}) as JsonObject;
  const pick = ctx.range(0, 8);
  const j = (o: string, p: string, val?: string) => `JSONPatch{op: ${celString(o)}, path: ${celString(p)}${val === undefined ? "" : `, value: ${val}`}}`;
  switch (pick) {
    case 0: return `[${j("add", spec.zones ? "/spec/zones/-" : "/spec/zones", spec.zones ? '"z9"' : '["z9"]')}]`;
    case 1: return `[${j("replace", "/spec/size", ctx.pick(["5", '"five"', "5.5"]))}]`;
    case 2: return `[${j("add", "/spec/unknown", '"x"')}]`;
    case 3: return `[${j("add", "/spec/ports/-", celMap([["name", celString("new")], ["port", "1"]]))}]`;
    case 4: return `[${j("remove", "/spec/color")}]`;
    case 5: return `[${j("add", "/spec/settings", `{"k": ${stringExpr(ctx, scope)}}`)}]`;
    case 6: return `[${j("test", "/spec/color", '"blue"')}, ${j("add", "/metadata/labels", '{"blue": "yes"}')}]`;
    case 7: return `[${j("add", "/status", '{"phase": "Pending"}')}]`;
    default: return `[${j("move", "/spec/hosts", undefined).replace("}", ', from: "/spec/zones"}')}]`;
  }
}
