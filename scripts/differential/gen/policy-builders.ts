// Builders of MutatingAdmissionPolicies, ValidatingAdmissionPolicies and their bindings, always
// valid for the API (the oracle does not run API validation): rules, selectors, params, and CEL
// literals that compile as Kubernetes compiles them.
import type { JsonObject, JsonValue } from "../../../src/data/index.js";
import type { CaseContext } from "./case-context.js";
import type { KindInfo } from "./builtin-objects.js";

/** A resource rule (`NamedRuleWithOperations`). */
export interface Rule {
  apiGroups: string[];
  apiVersions: string[];
  operations: string[];
  resources: string[];
  scope?: string;
  resourceNames?: string[];
}

/** A rule matching exactly one kind's resource for CREATE (and UPDATE when `update`). */
export function ruleFor(info: KindInfo, ops: string[] = ["CREATE", "UPDATE"]): Rule {
  return { apiGroups: [info.group], apiVersions: [info.version], operations: ops, resources: [info.resource] };
}

/** A mutation: `JSONPatch` or `ApplyConfiguration` with its CEL expression. */
export interface Mutation {
  patchType: "JSONPatch" | "ApplyConfiguration";
  expression: string;
}

/** A named CEL expression (matchCondition, variable). */
export interface Named {
  name: string;
  expression: string;
}

/** A label selector. */
export interface Selector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: "In" | "NotIn" | "Exists" | "DoesNotExist"; values?: string[] }[];
}

/** Match resources of a policy or binding. */
export interface MatchResources {
  resourceRules?: Rule[];
  excludeResourceRules?: Rule[];
  namespaceSelector?: Selector;
  objectSelector?: Selector;
  matchPolicy?: "Equivalent" | "Exact";
}

/** Everything a MutatingAdmissionPolicy spec may set. */
export interface MapSpec {
  match: MatchResources;
  mutations: Mutation[];
  failurePolicy?: "Fail" | "Ignore";
  reinvocationPolicy?: "Never" | "IfNeeded";
  matchConditions?: Named[];
  variables?: Named[];
  paramKind?: { apiVersion: string; kind: string };
}

/** A paramRef of a binding. */
export interface ParamRef {
  name?: string;
  namespace?: string;
  selector?: Selector;
  parameterNotFoundAction?: "Deny" | "Allow";
}

/** Policy API versions and how often each is used. */
const versions: readonly (readonly [string, number])[] = [["v1", 8], ["v1beta1", 1], ["v1alpha1", 1]];

/** The admissionregistration API version for a policy and its binding. */
export function policyVersion(ctx: CaseContext): string {
  return `admissionregistration.k8s.io/${ctx.rng.weighted(versions)}`;
}

function matchResources(m: MatchResources): JsonObject {
  const out: JsonObject = {};
  if (m.namespaceSelector) out.namespaceSelector = m.namespaceSelector as JsonObject;
  if (m.objectSelector) out.objectSelector = m.objectSelector as JsonObject;
  if (m.resourceRules) out.resourceRules = m.resourceRules.map((r) => ({ ...r }) as JsonObject);
  if (m.excludeResourceRules) out.excludeResourceRules = m.excludeResourceRules.map((r) => ({ ...r }) as JsonObject);
  if (m.matchPolicy) out.matchPolicy = m.matchPolicy;
  return out;
}

function mutationObject(m: Mutation): JsonObject {
  return m.patchType === "JSONPatch"
    ? { patchType: "JSONPatch", jsonPatch: { expression: m.expression } }
    : { patchType: "ApplyConfiguration", applyConfiguration: { expression: m.expression } };
}

/** A MutatingAdmissionPolicy. */
export function mapPolicy(apiVersion: string, name: string, s: MapSpec): JsonObject {
  const spec: JsonObject = { matchConstraints: matchResources(s.match) };
  if (s.paramKind) spec.paramKind = { ...s.paramKind };
  if (s.matchConditions?.length) spec.matchConditions = s.matchConditions.map((c) => ({ ...c }));
  if (s.variables?.length) spec.variables = s.variables.map((v) => ({ ...v }));
  spec.failurePolicy = s.failurePolicy ?? "Fail";
  spec.reinvocationPolicy = s.reinvocationPolicy ?? "Never";
  spec.mutations = s.mutations.map(mutationObject);
  return { apiVersion, kind: "MutatingAdmissionPolicy", metadata: { name }, spec };
}

function bindingSpec(policyName: string, paramRef?: ParamRef, match?: MatchResources): JsonObject {
  const spec: JsonObject = { policyName };
  if (paramRef) spec.paramRef = { ...paramRef } as { [k: string]: JsonValue };
  if (match) spec.matchResources = matchResources(match);
  return spec;
}

/** A MutatingAdmissionPolicyBinding. */
export function mapBinding(apiVersion: string, name: string, policyName: string, paramRef?: ParamRef, match?: MatchResources): JsonObject {
  return { apiVersion, kind: "MutatingAdmissionPolicyBinding", metadata: { name }, spec: bindingSpec(policyName, paramRef, match) };
}

/** One validation of a ValidatingAdmissionPolicy. */
export interface Validation {
  expression: string;
  message?: string;
  messageExpression?: string;
  reason?: "Unauthorized" | "Forbidden" | "Invalid" | "RequestEntityTooLarge";
}

/** Everything a ValidatingAdmissionPolicy spec may set. */
export interface VapSpec {
  match: MatchResources;
  validations: Validation[];
  failurePolicy?: "Fail" | "Ignore";
  matchConditions?: Named[];
  variables?: Named[];
  paramKind?: { apiVersion: string; kind: string };
  auditAnnotations?: { key: string; valueExpression: string }[];
}

/** A ValidatingAdmissionPolicy. */
export function vapPolicy(apiVersion: string, name: string, s: VapSpec): JsonObject {
  const spec: JsonObject = { matchConstraints: matchResources(s.match) };
  if (s.paramKind) spec.paramKind = { ...s.paramKind };
  if (s.matchConditions?.length) spec.matchConditions = s.matchConditions.map((c) => ({ ...c }));
  if (s.variables?.length) spec.variables = s.variables.map((v) => ({ ...v }));
  spec.failurePolicy = s.failurePolicy ?? "Fail";
  spec.validations = s.validations.map((v) => ({ ...v }) as JsonObject);
  if (s.auditAnnotations?.length) spec.auditAnnotations = s.auditAnnotations.map((a) => ({ ...a }));
  return { apiVersion, kind: "ValidatingAdmissionPolicy", metadata: { name }, spec };
}

/** A ValidatingAdmissionPolicyBinding. */
export function vapBinding(apiVersion: string, name: string, policyName: string, actions: string[], paramRef?: ParamRef, match?: MatchResources): JsonObject {
  const spec = bindingSpec(policyName, paramRef, match);
  spec.validationActions = [...actions];
  return { apiVersion, kind: "ValidatingAdmissionPolicyBinding", metadata: { name }, spec };
}

/** A CEL string literal of `s`. */
export function celString(s: string): string {
  return JSON.stringify(s);
}

const stringLiteral = /^"(?:[^"\\]|\\.)*"$/;

/**
 * A CEL map literal of string keys to CEL expressions. Kubernetes compiles CEL with homogeneous
 * aggregate literals, so unless every value is a string literal (or there is one entry) each value
 * is wrapped in `dyn(…)`, which changes nothing at runtime.
 */
export function celMap(entries: [string, string][]): string {
  const dyn = entries.length > 1 && !entries.every(([, v]) => stringLiteral.test(v));
  return `{${entries.map(([k, v]) => `${celString(k)}: ${dyn ? `dyn(${v})` : v}`).join(", ")}}`;
}
