// Command-line options of the benchmark runner (`npm run bench -- [flags]`).
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";

/** One workload size to measure. */
export interface BenchConfig {
  objects: number;
  policies: number;
  /** Timed baseline/kmutate pairs. */
  runs: number;
}

/** Parsed runner options. */
export interface RunOptions {
  configs: BenchConfig[];
  /** Built kmutate bin. Default: dist/src/cli/kmutate.cjs. */
  bin: string;
  /** Built baseline script. Default: dist/bench/passthrough.js. */
  baseline: string;
  /** Workload seed. Default: 1. */
  seed: number;
  /** Keep the temp dir with inputs and outputs. Default: false. */
  keep: boolean;
  /** Skip the CEL engine comparison. Default: false. */
  skipCel: boolean;
  /** Whether --full was given (also passed to the CEL comparison). Default: false. */
  full: boolean;
  /** Write raw measurements as JSON here. Default: none. */
  jsonOut: string | undefined;
  /**
   * Stop adding pairs to a configuration once its pairs took this long (at least one pair runs).
   * Default: 45 s, or unlimited with --full or --runs.
   */
  budgetSeconds: number;
  /** Kill a child after this many seconds and report the run as timed out. Default: 120, --full 900. */
  timeoutSeconds: number;
  /** Rounds of the start-up measurement (node, modular bin, bundle on an empty list). Default: 10. */
  startupRounds: number;
  /**
   * Node binaries every child runs with (`--node PATH`, repeatable): each workload's pairs and
   * the start-up rounds interleave them, and the report has one section per binary. Default: the
   * node running the benchmark.
   */
  nodes: string[];
}

/** Help text. */
export const usage = `Usage: node dist/bench/run.js [--full] [--objects N,...] [--policies P,...] [--runs R]
                        [--budget SECONDS] [--timeout SECONDS] [--seed S] [--bin PATH] [--baseline PATH] [--keep]
                        [--skip-cel] [--json-out FILE] [--startup-runs N] [--node PATH ...]
Times the kmutate bin against a js-yaml passthrough on generated ResourceLists (pairs alternate
baseline, kmutate), and prints wall time, peak RSS, ratios, per-phase times and the CEL comparison.
Default set: 1k and 10k objects x 10 and 100 policies, plus 50k x 10 (one pair). --full: every
combination of 1k/10k/50k x 10/100. Default runs: 5 pairs at 1k, 3 at 10k, 1 at 50k (--full: 7/5/3);
without --full or --runs a configuration stops adding pairs after --budget seconds (default 45).
A child still running after --timeout seconds (default 120, --full 900) is killed and reported.
Start-up: --startup-runs rounds (default 10) of node, the modular bin and the bundle on an empty list
(and the bundle with a cold compile cache, Node >= 22.1). --node PATH (repeatable) runs every child
with that node binary (default: the one running this), interleaved, and reports each one apart.`;

const defaultSet: readonly (readonly [number, number])[] = [
  [1000, 10],
  [1000, 100],
  [10000, 10],
  [10000, 100],
  [50000, 10],
];

function defaultRuns(objects: number, full: boolean): number {
  if (objects <= 1000) return full ? 7 : 5;
  if (objects <= 10000) return full ? 5 : 3;
  return full ? 3 : 1;
}

function intList(text: string, flag: string): number[] | string {
  const values = text.split(",").map((s) => Number(s.trim().replace(/k$/i, "000")));
  if (values.some((v) => !Number.isInteger(v) || v < 0)) return `${flag} takes comma-separated non-negative integers`;
  return values;
}

/** Parses argv; returns the options or an error message. */
export function parseRunOptions(argv: string[]): RunOptions | string {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        full: { type: "boolean", default: false },
        objects: { type: "string" },
        policies: { type: "string" },
        runs: { type: "string" },
        budget: { type: "string" },
        timeout: { type: "string" },
        seed: { type: "string", default: "1" },
        bin: { type: "string" },
        baseline: { type: "string" },
        keep: { type: "boolean", default: false },
        "skip-cel": { type: "boolean", default: false },
        "json-out": { type: "string" },
        "startup-runs": { type: "string", default: "10" },
        node: { type: "string", multiple: true },
        help: { type: "boolean", default: false },
      },
    }));
  } catch (err) {
    return (err as Error).message;
  }
  if (values.help) return usage;
  const full = values.full;
  let pairs: (readonly [number, number])[];
  if (values.objects || values.policies || full) {
    const objects = intList(values.objects ?? "1000,10000,50000", "--objects");
    const policies = intList(values.policies ?? "10,100", "--policies");
    if (typeof objects === "string") return objects;
    if (typeof policies === "string") return policies;
    pairs = objects.flatMap((n) => policies.map((p) => [n, p] as const));
  } else {
    pairs = [...defaultSet];
  }
  let runs: number | undefined;
  if (values.runs !== undefined) {
    runs = Number(values.runs);
    if (!Number.isInteger(runs) || runs < 1) return "--runs takes a positive integer";
  }
  let budgetSeconds = full || runs !== undefined ? Number.POSITIVE_INFINITY : 45;
  if (values.budget !== undefined) {
    budgetSeconds = Number(values.budget);
    if (!(budgetSeconds > 0)) return "--budget takes a positive number of seconds";
  }
  let timeoutSeconds = full ? 900 : 120;
  if (values.timeout !== undefined) {
    timeoutSeconds = Number(values.timeout);
    if (!(timeoutSeconds > 0)) return "--timeout takes a positive number of seconds";
  }
  const startupRounds = Number(values["startup-runs"]);
  if (!Number.isInteger(startupRounds) || startupRounds < 1) return "--startup-runs takes a positive integer";
  const seed = Number(values.seed);
  if (!Number.isInteger(seed)) return "--seed takes an integer";
  return {
    configs: pairs.map(([objects, policies]) => ({ objects, policies, runs: runs ?? defaultRuns(objects, full) })),
    bin: values.bin ?? fileURLToPath(new URL("../src/cli/kmutate.cjs", import.meta.url)),
    baseline: values.baseline ?? fileURLToPath(new URL("./passthrough.js", import.meta.url)),
    seed,
    keep: values.keep,
    skipCel: values["skip-cel"],
    full,
    jsonOut: values["json-out"],
    budgetSeconds,
    timeoutSeconds,
    startupRounds,
    nodes: values.node ?? [process.execPath],
  };
}
