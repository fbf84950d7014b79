// Policy lint behind `kmutate check` (src/admission/lint*.ts): one row per trap or error, with its
// negative twin beside it; asserts codes, severities, field paths, offsets and messages.
import { test } from "node:test";
import assert from "node:assert/strict";
import { lintPolicies, type LintFinding } from "../../src/admission/index.js";
import type { JsonObject, JsonValue } from "../../src/data/index.js";

type Mutation = { patchType: "ApplyConfiguration" | "JSONPatch"; expression: string };
const apply = (expression: string): Mutation => ({ patchType: "ApplyConfiguration", expression });
const jsonPatch = (expression: string): Mutation => ({ patchType: "JSONPatch", expression });
/** Offset of the `n`-th occurrence of `what` in `text` (checks that tests name real positions). */
const at = (text: string, what: string): number => {
  const i = text.indexOf(what);
  assert.ok(i >= 0, what);
  return i;
};
const ATOMIC = 'Object{spec: Object.spec{containers: [Object.spec.containers{name: "a", args: ["x"]}]}}';
const SELECTOR = 'Object{spec: Object.spec{selector: Object.spec.selector{matchLabels: {"a": "b"}}}}';
const PATCH = '[JSONPatch{op: "replace", path: "/spec/containers/0/image", value: "x"}]';
const TWO_ERRORS = "Object{metadata: Object.metadata{labels: {'a': objekt.x, 'b': nope}}}";

function policy(name: string, opts: { mutations?: Mutation[]; conditions?: string[]; variables?: string[]; resource?: [string, string, string]; paramKind?: JsonObject } = {}): JsonObject {
  const [group, version, resource] = opts.resource ?? ["", "v1", "pods"];
  const spec: Record<string, JsonValue> = {
    matchConstraints: { resourceRules: [{ apiGroups: [group], apiVersions: [version], operations: ["CREATE"], resources: [resource] }] },
    reinvocationPolicy: "Never",
    mutations: (opts.mutations ?? [apply("Object{}")]).map((m) => (m.patchType === "JSONPatch"
      ? { patchType: m.patchType, jsonPatch: { expression: m.expression } } as JsonObject
      : { patchType: m.patchType, applyConfiguration: { expression: m.expression } } as JsonObject)),
  };
  if (opts.conditions) spec.matchConditions = opts.conditions.map((expression, i) => ({ name: `c${i}`, expression }));
  if (opts.variables) spec.variables = opts.variables.map((expression, i) => ({ name: `v${i}`, expression }));
  if (opts.paramKind) spec.paramKind = opts.paramKind;
  return { apiVersion: "admissionregistration.k8s.io/v1", kind: "MutatingAdmissionPolicy", metadata: { name }, spec };
}

function binding(name: string, policyName: string): JsonObject {
  return { apiVersion: "admissionregistration.k8s.io/v1", kind: "MutatingAdmissionPolicyBinding", metadata: { name }, spec: { policyName } };
}

/** A bound policy (so that only the finding under test is reported). */
const bound = (p: JsonObject): JsonObject[] => [p, binding("b", (p.metadata as JsonObject).name as string)];

type Row = { name: string; items: JsonObject[]; expected: Array<Partial<LintFinding>> };
const pick = (f: LintFinding, keys: string[]): Partial<LintFinding> =>
  Object.fromEntries(keys.filter((k) => k in f).map((k) => [k, f[k as keyof LintFinding]])) as Partial<LintFinding>;

const rows: Row[] = [
  {
    name: "absent-field: macro over an optional list",
    items: bound(policy("p", { mutations: [apply("object.spec.initContainers.exists(c, true) ? Object{} : Object{}")] })),
    expected: [{ code: "absent-field", severity: "warning", field: "spec.mutations[0].applyConfiguration.expression", exprOffset: "object.spec".length,
      message: 'object.spec.initContainers fails with "no such key: initContainers" on objects without initContainers; write object.spec.?initContainers.orValue([])' }],
  },
  { name: "absent-field: optional syntax is safe", items: bound(policy("p", { mutations: [apply("object.spec.?initContainers.orValue([]).exists(c, true) ? Object{} : Object{}")] })), expected: [] },
  { name: "absent-field: has() in the same expression guards", items: bound(policy("p", { mutations: [apply("has(object.spec.initContainers) && object.spec.initContainers.exists(c, true) ? Object{} : Object{}")] })), expected: [] },
  { name: "absent-field: has() in a matchCondition guards", items: bound(policy("p", { conditions: ["has(object.spec.initContainers)"], mutations: [apply("object.spec.initContainers.exists(c, true) ? Object{} : Object{}")] })), expected: [] },
  { name: "absent-field: 'k' in guards the key", items: bound(policy("p", { mutations: [apply("'initContainers' in object.spec && size(object.spec.initContainers) > 0 ? Object{} : Object{}")] })), expected: [] },
  {
    name: "absent-field: index into an optional map (map default)",
    items: bound(policy("p", { variables: ["object.metadata.labels['app']"] })),
    expected: [{ code: "absent-field", field: "spec.variables[0].expression", exprOffset: "object.metadata".length,
      message: 'object.metadata.labels fails with "no such key: labels" on objects without labels; write object.metadata.?labels.orValue({})' }],
  },
  {
    name: "absent-field: a field of an optional map",
    items: bound(policy("p", { variables: ["object.metadata.labels.app + 'x'"] })),
    expected: [{ code: "absent-field", exprOffset: "object.metadata".length,
      message: 'object.metadata.labels fails with "no such key: labels" on objects without labels; write object.metadata.?labels.orValue({})' }],
  },
  { name: "absent-field: fields of structs are not flagged", items: bound(policy("p", { variables: ["object.spec.template.metadata.name + 'x'"], resource: ["apps", "v1", "deployments"] })), expected: [] },
  {
    name: "absent-field: without a schema (wildcard rules) the usage picks the default",
    items: bound(policy("p", { variables: ["size(object.spec.initContainers)"], resource: ["*", "*", "*"] })),
    expected: [{ code: "absent-field", message: 'object.spec.initContainers fails with "no such key: initContainers" on objects without initContainers; write object.spec.?initContainers.orValue([])' }],
  },
  { name: "absent-field: without a schema containers are assumed present", items: bound(policy("p", { variables: ["size(object.spec.containers)"], resource: ["*", "*", "*"] })), expected: [] },
  { name: "absent-field: required PodSpec.containers is not flagged", items: bound(policy("p", { variables: ["object.spec.template.spec.containers.all(c, true)"], resource: ["apps", "v1", "deployments"] })), expected: [] },
  { name: "absent-field: metadata.name is not flagged", items: bound(policy("p", { variables: ["object.metadata.name.startsWith('a')"] })), expected: [] },
  {
    name: "absent-field: receiver call on a string field suggests orValue(\"\")-free has()",
    items: bound(policy("p", { variables: ["object.spec.hostname.startsWith('a')"] })),
    expected: [{ code: "absent-field", message: 'object.spec.hostname fails with "no such key: hostname" on objects without hostname; write has(object.spec.hostname) && …' }],
  },
  {
    name: "atomic-field: a literal atomic list in an apply configuration",
    items: bound(policy("p", { mutations: [apply(ATOMIC)] })),
    expected: [{ code: "atomic-field", severity: "warning", exprOffset: at(ATOMIC, "args"),
      message: 'the apply configuration sets atomic field .spec.containers[0].args: the apiserver refuses it on every object ("may not mutate atomic arrays, maps or structs"); replace it with a JSONPatch mutation' }],
  },
  { name: "atomic-field: granular fields are fine", items: bound(policy("p", { mutations: [apply('Object{spec: Object.spec{containers: [Object.spec.containers{name: "a", image: "x"}]}}')] })), expected: [] },
  {
    name: "atomic-field: an atomic struct (Deployment selector)",
    items: bound(policy("p", { mutations: [apply(SELECTOR)], resource: ["apps", "v1", "deployments"] })),
    expected: [{ code: "atomic-field", exprOffset: at(SELECTOR, "selector") }],
  },
  {
    name: "index-path: a list index in a JSON patch path",
    items: bound(policy("p", { mutations: [jsonPatch(PATCH)] })),
    expected: [{ code: "index-path", exprOffset: at(PATCH, '"/spec'), field: "spec.mutations[0].jsonPatch.expression",
      message: 'JSON patch path "/spec/containers/0/image" addresses a list element by index 0: it patches whatever element is at that position in each object; use "-" to append, or an apply configuration that merges by key' }],
  },
  { name: "index-path: appending with - is fine", items: bound(policy("p", { mutations: [jsonPatch('[JSONPatch{op: "add", path: "/spec/containers/-", value: Object.spec.containers{name: "x"}}]')] })), expected: [] },
  {
    name: "compile: one finding per cel issue, with its offset",
    items: bound(policy("p", { mutations: [apply(TWO_ERRORS)] })),
    expected: [
      { code: "compile", severity: "error", exprOffset: at(TWO_ERRORS, "objekt"), message: "compilation failed: undeclared reference to 'objekt' (in container '')" },
      { code: "compile", severity: "error", exprOffset: at(TWO_ERRORS, "nope"), message: "compilation failed: undeclared reference to 'nope' (in container '')" },
    ],
  },
  {
    name: "compile: a constant conversion that fails when the program is planned (OptOptimize)",
    items: bound(policy("p", { variables: ["int('abc')"] })),
    expected: [{ code: "compile", severity: "error", exprOffset: 0, field: "spec.variables[0].expression", message: "program instantiation failed: type conversion error from 'string' to 'int'" }],
  },
  {
    name: "regex: an invalid constant find() pattern, located at the pattern",
    items: bound(policy("p", { variables: ['object.metadata.name.find("(abc")'] })),
    expected: [{ code: "regex", severity: "error", field: "spec.variables[0].expression", exprOffset: at('object.metadata.name.find("(abc")', '"(abc"'),
      message: "program instantiation failed: error parsing regexp: missing closing ): `(abc`: the apiserver refuses to create the policy" }],
  },
  { name: "regex: a valid constant find() pattern", items: bound(policy("p", { variables: ['object.metadata.name.find("(abc)")'] })), expected: [] },
  {
    name: "regex: findAll() in a matchCondition, offset past the trimmed lead",
    items: bound(policy("p", { conditions: ['  object.metadata.name.findAll("x{2,1}").size() == 0'] })),
    expected: [{ code: "regex", field: "spec.matchConditions[0].expression", exprOffset: at('  object.metadata.name.findAll("x{2,1}").size() == 0', '"x{2'),
      message: "program instantiation failed: error parsing regexp: invalid repeat count: `{2,1}`: the apiserver refuses to create the policy" }],
  },
  { name: "regex: a pattern that is not constant is not checked", items: bound(policy("p", { variables: ['object.metadata.name.find(object.metadata.name + "(")'] })), expected: [] },
  {
    name: "regex: the global matches() form (no validator) fails when planned",
    items: bound(policy("p", { variables: ['matches(object.metadata.name, "a)")'] })),
    expected: [{ code: "regex", exprOffset: at('matches(object.metadata.name, "a)")', '"a)"'),
      message: "program instantiation failed: error parsing regexp: unexpected ): `a)`: the apiserver refuses to create the policy" }],
  },
  {
    name: "compile: a matchCondition cannot read variables (API validation compiles it without them)",
    items: bound(policy("p", { variables: ["'web'"], conditions: ["  variables.v0 == 'web'"] })),
    expected: [{ code: "compile", field: "spec.matchConditions[0].expression", exprOffset: 2, message: "compilation failed: undeclared reference to 'variables' (in container '')" }],
  },
  { name: "compile: a matchCondition reading object is fine", items: bound(policy("p", { conditions: ["object.metadata.name == 'web'"] })), expected: [] },
  {
    name: "compile: a variable cannot read a later one, even unread",
    items: bound(policy("p", { variables: ["variables.v1 + 'x'", "'y'"] })),
    expected: [{ code: "compile", field: "spec.variables[0].expression", exprOffset: at("variables.v1 + 'x'", ".v1"), message: "compilation failed: undefined field 'v1'" }],
  },
  {
    name: "type: wrong return type of an apply configuration",
    items: bound(policy("p", { mutations: [apply("1")] })),
    expected: [{ code: "type", severity: "error", exprOffset: 0, message: "must evaluate to Object but got int" }],
  },
  {
    name: "unbound-policy and missing-policy",
    items: [policy("p"), binding("b", "q")],
    expected: [
      { code: "unbound-policy", severity: "warning", kind: "MutatingAdmissionPolicy", name: "p", field: "metadata.name" },
      { code: "missing-policy", severity: "warning", kind: "MutatingAdmissionPolicyBinding", name: "b", field: "spec.policyName" },
    ],
  },
  {
    name: "a binding of an invalid policy is not missing-policy (the policy's load error says it)",
    items: [{ ...policy("p"), spec: { ...(policy("p").spec as JsonObject), matchConstraints: null } }, binding("b", "p")],
    expected: [{ code: "load", severity: "error", field: "spec.matchConstraints", message: "spec.matchConstraints: Required value" }],
  },
  {
    name: "param-kind: unknown paramKind",
    items: bound(policy("p", { paramKind: { apiVersion: "example.com/v1", kind: "Knob" } })),
    expected: [{ code: "param-kind", field: "spec.paramKind", message: "failed to find resource referenced by paramKind: 'example.com/v1, Kind=Knob': add its CustomResourceDefinition to the input, or every binding fails" }],
  },
  { name: "param-kind: a built-in paramKind is known", items: bound(policy("p", { paramKind: { apiVersion: "v1", kind: "ConfigMap" } })), expected: [] },
];

for (const row of rows) {
  test(`lint: ${row.name}`, () => {
    const got = lintPolicies(row.items);
    const keys = [...new Set(row.expected.flatMap((e) => Object.keys(e)))];
    assert.deepEqual(got.map((f) => pick(f, keys)), row.expected);
  });
}
