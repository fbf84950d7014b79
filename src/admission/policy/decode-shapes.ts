// The JSON shapes of the admission policy kinds for the strict decoder: field names, nesting and
// the Go type names k8s.io/api gives them (quoted in decode errors). One table for all versions.

/** The shape of one JSON value the decoder accepts. */
export type Shape =
  | { t: "string"; go: string }
  | { t: "stringList"; go: string }
  | { t: "stringMap"; go: string }
  | { t: "struct"; go: string; name: string; fields: Record<string, Shape>; open?: boolean }
  | { t: "list"; go: string; of: Shape };

/** The decodable kinds. */
export type ShapeKind = "MutatingAdmissionPolicy" | "MutatingAdmissionPolicyBinding" | "ValidatingAdmissionPolicy" | "ValidatingAdmissionPolicyBinding";

const s = (go: string): Shape => ({ t: "string", go });
const strs = (go: string): Shape => ({ t: "stringList", go });
const struct = (go: string, name: string, fields: Record<string, Shape>): Shape => ({ t: "struct", go, name, fields });
const list = (go: string, of: Shape): Shape => ({ t: "list", go, of });

const selector: Shape = struct("*v1.LabelSelector", "LabelSelector", {
  matchLabels: { t: "stringMap", go: "map[string]string" },
  matchExpressions: list(
    "[]v1.LabelSelectorRequirement",
    struct("v1.LabelSelectorRequirement", "LabelSelectorRequirement", { key: s("string"), operator: s("v1.LabelSelectorOperator"), values: strs("[]string") }),
  ),
});

/** The top-level shape of `kind` in package `pkg` (the API version: `v1`, `v1beta1`, `v1alpha1`). */
export function shapeOf(kind: ShapeKind, pkg: string): Shape {
  const rule = struct(`${pkg}.NamedRuleWithOperations`, "NamedRuleWithOperations", {
    resourceNames: strs("[]string"),
    operations: strs("[]v1.OperationType"),
    apiGroups: strs("[]string"),
    apiVersions: strs("[]string"),
    resources: strs("[]string"),
    scope: s("v1.ScopeType"),
  });
  const matchResources = struct(`*${pkg}.MatchResources`, "MatchResources", {
    namespaceSelector: selector,
    objectSelector: selector,
    resourceRules: list(`[]${pkg}.NamedRuleWithOperations`, rule),
    excludeResourceRules: list(`[]${pkg}.NamedRuleWithOperations`, rule),
    matchPolicy: s(`${pkg}.MatchPolicyType`),
  });
  const named = (name: string): Shape => struct(`${pkg}.${name}`, name, { name: s("string"), expression: s("string") });
  const expr = (name: string): Shape => struct(`*${pkg}.${name}`, name, { expression: s("string") });
  const metadata: Shape = { t: "struct", go: "v1.ObjectMeta", name: "ObjectMeta", fields: { name: s("string"), generateName: s("string") }, open: true };
  const top = (spec: Shape, extra: Record<string, Shape> = {}): Shape =>
    struct(`${pkg}.${kind}`, kind, { apiVersion: s("string"), kind: s("string"), metadata, spec, ...extra });
  const policyBase = {
    paramKind: struct(`*${pkg}.ParamKind`, "ParamKind", { apiVersion: s("string"), kind: s("string") }),
    matchConstraints: matchResources,
    variables: list(`[]${pkg}.Variable`, named("Variable")),
    failurePolicy: s(`${pkg}.FailurePolicyType`),
    matchConditions: list(`[]${pkg}.MatchCondition`, named("MatchCondition")),
  };
  const bindingBase = {
    policyName: s("string"),
    paramRef: struct(`*${pkg}.ParamRef`, "ParamRef", {
      name: s("string"),
      namespace: s("string"),
      selector,
      parameterNotFoundAction: s(`${pkg}.ParameterNotFoundActionType`),
    }),
    matchResources,
  };
  switch (kind) {
    case "MutatingAdmissionPolicy":
      return top(struct(`${pkg}.MutatingAdmissionPolicySpec`, "MutatingAdmissionPolicySpec", {
        ...policyBase,
        mutations: list(`[]${pkg}.Mutation`, struct(`${pkg}.Mutation`, "Mutation", {
          patchType: s(`${pkg}.PatchType`),
          applyConfiguration: expr("ApplyConfiguration"),
          jsonPatch: expr("JSONPatch"),
        })),
        reinvocationPolicy: s(`${pkg}.ReinvocationPolicyType`),
      }));
    case "MutatingAdmissionPolicyBinding":
      return top(struct(`${pkg}.MutatingAdmissionPolicyBindingSpec`, "MutatingAdmissionPolicyBindingSpec", bindingBase));
    case "ValidatingAdmissionPolicy":
      return top(
        struct(`${pkg}.ValidatingAdmissionPolicySpec`, "ValidatingAdmissionPolicySpec", {
          ...policyBase,
          validations: list(`[]${pkg}.Validation`, struct(`${pkg}.Validation`, "Validation", {
            expression: s("string"),
            message: s("string"),
            reason: s("v1.StatusReason"),
            messageExpression: s("string"),
          })),
          auditAnnotations: list(`[]${pkg}.AuditAnnotation`, struct(`${pkg}.AuditAnnotation`, "AuditAnnotation", {
            key: s("string"),
            valueExpression: s("string"),
          })),
        }),
        // Written by kube-controller-manager; ignored on create (any content is accepted here).
        { status: { t: "struct", go: `${pkg}.ValidatingAdmissionPolicyStatus`, name: "ValidatingAdmissionPolicyStatus", fields: {}, open: true } },
      );
    case "ValidatingAdmissionPolicyBinding":
      return top(struct(`${pkg}.ValidatingAdmissionPolicyBindingSpec`, "ValidatingAdmissionPolicyBindingSpec", {
        ...bindingBase,
        validationActions: strs(`[]${pkg}.ValidationAction`),
      }));
  }
}
