// Start-up cost (issue 21): CPU time of the bundled bin on an empty ResourceList, side by side with
// tsc's modular bin (the same code as ~250 ES modules) and with Node running an empty script.
// `npm run bench` prints it; alone: `node dist/bench/startup.js [--runs N] [--bin PATH] [--input FILE]
// [--node PATH ...]`, each node with a cold and a warm compile cache where it has one.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { runChild, type ChildRun } from "./measure.js";
import { coldCacheEnv, compileCacheEnv, hasCompileCache, resolveNodes, type NodeBinary } from "./node-binaries.js";
import { median } from "./stats.js";

/** The empty ResourceList every run reads. */
export const emptyList = "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems: []\n";

/** What is started per node binary, in this order in every round; `cold`: the bundle with an empty compile cache. */
export const startupSubjects = ["node", "modular", "bundle", "cold"] as const;
/** One subject. */
export type StartupSubject = (typeof startupSubjects)[number];

/**
 * One node binary's rounds: CPU ms (user+sys) of every round per subject (`cold` stays empty for a
 * Node without compile cache), the failed runs and the load average when all rounds ended.
 */
export interface StartupResult {
  /** The node binary's version. */
  node: string;
  cpuMs: Record<StartupSubject, number[]>;
  /** Exit codes other than 0, as `subject: code` (empty when every run succeeded). */
  failures: string[];
  loadAverage: number[];
}

/** Scripts started: the bundle (package.json's bin), tsc's modular bin, and an empty module. */
export interface StartupScripts {
  bundle: string;
  modular: string;
  node: string;
}

/** The built scripts beside this file. */
export function defaultStartupScripts(): StartupScripts {
  return {
    bundle: fileURLToPath(new URL("../src/cli/kmutate.cjs", import.meta.url)),
    modular: fileURLToPath(new URL("../src/cli/bin.js", import.meta.url)),
    node: fileURLToPath(new URL("./noop.cjs", import.meta.url)),
  };
}

/** This process's node, when no other is named. */
export function currentNode(): NodeBinary {
  return { path: process.execPath, version: process.version, compileCache: hasCompileCache(process.version) };
}

/** Where to start and on what: the input (default: the empty list) and the node binaries (default: this one). */
export interface StartupRun {
  inputPath?: string;
  nodes?: readonly NodeBinary[];
  /** Default: 30 s. */
  timeoutMs?: number;
}

/**
 * Runs `rounds` rounds after one untimed round (warms the file cache and each node's compile cache,
 * kept in a directory of its own); in each, every subject of every node once, the order rotating
 * from round to round so drifting load is shared out. `cold` runs start from an emptied cache.
 */
export async function measureStartup(scripts: StartupScripts, rounds: number, run: StartupRun = {}): Promise<StartupResult[]> {
  const dir = mkdtempSync(join(tmpdir(), "kmutate-startup-"));
  const nodes = run.nodes ?? [currentNode()];
  const inputPath = run.inputPath ?? join(dir, "empty.yaml");
  if (run.inputPath === undefined) writeFileSync(inputPath, emptyList);
  const results: StartupResult[] = nodes.map((n) => ({ node: n.version, cpuMs: { node: [], modular: [], bundle: [], cold: [] }, failures: [], loadAverage: [] }));
  const slots = nodes.flatMap((n, i) => startupSubjects.filter((s) => s !== "cold" || n.compileCache).map((subject) => ({ i, subject })));
  try {
    for (let r = -1; r < rounds; r++) {
      for (let k = 0; k < slots.length; k++) {
        const { i, subject } = slots[(k + Math.max(r, 0)) % slots.length];
        const script = subject === "cold" ? scripts.bundle : scripts[subject];
        const env = subject === "cold" ? coldCacheEnv(join(dir, `cold-${i}`)) : compileCacheEnv(join(dir, `warm-${i}`));
        const child: ChildRun = await runChild({ script, node: nodes[i].path, env, inputPath, outputPath: join(dir, "out.yaml"), rssPath: join(dir, "rss.json"), timeoutMs: run.timeoutMs ?? 30_000 });
        if (child.exitCode !== 0) results[i].failures.push(`${subject}: ${child.timedOut ? "timed out" : `exit ${child.exitCode}`}`);
        if (r >= 0) results[i].cpuMs[subject].push(child.cpuMs ?? Number.NaN);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const load = loadavg();
  for (const result of results) result.loadAverage = load;
  return results;
}

const fmt = (n: number): string => (Number.isFinite(n) ? n.toFixed(0) : "n/a");
const span = (values: number[]): string => `${fmt(Math.min(...values))}-${fmt(Math.max(...values))}`;
const subjectNames: Record<StartupSubject, string> = {
  node: "node, empty script",
  modular: "modular bin (dist/src/cli/bin.js)",
  bundle: "bundle (dist/src/cli/kmutate.cjs)",
  cold: "bundle, cold compile cache",
};

/**
 * The printed table: median and range of CPU ms per subject, and the bundle's ratio to the modular
 * bin. The bundle and modular rows ran with a warm compile cache where the node has one.
 */
export function startupTable(result: StartupResult): string {
  const rows = startupSubjects.map((s) => {
    const values = result.cpuMs[s];
    const figures = values.length ? `${fmt(median(values)).padStart(6)} ms  (${span(values)})` : "   n/a (no compile cache before Node 22.1)";
    return `  ${subjectNames[s].padEnd(34)} ${figures}`;
  });
  const ratios = result.cpuMs.bundle.map((b, i) => b / result.cpuMs.modular[i]);
  rows.push(`  bundle / modular, per round: median ${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)})`);
  if (result.failures.length) rows.push(`  FAILED runs: ${result.failures.join(", ")}`);
  rows.push(`  load average at end: ${result.loadAverage.map((l) => l.toFixed(1)).join(" ")}`);
  return rows.join("\n");
}

/** Headings and tables for every node, each headed by its version when there are several. */
export function startupTables(results: readonly StartupResult[]): string {
  return results.map((r) => (results.length > 1 ? `  node ${r.node}:\n` : "") + startupTable(r)).join("\n");
}

const usage = "Usage: node dist/bench/startup.js [--runs N] [--bin PATH] [--input FILE] [--node PATH ...]\n";

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { runs: { type: "string", default: "10" }, bin: { type: "string" }, input: { type: "string" }, node: { type: "string", multiple: true } },
  });
  const rounds = Number(values.runs);
  if (!Number.isInteger(rounds) || rounds < 1) {
    process.stderr.write(`startup: --runs takes a positive integer\n${usage}`);
    return 2;
  }
  const nodes = values.node === undefined ? [currentNode()] : resolveNodes(values.node);
  if (typeof nodes === "string") {
    process.stderr.write(`startup: ${nodes}\n`);
    return 2;
  }
  const scripts = defaultStartupScripts();
  if (values.bin !== undefined) scripts.bundle = values.bin;
  const results = await measureStartup(scripts, rounds, { inputPath: values.input, nodes });
  const what = values.input === undefined ? "Empty ResourceList" : values.input;
  process.stdout.write(`${what}, CPU (user+sys) over ${rounds} rotating rounds, median (range):\n${startupTables(results)}\n`);
  return results.some((r) => r.failures.length) ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = await main(process.argv.slice(2));
