// Policy lint behind `kmutate check` on ValidatingAdmissionPolicies: the errors the apiserver
// refuses at create time (compile errors with offsets, return types per field: bool, string,
// string or null) and the traps the lint knows, each beside its negative twin.
import { test } from "node:test";
import assert from "node:assert/strict";
import { lintPolicies, type LintFinding } from "../../src/admission/index.js";
import type { JsonObject } from "../../src/data/index.js";

type Validation = { expression: string; message?: string; messageExpression?: string };

function vap(name: string, opts: { validations?: Validation[]; auditAnnotations?: { key: string; valueExpression: string }[]; conditions?: string[]; variables?: string[]; paramKind?: JsonObject; resource?: [string, string, string] } = {}): JsonObject {
  const [group, version, resource] = opts.resource ?? ["", "v1", "pods"];
  const spec: JsonObject = {
    matchConstraints: { resourceRules: [{ apiGroups: [group], apiVersions: [version], operations: ["CREATE"], resources: [resource] }] },
    validations: opts.validations ?? (opts.auditAnnotations ? [] : [{ expression: "true" }]),
  };
  if (opts.auditAnnotations) spec.auditAnnotations = opts.auditAnnotations;
  if (opts.conditions) spec.matchConditions = opts.conditions.map((expression, i) => ({ name: `c${i}`, expression }));
  if (opts.variables) spec.variables = opts.variables.map((expression, i) => ({ name: `v${i}`, expression }));
  if (opts.paramKind) spec.paramKind = opts.paramKind;
  return { apiVersion: "admissionregistration.k8s.io/v1", kind: "ValidatingAdmissionPolicy", metadata: { name }, spec };
}

function vapBinding(name: string, policyName: string): JsonObject {
  return { apiVersion: "admissionregistration.k8s.io/v1", kind: "ValidatingAdmissionPolicyBinding", metadata: { name }, spec: { policyName, validationActions: ["Deny"] } };
}

const bound = (p: JsonObject): JsonObject[] => [p, vapBinding("b", (p.metadata as JsonObject).name as string)];
const pick = (f: LintFinding, keys: string[]): Partial<LintFinding> =>
  Object.fromEntries(keys.filter((k) => k in f).map((k) => [k, f[k as keyof LintFinding]])) as Partial<LintFinding>;

const rows: { name: string; items: JsonObject[]; expected: Array<Partial<LintFinding>> }[] = [
  {
    name: "compile: an undeclared reference in a validation, with its offset",
    items: bound(vap("p", { validations: [{ expression: "object.spec.x == params.y" }] })),
    expected: [{ code: "compile", severity: "error", kind: "ValidatingAdmissionPolicy", field: "spec.validations[0].expression", exprOffset: "object.spec.x == ".length, message: "compilation failed: undeclared reference to 'params' (in container '')" }],
  },
  { name: "compile: params is declared with a paramKind", items: bound(vap("p", { paramKind: { apiVersion: "v1", kind: "ConfigMap" }, validations: [{ expression: "object.metadata.name == params.metadata.name" }] })), expected: [] },
  {
    name: "type: a validation must be exactly bool (dyn is not)",
    items: bound(vap("p", { validations: [{ expression: "object.spec.paused" }] })),
    expected: [{ code: "type", severity: "error", field: "spec.validations[0].expression", message: "must evaluate to bool but got dyn" }],
  },
  { name: "type: a comparison is bool", items: bound(vap("p", { validations: [{ expression: "object.spec.hostNetwork == true" }] })), expected: [] },
  {
    name: "compile: a messageExpression has no authorizer",
    items: bound(vap("p", { validations: [{ expression: "true", messageExpression: "string(authorizer.path('/x').check('get').allowed())" }] })),
    expected: [{ code: "compile", field: "spec.validations[0].messageExpression", exprOffset: "string(".length, message: "compilation failed: undeclared reference to 'authorizer' (in container '')" }],
  },
  { name: "compile: a validation may use authorizer", items: bound(vap("p", { validations: [{ expression: "authorizer.path('/x').check('get').allowed()" }] })), expected: [] },
  {
    name: "type: a messageExpression must be exactly string",
    items: bound(vap("p", { validations: [{ expression: "true", messageExpression: "object.metadata.name" }] })),
    expected: [{ code: "type", field: "spec.validations[0].messageExpression", message: "must evaluate to string but got dyn" }],
  },
  { name: "type: string() makes a messageExpression a string", items: bound(vap("p", { validations: [{ expression: "true", messageExpression: "string(object.metadata.name)" }] })), expected: [] },
  {
    name: "type: an auditAnnotation must be string or null",
    items: bound(vap("p", { auditAnnotations: [{ key: "a", valueExpression: "object.metadata.name" }] })),
    expected: [{ code: "type", field: "spec.auditAnnotations[0].valueExpression", message: "must evaluate to one of [string null_type] but got dyn" }],
  },
  { name: "type: null is a valid auditAnnotation value", items: bound(vap("p", { auditAnnotations: [{ key: "a", valueExpression: "null" }] })), expected: [] },
  {
    name: "absent-field: a validation over an optional list",
    items: bound(vap("p", { validations: [{ expression: "object.spec.initContainers.all(c, has(c.image))" }] })),
    expected: [{ code: "absent-field", severity: "warning", field: "spec.validations[0].expression", exprOffset: "object.spec".length }],
  },
  { name: "absent-field: a matchCondition has() guards the validation", items: bound(vap("p", { conditions: ["has(object.spec.initContainers)"], validations: [{ expression: "object.spec.initContainers.all(c, has(c.image))" }] })), expected: [] },
  {
    name: "unbound-policy and missing-policy of the validating kinds",
    items: [vap("p"), vapBinding("b", "q")],
    expected: [
      { code: "unbound-policy", kind: "ValidatingAdmissionPolicy", name: "p", field: "metadata.name", message: 'no ValidatingAdmissionPolicyBinding in the input binds policy "p": it never applies' },
      { code: "missing-policy", kind: "ValidatingAdmissionPolicyBinding", name: "b", field: "spec.policyName", message: 'policy "q" is not in the input: this binding does nothing' },
    ],
  },
  {
    name: "load: create-time validation errors of a binding (its policy is then unbound)",
    items: [vap("p"), { ...vapBinding("b", "p"), spec: { policyName: "p", validationActions: ["Deny", "Warn"] } }],
    expected: [
      { code: "unbound-policy", kind: "ValidatingAdmissionPolicy", field: "metadata.name" },
      { code: "load", kind: "ValidatingAdmissionPolicyBinding", field: "spec.validationActions" },
    ],
  },
  {
    name: "param-kind: unknown paramKind",
    items: bound(vap("p", { paramKind: { apiVersion: "example.com/v1", kind: "Knob" } })),
    expected: [{ code: "param-kind", field: "spec.paramKind" }],
  },
];

for (const row of rows) {
  test(`lint (ValidatingAdmissionPolicy): ${row.name}`, () => {
    const got = lintPolicies(row.items);
    const keys = [...new Set(row.expected.flatMap((e) => Object.keys(e)))];
    assert.deepEqual(got.map((f) => pick(f, keys)), row.expected);
  });
}
