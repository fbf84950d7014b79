// Start-up cost (issue 21): CPU time of the bundled bin on an empty ResourceList, side by side with
// tsc's modular bin (the same code as ~250 ES modules) and with Node running an empty script.
// `npm run bench` prints it; alone: `node dist/bench/startup.js [--runs N] [--bin PATH]`.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { runChild, type ChildRun } from "./measure.js";
import { median } from "./stats.js";

/** The empty ResourceList every run reads. */
export const emptyList = "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems: []\n";

/** What is started, in this order in every round. */
export const startupSubjects = ["node", "modular", "bundle"] as const;
/** One subject. */
export type StartupSubject = (typeof startupSubjects)[number];

/** CPU ms (user+sys) of every round per subject, and the load average when the rounds ended. */
export interface StartupResult {
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
    bundle: fileURLToPath(new URL("../src/cli/kmutate.js", import.meta.url)),
    modular: fileURLToPath(new URL("../src/cli/bin.js", import.meta.url)),
    node: fileURLToPath(new URL("./noop.js", import.meta.url)),
  };
}

/**
 * Runs `rounds` rounds after one untimed round (warms the file cache); in each, every subject once,
 * the order rotating from round to round so drifting load is shared out.
 */
export async function measureStartup(scripts: StartupScripts, rounds: number, timeoutMs = 30_000): Promise<StartupResult> {
  const dir = mkdtempSync(join(tmpdir(), "kmutate-startup-"));
  const inputPath = join(dir, "empty.yaml");
  writeFileSync(inputPath, emptyList);
  const cpuMs: Record<StartupSubject, number[]> = { node: [], modular: [], bundle: [] };
  const failures: string[] = [];
  try {
    for (let r = -1; r < rounds; r++) {
      for (let k = 0; k < startupSubjects.length; k++) {
        const subject = startupSubjects[(k + Math.max(r, 0)) % startupSubjects.length];
        const run: ChildRun = await runChild({ script: scripts[subject], inputPath, outputPath: join(dir, "out.yaml"), rssPath: join(dir, "rss.json"), timeoutMs });
        if (run.exitCode !== 0) failures.push(`${subject}: ${run.timedOut ? "timed out" : `exit ${run.exitCode}`}`);
        if (r >= 0) cpuMs[subject].push(run.cpuMs ?? Number.NaN);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { cpuMs, failures, loadAverage: loadavg() };
}

const fmt = (n: number): string => (Number.isFinite(n) ? n.toFixed(0) : "n/a");
const span = (values: number[]): string => `${fmt(Math.min(...values))}-${fmt(Math.max(...values))}`;

/** The printed table: median and range of CPU ms per subject, and the bundle's ratio to the modular bin. */
export function startupTable(result: StartupResult): string {
  const rows = startupSubjects.map((s) => {
    const what = s === "node" ? "node, empty script" : s === "modular" ? "modular bin (dist/src/cli/bin.js)" : "bundle (dist/src/cli/kmutate.js)";
    return `  ${what.padEnd(34)} ${fmt(median(result.cpuMs[s])).padStart(6)} ms  (${span(result.cpuMs[s])})`;
  });
  const ratios = result.cpuMs.bundle.map((b, i) => b / result.cpuMs.modular[i]);
  rows.push(`  bundle / modular, per round: median ${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)})`);
  if (result.failures.length) rows.push(`  FAILED runs: ${result.failures.join(", ")}`);
  rows.push(`  load average at end: ${result.loadAverage.map((l) => l.toFixed(1)).join(" ")}`);
  return rows.join("\n");
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { runs: { type: "string", default: "10" }, bin: { type: "string" } } });
  const rounds = Number(values.runs);
  if (!Number.isInteger(rounds) || rounds < 1) {
    process.stderr.write("startup: --runs takes a positive integer\n");
    return 2;
  }
  const scripts = defaultStartupScripts();
  if (values.bin !== undefined) scripts.bundle = values.bin;
  const result = await measureStartup(scripts, rounds);
  process.stdout.write(`Empty ResourceList, CPU (user+sys) over ${rounds} rotating rounds, median (range):\n${startupTable(result)}\n`);
  return result.failures.length ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = await main(process.argv.slice(2));
