// What the server view costs (issue 23): the kmutate bin on one generated workload with
// `spec.view: raw`, `server` and `server` + `defaulting: builtin`, runs alternating, ratios to raw.
// Usage: node dist/bench/view-cost.js [--objects N] [--policies P] [--runs R] [--seed S]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import yaml from "js-yaml";
import type { JsonObject } from "../src/index.js";
import { runChild, type ChildRun } from "./measure.js";
import { median, pairRatios } from "./stats.js";
import { generateWorkload, serialiseResourceList } from "./workload.js";

/** The configurations compared, the first being the reference. */
export const viewConfigs: readonly { name: string; spec: JsonObject }[] = [
  { name: "raw", spec: { view: "raw" } },
  { name: "server", spec: { view: "server" } },
  { name: "server+builtin", spec: { view: "server", defaulting: "builtin" } },
];

/** One configuration's medians and its ratios to the reference, pair by pair. */
export interface ViewCostRow {
  name: string;
  wallMs: number;
  cpuMs: number;
  wallRatio: number;
  cpuRatio: number;
  /** Items of the output whose text differs from the reference configuration's output. */
  outputsDiffering: number;
}

/** The workload as a ResourceList (YAML, as the main benchmark feeds it) with a MutationConfig of `spec`. */
export function viewInput(objects: number, policies: number, seed: number, spec: JsonObject): string {
  const { list } = generateWorkload({ objects, policies, seed });
  const functionConfig = { apiVersion: "fn.kmutate.dev/v1alpha1", kind: "MutationConfig", metadata: { name: "bench" }, spec };
  return serialiseResourceList({ ...list, functionConfig }, "yaml");
}

function itemsOf(text: string): string[] {
  const parsed = yaml.load(text) as { items?: unknown[] };
  return (parsed.items ?? []).map((i) => JSON.stringify(i));
}

/** Runs `runs` rounds (each configuration once per round, in rotating order) and summarises them. */
export async function measureViewCost(bin: string, objects: number, policies: number, runs: number, seed: number): Promise<ViewCostRow[]> {
  const dir = mkdtempSync(join(tmpdir(), "kmutate-view-cost-"));
  try {
    const inputs = viewConfigs.map((c) => {
      const path = join(dir, `${c.name}.yaml`);
      writeFileSync(path, viewInput(objects, policies, seed, c.spec));
      return path;
    });
    const measured: ChildRun[][] = viewConfigs.map(() => []);
    for (let r = 0; r < runs; r++) {
      for (let k = 0; k < viewConfigs.length; k++) {
        const i = (k + r) % viewConfigs.length;
        const run = await runChild({ script: bin, inputPath: inputs[i], outputPath: join(dir, `${viewConfigs[i].name}.out`), rssPath: join(dir, "rss.json") });
        if (run.exitCode !== 0) throw new Error(`${viewConfigs[i].name}: exit ${run.exitCode}: ${run.stderr}`);
        measured[i].push(run);
      }
    }
    const reference = itemsOf(readFileSync(join(dir, `${viewConfigs[0].name}.out`), "utf8"));
    return viewConfigs.map((c, i) => {
      const wall = measured[i].map((m) => m.wallMs);
      const cpu = measured[i].map((m) => m.cpuMs ?? Number.NaN);
      const out = itemsOf(readFileSync(join(dir, `${c.name}.out`), "utf8"));
      return {
        name: c.name,
        wallMs: median(wall),
        cpuMs: median(cpu),
        wallRatio: median(pairRatios(measured[0].map((m) => m.wallMs), wall)),
        cpuRatio: median(pairRatios(measured[0].map((m) => m.cpuMs ?? Number.NaN), cpu)),
        outputsDiffering: out.filter((t, j) => t !== reference[j]).length,
      };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { objects: { type: "string", default: "10000" }, policies: { type: "string", default: "10" }, runs: { type: "string", default: "3" }, seed: { type: "string", default: "1" } },
  });
  const [objects, policies, runs, seed] = [values.objects, values.policies, values.runs, values.seed].map(Number);
  const bin = fileURLToPath(new URL("../src/cli/kmutate.js", import.meta.url));
  const rows = await measureViewCost(bin, objects, policies, runs, seed);
  process.stdout.write(`view cost at ${objects} objects x ${policies} policies, ${runs} rounds (medians; ratios pair by pair to raw)\n`);
  process.stdout.write("config          wall ms   cpu ms   wall ratio  cpu ratio  items differing from raw\n");
  for (const r of rows) {
    process.stdout.write(`${r.name.padEnd(15)} ${r.wallMs.toFixed(0).padStart(7)}  ${r.cpuMs.toFixed(0).padStart(7)}   ${r.wallRatio.toFixed(3).padStart(9)}  ${r.cpuRatio.toFixed(3).padStart(9)}  ${r.outputsDiffering}\n`);
  }
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = await main(process.argv.slice(2));
