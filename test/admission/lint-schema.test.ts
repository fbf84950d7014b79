// Schema-aware `kmutate check` (src/admission/lint/lint-{typed,schema,rules,never-true,patch-paths,
// create-time,ignore}.ts): each row is a mistake with its clean twin beside it; asserts code,
// severity, field path, offset inside the expression and the exact message.
import { test } from "node:test";
import assert from "node:assert/strict";
import { lintPolicies, type LintFinding } from "../../src/admission/index.js";
import type { JsonObject, JsonValue } from "../../src/data/index.js";

type Mutation = { patchType: "ApplyConfiguration" | "JSONPatch"; expression: string };
const apply = (expression: string): Mutation => ({ patchType: "ApplyConfiguration", expression });
const jsonPatch = (expression: string): Mutation => ({ patchType: "JSONPatch", expression });
type Rule = { groups: string[]; versions?: string[]; resources: string[]; operations?: string[] };
const rule = (r: Rule): JsonObject => ({ apiGroups: r.groups, apiVersions: r.versions ?? ["v1"], operations: r.operations ?? ["CREATE"], resources: r.resources });
const DEPLOYMENTS: Rule = { groups: ["apps"], resources: ["deployments"] };

interface PolicyOpts {
  mutations?: Mutation[];
  conditions?: string[];
  variables?: string[];
  rules?: Rule[];
  paramKind?: JsonObject;
  annotations?: Record<string, string>;
}

function policy(opts: PolicyOpts = {}): JsonObject {
  const spec: Record<string, JsonValue> = {
    matchConstraints: { resourceRules: (opts.rules ?? [DEPLOYMENTS]).map(rule) },
    reinvocationPolicy: "Never",
    mutations: (opts.mutations ?? [apply("Object{}")]).map((m): JsonObject => (m.patchType === "JSONPatch"
      ? { patchType: m.patchType, jsonPatch: { expression: m.expression } }
      : { patchType: m.patchType, applyConfiguration: { expression: m.expression } })),
  };
  if (opts.conditions) spec.matchConditions = opts.conditions.map((expression, i) => ({ name: `c${i}`, expression }));
  if (opts.variables) spec.variables = opts.variables.map((expression, i) => ({ name: `v${i}`, expression }));
  if (opts.paramKind) spec.paramKind = opts.paramKind;
  const metadata: JsonObject = { name: "p" };
  if (opts.annotations) metadata.annotations = opts.annotations;
  return { apiVersion: "admissionregistration.k8s.io/v1", kind: "MutatingAdmissionPolicy", metadata, spec };
}

function binding(spec: JsonObject = {}): JsonObject {
  return { apiVersion: "admissionregistration.k8s.io/v1", kind: "MutatingAdmissionPolicyBinding", metadata: { name: "b" }, spec: { policyName: "p", ...spec } };
}

const CONFIGMAP_PARAMS = { apiVersion: "v1", kind: "ConfigMap" };
const MUT = "spec.mutations[0].applyConfiguration.expression";
const PATCH = "spec.mutations[0].jsonPatch.expression";
const VAR = "spec.variables[0].expression";
const COND = "spec.matchConditions[0].expression";

/** A CRD `widgets.example.com` (Widget, example.com/v1): `spec.size` (integer), `spec.labels` (map), `spec.config` (free-form). */
const WIDGET_CRD: JsonObject = {
  apiVersion: "apiextensions.k8s.io/v1",
  kind: "CustomResourceDefinition",
  metadata: { name: "widgets.example.com" },
  spec: {
    group: "example.com",
    names: { kind: "Widget", plural: "widgets", singular: "widget", listKind: "WidgetList" },
    scope: "Namespaced",
    versions: [{
      name: "v1", served: true, storage: true,
      schema: { openAPIV3Schema: { type: "object", properties: { spec: { type: "object", properties: {
        size: { type: "integer" },
        labels: { type: "object", additionalProperties: { type: "string" } },
        config: { type: "object", "x-kubernetes-preserve-unknown-fields": true },
      } } } } },
    }],
  },
};

type Row = { name: string; items: JsonObject[]; expected: Array<Partial<LintFinding>> };
const keys = ["code", "severity", "kind", "field", "exprOffset", "message"] as const;
const pick = (f: LintFinding): Partial<LintFinding> => Object.fromEntries(keys.filter((k) => k in f).map((k) => [k, f[k]])) as Partial<LintFinding>;
/** `at(text, what)`: the offset of `what` in `text` (so rows name real positions). */
const at = (text: string, what: string): number => {
  const i = text.indexOf(what);
  assert.ok(i >= 0, what);
  return i;
};

const READ = "object.metdata.name == 'x'";
const LITERAL = 'Object{spec: Object.spec{replicas: "3"}}';
const FIELD = "Object{spec: Object.spec{replicsa: 3}}";
const TYPE = "Object{spec: Object.spec{template: Object.spec.templte{}}}";
const JP = '[JSONPatch{op: "add", path: "/spec/replica", value: 3}]';
const OP = 'request.operation == "create"';
const CMP = 'object.spec.replicas == "3"';

const rows: Row[] = [
  // --- unknown fields in reads ---
  {
    name: "unknown-field: a typo in a read names the closest field",
    items: [policy({ variables: [READ] }), binding()],
    expected: [{ code: "unknown-field", severity: "error", kind: "MutatingAdmissionPolicy", field: VAR, exprOffset: at(READ, ".metdata"),
      message: 'object.metdata: Deployment has no field "metdata" (did you mean "metadata"?): the read fails on every object' }],
  },
  {
    name: "unknown-field: has() of a field the kind lacks is always false",
    items: [policy({ variables: ["has(object.spec.replica)"] }), binding()],
    expected: [{ code: "unknown-field", field: VAR, message: 'has(object.spec.replica): Deployment at spec has no field "replica" (did you mean "replicas"?): the test is always false' }],
  },
  { name: "unknown-field: the real field is clean", items: [policy({ variables: ["object.metadata.name == 'x'"] }), binding()], expected: [] },
  {
    name: "unknown-field: inside a macro, on the iteration variable",
    items: [policy({ variables: ["object.spec.template.spec.containers.all(c, c.imgae != '')"] }), binding()],
    expected: [{ code: "unknown-field", field: VAR, message: 'c.imgae: Deployment at spec.template.spec.containers has no field "imgae" (did you mean "image"?): the read fails on every object' }],
  },
  { name: "unknown-field: the macro twin is clean", items: [policy({ variables: ["object.spec.template.spec.containers.all(c, c.image != '')"] }), binding()], expected: [] },
  {
    name: "unknown-field: a field only one matched kind has is not reported",
    items: [policy({ rules: [{ groups: ["apps"], resources: ["deployments", "statefulsets"] }], variables: ["object.kind == 'StatefulSet' && object.spec.serviceName != ''"] }), binding()],
    expected: [],
  },
  {
    name: "unknown-field: a typo every matched kind lacks is reported once, naming them",
    items: [policy({ rules: [{ groups: ["apps"], resources: ["deployments", "statefulsets"] }], variables: ["object.spec.replica > 1"] }), binding()],
    expected: [{ code: "unknown-field", field: VAR, message: 'object.spec.replica: Deployment or StatefulSet at spec has no field "replica" (did you mean "replicas"?): the read fails on every object' }],
  },
  { name: "unknown-field: wildcard resources type nothing", items: [policy({ rules: [{ groups: ["apps"], resources: ["*"] }], variables: ["object.spec.replica > 1"] }), binding()], expected: [] },
  {
    name: "unknown-field: a CRD in the input types its kind",
    items: [WIDGET_CRD, policy({ rules: [{ groups: ["example.com"], resources: ["widgets"] }], variables: ["object.spec.sise > 1"] }), binding()],
    expected: [{ code: "unknown-field", field: VAR, message: 'object.spec.sise: Widget at spec has no field "sise" (did you mean "size"?): the read fails on every object' }],
  },
  { name: "unknown-field: the CRD twin is clean", items: [WIDGET_CRD, policy({ rules: [{ groups: ["example.com"], resources: ["widgets"] }], variables: ["object.spec.size > 1 && object.spec.?labels['a'].orValue('') == 'b'"] }), binding()], expected: [] },
  {
    name: "unknown-field: a free-form CRD field takes any literal and any read",
    items: [WIDGET_CRD, policy({ rules: [{ groups: ["example.com"], resources: ["widgets"] }], variables: ["has(object.spec.config) && object.spec.config.anything == 1"], mutations: [apply("Object{spec: Object.spec{config: Object.spec.config{a: 1}}}")] }), binding()],
    expected: [],
  },
  {
    name: "unknown-field: params.spec on a ConfigMap param",
    items: [policy({ paramKind: CONFIGMAP_PARAMS, variables: ["params.spec.replicas"] }), binding()],
    expected: [{ code: "unknown-field", field: VAR, exprOffset: at("params.spec.replicas", ".spec"),
      message: 'params.spec: ConfigMap has no field "spec" (a ConfigMap param holds its values in data: params.data.<key>): the read fails on every object' }],
  },
  { name: "unknown-field: params.data on a ConfigMap param is clean", items: [policy({ paramKind: CONFIGMAP_PARAMS, variables: ["params.data['replicas']"] }), binding()], expected: [] },
  {
    name: "unknown-field: not an absent-field trap when the field does not exist",
    items: [policy({ mutations: [apply("object.spec.template.spec.initContainer.exists(c, true) ? Object{} : Object{}")] }), binding()],
    expected: [{ code: "unknown-field", field: MUT, message: 'object.spec.template.spec.initContainer: Deployment at spec.template.spec has no field "initContainer" (did you mean "initContainers"?): the read fails on every object' }],
  },
  // --- Object literals ---
  {
    name: "literal-type: a string where the schema holds an int",
    items: [policy({ mutations: [apply(LITERAL)] }), binding()],
    expected: [{ code: "literal-type", severity: "error", field: MUT, exprOffset: at(LITERAL, ': "3"'),
      message: 'Object.spec{replicas: …}: the field holds int but the value is string; the apiserver refuses the object' }],
  },
  { name: "literal-type: an int is clean", items: [policy({ mutations: [apply("Object{spec: Object.spec{replicas: 3}}")] }), binding()], expected: [] },
  { name: "literal-type: a double for an int is not reported (numbers convert)", items: [policy({ mutations: [apply("Object{spec: Object.spec{replicas: 3.0}}")] }), binding()], expected: [] },
  {
    name: "literal-type: list elements are checked",
    items: [policy({ mutations: [apply("Object{metadata: Object.metadata{finalizers: [1]}}")] }), binding()],
    expected: [{ code: "literal-type", field: MUT, message: "Object.metadata{finalizers: …}: the field holds list(string) but the value is list(int); the apiserver refuses the object" }],
  },
  {
    name: "unknown-field: a literal field the schema lacks",
    items: [policy({ mutations: [apply(FIELD)] }), binding()],
    expected: [{ code: "unknown-field", severity: "error", field: MUT, exprOffset: at(FIELD, ": 3"),
      message: 'Object.spec{replicsa: …}: Deployment at spec has no field "replicsa" (did you mean "replicas"?): the apiserver refuses the object' }],
  },
  {
    name: "unknown-type: a literal type name off the field path",
    items: [policy({ mutations: [apply(TYPE)] }), binding()],
    expected: [{ code: "unknown-type", severity: "error", field: MUT, exprOffset: at(TYPE, "Object.spec.templte"),
      message: 'Object.spec.templte: Deployment at spec has no object field "templte" (did you mean "template"?): the type name must follow the field path' }],
  },
  { name: "unknown-type: the right name is clean", items: [policy({ mutations: [apply("Object{spec: Object.spec{template: Object.spec.template{}}}")] }), binding()], expected: [] },
  {
    name: "unknown-type: JSONPatch values are not held to the patch path (the apiserver checks no root name there)",
    items: [policy({ mutations: [jsonPatch('[JSONPatch{op: "add", path: "/spec", value: Object.invalid{replicas: 1}}]')] }), binding()],
    expected: [],
  },
  // --- JSON patch paths ---
  {
    name: "patch-path: a path to a field the schema lacks",
    items: [policy({ mutations: [jsonPatch(JP)] }), binding()],
    expected: [{ code: "patch-path", severity: "error", field: PATCH, exprOffset: at(JP, '"/spec/replica"'),
      message: 'JSON patch path "/spec/replica": Deployment has no field "replica" at /spec (did you mean "replicas"?): the apiserver refuses the patched object' }],
  },
  { name: "patch-path: the real path is clean", items: [policy({ mutations: [jsonPatch('[JSONPatch{op: "add", path: "/spec/replicas", value: 3}]')] }), binding()], expected: [] },
  {
    name: "patch-path: the literal start of a concatenation is checked",
    items: [policy({ mutations: [jsonPatch('[JSONPatch{op: "add", path: "/metadata/annotation/" + jsonpatch.escapeKey("a/b"), value: "x"}]')] }), binding()],
    expected: [{ code: "patch-path", field: PATCH, message: 'JSON patch path "/metadata/annotation/…": Deployment has no field "annotation" at /metadata (did you mean "annotations"?): the apiserver refuses the patched object' }],
  },
  { name: "patch-path: map keys and list positions are free", items: [policy({ mutations: [jsonPatch('[JSONPatch{op: "add", path: "/metadata/annotations/" + jsonpatch.escapeKey("a/b"), value: "x"}, JSONPatch{op: "add", path: "/spec/template/spec/containers/-", value: {}}]')] }), binding()], expected: [] },
  // --- never-true comparisons ---
  {
    name: "never-true: request.operation in lower case",
    items: [policy({ conditions: [OP] }), binding()],
    expected: [{ code: "never-true", severity: "warning", field: COND, exprOffset: at(OP, '"create"'),
      message: 'request.operation is one of CREATE, UPDATE, DELETE, CONNECT, never "create": this comparison is never true; write "CREATE"' }],
  },
  { name: "never-true: CREATE is clean", items: [policy({ conditions: ['request.operation == "CREATE"'] }), binding()], expected: [] },
  {
    name: "never-true: an int field compared with a string",
    items: [policy({ conditions: [CMP] }), binding()],
    expected: [{ code: "never-true", severity: "warning", field: COND, exprOffset: at(CMP, "=="),
      message: 'comparing object.spec.replicas (int) with string is never true' }],
  },
  { name: "never-true: int with double is clean (numbers compare across types)", items: [policy({ conditions: ["object.spec.replicas == 3.0 && object.spec.replicas < 2.5"] }), binding()], expected: [] },
  { name: "never-true: a pointer compared with null is clean", items: [policy({ conditions: ["object.spec.selector != null && oldObject == null"] }), binding()], expected: [] },
  {
    name: "null-namespace: namespaceObject in a matchCondition",
    items: [policy({ conditions: ["namespaceObject.metadata.name != 'kube-system'"] }), binding()],
    expected: [{ code: "null-namespace", severity: "warning", field: COND, exprOffset: 0,
      message: "namespaceObject is always null in matchConditions (the apiserver passes no namespace there): reading its fields fails; use the policy's or binding's namespaceSelector, or move the test into the mutation" }],
  },
  { name: "null-namespace: namespaceObject in a mutation is clean", items: [policy({ mutations: [apply("namespaceObject.metadata.name != 'kube-system' ? Object{} : Object{}")] }), binding()], expected: [] },
  // --- rules and wiring ---
  {
    name: "unknown-resource: a singular resource name",
    items: [policy({ rules: [{ groups: ["apps"], resources: ["deployment"] }] }), binding()],
    expected: [{ code: "unknown-resource", severity: "warning", field: "spec.matchConstraints.resourceRules[0].resources[0]",
      message: 'group "apps" serves no resource "deployment" (did you mean "deployments"?): this rule never matches it' }],
  },
  {
    name: "unknown-resource: a core resource under apps",
    items: [policy({ rules: [{ groups: ["apps"], resources: ["configmaps"] }] }), binding()],
    expected: [{ code: "unknown-resource", field: "spec.matchConstraints.resourceRules[0].resources[0]",
      message: 'group "apps" serves no resource "configmaps" (configmaps is served by the core group ""): this rule never matches it' }],
  },
  {
    name: "unknown-resource: a kind name in the binding",
    items: [policy(), binding({ matchResources: { resourceRules: [rule({ groups: ["apps"], resources: ["Deployment"] })] } })],
    expected: [
      { code: "unknown-resource", kind: "MutatingAdmissionPolicyBinding", field: "spec.matchResources.resourceRules[0].resources[0]", message: 'group "apps" serves no resource "Deployment" (did you mean "deployments"?): this rule never matches it' },
      { code: "no-overlap", kind: "MutatingAdmissionPolicyBinding", field: "spec.matchResources.resourceRules", message: 'no request matches both these resourceRules and the matchConstraints of policy "p": this binding never applies' },
    ],
  },
  { name: "unknown-resource: groups and resources as a cross product are clean", items: [policy({ rules: [{ groups: ["", "apps"], resources: ["deployments", "configmaps"] }] }), binding()], expected: [] },
  { name: "unknown-resource: a group no known kind has may be a CRD elsewhere", items: [policy({ rules: [{ groups: ["example.com"], resources: ["widget"] }] }), binding()], expected: [] },
  {
    name: "no-overlap: the binding names other resources",
    items: [policy(), binding({ matchResources: { resourceRules: [rule({ groups: [""], resources: ["pods"] })] } })],
    expected: [{ code: "no-overlap", severity: "warning", field: "spec.matchResources.resourceRules", message: 'no request matches both these resourceRules and the matchConstraints of policy "p": this binding never applies' }],
  },
  {
    name: "no-overlap: other operations do not overlap either",
    items: [policy(), binding({ matchResources: { resourceRules: [rule({ ...DEPLOYMENTS, operations: ["UPDATE"] })] } })],
    expected: [{ code: "no-overlap", field: "spec.matchResources.resourceRules" }],
  },
  { name: "no-overlap: wildcards overlap", items: [policy(), binding({ matchResources: { resourceRules: [rule({ groups: ["*"], versions: ["*"], resources: ["*"], operations: ["*"] })] } })], expected: [] },
  {
    name: "param-not-found: paramRef names a param the input lacks",
    items: [policy({ paramKind: CONFIGMAP_PARAMS }), binding({ paramRef: { name: "settings", namespace: "default", parameterNotFoundAction: "Deny" } })],
    expected: [{ code: "param-not-found", severity: "warning", field: "spec.paramRef.name",
      message: 'paramRef names ConfigMap "settings" in namespace "default", which is not in the input: every object the binding matches is refused (parameterNotFoundAction: Deny)' }],
  },
  {
    name: "param-not-found: the param in the input is clean",
    items: [policy({ paramKind: CONFIGMAP_PARAMS }), binding({ paramRef: { name: "settings", namespace: "default", parameterNotFoundAction: "Deny" } }),
      { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "settings", namespace: "default" }, data: {} }],
    expected: [],
  },
  // --- silencing ---
  { name: "kmutate.dev/ignore silences the codes it lists", items: [policy({ variables: [READ], conditions: [OP], annotations: { "kmutate.dev/ignore": "never-true, unknown-field" } }), binding()], expected: [] },
  {
    name: "kmutate.dev/ignore keeps the codes it does not list",
    items: [policy({ variables: [READ], conditions: [OP], annotations: { "kmutate.dev/ignore": "unknown-field" } }), binding()],
    expected: [{ code: "never-true", field: COND }],
  },
];

/** A ValidatingAdmissionPolicy on deployments with `validations` and `auditAnnotations`, and its binding. */
function vap(validations: JsonObject[], auditAnnotations: JsonObject[] = []): JsonObject[] {
  return [
    {
      apiVersion: "admissionregistration.k8s.io/v1", kind: "ValidatingAdmissionPolicy", metadata: { name: "v" },
      spec: { matchConstraints: { resourceRules: [rule(DEPLOYMENTS)] }, validations, auditAnnotations },
    },
    { apiVersion: "admissionregistration.k8s.io/v1", kind: "ValidatingAdmissionPolicyBinding", metadata: { name: "vb" }, spec: { policyName: "v", validationActions: ["Deny"] } },
  ];
}

rows.push(
  {
    name: "ValidatingAdmissionPolicy: a validation reading a misspelt field",
    items: vap([{ expression: "object.spec.replica <= 5" }]),
    expected: [{ code: "unknown-field", severity: "error", kind: "ValidatingAdmissionPolicy", field: "spec.validations[0].expression", exprOffset: "object.spec".length,
      message: 'object.spec.replica: Deployment at spec has no field "replica" (did you mean "replicas"?): the read fails on every object' }],
  },
  { name: "ValidatingAdmissionPolicy: the real field is clean", items: vap([{ expression: "object.spec.replicas <= 5", messageExpression: "'replicas: ' + string(object.spec.replicas)" }]), expected: [] },
  {
    name: "ValidatingAdmissionPolicy: messageExpression and auditAnnotations are typed too",
    items: vap([{ expression: "true", messageExpression: "string(object.metadata.nme)" }], [{ key: "k", valueExpression: "object.spec.replicas == 'x' ? 'a' : 'b'" }]),
    expected: [
      { code: "unknown-field", field: "spec.validations[0].messageExpression", message: 'object.metadata.nme: Deployment at metadata has no field "nme" (did you mean "name"?): the read fails on every object' },
      { code: "never-true", field: "spec.auditAnnotations[0].valueExpression", message: "comparing object.spec.replicas (int) with string is never true" },
    ],
  },
  {
    name: "ValidatingAdmissionPolicyBinding: a paramRef naming a missing param",
    items: [
      { apiVersion: "admissionregistration.k8s.io/v1", kind: "ValidatingAdmissionPolicy", metadata: { name: "v" },
        spec: { paramKind: CONFIGMAP_PARAMS, matchConstraints: { resourceRules: [rule(DEPLOYMENTS)] }, validations: [{ expression: "params.data['max'] != ''" }] } },
      { apiVersion: "admissionregistration.k8s.io/v1", kind: "ValidatingAdmissionPolicyBinding", metadata: { name: "vb" },
        spec: { policyName: "v", validationActions: ["Deny"], paramRef: { name: "limits", parameterNotFoundAction: "Allow" } } },
    ],
    expected: [{ code: "param-not-found", kind: "ValidatingAdmissionPolicyBinding", field: "spec.paramRef.name", message: 'paramRef names ConfigMap "limits", which is not in the input: the binding does nothing (parameterNotFoundAction: Allow)' }],
  },
);

for (const row of rows) {
  test(`check: ${row.name}`, () => {
    const got = lintPolicies(row.items).map(pick);
    assert.deepEqual(got.map((g, i) => Object.fromEntries(Object.keys(row.expected[i] ?? g).map((k) => [k, g[k as keyof LintFinding]]))), row.expected);
  });
}
