// The benchmark runner (`npm run bench`): generates workloads, times the kmutate bin against
// the js-yaml passthrough in alternating pairs, and prints ratios, RSS, phases and targets.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, relative } from "node:path";
import { checkOutput } from "./check-output.js";
import { runEngineComparison } from "./engine-comparison.js";
import { killRunningChildren, rssPreloadPath, runChild } from "./measure.js";
import type { ChildRun, PhaseTimes } from "./measure.js";
import { memoryTable, phaseTable, scalingTable, targetLines, timeTable } from "./report.js";
import type { ConfigResult } from "./report.js";
import { parseRunOptions, usage } from "./run-options.js";
import type { BenchConfig, RunOptions } from "./run-options.js";
import { generateWorkload, serialiseResourceList } from "./workload.js";
import { measureRssPerMb, rssPerMbTable, type RssPerMbRow } from "./rss-per-mb.js";
import { defaultStartupScripts, measureStartup, startupTable, type StartupResult } from "./startup.js";
import { compileCacheEnv, resolveNodes, type NodeBinary } from "./node-binaries.js";
import { targetTable } from "./target-table.js";

const log = (line: string): void => void process.stderr.write(line + "\n");
const label = (c: BenchConfig): string => `${c.objects} objects x ${c.policies} policies`;

/** The runner's path as typed from the current directory: relative inside it, absolute outside. */
function scriptShown(): string {
  const rel = relative(process.cwd(), process.argv[1]);
  return rel && !rel.startsWith("..") ? rel : process.argv[1];
}

function header(argv: string[], nodes: readonly NodeBinary[]): string {
  const git = spawnSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" });
  const cpu = cpus();
  return [
    `command: node ${scriptShown()}${argv.length ? " " + argv.join(" ") : ""}`,
    `node ${nodes.map((n) => n.version).join(", ")}, ${cpu.length} x ${cpu[0]?.model ?? "unknown cpu"}, commit ${git.status === 0 ? git.stdout.trim() : "unknown"}, ${new Date().toISOString()}`,
    `load average at start: ${loadavg().map((l) => l.toFixed(1)).join(" ")} (wall times are noisy under load; CPU times much less so)`,
  ].join("\n");
}

/** Generates the workload into `path`; returns its item count (the list itself is dropped). */
function writeInput(config: BenchConfig, seed: number, path: string): number {
  const { list, stats } = generateWorkload({ objects: config.objects, policies: config.policies, seed });
  writeFileSync(path, serialiseResourceList(list, "yaml"));
  return stats.items;
}

/** The environment of kmutate's runs with nodes[i]: its own cache directory under `dir`. */
const kmutateEnv = (dir: string, i: number): Record<string, string | undefined> => compileCacheEnv(join(dir, `compile-cache-${i}`));

/**
 * Measures one workload with every node binary: pair after pair, and within a pair each node's
 * baseline then kmutate run, so load that drifts is shared out. One result per node, in order.
 * kmutate runs with a compile cache of its own per node (warm after the runner's warm-up pair).
 */
async function measureConfig(config: BenchConfig, options: RunOptions, dir: string, nodes: readonly NodeBinary[]): Promise<ConfigResult[]> {
  const tag = `${config.objects}x${config.policies}`;
  const inputPath = join(dir, `in-${tag}.yaml`);
  const items = writeInput(config, options.seed, inputPath);
  const inputBytes = statSync(inputPath).size;
  const common = { inputPath, rssPath: join(dir, "rss.json"), timeoutMs: options.timeoutSeconds * 1000 };
  const runs = nodes.map(() => ({ baseline: [] as ChildRun[], kmutate: [] as ChildRun[] }));
  const kmOut = (i: number): string => join(dir, `out-kmutate-${tag}-${i}.yaml`);
  const envs = nodes.map((_, i) => kmutateEnv(dir, i));
  /** A kmutate run with nodes[i]; with `phasePath`, one that also reports its phase times. */
  const kmutateRun = (i: number, phasePath?: string): Promise<ChildRun> =>
    runChild({ ...common, node: nodes[i].path, env: envs[i], script: options.bin, outputPath: kmOut(i), ...(phasePath ? { phasePath } : {}) });
  const started = performance.now();
  for (let r = 0; r < config.runs; r++) {
    if (r > 0 && performance.now() - started > options.budgetSeconds * 1000) {
      log(`  [${label(config)}] budget of ${options.budgetSeconds} s spent: ${r} of ${config.runs} pairs`);
      break;
    }
    for (const [i, node] of nodes.entries()) {
      const a = await runChild({ ...common, node: node.path, env: envs[i], script: options.baseline, outputPath: join(dir, `out-base-${tag}.yaml`) });
      const b = await kmutateRun(i);
      runs[i].baseline.push(a);
      runs[i].kmutate.push(b);
      const on = nodes.length > 1 ? ` on node ${node.version}` : "";
      log(`  [${label(config)}] pair ${r + 1}/${config.runs}${on}: baseline ${a.wallMs.toFixed(0)} ms, kmutate ${b.wallMs.toFixed(0)} ms (${b.timedOut ? "timed out" : `exit ${b.exitCode}`})`);
      if (a.exitCode !== 0) log(`  baseline exited ${a.exitCode}: ${a.stderr.trim()}`);
      if (b.exitCode !== 0 && runs[i].kmutate.every((k) => k === b || k.exitCode === 0) && b.stderr.trim()) {
        log(`  kmutate stderr: ${b.stderr.trim().split("\n").slice(0, 5).join("\n  ")}`);
      }
    }
  }
  // Phase times from one more run per node, outside the pairs (their clock reads cost CPU); none
  // after a run that timed out (it would wait for the timeout again).
  const phases: Array<PhaseTimes | undefined> = [];
  for (const i of nodes.keys()) {
    const hung = runs[i].kmutate.some((k) => k.timedOut);
    phases.push(hung ? undefined : (await kmutateRun(i, join(dir, "phases.json"))).phases);
  }
  const results = runs.map(({ baseline, kmutate }, i) => ({
    objects: config.objects,
    policies: config.policies,
    items,
    inputBytes,
    baseline,
    kmutate,
    phases: phases[i],
    check: checkOutput(inputPath, kmOut(i)),
  }));
  if (!options.keep) rmSync(inputPath, { force: true });
  return results;
}

/** Runs the benchmark; returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  const options = parseRunOptions(argv);
  if (typeof options === "string") {
    const isHelp = options === usage;
    (isHelp ? process.stdout : process.stderr).write(options + "\n");
    return isHelp ? 0 : 2;
  }
  for (const [what, path] of [["kmutate bin", options.bin], ["baseline", options.baseline], ["RSS preload", rssPreloadPath]]) {
    if (!existsSync(path)) {
      process.stderr.write(`bench: ${what} not found at ${path} (build with \`npx tsc -p .\`; npm run bench does)\n`);
      return 1;
    }
  }
  const nodes = resolveNodes(options.nodes);
  if (typeof nodes === "string") {
    process.stderr.write(`bench: ${nodes}\n`);
    return 2;
  }
  const out: string[] = [header(argv, nodes)];
  process.stdout.write(out[0] + "\n");
  const dir = mkdtempSync(join(tmpdir(), "kmutate-bench-"));
  log(`bench: working in ${dir}`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      killRunningChildren();
      if (!options.keep) rmSync(dir, { recursive: true, force: true });
      log(`bench: interrupted (${signal})`);
      process.exit(130);
    });
  }
  // results[i]: the workloads measured with nodes[i]; startup[i] likewise.
  const results: ConfigResult[][] = nodes.map(() => []);
  const rssRows: RssPerMbRow[][] = nodes.map(() => []);
  let startup: StartupResult[] = [];
  try {
    // One untimed pair per node on a small input warms the OS file cache and Node's compile cache.
    const warm = await measureConfig({ objects: 100, policies: 10, runs: 1 }, { ...options, keep: false }, dir, nodes);
    log(`bench: warm-up done (kmutate exit ${warm.map((w) => w.kmutate[0].exitCode).join(", ")})`);
    for (const config of options.configs) {
      log(`bench: ${label(config)}, ${config.runs} pair(s)`);
      for (const [i, r] of (await measureConfig(config, options, dir, nodes)).entries()) results[i].push(r);
    }
    const scripts = { ...defaultStartupScripts(), bundle: options.bin };
    log(`bench: start-up on an empty ResourceList, ${options.startupRounds} rounds`);
    startup = await measureStartup(scripts, options.startupRounds, { nodes, timeoutMs: options.timeoutSeconds * 1000 });
    const largest = options.configs.reduce((a, b) => (b.objects > a.objects ? b : a));
    for (const [i, node] of nodes.entries()) {
      log(`bench: peak RSS per input MB on ${label(largest)} (node ${node.version})`);
      rssRows[i] = await measureRssPerMb(largest, options, dir, node.path, kmutateEnv(dir, i));
    }
  } finally {
    if (!options.keep) rmSync(dir, { recursive: true, force: true });
  }
  const sections = nodes.flatMap((node, i) => [
    ...(nodes.length > 1 ? [`== node ${node.version} (${node.path})`, ""] : []),
    "Issue 21's targets (ratios to the js-yaml passthrough, pair by pair; start-up: the bundle's CPU ms)",
    targetTable(results[i], startup[i]),
    "",
    "Wall and CPU (user+sys) time (medians; ratio = median of kmutate/baseline per pair)",
    timeTable(results[i]),
    "",
    "Peak RSS (median; ratio = median of kmutate/baseline per pair)",
    memoryTable(results[i]),
    "",
    "kmutate phases (median ms; n/a = the bin wrote no KMUTATE_PHASE_TIMES file)",
    phaseTable(results[i]),
    "",
    "Scaling (cost per object; overhead = median of kmutate - baseline per pair)",
    scalingTable(results[i]),
    "",
    "Start-up: empty ResourceList, CPU (user+sys) ms, median (range) over rotating rounds",
    startup[i] ? startupTable(startup[i]) : "  not measured",
    "",
    "Targets (issue 7)",
    ...targetLines(results[i]).map((l) => `  ${l}`),
    "",
    `Peak RSS per MB of input (one run each on node ${node.version}, kmutate -q, KMUTATE_WORKERS=1; node flags: none as an npm install runs the bin, and the image's ENTRYPOINT's; target 5 x input + 60 MB)`,
    rssPerMbTable(rssRows[i]),
    "",
  ]);
  sections.push(`load average at end: ${loadavg().map((l) => l.toFixed(1)).join(" ")}`, "");
  process.stdout.write("\n" + sections.join("\n") + "\n");
  if (options.keep) log(`bench: inputs and outputs kept in ${dir}`);
  if (options.jsonOut) {
    writeFileSync(options.jsonOut, JSON.stringify({ header: out[0], seed: options.seed, nodes: nodes.map((n) => n.version), results: nodes.length > 1 ? results : results[0] }, null, 2) + "\n");
    log(`bench: raw measurements written to ${options.jsonOut}`);
  }
  if (!options.skipCel) {
    const cel = await runEngineComparison({ full: options.full });
    if (cel) process.stdout.write(cel + "\n");
  } else {
    process.stdout.write("CEL engine comparison: skipped (--skip-cel)\n");
  }
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
