// Library tests of schemas for kinds without a CRD in the input: an OpenAPI v3 document given in
// the options types the object (list-maps merge by key); without it kmutate falls back to the
// deduced type (lists refused) and warns (reference §6.6).
import { test } from "node:test";
import assert from "node:assert/strict";
import { mutate } from "../../src/index.js";
import type { JsonObject } from "../../src/data/index.js";

const gvk = [{ group: "example.com", version: "v1", kind: "Gadget" }];
const openapi: JsonObject = {
  openapi: "3.0.0",
  paths: {
    "/apis/example.com/v1/namespaces/{namespace}/gadgets/{name}": {
      get: { "x-kubernetes-group-version-kind": gvk[0] },
    },
  },
  components: {
    schemas: {
      "com.example.v1.Gadget": {
        type: "object",
        "x-kubernetes-group-version-kind": gvk,
        properties: {
          apiVersion: { type: "string" },
          kind: { type: "string" },
          metadata: { type: "object" },
          spec: {
            type: "object",
            properties: {
              ports: {
                type: "array",
                "x-kubernetes-list-type": "map",
                "x-kubernetes-list-map-keys": ["name"],
                items: { type: "object", properties: { name: { type: "string" }, port: { type: "integer" } } },
              },
            },
          },
        },
      },
    },
  },
};

const items = (): JsonObject[] => [
  {
    apiVersion: "admissionregistration.k8s.io/v1",
    kind: "MutatingAdmissionPolicy",
    metadata: { name: "add-metrics-port" },
    spec: {
      matchConstraints: { resourceRules: [{ apiGroups: ["example.com"], apiVersions: ["v1"], operations: ["CREATE"], resources: ["gadgets"] }] },
      failurePolicy: "Fail",
      reinvocationPolicy: "Never",
      mutations: [{
        patchType: "ApplyConfiguration",
        applyConfiguration: { expression: 'Object{spec: Object.spec{ports: [Object.spec.ports{name: "metrics", port: 9090}]}}' },
      }],
    },
  },
  { apiVersion: "admissionregistration.k8s.io/v1", kind: "MutatingAdmissionPolicyBinding", metadata: { name: "b" }, spec: { policyName: "add-metrics-port" } },
  { apiVersion: "example.com/v1", kind: "Gadget", metadata: { name: "g", namespace: "default" }, spec: { ports: [{ name: "http", port: 80 }] } },
];

test("an OpenAPI document in the options types a kind without a CRD: the list-map merges by key", () => {
  const out = mutate(items(), { openapi: [openapi] });
  assert.deepEqual(out.items[2].spec, { ports: [{ name: "http", port: 80 }, { name: "metrics", port: 9090 }] });
  assert.deepEqual(out.results.filter((r) => r.severity !== "info"), []);
});

test("without a schema the same patch is refused (deduced type: lists are atomic) and the kind is reported", () => {
  const out = mutate(items());
  assert.deepEqual(out.items[2].spec, { ports: [{ name: "http", port: 80 }] });
  const messages = out.results.map((r) => `${r.severity}: ${r.message}`);
  assert.deepEqual(messages, [
    'warning: kind example.com/v1/Gadget is not a built-in kind nor defined by a CustomResourceDefinition in the input: matched as resource "gadgets", namespaced',
    "warning: no schema for example.com/v1, Kind=Gadget: apply configurations merge it as untyped (maps merge, scalars replace, lists are refused); add its CustomResourceDefinition or an OpenAPI document to the input",
    "error: policy 'add-metrics-port' with binding 'b' denied request: error applying patch: invalid ApplyConfiguration: may not mutate atomic arrays, maps or structs: .spec.ports, .spec.ports[0]",
  ]);
});

test("strict turns the missing schema into the apiserver's 503 text", () => {
  const out = mutate(items(), { strict: true });
  const errors = out.results.filter((r) => r.severity === "error").map((r) => r.message);
  assert.ok(errors.some((m) => m.includes("Resource kind example.com/v1, Kind=Gadget not found. There can be a delay between when CustomResourceDefinitions are created and when they are available.")), errors.join("\n"));
});
