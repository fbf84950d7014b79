// Prints one generated case as a ResourceList (JSON, runnable with `kmutate` or the oracle) and
// the oracle's committed answer for it: how to reproduce a divergence the differential test reports.
// Usage: node dist/scripts/differential/show-case.js <case id> [--oracle-input]
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { generateCases } from "./gen/cases.js";
import { applyDiff, parseFacts } from "./facts-format.js";
import { oracleInput } from "./oracle-client.js";
import type { JsonObject } from "../../src/data/index.js";

const repo = fileURLToPath(new URL("../../../", import.meta.url));
const [id, flag] = process.argv.slice(2);
const family = id?.split("-")[0];
if (!id || (family !== "map" && family !== "vap")) {
  process.stderr.write("usage: show-case <map-NNNN|vap-NNNN> [--oracle-input]\n");
  process.exit(2);
}
const factsPath = `${repo}test/differential/facts/${family}.jsonl`;
const facts = existsSync(factsPath) ? parseFacts(readFileSync(factsPath, "utf8")) : undefined;
const c = generateCases(facts?.header.generator).find((x) => x.id === id);
if (!c) {
  process.stderr.write(`no case ${id}\n`);
  process.exit(2);
}
if (flag === "--oracle-input") {
  process.stdout.write(oracleInput(c) + "\n");
} else {
  const spec: JsonObject = { operation: c.operation };
  if (c.options.userInfo) spec.userInfo = c.options.userInfo;
  if (c.options.dryRun) spec.dryRun = true;
  if (c.options.authorizer) spec.authorizer = { decision: c.options.authorizer };
  const list = { apiVersion: "config.kubernetes.io/v1", kind: "ResourceList", functionConfig: { apiVersion: "fn.kmutate.dev/v1alpha1", kind: "MutationConfig", metadata: { name: "differential" }, spec }, items: c.items };
  process.stdout.write(JSON.stringify(list, null, 1) + "\n");
  const f = facts?.cases.get(id);
  if (f) {
    process.stderr.write(`# oracle (${c.shape}): errors ${JSON.stringify(f.errors, null, 1)}\n`);
    f.items.forEach((d, i) => {
      if (d !== 0) process.stderr.write(`# oracle item ${i}: ${JSON.stringify(applyDiff(c.items[i], d))}\n`);
    });
  }
}
