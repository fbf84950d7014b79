// Equivalent resources (the apiserver's EquivalentResourceMapper as kmutate builds it): a CRD's
// served versions in spec order with its conversion strategy, the GA versions of a built-in
// resource, core and events.k8s.io events as one storage; unserved and beta versions left out.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createSchemaRegistry } from "../../src/schema/index.js";
import type { JsonObject } from "../../src/data/index.js";

function crd(versions: { name: string; served: boolean }[], conversion?: string): JsonObject {
  const spec: JsonObject = {
    group: "awesome.bears.com",
    names: { kind: "Panda", plural: "pandas" },
    scope: "Cluster",
    versions: versions.map((v) => ({ ...v, storage: v.name === "v1", schema: { openAPIV3Schema: { type: "object" } } })),
  };
  if (conversion) spec.conversion = { strategy: conversion };
  return { apiVersion: "apiextensions.k8s.io/v1", kind: "CustomResourceDefinition", metadata: { name: "pandas.awesome.bears.com" }, spec };
}

const versionsOf = (items: JsonObject[], group: string, resource: string): string[] =>
  createSchemaRegistry({ items }).registry.equivalentResources(group, resource).map((r) => `${r.group}/${r.version}/${r.kind}`);

const cases: { name: string; items: JsonObject[]; group: string; resource: string; expected: string[] }[] = [
  {
    name: "a CRD's served versions, in spec order",
    items: [crd([{ name: "v2", served: true }, { name: "v1", served: true }, { name: "v0", served: false }])],
    group: "awesome.bears.com", resource: "pandas",
    expected: ["awesome.bears.com/v2/Panda", "awesome.bears.com/v1/Panda"],
  },
  { name: "a built-in served in two GA versions", items: [], group: "autoscaling", resource: "horizontalpodautoscalers", expected: ["autoscaling/v1/HorizontalPodAutoscaler", "autoscaling/v2/HorizontalPodAutoscaler"] },
  { name: "core events share storage with events.k8s.io/v1 (its v1beta1 is not served)", items: [], group: "events.k8s.io", resource: "events", expected: ["/v1/Event", "events.k8s.io/v1/Event"] },
  { name: "a built-in with one version is its own only equivalent", items: [], group: "apps", resource: "deployments", expected: ["apps/v1/Deployment"] },
  { name: "an unknown resource has none", items: [], group: "example.com", resource: "widgets", expected: [] },
];

for (const c of cases) {
  test(`equivalent resources: ${c.name}`, () => {
    assert.deepEqual(versionsOf(c.items, c.group, c.resource), c.expected);
  });
}

test("equivalent resources: a CRD's conversion strategy is recorded (absent = None)", () => {
  const strategy = (items: JsonObject[]) => createSchemaRegistry({ items }).registry.resolveKind("awesome.bears.com/v1", "Panda")?.conversion;
  assert.equal(strategy([crd([{ name: "v1", served: true }])]), "None");
  assert.equal(strategy([crd([{ name: "v1", served: true }], "Webhook")]), "Webhook");
});
