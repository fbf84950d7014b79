// The static cost finding of `kmutate check` (src/admission/lint/lint-cost.ts, schema-sizes.ts):
// expressions whose estimated cost exceeds the per-expression limit for objects at the bounds
// their CRD's schema declares; each mistake has its clean twin. Asserts code, severity, field and message.
import { test } from "node:test";
import assert from "node:assert/strict";
import { lintPolicies, type LintFinding } from "../../src/admission/index.js";
import type { JsonObject } from "../../src/data/index.js";

/** A CRD `fleets.example.com` (Fleet): `spec.nodes` (≤ maxNodes items: `name` ≤ 63 characters, `tags` ≤ 8 strings of ≤ 32). */
function fleetCrd(maxNodes?: number): JsonObject {
  const nodes: JsonObject = {
    type: "array",
    items: { type: "object", properties: { name: { type: "string", maxLength: 63 }, tags: { type: "array", maxItems: 8, items: { type: "string", maxLength: 32 } } } },
  };
  if (maxNodes !== undefined) nodes.maxItems = maxNodes;
  return {
    apiVersion: "apiextensions.k8s.io/v1", kind: "CustomResourceDefinition", metadata: { name: "fleets.example.com" },
    spec: {
      group: "example.com", scope: "Namespaced", names: { kind: "Fleet", plural: "fleets", singular: "fleet", listKind: "FleetList" },
      versions: [{ name: "v1", served: true, storage: true, schema: { openAPIV3Schema: { type: "object", properties: { spec: { type: "object", properties: { nodes } } } } } }],
    },
  };
}

const rules = (group: string, resource: string): JsonObject => ({ resourceRules: [{ apiGroups: [group], apiVersions: ["v1"], operations: ["CREATE"], resources: [resource] }] });

function vap(expression: string, group = "example.com", resource = "fleets"): JsonObject[] {
  return [
    { apiVersion: "admissionregistration.k8s.io/v1", kind: "ValidatingAdmissionPolicy", metadata: { name: "p" }, spec: { matchConstraints: rules(group, resource), validations: [{ expression }] } },
    { apiVersion: "admissionregistration.k8s.io/v1", kind: "ValidatingAdmissionPolicyBinding", metadata: { name: "b" }, spec: { policyName: "p", validationActions: ["Deny"] } },
  ];
}

const UNIQUE = "object.spec.nodes.all(a, object.spec.nodes.exists_one(b, b.name == a.name))";
const TAGS = "object.spec.nodes.all(n, n.tags.all(t, t.matches('^[a-z0-9-]+$')))";
const message = (cost: string): string =>
  `estimated cost of at least ${cost} exceeds the per-expression limit of 1,000,000 for objects at the bounds the schema declares (maxItems, maxLength, maxProperties): the apiserver accepts the policy, but such an object fails with "operation cancelled: actual cost limit exceeded"`;

const rows: { name: string; items: JsonObject[]; expected: Array<Partial<LintFinding>> }[] = [
  {
    // inner exists_one per node: 3 + 2 + 2,000 × (names compared: 2 + 2 + ⌈252 × 0.1⌉ = 30, plus 2 for the count) = 64,005;
    // outer: 3 + 1 + 2,000 × (2 + 1 + 64,005) = 128,016,004
    name: "a pairwise loop over up to 2,000 nodes",
    items: [fleetCrd(2000), ...vap(UNIQUE)],
    expected: [{ code: "cost", severity: "warning", kind: "ValidatingAdmissionPolicy", field: "spec.validations[0].expression", exprOffset: 0, message: message("128,016,004") }],
  },
  { name: "the same loop over up to 100 nodes", items: [fleetCrd(100), ...vap(UNIQUE)], expected: [] },
  { name: "the same loop without maxItems is not sized (nothing is guessed)", items: [fleetCrd(), ...vap(UNIQUE)], expected: [] },
  {
    // matches(): ⌈(128 + 1) × 0.1⌉ × ⌈12 × 0.25⌉ = 39; per tag 2 + 1 + 1 + 39 = 43; per node 2 + 1 + (3 + 8 × 43) = 350;
    // 3 + 1 + 20,000 × 350 = 7,000,004
    name: "a regex over every tag of up to 20,000 nodes (tags and their lengths bounded)",
    items: [fleetCrd(20000), ...vap(TAGS)],
    expected: [{ code: "cost", field: "spec.validations[0].expression", message: message("7,000,004") }],
  },
  { name: "the same regex over up to 1,000 nodes", items: [fleetCrd(1000), ...vap(TAGS)], expected: [] },
  { name: "built-in kinds declare no bounds: no finding", items: vap("object.spec.containers.all(a, object.spec.containers.exists_one(b, b.name == a.name))", "", "pods"), expected: [] },
];

for (const r of rows) {
  test(`cost: ${r.name}`, () => {
    const found = lintPolicies(r.items).filter((f) => f.code === "cost");
    const keys = Object.keys(r.expected[0] ?? {}) as (keyof LintFinding)[];
    assert.deepEqual(found.map((f) => Object.fromEntries(keys.map((k) => [k, f[k]]))), r.expected);
  });
}

test("cost: the finding is silenced by kmutate.dev/ignore", () => {
  const [p, b] = vap(UNIQUE);
  (p!.metadata as JsonObject).annotations = { "kmutate.dev/ignore": "cost" };
  assert.deepEqual(lintPolicies([fleetCrd(2000), p!, b!]).filter((f) => f.code === "cost"), []);
});
