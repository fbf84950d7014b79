// The internal model of admission policies and their bindings (Mutating and Validating): one
// shape per kind for the v1alpha1, v1beta1 and v1 API versions, with the API defaults applied.

/** One `matchExpressions` entry. */
export interface LabelSelectorRequirementSpec {
  key: string;
  operator: string;
  values?: string[];
}

/** A `metav1.LabelSelector` as written in a policy. */
export interface LabelSelectorSpec {
  matchLabels?: Record<string, string>;
  matchExpressions?: LabelSelectorRequirementSpec[];
}

/** `matchPolicy` of a MatchResources. */
export type MatchPolicy = "Exact" | "Equivalent";
/** Rule scope after defaulting. */
export type RuleScope = "*" | "Cluster" | "Namespaced";
/** `failurePolicy` after defaulting. */
export type FailurePolicy = "Fail" | "Ignore";
/** `reinvocationPolicy` (required, no default). */
export type ReinvocationPolicy = "Never" | "IfNeeded";
/** `patchType` of a mutation. */
export type PatchType = "ApplyConfiguration" | "JSONPatch";
/** `paramRef.parameterNotFoundAction`. */
export type ParameterNotFoundAction = "Allow" | "Deny";

/** Where a policy or binding came from in the ResourceList. */
export interface ItemRef {
  /** Index of the ResourceList item. */
  index: number;
  /** Index inside a `…List` item's `items`, when the object came from a List. */
  listIndex?: number;
}

/** A `NamedRuleWithOperations` (scope defaulted to `*`). */
export interface RuleModel {
  apiGroups: string[];
  apiVersions: string[];
  resources: string[];
  operations: string[];
  scope: RuleScope;
  /** Empty = any name. */
  resourceNames: string[];
}

/** A `MatchResources` with defaults applied (selectors `{}`, matchPolicy `Equivalent`). */
export interface MatchResourcesModel {
  namespaceSelector: LabelSelectorSpec;
  objectSelector: LabelSelectorSpec;
  resourceRules: RuleModel[];
  excludeResourceRules: RuleModel[];
  matchPolicy: MatchPolicy;
}

/** A named CEL expression (`variables[i]`, `matchConditions[i]`). */
export interface NamedExpressionModel {
  name: string;
  expression: string;
  /** Field path of the expression, e.g. `spec.variables[0].expression`. */
  fieldPath: string;
}

/** One mutation: its patch type and the expression of the member that type names. */
export interface MutationModel {
  patchType: PatchType;
  expression: string;
  /** e.g. `spec.mutations[1].jsonPatch.expression`. */
  fieldPath: string;
}

/** `spec.paramKind`, with the apiVersion split into group and version. */
export interface ParamKindModel {
  apiVersion: string;
  group: string;
  version: string;
  kind: string;
}

/** `spec.paramRef` of a binding. Empty strings stand for unset name/namespace. */
export interface ParamRefModel {
  name: string;
  namespace: string;
  selector?: LabelSelectorSpec;
  /** Absent only when API validation was bypassed; behaves like `Allow` at runtime. */
  parameterNotFoundAction?: ParameterNotFoundAction;
}

/** What every valid policy kind has (apiserver `generic.PolicyAccessor`): matching, params, CEL. */
export interface PolicyBase {
  name: string;
  /** The apiVersion it was written in (`admissionregistration.k8s.io/v1`, …). */
  apiVersion: string;
  source: ItemRef;
  /** Absent = `params` is not declared in CEL. */
  paramKind?: ParamKindModel;
  matchConstraints: MatchResourcesModel;
  variables: NamedExpressionModel[];
  failurePolicy: FailurePolicy;
  matchConditions: NamedExpressionModel[];
}

/** A valid MutatingAdmissionPolicy. */
export interface PolicyModel extends PolicyBase {
  mutations: MutationModel[];
  reinvocationPolicy: ReinvocationPolicy;
}

/** A valid MutatingAdmissionPolicyBinding (and what every binding kind has). */
export interface BindingModel {
  name: string;
  apiVersion: string;
  source: ItemRef;
  policyName: string;
  paramRef?: ParamRefModel;
  /** Absent = the binding matches everything its policy matches. */
  matchResources?: MatchResourcesModel;
}

/** `reason` of a validation (after create-time validation: one of these). */
export type ValidationReason = "Forbidden" | "Invalid" | "RequestEntityTooLarge";

/** One `spec.validations[i]` of a ValidatingAdmissionPolicy. */
export interface ValidationModel {
  expression: string;
  /** e.g. `spec.validations[0].expression`. */
  fieldPath: string;
  /** As written (untrimmed); "" when unset. */
  message: string;
  /** "" when unset. */
  messageExpression: string;
  /** Absent: the denial's reason is `Invalid`. */
  reason?: ValidationReason;
}

/** One `spec.auditAnnotations[i]`. */
export interface AuditAnnotationModel {
  key: string;
  valueExpression: string;
  /** e.g. `spec.auditAnnotations[0].valueExpression`. */
  fieldPath: string;
}

/** A valid ValidatingAdmissionPolicy. */
export interface ValidatingPolicyModel extends PolicyBase {
  validations: ValidationModel[];
  auditAnnotations: AuditAnnotationModel[];
}

/** What a binding does with a failed validation. */
export type ValidationAction = "Deny" | "Warn" | "Audit";

/** A valid ValidatingAdmissionPolicyBinding. */
export interface ValidatingBindingModel extends BindingModel {
  /** As listed (a set: no repeats, never both Deny and Warn). */
  validationActions: ValidationAction[];
}

function byName<T extends { name: string }>(a: T, b: T): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** Policies in dispatch order: by name (reference §2.2 recommendation; upstream order is random). */
export function sortPolicies<P extends PolicyBase>(policies: readonly P[]): P[] {
  return [...policies].sort(byName);
}

/** Bindings in dispatch order: by name. */
export function sortBindings<B extends BindingModel>(bindings: readonly B[]): B[] {
  return [...bindings].sort(byName);
}

/**
 * Bound policies in dispatch order, each with its bindings in order. Bindings naming a policy
 * that does not exist are dropped silently and policies without bindings are inactive
 * (upstream `calculatePolicyData`).
 */
export function bindPolicies<P extends PolicyBase, B extends BindingModel>(
  policies: readonly P[],
  bindings: readonly B[],
): { policy: P; bindings: B[] }[] {
  const sortedBindings = sortBindings(bindings);
  const out: { policy: P; bindings: B[] }[] = [];
  for (const policy of sortPolicies(policies)) {
    const own = sortedBindings.filter((b) => b.policyName === policy.name);
    if (own.length > 0) out.push({ policy, bindings: own });
  }
  return out;
}
