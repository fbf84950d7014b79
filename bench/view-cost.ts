// What the server view costs (issue 23): the kmutate bin on one generated workload with
// `spec.view: raw`, `server` and `server` + `defaulting: builtin`, runs alternating, ratios to raw;
// with `--baseline`, another build's bin runs the same inputs in the same rounds (before/after).
// Usage: node dist/bench/view-cost.js [--objects N] [--policies P] [--runs R] [--seed S] [--baseline BIN]
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
  /** The configuration, prefixed `baseline ` for the baseline bin's rows. */
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

/**
 * Runs `runs` rounds (each configuration once per round, in rotating order) and summarises them.
 * With `baseline` (another build's bin), each round also runs every configuration with it; its
 * rows come after, named `baseline <config>`, with ratios to its own raw run of the round.
 */
export async function measureViewCost(bin: string, objects: number, policies: number, runs: number, seed: number, baseline?: string): Promise<ViewCostRow[]> {
  const dir = mkdtempSync(join(tmpdir(), "kmutate-view-cost-"));
  try {
    const inputs = viewConfigs.map((c) => {
      const path = join(dir, `${c.name}.yaml`);
      writeFileSync(path, viewInput(objects, policies, seed, c.spec));
      return path;
    });
    const bins = baseline === undefined ? [{ prefix: "", bin }] : [{ prefix: "", bin }, { prefix: "baseline ", bin: baseline }];
    // Every (bin, configuration) pair, the bins' runs interleaved within each round.
    const pairs = bins.flatMap((b) => viewConfigs.map((c, i) => ({ ...b, config: i, name: b.prefix + c.name, out: join(dir, `${b.prefix.trim() || "this"}-${c.name}.out`) })));
    const measured: ChildRun[][] = pairs.map(() => []);
    for (let r = 0; r < runs; r++) {
      for (let k = 0; k < pairs.length; k++) {
        const i = (k + r) % pairs.length;
        const p = pairs[i];
        const run = await runChild({ script: p.bin, inputPath: inputs[p.config], outputPath: p.out, rssPath: join(dir, "rss.json") });
        if (run.exitCode !== 0) throw new Error(`${p.name}: exit ${run.exitCode}: ${run.stderr}`);
        measured[i].push(run);
      }
    }
    const reference = itemsOf(readFileSync(pairs[0].out, "utf8"));
    return pairs.map((p, i) => {
      const raw = measured[i - p.config]; // the same bin's raw runs
      const wall = measured[i].map((m) => m.wallMs);
      const cpu = measured[i].map((m) => m.cpuMs ?? Number.NaN);
      const out = itemsOf(readFileSync(p.out, "utf8"));
      return {
        name: p.name,
        wallMs: median(wall),
        cpuMs: median(cpu),
        wallRatio: median(pairRatios(raw.map((m) => m.wallMs), wall)),
        cpuRatio: median(pairRatios(raw.map((m) => m.cpuMs ?? Number.NaN), cpu)),
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
    options: {
      objects: { type: "string", default: "10000" }, policies: { type: "string", default: "10" }, runs: { type: "string", default: "3" }, seed: { type: "string", default: "1" },
      baseline: { type: "string" },
    },
  });
  const [objects, policies, runs, seed] = [values.objects, values.policies, values.runs, values.seed].map(Number);
  const bin = fileURLToPath(new URL("../src/cli/kmutate.cjs", import.meta.url));
  const rows = await measureViewCost(bin, objects, policies, runs, seed, values.baseline);
  process.stdout.write(`view cost at ${objects} objects x ${policies} policies, ${runs} rounds (medians; ratios pair by pair to raw)\n`);
  process.stdout.write("config                   wall ms   cpu ms   wall ratio  cpu ratio  items differing from raw\n");
  for (const r of rows) {
    process.stdout.write(`${r.name.padEnd(24)} ${r.wallMs.toFixed(0).padStart(7)}  ${r.cpuMs.toFixed(0).padStart(7)}   ${r.wallRatio.toFixed(3).padStart(9)}  ${r.cpuRatio.toFixed(3).padStart(9)}  ${r.outputsDiffering}\n`);
  }
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = await main(process.argv.slice(2));
