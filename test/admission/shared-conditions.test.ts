// Policies that share a matchCondition's text share its compiled program, and its result on an
// item is reused (evaluate-policy.ts) only while the inputs are the same: each row's later policy
// must see what the earlier one changed, and each invocation its own param. (matchConditions
// cannot read `variables`: API validation refuses it.)
import { test } from "node:test";
import assert from "node:assert/strict";
import type { JsonObject } from "../../src/data/index.js";
import { mutate } from "../../src/index.js";
import { binding, configMap, policy } from "./fixtures.js";

const deployment = (labels: Record<string, string> = {}): JsonObject => ({
  apiVersion: "apps/v1", kind: "Deployment", metadata: { name: "web", namespace: "default", labels: { app: "web", ...labels } },
});
const apply = (expression: string): JsonObject => ({ patchType: "ApplyConfiguration", applyConfiguration: { expression } });
const setLabel = (k: string, v: string): JsonObject => apply(`Object{metadata: Object.metadata{labels: {"${k}": "${v}"}}}`);
const condition = (expression: string): JsonObject[] => [{ name: "c", expression }];

interface Row {
  name: string;
  items: JsonObject[];
  /** The Deployment's labels after admission. */
  expected: Record<string, string>;
}

const unlabelled = '!("x" in object.metadata.labels)';

const rows: Row[] = [
  {
    name: "a later policy's condition sees the label an earlier policy with the same condition added",
    items: [
      policy("a", { matchConditions: condition(unlabelled), mutations: [setLabel("x", "a")] }), binding("a-b", "a"),
      policy("b", { matchConditions: condition(unlabelled), mutations: [setLabel("y", "b")] }), binding("b-b", "b"),
      deployment(),
    ],
    expected: { app: "web", x: "a" },
  },
  {
    name: "twin: without the earlier change both policies with the same condition match",
    items: [
      policy("a", { matchConditions: condition(unlabelled), mutations: [setLabel("z", "a")] }), binding("a-b", "a"),
      policy("b", { matchConditions: condition(unlabelled), mutations: [setLabel("y", "b")] }), binding("b-b", "b"),
      deployment(),
    ],
    expected: { app: "web", z: "a", y: "b" },
  },
  {
    name: "one policy's condition reads each selected param in turn",
    items: [
      policy("a", {
        paramKind: { apiVersion: "v1", kind: "ConfigMap" }, matchConditions: condition('params.data.k == "on"'),
        mutations: [apply('Object{metadata: Object.metadata{labels: {"p-" + params.data.k: "1"}}}')],
      }),
      binding("a-b", "a", { paramRef: { selector: { matchLabels: { sel: "x" } }, namespace: "default", parameterNotFoundAction: "Deny" } }),
      configMap("on", "default", { sel: "x" }), configMap("off", "default", { sel: "x" }),
      deployment(),
    ],
    expected: { app: "web", "p-on": "1" },
  },
  {
    name: "the same condition on params reads each binding's own param",
    items: [
      policy("a", { paramKind: { apiVersion: "v1", kind: "ConfigMap" }, matchConditions: condition('params.data.k == "on"'), mutations: [setLabel("a", "1")] }),
      binding("a-b", "a", { paramRef: { name: "on", namespace: "default", parameterNotFoundAction: "Deny" } }),
      policy("b", { paramKind: { apiVersion: "v1", kind: "ConfigMap" }, matchConditions: condition('params.data.k == "on"'), mutations: [setLabel("b", "1")] }),
      binding("b-b", "b", { paramRef: { name: "off", namespace: "default", parameterNotFoundAction: "Deny" } }),
      configMap("on", "default"), configMap("off", "default"),
      deployment(),
    ],
    expected: { app: "web", a: "1" },
  },
];

for (const row of rows) {
  test(row.name, () => {
    const out = mutate(row.items, {});
    assert.deepEqual(out.results.filter((r) => r.severity !== "info"), []);
    const d = out.items.find((i) => i.kind === "Deployment") as JsonObject;
    assert.deepEqual((d.metadata as JsonObject).labels, row.expected);
  });
}
