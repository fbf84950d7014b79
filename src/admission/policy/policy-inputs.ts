// Admission policies and bindings as written (after strict decoding, before defaults and
// validation): every field optional, `null` read as unset. One set of shapes for all versions.
import type { LabelSelectorSpec } from "./policy-model.js";

/** A rule as written (`NamedRuleWithOperations`). */
export interface RuleInput {
  apiGroups?: string[];
  apiVersions?: string[];
  resources?: string[];
  operations?: string[];
  scope?: string;
  resourceNames?: string[];
}

/** `MatchResources` as written. */
export interface MatchResourcesInput {
  namespaceSelector?: LabelSelectorSpec;
  objectSelector?: LabelSelectorSpec;
  resourceRules?: RuleInput[];
  excludeResourceRules?: RuleInput[];
  matchPolicy?: string;
}

/** A `{name, expression}` entry as written. */
export interface NamedExpressionInput {
  name?: string;
  expression?: string;
}

/** `spec.paramKind` as written. */
export interface ParamKindInput {
  apiVersion?: string;
  kind?: string;
}

/** A mutation as written. */
export interface MutationInput {
  patchType?: string;
  applyConfiguration?: { expression?: string };
  jsonPatch?: { expression?: string };
}

/** What every policy spec has (matching, params, CEL shared by both kinds). */
export interface PolicySpecBaseInput {
  paramKind?: ParamKindInput;
  matchConstraints?: MatchResourcesInput;
  variables?: NamedExpressionInput[];
  failurePolicy?: string;
  matchConditions?: NamedExpressionInput[];
}

/** `MutatingAdmissionPolicySpec` as written. */
export interface PolicySpecInput extends PolicySpecBaseInput {
  mutations?: MutationInput[];
  reinvocationPolicy?: string;
}

/** A `Validation` as written. */
export interface ValidationInput {
  expression?: string;
  message?: string;
  reason?: string;
  messageExpression?: string;
}

/** An `AuditAnnotation` as written. */
export interface AuditAnnotationInput {
  key?: string;
  valueExpression?: string;
}

/** `ValidatingAdmissionPolicySpec` as written. */
export interface ValidatingPolicySpecInput extends PolicySpecBaseInput {
  validations?: ValidationInput[];
  auditAnnotations?: AuditAnnotationInput[];
}

/** `ParamRef` as written. */
export interface ParamRefInput {
  name?: string;
  namespace?: string;
  selector?: LabelSelectorSpec;
  parameterNotFoundAction?: string;
}

/** `MutatingAdmissionPolicyBindingSpec` as written (and what every binding spec has). */
export interface BindingSpecInput {
  policyName?: string;
  paramRef?: ParamRefInput;
  matchResources?: MatchResourcesInput;
}

/** `ValidatingAdmissionPolicyBindingSpec` as written. */
export interface ValidatingBindingSpecInput extends BindingSpecInput {
  validationActions?: string[];
}

/** A decoded object: its metadata name fields and its spec. */
export interface DecodedObject<S> {
  name: string;
  generateName: string;
  spec: S;
}
