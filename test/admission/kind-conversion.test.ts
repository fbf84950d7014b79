// Converting an admitted object between the kinds of one storage: custom resources of a CRD with
// conversion strategy None change apiVersion only (apiextensions converter texts for invalid
// ones); Webhook strategy and built-in kinds are refused offline.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { JsonObject } from "../../src/data/index.js";
import { createSchemaRegistry } from "../../src/schema/index.js";
import { kindConverter } from "../../src/admission/mutating/kind-conversion.js";

function registry(conversion?: string) {
  const spec: JsonObject = {
    group: "awesome.bears.com", names: { kind: "Panda", plural: "pandas" }, scope: "Cluster",
    versions: ["v1", "v2"].map((name) => ({ name, served: true, storage: name === "v1", schema: { openAPIV3Schema: { type: "object" } } })),
  };
  if (conversion) spec.conversion = { strategy: conversion };
  return createSchemaRegistry({ items: [{ apiVersion: "apiextensions.k8s.io/v1", kind: "CustomResourceDefinition", metadata: { name: "pandas.awesome.bears.com" }, spec }] }).registry;
}
const v = (version: string) => ({ group: "awesome.bears.com", version, kind: "Panda" });
const panda = (apiVersion: string, kind = "Panda"): JsonObject => ({ apiVersion, kind, metadata: { name: "p" }, spec: { size: 1 } });

const cases: { name: string; conversion?: string; object: JsonObject; to: ReturnType<typeof v>; expected: { object: JsonObject } | { error: string } }[] = [
  { name: "to its own kind: the object itself", object: panda("awesome.bears.com/v1"), to: v("v1"), expected: { object: panda("awesome.bears.com/v1") } },
  { name: "None: only apiVersion changes", object: panda("awesome.bears.com/v2"), to: v("v1"), expected: { object: panda("awesome.bears.com/v1") } },
  { name: "from an unserved version", object: panda("awesome.bears.com/v9"), to: v("v1"), expected: { error: "request to convert CR from an invalid group/version: awesome.bears.com/v9" } },
  { name: "to an unserved version", object: panda("awesome.bears.com/v1"), to: v("v9"), expected: { error: "request to convert CR to an invalid group/version: awesome.bears.com/v9" } },
  {
    name: "from another group",
    object: panda("other.com/v1"), to: v("v1"),
    expected: { error: 'other.com/v1, Kind=Panda is unstructured and is not suitable for converting to "awesome.bears.com/v1"' },
  },
  { name: "another kind of the same version is left to validation", object: panda("awesome.bears.com/v1", "Bear"), to: v("v1"), expected: { object: panda("awesome.bears.com/v1", "Bear") } },
  {
    name: "Webhook strategy is not run offline",
    conversion: "Webhook", object: panda("awesome.bears.com/v2"), to: v("v1"),
    expected: { error: "conversion webhook for awesome.bears.com/v2, Kind=Panda is not called offline (the CustomResourceDefinition's conversion strategy is Webhook)" },
  },
];

for (const c of cases) {
  test(`kind conversion: ${c.name}`, () => {
    assert.deepEqual(kindConverter(registry(c.conversion), v("v1")).convert(c.object, c.to), c.expected);
  });
}

test("kind conversion: built-in kinds are not converted between versions offline", () => {
  const { registry: r } = createSchemaRegistry();
  const hpa = { group: "autoscaling", version: "v1", kind: "HorizontalPodAutoscaler" };
  const c = kindConverter(r, hpa);
  const o: JsonObject = { apiVersion: "autoscaling/v1", kind: "HorizontalPodAutoscaler", metadata: { name: "h" } };
  assert.deepEqual(c.convert(o, hpa), { object: o });
  assert.deepEqual(c.convert(o, { ...hpa, version: "v2" }), {
    error: "no conversion from autoscaling/v1, Kind=HorizontalPodAutoscaler to autoscaling/v2, Kind=HorizontalPodAutoscaler offline (kmutate converts custom resources only: built-in kinds convert through internal types)",
  });
});
