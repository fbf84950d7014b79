// Admitting items whose identity policies change, and kinds matched only through equivalence:
// the run-wide rule that no two output items share an identity, and the error when a built-in
// kind would have to be converted between versions (never silently skipped).
import { test } from "node:test";
import assert from "node:assert/strict";
import { admit, defaultAdmitOptions, type AdmitOutput } from "../../src/admission/index.js";
import type { JsonObject } from "../../src/data/index.js";
import { binding, policy } from "./fixtures.js";

const renameTo = (expr: string): JsonObject[] => [
  policy("rename", {
    matchConstraints: { resourceRules: [{ apiGroups: [""], apiVersions: ["v1"], operations: ["CREATE"], resources: ["configmaps"] }] },
    mutations: [{ patchType: "JSONPatch", jsonPatch: { expression: `[JSONPatch{op: "replace", path: "/metadata/name", value: ${expr}}]` } }],
  }),
  binding("rename-b", "rename"),
];
const cm = (name: string, data = name): JsonObject => ({ apiVersion: "v1", kind: "ConfigMap", metadata: { name, namespace: "default" }, data: { k: data } });
const names = (out: AdmitOutput): string[] => out.items.filter((i) => i.kind === "ConfigMap").map((i) => String((i.metadata as JsonObject).name));
const errors = (out: AdmitOutput): string[] => out.results.filter((r) => r.severity === "error").map((r) => r.message);

const rows: { name: string; items: JsonObject[]; names: string[]; errors: string[] }[] = [
  { name: "a rename to a free name is kept", items: [...renameTo('"free"'), cm("a")], names: ["free"], errors: [] },
  {
    name: "two renames onto the same free name: the first wins, the second is AlreadyExists",
    items: [...renameTo('"same"'), cm("a"), cm("b")], names: ["same", "b"], errors: ['configmaps "same" already exists'],
  },
  {
    name: "a swap is refused both ways (each name is another input item's)",
    items: [...renameTo('object.metadata.name == "a" ? "b" : "a"'), cm("a"), cm("b")], names: ["a", "b"],
    errors: ['configmaps "b" already exists', 'configmaps "a" already exists'],
  },
  {
    name: "the default namespace counts: a ConfigMap without namespace is in it",
    items: [...renameTo('"other"'), cm("a"), { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "other" }, data: { k: "x" } }],
    names: ["a", "other"], errors: ['configmaps "other" already exists'],
  },
];

for (const row of rows) {
  test(`identity: ${row.name}`, () => {
    const out = admit(row.items, { ...defaultAdmitOptions });
    assert.deepEqual(names(out), row.names);
    assert.deepEqual(errors(out), row.errors);
  });
}

test("identity: a refused item keeps its input form and names the policy that changed it", () => {
  const out = admit([...renameTo('"b"'), cm("a"), cm("b")], { ...defaultAdmitOptions });
  const refused = out.results.find((r) => r.severity === "error");
  assert.deepEqual(refused?.resourceRef, { apiVersion: "v1", kind: "ConfigMap", name: "a", namespace: "default" });
  assert.deepEqual(refused?.tags, { policies: "rename" });
  assert.deepEqual(out.items[2], cm("a"));
  assert.equal(out.results.filter((r) => r.severity === "info").length, 0);
});

test("equivalence: a built-in kind matched only as another version is an error, whatever the failurePolicy", () => {
  const items: JsonObject[] = [
    policy("v2-only", {
      failurePolicy: "Ignore",
      matchConstraints: { resourceRules: [{ apiGroups: ["autoscaling"], apiVersions: ["v2"], operations: ["CREATE"], resources: ["horizontalpodautoscalers"] }] },
      mutations: [{ patchType: "ApplyConfiguration", applyConfiguration: { expression: 'Object{metadata: Object.metadata{labels: {"x": "y"}}}' } }],
    }),
    binding("v2-only-b", "v2-only"),
    { apiVersion: "autoscaling/v1", kind: "HorizontalPodAutoscaler", metadata: { name: "h", namespace: "default" }, spec: { maxReplicas: 2 } },
  ];
  const out = admit(items, { ...defaultAdmitOptions });
  assert.deepEqual(errors(out), [
    "policy 'v2-only' with binding 'v2-only-b' denied request: no conversion from autoscaling/v1, Kind=HorizontalPodAutoscaler to autoscaling/v2, Kind=HorizontalPodAutoscaler offline (kmutate converts custom resources only: built-in kinds convert through internal types)",
  ]);
  assert.deepEqual(out.items[2], items[2]);
});

test("equivalence: with matchPolicy Exact the other version is simply not matched", () => {
  const items: JsonObject[] = [
    policy("v2-only", {
      matchConstraints: { matchPolicy: "Exact", resourceRules: [{ apiGroups: ["autoscaling"], apiVersions: ["v2"], operations: ["CREATE"], resources: ["horizontalpodautoscalers"] }] },
    }),
    binding("v2-only-b", "v2-only"),
    { apiVersion: "autoscaling/v1", kind: "HorizontalPodAutoscaler", metadata: { name: "h", namespace: "default" }, spec: { maxReplicas: 2 } },
  ];
  assert.deepEqual(errors(admit(items, { ...defaultAdmitOptions })), []);
});

test("create-time CEL: a policy whose matchCondition reads variables is invalid and left out", () => {
  const items: JsonObject[] = [
    policy("p", {
      variables: [{ name: "v", expression: "true" }],
      matchConditions: [{ name: "c", expression: "variables.v" }],
      mutations: [{ patchType: "JSONPatch", jsonPatch: { expression: '[JSONPatch{op: "add", path: "/metadata/labels", value: {"x": "y"}}]' } }],
    }),
    binding("p-b", "p"),
    { apiVersion: "apps/v1", kind: "Deployment", metadata: { name: "web", namespace: "default" } },
  ];
  const out = admit(items, { ...defaultAdmitOptions });
  assert.deepEqual(out.results.map((r) => [r.severity, r.field?.path, r.resourceRef?.name]), [["error", "spec.matchConditions[0].expression", "p"]]);
  assert.equal(out.results[0].message.split("\n")[0],
    "spec.matchConditions[0].expression: Invalid value: \"variables.v\": compilation failed: ERROR: <input>:1:1: undeclared reference to 'variables' (in container '')");
  assert.deepEqual(out.items[2], items[2]);
});

test("create-time CEL: a mutation that does not compile makes the policy invalid, reported once", () => {
  const items: JsonObject[] = [
    policy("p", {
      variables: [{ name: "v", expression: "'x'" }],
      mutations: [
        { patchType: "JSONPatch", jsonPatch: { expression: '[JSONPatch{op: "add", path: "/metadata/labels", value: {"v": variables.v}}]' } },
        { patchType: "ApplyConfiguration", applyConfiguration: { expression: "variables.v" } },
      ],
    }),
    binding("p-b", "p"),
    { apiVersion: "apps/v1", kind: "Deployment", metadata: { name: "web", namespace: "default" } },
    { apiVersion: "apps/v1", kind: "Deployment", metadata: { name: "api", namespace: "default" } },
  ];
  const out = admit(items, { ...defaultAdmitOptions });
  assert.deepEqual(out.results.map((r) => [r.severity, r.field?.path, r.resourceRef?.name, r.message]), [
    ["error", "spec.mutations[1].applyConfiguration.expression", "p", "spec.mutations[1].applyConfiguration.expression: Invalid value: \"variables.v\": must evaluate to Object but got string"],
  ]);
  assert.deepEqual(out.items.slice(2), items.slice(2));
});

// API validation turns a failed program plan into field.InternalError (validation.go convertCELErrorToValidationError).
const regexCases: { name: string; condition: string; expected: string[][] }[] = [
  {
    name: "an invalid constant find() pattern in a matchCondition makes the policy invalid",
    condition: 'object.metadata.name.find("(web") == ""',
    expected: [["error", "spec.matchConditions[0].expression", "p", "spec.matchConditions[0].expression: Internal error: program instantiation failed: error parsing regexp: missing closing ): `(web`"]],
  },
  { name: "a valid constant find() pattern is fine", condition: 'object.metadata.name.find("(web)") == "web"', expected: [] },
  {
    name: "an invalid constant findAll() pattern makes the policy invalid",
    condition: 'object.metadata.name.findAll("[a-", 1).size() == 0',
    expected: [["error", "spec.matchConditions[0].expression", "p", "spec.matchConditions[0].expression: Internal error: program instantiation failed: error parsing regexp: missing closing ]: `[a-`"]],
  },
];
for (const c of regexCases) {
  test(`create-time CEL: ${c.name}`, () => {
    const items: JsonObject[] = [
      policy("p", {
        matchConditions: [{ name: "c", expression: c.condition }],
        mutations: [{ patchType: "JSONPatch", jsonPatch: { expression: '[JSONPatch{op: "add", path: "/metadata/labels", value: {"x": "y"}}]' } }],
      }),
      binding("p-b", "p"),
      { apiVersion: "apps/v1", kind: "Deployment", metadata: { name: "web", namespace: "default" } },
    ];
    const out = admit(items, { ...defaultAdmitOptions });
    assert.deepEqual(out.results.filter((r) => r.severity !== "info").map((r) => [r.severity, r.field?.path, r.resourceRef?.name, r.message]), c.expected);
    if (c.expected.length > 0) assert.deepEqual(out.items[2], items[2]);
    else assert.deepEqual((out.items[2].metadata as JsonObject).labels, { x: "y" });
  });
}
