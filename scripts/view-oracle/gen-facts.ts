// Regenerates test/view/facts/decode.jsonl: hand-written and seeded random manifests of the
// built-in kinds, each decoded by the view oracle (kube-apiserver's JSON decoding into the
// k8s.io/api v0.36.3 types, scripts/view-oracle/build.sh) — its error text, or its strict-decoding
// warnings and ToUnstructured view. Without the oracle binary it says so and writes nothing.
// Usage: node dist/scripts/view-oracle/gen-facts.js [--count N] [--seed S]
import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { edgeCases } from "./edge-cases.js";
import { generateManifests, sortKeys } from "./manifests.js";

const repo = fileURLToPath(new URL("../../../", import.meta.url));
const oracle = `${repo}scripts/view-oracle/.build/view-oracle`;
const out = `${repo}test/view/facts/decode.jsonl`;
const { values } = parseArgs({ options: { count: { type: "string", default: "1200" }, seed: { type: "string", default: "23" } } });

function main(): number {
  if (!existsSync(oracle)) {
    process.stdout.write(`view-oracle facts: skipped — ${oracle} is not built (bash scripts/view-oracle/build.sh, after ../shared/oracle/admission/setup.sh). Nothing written.\n`);
    return 0;
  }
  const seed = Number(values.seed);
  const count = Number(values.count);
  const cases = [...edgeCases().map((c) => ({ ...c, object: sortKeys(c.object) })), ...generateManifests(seed, count)];
  const input = cases.map((c) => JSON.stringify({ id: c.id, object: c.object })).join("\n") + "\n";
  const r = spawnSync(oracle, [], { input, encoding: "utf8", maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`view-oracle exited ${r.status}: ${r.stderr}`);
  const answers = r.stdout.trim().split("\n").map((l) => JSON.parse(l) as { id: string; error?: string; strict?: string[]; view?: unknown });
  if (answers.length !== cases.length) throw new Error(`view-oracle answered ${answers.length} of ${cases.length} cases`);
  const header = {
    facts: "kube-apiserver's typed decode of built-in manifests (k8s.io/apimachinery v0.36.3 JSON serializer, strict, k8s.io/api v0.36.3 types; ToUnstructured)",
    generator: { seed, count, edgeCases: cases.length - count },
    regenerate: "bash scripts/view-oracle/build.sh && npm run build && node dist/scripts/view-oracle/gen-facts.js",
  };
  const lines = [JSON.stringify(header)];
  cases.forEach((c, i) => {
    const a = answers[i];
    if (a.id !== c.id) throw new Error(`answer ${i} is for ${a.id}, not ${c.id}`);
    const expect = a.error !== undefined ? { error: a.error } : { view: a.view, strict: a.strict ?? [] };
    lines.push(JSON.stringify({ id: c.id, object: c.object, expect }));
  });
  writeFileSync(out, lines.join("\n") + "\n");
  const errors = answers.filter((a) => a.error !== undefined).length;
  const strict = answers.filter((a) => (a.strict ?? []).length > 0).length;
  process.stdout.write(`wrote ${out}: ${cases.length} cases (${errors} refused, ${strict} with unknown fields)\n`);
  return 0;
}

process.exitCode = main();
