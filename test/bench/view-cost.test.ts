// The view-cost benchmark (bench/view-cost.ts) on a tiny workload: one row per view
// configuration, raw as the reference, and the default server view writing what raw writes.
import { test } from "node:test";
import assert from "node:assert/strict";
import yaml from "js-yaml";
import { fileURLToPath } from "node:url";
import { measureViewCost, viewConfigs, viewInput } from "../../bench/view-cost.js";

const bin = fileURLToPath(new URL("../../src/cli/kmutate.cjs", import.meta.url));

test("view cost: the input carries the configuration's MutationConfig", () => {
  const list = yaml.load(viewInput(8, 2, 1, { view: "raw" })) as { functionConfig?: unknown };
  assert.deepEqual(list.functionConfig, { apiVersion: "fn.kmutate.dev/v1alpha1", kind: "MutationConfig", metadata: { name: "bench" }, spec: { view: "raw" } });
});

test("view cost: a row per configuration; the server view writes the items raw writes", async () => {
  const rows = await measureViewCost(bin, 40, 8, 1, 1);
  assert.deepEqual(rows.map((r) => r.name), viewConfigs.map((c) => c.name));
  assert.equal(rows[0].wallRatio, 1);
  assert.equal(rows[0].outputsDiffering, 0);
  assert.equal(rows[1].outputsDiffering, 0);
  for (const r of rows) assert.ok(r.wallMs > 0 && r.cpuMs > 0 && Number.isFinite(r.cpuRatio), JSON.stringify(r));
});

test("view cost with a baseline bin: its rows after, named baseline, ratios to its own raw", async () => {
  const rows = await measureViewCost(bin, 40, 8, 1, 1, bin);
  assert.deepEqual(rows.map((r) => r.name), [...viewConfigs.map((c) => c.name), ...viewConfigs.map((c) => `baseline ${c.name}`)]);
  assert.equal(rows[viewConfigs.length].wallRatio, 1);
  assert.equal(rows[viewConfigs.length].outputsDiffering, 0);
  assert.equal(rows[viewConfigs.length + 1].outputsDiffering, 0);
});
