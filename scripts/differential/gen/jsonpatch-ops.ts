// JSONPatch mutation expressions for a target object: metadata, workload specs, ConfigMap and
// Secret data, Service ports — valid edits, edits that fail (missing paths, failed tests, wrong
// types for typed fields, unknown fields) and escaped keys.
import { getKey, isObject, type JsonObject, type JsonValue } from "../../../src/data/index.js";
import type { CaseContext } from "./case-context.js";
import { celMap, celString } from "./policy-builders.js";
import { stringExpr, type ExprScope } from "./value-exprs.js";

/** Escapes a key for a JSON pointer (RFC 6901). */
function esc(k: string): string {
  return k.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** A CEL string expression of the path `prefix/<key>`: literal escaping or `jsonpatch.escapeKey`. */
function keyPath(ctx: CaseContext, prefix: string, key: string): string {
  if (/[~/]/.test(key) && ctx.chance(0.5)) return `${celString(prefix + "/")} + jsonpatch.escapeKey(${celString(key)})`;
  return celString(`${prefix}/${esc(key)}`);
}

function op(name: string, path: string, value?: string, from?: string): string {
  const parts = [`op: ${celString(name)}`, `path: ${path}`];
  if (from !== undefined) parts.push(`from: ${from}`);
  if (value !== undefined) parts.push(`value: ${value}`);
  return `JSONPatch{${parts.join(", ")}}`;
}

function at(obj: JsonObject, path: string[]): JsonValue | undefined {
  let cur: JsonValue | undefined = obj;
  for (const p of path) {
    if (Array.isArray(cur)) cur = cur[Number(p)];
    else if (isObject(cur)) cur = getKey(cur, p);
    else return undefined;
  }
  return cur;
}

const labelKeys = ["added", "app", "tier", "example.com/by", "x~y", "env"];

function metadataOps(ctx: CaseContext, obj: JsonObject, scope: ExprScope, field: "labels" | "annotations"): string[] {
  const existing = at(obj, ["metadata", field]);
  const has = isObject(existing);
  const key = ctx.pick(has && ctx.chance(0.5) ? [...Object.keys(existing), ...labelKeys] : labelKeys);
  const prefix = `/metadata/${field}`;
  const value = stringExpr(ctx, scope);
  const ops: string[] = [];
  if (!has && ctx.chance(0.75)) ops.push(op("add", celString(prefix), ctx.chance(0.7) ? "{}" : `{${celString(key)}: ${value}}`));
  const kind = ctx.pick(["add", "add", "replace", "remove", "test", "copy", "move"]);
  switch (kind) {
    case "add":
    case "replace":
      ops.push(op(kind, keyPath(ctx, prefix, key), value));
      break;
    case "remove":
      ops.push(op("remove", keyPath(ctx, prefix, key)));
      break;
    case "test":
      ops.push(op("test", keyPath(ctx, prefix, key), ctx.chance(0.5) && has ? celString(String(getKey(existing, key) ?? "web")) : value));
      ops.push(op("add", keyPath(ctx, prefix, "tested"), celString("yes")));
      break;
    case "copy":
    case "move":
      ops.push(op(kind, keyPath(ctx, "/metadata/annotations", "copied"), undefined, celString(`/metadata/labels/${esc(ctx.pick(["app", "tier", "missing"]))}`)));
      break;
  }
  return ops;
}

function containerOps(ctx: CaseContext, obj: JsonObject, pod: string[], scope: ExprScope): string[] {
  const base = "/" + pod.join("/");
  const containers = at(obj, [...pod, "containers"]);
  const n = Array.isArray(containers) ? containers.length : 0;
  const c0 = Array.isArray(containers) && isObject(containers[0]) ? containers[0] : {};
  const sidecar = celMap([["name", celString("sidecar-x")], ["image", stringExpr(ctx, scope)]]);
  const scratch = celMap([["name", celString("scratch")], ["emptyDir", "{}"]]);
  switch (ctx.range(0, 13)) {
    case 0: return [op("add", celString(`${base}/containers/-`), sidecar)];
    case 1: return [op("add", celString(`${base}/containers/0`), sidecar)];
    case 2: return [op("replace", celString(`${base}/containers/0/image`), stringExpr(ctx, scope))];
    case 3: return [op("add", celString(`${base}/containers/0/env/-`), celMap([["name", celString("ADDED")], ["value", stringExpr(ctx, scope)]]))];
    case 4: return [op(getKey(c0, "env") ? "replace" : "add", celString(`${base}/containers/0/env`), `[{"name": "ONLY", "value": "1"}]`)];
    case 5: return [op("add", celString(`${base}/containers/0/resources/limits`), `{"cpu": "500m"}`)];
    case 6: return [op("add", celString(`${base}/containers/0/resources`), `{"limits": {"memory": "128Mi"}}`)];
    case 7: return [op("remove", celString(`${base}/containers/${ctx.pick([1, n, 5])}`))];
    case 8: return [op("add", celString(`${base}/volumes`), `[${scratch}]`)];
    case 9: return [op("add", celString(`${base}/volumes/-`), scratch)];
    case 10: return [op("add", celString(`${base}/nodeSelector`), `{"disk": "ssd"}`)];
    case 11: return [op("add", celString(`${base}/unknownField`), celString("x"))];
    case 12: return [op("add", celString(`${base}/containers/0/ports`), `[{"containerPort": ${ctx.pick(["8080", '"8080"', "8080.0", "8080.5"])}}]`)];
    default: return [op("test", celString(`${base}/containers/0/name`), celString(ctx.pick(["app", "sidecar"]))), op("add", celString(`${base}/containers/0/args`), `["--tested"]`)];
  }
}

function kindOps(ctx: CaseContext, obj: JsonObject, scope: ExprScope): string[] {
  const info = scope.info;
  if ((info.kind === "Deployment" || info.kind === "StatefulSet") && ctx.chance(0.35)) {
    const v = ctx.pick(["3", "0", '"3"', "2.0", "-1", "int(request.name.size())"]);
    switch (ctx.range(0, 3)) {
      case 0: return [op("add", celString("/spec/replicas"), v)];
      case 1: return [op("replace", celString("/spec/replicas"), v)];
      case 2: return [op("remove", celString("/spec/replicas"))];
      default: return [op("test", celString("/spec/replicas"), ctx.pick(["1", "2", "0"])), op("replace", celString("/spec/replicas"), "10")];
    }
  }
  if (info.podSpec) return containerOps(ctx, obj, info.podSpec, scope);
  switch (info.kind) {
    case "ConfigMap": {
      const key = ctx.pick(["mode", "added", "a/b", "k"]);
      const value = ctx.pick([stringExpr(ctx, scope), stringExpr(ctx, scope), "1", "true"]);
      if (!getKey(obj, "data") && ctx.chance(0.6)) return [op("add", celString("/data"), `{${celString(key)}: ${value}}`)];
      const kind = ctx.pick(["add", "replace", "remove"]);
      return [op(kind, keyPath(ctx, "/data", key), kind === "remove" ? undefined : value)];
    }
    case "Secret":
      return [op("add", celString(getKey(obj, "data") ? "/data/added" : "/data"), getKey(obj, "data")
        ? ctx.pick([celString("aGVsbG8="), celString("not base64!"), '"eA" + "=="'])
        : `{"added": ${celString("aGVsbG8=")}}`)];
    case "Service":
      switch (ctx.range(0, 3)) {
        case 0: return [op("add", celString("/spec/ports/-"), celMap([["name", celString("extra")], ["port", ctx.pick(["8443", '"8443"'])]]))];
        case 1: return [op("replace", celString("/spec/type"), celString(ctx.pick(["NodePort", "LoadBalancer"])))];
        case 2: return [op("add", celString("/spec/selector/version"), stringExpr(ctx, scope))];
        default: return [op("add", celString("/spec/ports/0/targetPort"), ctx.pick(["9090", celString("web")]))];
      }
    default:
      return [op("add", celString("/spec"), `{"finalizers": ["kubernetes"]}`)];
  }
}

/** A JSONPatch expression (a list of operations) for `obj`. */
export function jsonPatchExpr(ctx: CaseContext, obj: JsonObject, scope: ExprScope): string {
  const ops: string[] = [];
  const n = ctx.range(1, 2);
  for (let i = 0; i < n; i++) {
    const r = ctx.rng.next();
    if (r < 0.45) ops.push(...metadataOps(ctx, obj, scope, ctx.chance(0.6) ? "labels" : "annotations"));
    else ops.push(...kindOps(ctx, obj, scope));
  }
  return `[${ops.join(", ")}]`;
}
