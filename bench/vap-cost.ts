// The ValidatingAdmissionPolicy stage's cost (issue 18): times the kmutate bin on one workload
// without and with V VAPs, in alternating pairs, and prints the CPU and wall ratios and phases.
// Usage: node dist/bench/vap-cost.js [--objects N] [--policies P] [--vaps V] [--runs R] [--seed S] [--bin PATH]
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { checkOutput } from "./check-output.js";
import { phaseNames, rssPreloadPath, runChild, type ChildRun } from "./measure.js";
import { median, pairRatios } from "./stats.js";
import { generateWorkload, serialiseResourceList } from "./workload.js";

/** Issue 18's target: the VAP stage adds at most this fraction at 10k objects x 10 VAPs. */
export const vapTargetRatio = 1.15;

const usage = `Usage: node dist/bench/vap-cost.js [--objects N] [--policies P] [--vaps V] [--runs R] [--seed S] [--bin PATH]
Runs the kmutate bin on the same generated workload (N objects, P MutatingAdmissionPolicies;
defaults 10000, 10) without and with V ValidatingAdmissionPolicies (default 10), R pairs (default 5)
in alternating order, and prints the median ratio with/without of CPU and wall time (target <= ${vapTargetRatio}).`;

interface Options {
  objects: number;
  policies: number;
  vaps: number;
  runs: number;
  seed: number;
  bin: string;
}

function parse(argv: string[]): Options | string {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        objects: { type: "string", default: "10000" },
        policies: { type: "string", default: "10" },
        vaps: { type: "string", default: "10" },
        runs: { type: "string", default: "5" },
        seed: { type: "string", default: "1" },
        bin: { type: "string", default: fileURLToPath(new URL("../src/cli/kmutate.cjs", import.meta.url)) },
        help: { type: "boolean", default: false },
      },
    }));
  } catch (err) {
    return `${(err as Error).message}\n${usage}`;
  }
  if (values.help) return usage;
  const num = (text: string): number => Number(text.replace(/k$/i, "000"));
  const options = { objects: num(values.objects), policies: num(values.policies), vaps: num(values.vaps), runs: num(values.runs), seed: num(values.seed), bin: values.bin };
  for (const key of ["objects", "policies", "vaps", "runs", "seed"] as const) {
    if (!Number.isInteger(options[key]) || options[key] < 0) return `--${key} takes a non-negative integer\n${usage}`;
  }
  if (options.runs < 1 || options.vaps < 1) return `--runs and --vaps must be at least 1\n${usage}`;
  return options;
}

const log = (line: string): void => void process.stderr.write(line + "\n");
const fmt = (n: number, digits = 0): string => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");
const cpu = (runs: ChildRun[]): number[] => runs.map((r) => r.cpuMs ?? Number.NaN);
const wall = (runs: ChildRun[]): number[] => runs.map((r) => r.wallMs);

function phaseLine(name: string, runs: ChildRun[]): string {
  const cells = phaseNames.map((p) => `${p} ${fmt(median(runs.map((r) => r.phases?.[p] ?? Number.NaN)))}`);
  return `  ${name.padEnd(12)} ${cells.join(", ")}`;
}

/** Runs the comparison; returns the exit code (1 if a run failed or an output is wrong). */
export async function main(argv: string[]): Promise<number> {
  const options = parse(argv);
  if (typeof options === "string") {
    const isHelp = options === usage;
    (isHelp ? process.stdout : process.stderr).write(options + "\n");
    return isHelp ? 0 : 2;
  }
  if (!existsSync(options.bin) || !existsSync(rssPreloadPath)) {
    process.stderr.write(`vap-cost: ${options.bin} or the RSS preload is missing (npm run build)\n`);
    return 1;
  }
  const dir = mkdtempSync(join(tmpdir(), "kmutate-vap-cost-"));
  const inputs = { without: join(dir, "without.yaml"), with: join(dir, "with.yaml") };
  const { objects, policies, vaps, seed } = options;
  writeFileSync(inputs.without, serialiseResourceList(generateWorkload({ objects, policies, seed }).list, "yaml"));
  writeFileSync(inputs.with, serialiseResourceList(generateWorkload({ objects, policies, vaps, seed }).list, "yaml"));
  const runs: Record<"without" | "with", ChildRun[]> = { without: [], with: [] };
  const once = async (which: "without" | "with"): Promise<ChildRun> => {
    const run = await runChild({
      script: options.bin, inputPath: inputs[which], outputPath: join(dir, `out-${which}.yaml`), rssPath: join(dir, "rss.json"), phasePath: join(dir, "phases.json"),
    });
    if (run.exitCode !== 0) log(`  ${which} VAPs: exit ${run.exitCode}: ${run.stderr.trim().split("\n")[0] ?? ""}`);
    return run;
  };
  const command = `node dist/bench/vap-cost.js ${argv.join(" ")}`.trim();
  process.stdout.write(`command: ${command}\nload average at start: ${loadavg().map((l) => l.toFixed(1)).join(" ")}\n`);
  try {
    await once("without"); // warm the file cache and Node's compile cache
    for (let r = 0; r < options.runs; r++) {
      // Alternate which side goes first so load drifting during a pair cancels.
      const order: ("without" | "with")[] = r % 2 === 0 ? ["without", "with"] : ["with", "without"];
      for (const which of order) runs[which].push(await once(which));
      log(`  pair ${r + 1}/${options.runs}: without ${fmt(runs.without[r].cpuMs ?? Number.NaN)} ms CPU, with ${fmt(runs.with[r].cpuMs ?? Number.NaN)} ms CPU`);
    }
    const checks = { without: checkOutput(inputs.without, join(dir, "out-without.yaml")), with: checkOutput(inputs.with, join(dir, "out-with.yaml")) };
    const failed = [...runs.without, ...runs.with].some((r) => r.exitCode !== 0) || checks.with.problem !== "" || checks.with.errorResults > 0 || checks.without.problem !== "";
    const cpuRatio = median(pairRatios(cpu(runs.without), cpu(runs.with)));
    const wallRatio = median(pairRatios(wall(runs.without), wall(runs.with)));
    process.stdout.write(
      [
        `${objects} objects x ${policies} MAPs, without and with ${vaps} VAPs, ${options.runs} pairs`,
        `  CPU (user+sys) median ms: without ${fmt(median(cpu(runs.without)))}, with ${fmt(median(cpu(runs.with)))}; ratio ${fmt(cpuRatio, 3)}`,
        `  wall median ms:           without ${fmt(median(wall(runs.without)))}, with ${fmt(median(wall(runs.with)))}; ratio ${fmt(wallRatio, 3)}`,
        "phases (median ms):",
        phaseLine("without VAPs", runs.without),
        phaseLine("with VAPs", runs.with),
        `output with VAPs: ${checks.with.problem || "every item"}, ${checks.with.errorResults} error results`,
        `target (issue 18): CPU ratio <= ${vapTargetRatio}: ${cpuRatio <= vapTargetRatio ? "met" : "NOT met"}`,
        `load average at end: ${loadavg().map((l) => l.toFixed(1)).join(" ")}`,
        "",
      ].join("\n"),
    );
    return failed ? 1 : 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = await main(process.argv.slice(2));
