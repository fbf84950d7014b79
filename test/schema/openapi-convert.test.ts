// OpenAPI v3 → SMD conversion (reference §6.2, kube-openapi schemaconv), CRD loading from a
// ResourceList, and user OpenAPI documents in the registry.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { JsonObject, JsonValue } from "../../src/data/index.js";
import { convertOpenAPISchema, createSchemaRegistry, type Atom, type TypeSpec } from "../../src/schema/index.js";
import { applyConfiguration } from "../../src/patch/apply.js";

function convert(s: JsonObject): { atom: Atom; problems: string[] } {
  const problems: string[] = [];
  const atom = convertOpenAPISchema(s, { refName: (r) => r.replace("#/components/schemas/", "doc:"), report: (m) => problems.push(m) }, "T");
  return { atom, problems };
}
const DEDUCED: TypeSpec = { named: "__untyped_deduced_" };
const UNTYPED: TypeSpec = { named: "__untyped_atomic_" };
const field = (a: Atom, name: string): TypeSpec | undefined => a.map?.fields.get(name)?.type;
const inl = (t: TypeSpec | undefined): Atom | undefined => t?.inlined;

const rows: { name: string; schema: JsonObject; check: (a: Atom) => void; problems?: number }[] = [
  { name: "integer and number are numeric", schema: { type: "integer" }, check: (a) => assert.deepEqual(a, { scalar: "numeric" }) },
  { name: "string is string", schema: { type: "string" }, check: (a) => assert.deepEqual(a, { scalar: "string" }) },
  { name: "format byte stays string", schema: { type: "string", format: "byte" }, check: (a) => assert.deepEqual(a, { scalar: "string" }) },
  { name: "format int-or-string is untyped", schema: { type: "string", format: "int-or-string" }, check: (a) => assert.deepEqual(a, { scalar: "untyped" }) },
  { name: "format date-time is untyped", schema: { type: "string", format: "date-time" }, check: (a) => assert.deepEqual(a, { scalar: "untyped" }) },
  { name: "any other format is untyped", schema: { type: "string", format: "email" }, check: (a) => assert.deepEqual(a, { scalar: "untyped" }) },
  { name: "boolean", schema: { type: "boolean" }, check: (a) => assert.deepEqual(a, { scalar: "boolean" }) },
  {
    name: "type omitted (x-kubernetes-int-or-string): untyped scalar + atomic list + deduced map",
    schema: { "x-kubernetes-int-or-string": true, anyOf: [{ type: "integer" }, { type: "string" }] },
    check: (a) => {
      assert.equal(a.scalar, "untyped");
      assert.equal(a.list?.relationship, "atomic");
      assert.deepEqual(a.list?.elementType, UNTYPED);
      assert.deepEqual(a.map?.elementType, DEDUCED);
    },
  },
  {
    name: "properties without additionalProperties reject unknown keys",
    schema: { type: "object", properties: { a: { type: "string" } } },
    check: (a) => {
      assert.equal(a.map?.elementType, undefined);
      assert.deepEqual(inl(field(a, "a")), { scalar: "string" });
    },
  },
  { name: "no properties: free-form (deduced)", schema: { type: "object" }, check: (a) => assert.deepEqual(a.map?.elementType, DEDUCED) },
  { name: "additionalProperties: true is deduced", schema: { type: "object", properties: { a: { type: "string" } }, additionalProperties: true }, check: (a) => assert.deepEqual(a.map?.elementType, DEDUCED) },
  { name: "additionalProperties: false leaves no element type", schema: { type: "object", additionalProperties: false }, check: (a) => assert.equal(a.map?.elementType, undefined) },
  { name: "additionalProperties schema is the element type", schema: { type: "object", additionalProperties: { type: "integer" } }, check: (a) => assert.deepEqual(inl(a.map?.elementType), { scalar: "numeric" }) },
  {
    name: "preserve-unknown-fields makes this and nested objects deduced",
    schema: { type: "object", "x-kubernetes-preserve-unknown-fields": true, properties: { a: { type: "object", properties: { b: { type: "string" } } } } },
    check: (a) => {
      assert.deepEqual(a.map?.elementType, DEDUCED);
      assert.deepEqual(inl(field(a, "a"))?.map?.elementType, DEDUCED);
    },
  },
  { name: "map-type atomic", schema: { type: "object", "x-kubernetes-map-type": "atomic" }, check: (a) => assert.equal(a.map?.relationship, "atomic") },
  { name: "map-type granular", schema: { type: "object", "x-kubernetes-map-type": "granular" }, check: (a) => assert.equal(a.map?.relationship, "separable") },
  { name: "unknown map-type is a problem", schema: { type: "object", "x-kubernetes-map-type": "odd" }, check: (a) => assert.equal(a.map?.relationship, undefined), problems: 1 },
  { name: "list without list-type is atomic", schema: { type: "array", items: { type: "string" } }, check: (a) => assert.equal(a.list?.relationship, "atomic") },
  { name: "list-type atomic", schema: { type: "array", "x-kubernetes-list-type": "atomic", items: { type: "string" } }, check: (a) => assert.equal(a.list?.relationship, "atomic") },
  { name: "list-type set", schema: { type: "array", "x-kubernetes-list-type": "set", items: { type: "string" } }, check: (a) => assert.deepEqual([a.list?.relationship, a.list?.keys], ["associative", undefined]) },
  {
    name: "list-type map with keys",
    schema: { type: "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["host", "protocol"], items: { type: "object", properties: { host: { type: "string" }, protocol: { type: "string", default: "TCP" } } } },
    check: (a) => {
      assert.deepEqual([a.list?.relationship, a.list?.keys], ["associative", ["host", "protocol"]]);
      assert.equal(inl(a.list?.elementType)?.map?.fields.get("protocol")?.default, "TCP");
    },
  },
  { name: "list-type map without keys is a problem", schema: { type: "array", "x-kubernetes-list-type": "map", items: { type: "object" } }, check: (a) => assert.equal(a.list?.relationship, "associative"), problems: 1 },
  { name: "patch-strategy merge with merge key is keyed", schema: { type: "array", "x-kubernetes-patch-strategy": "merge", "x-kubernetes-patch-merge-key": "name", items: { type: "object" } }, check: (a) => assert.deepEqual(a.list?.keys, ["name"]) },
  { name: "patch-strategy merge without key is a set", schema: { type: "array", "x-kubernetes-patch-strategy": "merge", items: { type: "string" } }, check: (a) => assert.deepEqual([a.list?.relationship, a.list?.keys], ["associative", undefined]) },
  { name: "patch-strategy retainKeys alone is atomic", schema: { type: "array", "x-kubernetes-patch-strategy": "retainKeys", items: { type: "string" } }, check: (a) => assert.equal(a.list?.relationship, "atomic") },
  { name: "array without items is a problem, untyped elements", schema: { type: "array" }, check: (a) => assert.deepEqual(a.list?.elementType, UNTYPED), problems: 1 },
  {
    name: "$ref and single allOf $ref become named types, map-type overrides at the property",
    schema: { type: "object", properties: { a: { $ref: "#/components/schemas/X" }, b: { allOf: [{ $ref: "#/components/schemas/Y" }], "x-kubernetes-map-type": "atomic" } } },
    check: (a) => {
      assert.deepEqual(field(a, "a"), { named: "doc:X" });
      assert.deepEqual(field(a, "b"), { named: "doc:Y", relationship: "atomic" });
    },
  },
];
for (const r of rows) {
  test(`openapi conversion: ${r.name}`, () => {
    const { atom, problems } = convert(r.schema);
    r.check(atom);
    assert.equal(problems.length, r.problems ?? 0, problems.join("; "));
  });
}

const crd = (versions: JsonValue[], scope = "Namespaced"): JsonObject => ({
  apiVersion: "apiextensions.k8s.io/v1",
  kind: "CustomResourceDefinition",
  metadata: { name: "gadgets.example.com" },
  spec: { group: "example.com", names: { kind: "Gadget", plural: "gadgets" }, scope, versions },
});
const gadgetSchema = {
  type: "object",
  properties: {
    metadata: { type: "object", properties: { name: { type: "string", maxLength: 5 } } },
    spec: { type: "object", properties: { size: { type: "integer" }, items: { type: "array", items: { type: "string" } } } },
    embedded: { type: "object", "x-kubernetes-embedded-resource": true, "x-kubernetes-preserve-unknown-fields": true },
  },
};

test("CRD: served versions get a schema; metadata is ObjectMeta; apiVersion/kind are strings", () => {
  const { registry, problems } = createSchemaRegistry({
    items: [crd([
      { name: "v1", served: true, storage: true, schema: { openAPIV3Schema: gadgetSchema } },
      { name: "v0", served: false, storage: false, schema: { openAPIV3Schema: gadgetSchema } },
    ])],
  });
  assert.deepEqual(problems, []);
  assert.equal(registry.resolveKind("example.com/v0", "Gadget"), undefined);
  const info = registry.resolveKind("example.com/v1", "Gadget");
  assert.ok(info?.schema);
  assert.deepEqual([info.resource, info.namespaced, info.source], ["gadgets", true, "crd"]);
  assert.equal(registry.kindForResource("example.com", "v1", "gadgets")?.kind, "Gadget");
  const live: JsonObject = { apiVersion: "example.com/v1", kind: "Gadget", metadata: { name: "g" }, spec: { size: 1 } };
  // metadata is ObjectMeta: labels merge, ownerReferences is a list-map, the CRD's own metadata schema is ignored.
  const ok = applyConfiguration(live, { metadata: { labels: { a: "b" }, generateName: "x" }, embedded: { apiVersion: "v1", metadata: { labels: { c: "d" } }, other: 1 } }, info.schema);
  assert.ok(ok.ok, ok.ok ? "" : ok.message);
  assert.deepEqual(ok.object.metadata, { name: "g", labels: { a: "b" }, generateName: "x" });
  const bad = applyConfiguration(live, { metadata: { bogus: 1 }, spec: { items: ["x"] } }, info.schema);
  assert.deepEqual(bad, { ok: false, code: "invalid-patch", message: "error applying patch: failed to convert patch object to typed object: .metadata.bogus: field not declared in schema" });
});

test("CRD: cluster scope, missing schema and bad list types are reported as problems", () => {
  const { registry, problems } = createSchemaRegistry({
    items: [
      crd([{ name: "v1", served: true, storage: true }], "Cluster"),
      { ...crd([{ name: "v2", served: true, storage: true, schema: { openAPIV3Schema: { type: "object", properties: { l: { type: "array", "x-kubernetes-list-type": "map", items: { type: "object" } } } } } }]), metadata: { name: "other" } },
    ],
  });
  const v1 = registry.resolveKind("example.com/v1", "Gadget");
  assert.deepEqual([v1?.namespaced, v1?.schema], [false, undefined]);
  assert.equal(registry.resolveKind("example.com/v2", "Gadget")?.schema, undefined);
  assert.deepEqual(problems.map((p) => p.source), ["CustomResourceDefinition gadgets.example.com", "CustomResourceDefinition other"]);
  assert.match(problems[1].message, /missing map keys/);
});

test("OpenAPI documents: kinds from x-kubernetes-group-version-kind, resource and scope from paths", () => {
  const doc: JsonObject = {
    openapi: "3.0.0",
    paths: {
      "/apis/acme.io/v1/namespaces/{namespace}/rockets/{name}": { get: { "x-kubernetes-group-version-kind": { group: "acme.io", version: "v1", kind: "Rocket" } } },
      "/apis/acme.io/v1/rockets": { get: { "x-kubernetes-group-version-kind": { group: "acme.io", version: "v1", kind: "Rocket" } } },
    },
    components: {
      schemas: {
        "io.acme.v1.Rocket": {
          type: "object",
          "x-kubernetes-group-version-kind": [{ group: "acme.io", version: "v1", kind: "Rocket" }],
          properties: {
            apiVersion: { type: "string" },
            kind: { type: "string" },
            metadata: { allOf: [{ $ref: "#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta" }] },
            spec: { type: "object", properties: { stages: { type: "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name"], items: { type: "object", properties: { name: { type: "string" }, fuel: { $ref: "#/components/schemas/io.k8s.apimachinery.pkg.api.resource.Quantity" } } } } } },
          },
        },
        "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta": { type: "object", properties: { name: { type: "string" }, labels: { type: "object", additionalProperties: { type: "string" } } } },
        "io.k8s.apimachinery.pkg.api.resource.Quantity": { type: "string" },
        "io.acme.v1.Lonely": { type: "object", "x-kubernetes-group-version-kind": [{ group: "acme.io", version: "v1", kind: "Lonely" }] },
      },
    },
  };
  const { registry, problems } = createSchemaRegistry({ openapi: [doc] });
  const info = registry.resolveKind("acme.io/v1", "Rocket");
  assert.ok(info?.schema);
  assert.deepEqual([info.resource, info.namespaced, info.source], ["rockets", true, "openapi"]);
  assert.deepEqual([registry.resolveKind("acme.io/v1", "Lonely")?.resource], ["lonelies"]);
  assert.deepEqual(problems.map((p) => p.message), ["no path for Lonely; resource guessed as lonelies, namespaced"]);
  const live: JsonObject = { apiVersion: "acme.io/v1", kind: "Rocket", metadata: { name: "r" }, spec: { stages: [{ name: "a", fuel: "1k" }] } };
  const res = applyConfiguration(live, { metadata: { labels: { x: "y" } }, spec: { stages: [{ name: "b", fuel: 2 }] } }, info.schema);
  assert.ok(res.ok, res.ok ? "" : res.message);
  assert.deepEqual(res.object.spec, { stages: [{ name: "a", fuel: "1k" }, { name: "b", fuel: 2 }] });
});
