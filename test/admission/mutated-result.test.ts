// With `results: objects`, the `info` result of a mutated item: every invocation that changed it with its changed paths
// (at most eight, then a count), `field.path` only when all of them changed the same one path;
// apply configurations (paths from their rewrites) and JSON patches (paths from a diff) alike.
import { test } from "node:test";
import assert from "node:assert/strict";
import { admit, defaultAdmitOptions, type KrmResult } from "../../src/admission/index.js";
import type { JsonObject } from "../../src/data/index.js";
import { binding, obj, policy } from "./fixtures.js";

const apply = (expression: string): Record<string, unknown> => ({ mutations: [{ patchType: "ApplyConfiguration", applyConfiguration: { expression } }] });
const jsonPatch = (expression: string): Record<string, unknown> => ({ mutations: [{ patchType: "JSONPatch", jsonPatch: { expression } }] });
const labels = (n: number): string => `{${Array.from({ length: n }, (_, i) => `"k${i}": "v"`).join(", ")}}`;

const rows: { name: string; policies: [string, Record<string, unknown>][]; message: string; field?: string }[] = [
  {
    name: "one invocation, one path: field.path is set",
    policies: [["a", apply(`Object{metadata: Object.metadata{labels: {"x": "y"}}}`)]],
    message: "mutated by policy 'a' with binding 'a-b' (metadata.labels.x)",
    field: "metadata.labels.x",
  },
  {
    name: "two invocations changing the same one path (apply, then JSON patch): field.path is set",
    policies: [
      ["a", apply(`Object{metadata: Object.metadata{labels: {"x": "y"}}}`)],
      ["b", jsonPatch(`[JSONPatch{op: "replace", path: "/metadata/labels/x", value: "z"}]`)],
    ],
    message: "mutated by policy 'a' with binding 'a-b' (metadata.labels.x), policy 'b' with binding 'b-b' (metadata.labels.x)",
    field: "metadata.labels.x",
  },
  {
    name: "two invocations changing different paths (an added sub-tree is one path): no field.path",
    policies: [
      ["a", apply(`Object{metadata: Object.metadata{labels: {"x": "y"}}}`)],
      ["b", apply(`Object{metadata: Object.metadata{annotations: {"n": "1", "m": "2"}}}`)],
    ],
    message: "mutated by policy 'a' with binding 'a-b' (metadata.labels.x), policy 'b' with binding 'b-b' (metadata.annotations)",
  },
  {
    name: "a field of a struct the manifest lacks is its own path (the server view has the struct, zero-valued)",
    policies: [["b", apply(`Object{spec: Object.spec{replicas: 3}}`)]],
    message: "mutated by policy 'b' with binding 'b-b' (spec.replicas)",
    field: "spec.replicas",
  },
  {
    name: "more than eight paths: the first eight and a count",
    policies: [["a", apply(`Object{metadata: Object.metadata{labels: ${labels(10)}}}`)]],
    message: "mutated by policy 'a' with binding 'a-b' (" + Array.from({ length: 8 }, (_, i) => `metadata.labels.k${i}`).join(", ") + ", … 2 more)",
  },
  {
    name: "a re-applied value is no change; a value equal to the live one is not a changed path",
    policies: [
      ["a", apply(`Object{metadata: Object.metadata{labels: {"app": "web", "x": "y"}}}`)],
      ["b", apply(`Object{metadata: Object.metadata{labels: {"x": "y"}}}`)],
    ],
    message: "mutated by policy 'a' with binding 'a-b' (metadata.labels.x)",
    field: "metadata.labels.x",
  },
];

for (const row of rows) {
  test(`info result: ${row.name}`, () => {
    const items: JsonObject[] = [];
    for (const [name, spec] of row.policies) items.push(policy(name, spec), binding(`${name}-b`, name));
    items.push(obj("apps/v1", "Deployment", "web", "default", { app: "web" }));
    const out = admit(items, { ...defaultAdmitOptions, results: "objects" });
    const info = out.results.filter((r: KrmResult) => r.severity === "info");
    assert.equal(info.length, 1, JSON.stringify(out.results));
    assert.equal(info[0].message, row.message);
    assert.deepEqual(info[0].field, row.field === undefined ? undefined : { path: row.field });
  });
}
