// CEL expressions that produce values for mutations and conditions: literals, reads of `object`,
// `oldObject`, `request`, `params`, `variables` and `namespaceObject`, some of which fail at runtime.
import type { CaseContext } from "./case-context.js";
import { celString } from "./policy-builders.js";
import type { KindInfo } from "./builtin-objects.js";

/** What the expressions of a policy may refer to. */
export interface ExprScope {
  info: KindInfo;
  /** Param expressions allowed (`params.data…` for ConfigMap params, `params.spec…` for custom resources). */
  params?: "configmap" | "custom";
  /** Variable names declared before the expression. */
  variables?: string[];
}

const literals = ["v1", "prod", "a b", "", "true", "x-1", "héllo"];

/** A CEL expression of type string (or dyn evaluating to a string, or failing). */
export function stringExpr(ctx: CaseContext, scope: ExprScope): string {
  const options: string[] = [
    celString(ctx.pick(literals)),
    "object.metadata.name",
    'object.metadata.name + "-x"',
    "request.namespace",
    "request.operation",
    "request.kind.kind",
    "request.resource.resource",
    'object.metadata.?labels.app.orValue("none")',
    'object.metadata.labels["app"]',
    'object.metadata.?annotations["note"].orValue("-")',
    "string(size(object.metadata.?labels.orValue({})))",
    'has(object.metadata.labels) ? "labelled" : "bare"',
    "request.userInfo.username",
    "namespaceObject.metadata.name",
    'namespaceObject.metadata.?labels.env.orValue("none")',
    'oldObject == null ? "create" : oldObject.metadata.name',
    'string(request.dryRun)',
  ];
  if (scope.info.podSpec) {
    options.push(`string(size(object.${scope.info.podSpec.join(".")}.containers))`, `object.${scope.info.podSpec.join(".")}.containers[0].image`);
    options.push(`string(has(object.${scope.info.podSpec.join(".")}.containers[0].resources))`);
  }
  if (scope.info.kind === "Deployment" || scope.info.kind === "StatefulSet") options.push("string(object.spec.replicas)", "string(has(object.spec.strategy))");
  if (scope.info.kind === "Deployment") options.push("string(has(object.status))");
  if (scope.info.kind === "Service") options.push("string(object.spec.ports[0].targetPort)", "string(has(object.spec.ports[0].protocol))");
  if (scope.params === "configmap") options.push("params.data.mode", 'params.data[?"mode"].orValue("no-mode")', "params.metadata.name", "string(params.data)");
  if (scope.params === "custom") options.push("params.spec.value", 'params.spec.?label.orValue("none")', "params.metadata.name");
  for (const v of scope.variables ?? []) options.push(`variables.${v}`, `string(variables.${v})`);
  return ctx.pick(options);
}

/**
 * Expressions `boolExpr` draws that API validation refuses (a syntax error, a type error, not a
 * bool), and, by position, what it draws instead when `compiling` is asked for: expressions that
 * compile to bool and fail (or not) only at runtime.
 */
const notCompiling: readonly (readonly [string, string])[] = [
  ["object.metadata.name.exists(", 'object.metadata.annotations["absent"] == "x"'],
  ["object.metadata.name + 1 == \"x\"", "int(object.metadata.name) == 1"],
  ["size(object.metadata.name)", "size(object.metadata.name) == 3"],
];

/**
 * A CEL boolean expression for matchConditions and validations (some false, some failing, a few
 * not compiling unless `compiling`, which draws the same way and gives only API-valid ones).
 */
export function boolExpr(ctx: CaseContext, scope: ExprScope, compiling = false): string {
  const options: string[] = [
    "true",
    "false",
    'object.metadata.name.startsWith("w")',
    'object.metadata.?labels.tier.orValue("") == "frontend"',
    'object.metadata.labels["env"] == "prod"',
    "has(object.metadata.labels)",
    "has(object.metadata.annotations)",
    '"app" in object.metadata.?labels.orValue({})',
    'request.operation == "CREATE"',
    'request.namespace != "kube-system"',
    "object.metadata.name.size() > 3",
    'namespaceObject.metadata.labels.env == "prod"',
    "oldObject != null",
    "!has(object.metadata.labels) || object.metadata.labels.all(k, k != \"skip\")",
    "request.userInfo.username == \"admin\"",
    "1 / 0 == 1",
    ...notCompiling.map(([refused, valid]) => (compiling ? valid : refused)),
  ];
  if (scope.info.podSpec) {
    const p = `object.${scope.info.podSpec.join(".")}`;
    options.push(`${p}.containers.exists(c, c.name == "sidecar")`, `${p}.containers.all(c, has(c.resources))`, `has(${p}.volumes)`, `${p}.containers[0].image.contains(":")`);
  }
  if (scope.info.kind === "Deployment") options.push("has(object.spec.strategy)", "object.spec.replicas > 1", "has(object.spec.replicas)");
  if (scope.params === "configmap") options.push('params.data.mode == "fast"', "has(params.data.mode)");
  if (scope.params === "custom") options.push('params.spec.value != ""');
  for (const v of scope.variables ?? []) options.push(`variables.${v} != ""`);
  return ctx.pick(options);
}
