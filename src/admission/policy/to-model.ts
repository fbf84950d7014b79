// Converts decoded, defaulted and validated policy and binding specs (of both kinds) into the
// internal model that matching and dispatch read.
import type {
  BindingSpecInput, MatchResourcesInput, PolicySpecBaseInput, PolicySpecInput, RuleInput, ValidatingBindingSpecInput,
  ValidatingPolicySpecInput,
} from "./policy-inputs.js";
import type {
  BindingModel, ItemRef, MatchPolicy, MatchResourcesModel, ParameterNotFoundAction, PolicyBase, PolicyModel, RuleModel, RuleScope,
  ValidatingBindingModel, ValidatingPolicyModel, ValidationAction, ValidationReason,
} from "./policy-model.js";
import { parseGroupVersion } from "./validate-policy.js";

/** Where an object came from and what it is called. */
export interface ModelOrigin {
  name: string;
  apiVersion: string;
  source: ItemRef;
}

function toRule(r: RuleInput): RuleModel {
  return {
    apiGroups: r.apiGroups ?? [],
    apiVersions: r.apiVersions ?? [],
    resources: r.resources ?? [],
    operations: r.operations ?? [],
    scope: (r.scope ?? "*") as RuleScope,
    resourceNames: r.resourceNames ?? [],
  };
}

function toMatchResources(mr: MatchResourcesInput): MatchResourcesModel {
  return {
    namespaceSelector: mr.namespaceSelector ?? {},
    objectSelector: mr.objectSelector ?? {},
    resourceRules: (mr.resourceRules ?? []).map(toRule),
    excludeResourceRules: (mr.excludeResourceRules ?? []).map(toRule),
    matchPolicy: (mr.matchPolicy ?? "Equivalent") as MatchPolicy,
  };
}

/** The fields every policy kind has. */
function toPolicyBase(o: ModelOrigin, s: PolicySpecBaseInput): PolicyBase {
  const pk = s.paramKind;
  const gv = pk ? parseGroupVersion(pk.apiVersion ?? "") : undefined;
  return {
    name: o.name, apiVersion: o.apiVersion, source: o.source,
    ...(pk && gv && !("error" in gv) ? { paramKind: { apiVersion: pk.apiVersion ?? "", group: gv.group, version: gv.version, kind: pk.kind ?? "" } } : {}),
    matchConstraints: toMatchResources(s.matchConstraints ?? {}),
    variables: (s.variables ?? []).map((v, i) => ({ name: v.name ?? "", expression: v.expression ?? "", fieldPath: `spec.variables[${i}].expression` })),
    failurePolicy: s.failurePolicy === "Ignore" ? "Ignore" : "Fail",
    matchConditions: (s.matchConditions ?? []).map((c, i) => ({ name: c.name ?? "", expression: c.expression ?? "", fieldPath: `spec.matchConditions[${i}].expression` })),
  };
}

/** A MutatingAdmissionPolicy's model. */
export function toPolicyModel(o: ModelOrigin, s: PolicySpecInput): PolicyModel {
  return {
    ...toPolicyBase(o, s),
    mutations: (s.mutations ?? []).map((m, i) => {
      const member = m.patchType === "JSONPatch" ? "jsonPatch" : "applyConfiguration";
      return {
        patchType: m.patchType === "JSONPatch" ? "JSONPatch" : "ApplyConfiguration",
        expression: m[member]?.expression ?? "",
        fieldPath: `spec.mutations[${i}].${member}.expression`,
      };
    }),
    reinvocationPolicy: s.reinvocationPolicy === "IfNeeded" ? "IfNeeded" : "Never",
  };
}

/** A ValidatingAdmissionPolicy's model. */
export function toValidatingPolicyModel(o: ModelOrigin, s: ValidatingPolicySpecInput): ValidatingPolicyModel {
  return {
    ...toPolicyBase(o, s),
    validations: (s.validations ?? []).map((v, i) => ({
      expression: v.expression ?? "",
      fieldPath: `spec.validations[${i}].expression`,
      message: v.message ?? "",
      messageExpression: v.messageExpression ?? "",
      ...(v.reason !== undefined ? { reason: v.reason as ValidationReason } : {}),
    })),
    auditAnnotations: (s.auditAnnotations ?? []).map((a, i) => ({
      key: a.key ?? "",
      valueExpression: a.valueExpression ?? "",
      fieldPath: `spec.auditAnnotations[${i}].valueExpression`,
    })),
  };
}

/** A MutatingAdmissionPolicyBinding's model (and the fields of every binding kind). */
export function toBindingModel(o: ModelOrigin, s: BindingSpecInput): BindingModel {
  const pr = s.paramRef;
  return {
    name: o.name, apiVersion: o.apiVersion, source: o.source,
    policyName: s.policyName ?? "",
    ...(pr
      ? {
          paramRef: {
            name: pr.name ?? "",
            namespace: pr.namespace ?? "",
            ...(pr.selector ? { selector: pr.selector } : {}),
            ...(pr.parameterNotFoundAction ? { parameterNotFoundAction: pr.parameterNotFoundAction as ParameterNotFoundAction } : {}),
          },
        }
      : {}),
    ...(s.matchResources ? { matchResources: toMatchResources(s.matchResources) } : {}),
  };
}

/** A ValidatingAdmissionPolicyBinding's model. */
export function toValidatingBindingModel(o: ModelOrigin, s: ValidatingBindingSpecInput): ValidatingBindingModel {
  return { ...toBindingModel(o, s), validationActions: (s.validationActions ?? []) as ValidationAction[] };
}
