// Start-up CPU of two or more builds of the bin side by side (issue 21): each started on the same
// input in rotating order, round after round, so that drifting load is shared out.
// Usage: node dist/bench/startup-compare.js [--runs N] [--input FILE] LABEL=SCRIPT ...
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { runChild } from "./measure.js";
import { median } from "./stats.js";
import { emptyList } from "./startup.js";

const usage = "Usage: node dist/bench/startup-compare.js [--runs N] [--input FILE] LABEL=SCRIPT ...\n";

/** One build: its label and the script started (e.g. a copy of dist/src/cli/kmutate.cjs). */
export interface StartupBuild {
  label: string;
  script: string;
}

/** CPU ms (user+sys) per round, per label, and the runs that did not exit 0 (`label: exit N`). */
export interface StartupComparison {
  cpuMs: Map<string, number[]>;
  failures: string[];
}

/**
 * Runs `rounds` rounds after one untimed round (warms the file cache, and writes each build's
 * per-user code cache); in each, every build once on `inputPath`, the order rotating by one from
 * round to round. Each build has a temporary directory of its own (`TMPDIR`): the bin keeps one
 * per-user code cache per bundle name and Node version there, so builds sharing it would
 * overwrite each other's, and on a Node without a cache shipped beside the bundle (22, 24) every
 * run would be one that writes it.
 */
export async function compareStartup(builds: StartupBuild[], inputPath: string, rounds: number, timeoutMs = 30_000): Promise<StartupComparison> {
  const dir = mkdtempSync(join(tmpdir(), "kmutate-startup-compare-"));
  const cpuMs = new Map(builds.map((b) => [b.label, [] as number[]]));
  // Only TMPDIR: the rest of the environment (NODE_DISABLE_COMPILE_CACHE, say) is the caller's.
  const envs = builds.map((_, k) => {
    const tmp = join(dir, `tmp-${k}`);
    mkdirSync(tmp);
    return { TMPDIR: tmp };
  });
  const failures: string[] = [];
  try {
    for (let r = -1; r < rounds; r++) {
      for (let k = 0; k < builds.length; k++) {
        const at = (k + Math.max(r, 0)) % builds.length;
        const b = builds[at];
        const run = await runChild({ script: b.script, env: envs[at], inputPath, outputPath: join(dir, "out"), rssPath: join(dir, "rss.json"), timeoutMs });
        if (run.exitCode !== 0) failures.push(`${b.label}: ${run.timedOut ? "timed out" : `exit ${run.exitCode}`}`);
        if (r >= 0) cpuMs.get(b.label)?.push(run.cpuMs ?? Number.NaN);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { cpuMs, failures };
}

/** One row per build: median and range of CPU ms, and the median per-round ratio to the first build. */
export function comparisonTable(result: StartupComparison): string {
  const labels = [...result.cpuMs.keys()];
  const first = result.cpuMs.get(labels[0]) ?? [];
  const width = Math.max(...labels.map((l) => l.length));
  return labels
    .map((label) => {
      const ms = result.cpuMs.get(label) ?? [];
      const ratio = median(ms.map((v, i) => v / first[i]));
      return `  ${label.padEnd(width)} ${median(ms).toFixed(0).padStart(6)} ms  (${Math.min(...ms).toFixed(0)}-${Math.max(...ms).toFixed(0)})  / ${labels[0]}: ${ratio.toFixed(2)}`;
    })
    .concat(result.failures.length ? [`  FAILED runs: ${result.failures.join(", ")}`] : [])
    .join("\n");
}

/** `LABEL=SCRIPT` arguments as builds, or the message for the first malformed or repeated one. */
export function parseBuilds(args: string[]): StartupBuild[] | string {
  const builds: StartupBuild[] = [];
  for (const a of args) {
    const eq = a.indexOf("=");
    if (eq <= 0 || eq === a.length - 1) return `startup-compare: expected LABEL=SCRIPT, got ${JSON.stringify(a)}`;
    const label = a.slice(0, eq);
    if (builds.some((b) => b.label === label)) return `startup-compare: label ${JSON.stringify(label)} given twice`;
    builds.push({ label, script: a.slice(eq + 1) });
  }
  return builds.length >= 2 ? builds : "startup-compare: give two or more LABEL=SCRIPT";
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { runs: { type: "string", default: "20" }, input: { type: "string" } } });
  const rounds = Number(values.runs);
  const builds = parseBuilds(positionals);
  if (!Number.isInteger(rounds) || rounds < 1 || typeof builds === "string") {
    process.stderr.write(`${typeof builds === "string" ? builds : "startup-compare: --runs takes a positive integer"}\n${usage}`);
    return 2;
  }
  let inputPath = values.input;
  const dir = inputPath === undefined ? mkdtempSync(join(tmpdir(), "kmutate-startup-input-")) : undefined;
  try {
    if (dir !== undefined) writeFileSync((inputPath = join(dir, "empty.yaml")), emptyList);
    const result = await compareStartup(builds, inputPath ?? "", rounds);
    const what = values.input === undefined ? "Empty ResourceList" : values.input;
    process.stdout.write(`${what}, CPU (user+sys) over ${rounds} rotating rounds, median (range):\n${comparisonTable(result)}\n  load average at end: ${loadavg().map((l) => l.toFixed(1)).join(" ")}\n`);
    return result.failures.length ? 1 : 0;
  } finally {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = await main(process.argv.slice(2));
