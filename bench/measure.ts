// Runs one benchmark child (baseline or kmutate) on an input file and measures its wall time,
// peak RSS and CPU time (via the rss-preload module) and, when the child writes them, its phase times.
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { closeSync, existsSync, openSync, readFileSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The phases kmutate reports when run with KMUTATE_PHASE_TIMES=<file>. */
export const phaseNames = ["parse", "match", "cel", "patch", "serialise"] as const satisfies readonly string[];

/** Milliseconds per phase. */
export type PhaseTimes = Record<(typeof phaseNames)[number], number>;

/** What to run. */
export interface ChildSpec {
  /** The Node script (a built `.js` file). */
  script: string;
  /** Arguments after the script. Default: none. */
  args?: string[];
  /** File fed to stdin. */
  inputPath: string;
  /** File receiving stdout (overwritten). */
  outputPath: string;
  /** Scratch file for the RSS report (overwritten). */
  rssPath: string;
  /** If set, passed as KMUTATE_PHASE_TIMES and read back after the run. Default: unset. */
  phasePath?: string;
  /** Kill the child (SIGKILL) after this many ms. Default: no limit. */
  timeoutMs?: number;
  /** The node binary to run the script with. Default: the one running this process. */
  node?: string;
  /** Node options before the script (e.g. `--max-semi-space-size=8`). Default: none. */
  nodeArgs?: string[];
  /** Environment variables set (a string) or removed (undefined) for the child. Default: none. */
  env?: Record<string, string | undefined>;
}

/** One measured run. */
export interface ChildRun {
  wallMs: number;
  /** Peak RSS in KiB, or undefined if the child did not report it (killed, crashed early). */
  maxRssKiB: number | undefined;
  /** User + system CPU time in ms (less sensitive to machine load than wall time), or undefined. */
  cpuMs: number | undefined;
  exitCode: number;
  /** The first 2,000 characters of stderr. */
  stderr: string;
  /** Phase times if the child wrote them. */
  phases: PhaseTimes | undefined;
  /** The child was killed at the timeout: `wallMs` is then a lower bound. */
  timedOut: boolean;
}

const preload = fileURLToPath(new URL("./rss-preload.cjs", import.meta.url));
const running = new Set<ChildProcess>();

/** Kills (SIGKILL) every child still running; for the runner's signal handlers. */
export function killRunningChildren(): void {
  for (const child of running) child.kill("SIGKILL");
}

/** The preload module's path (it must exist for RSS figures). */
export const rssPreloadPath: string = preload;

function readJson(path: string): unknown {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, "utf8")) as unknown;
  } catch {
    return undefined;
  }
}

function asPhases(value: unknown): PhaseTimes | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const out = {} as PhaseTimes;
  for (const name of phaseNames) {
    const v = record[name];
    if (typeof v !== "number" || !Number.isFinite(v)) return undefined;
    out[name] = v;
  }
  return out;
}

/** Runs the child to completion and measures it. Rejects only if the process cannot be spawned. */
export async function runChild(spec: ChildSpec): Promise<ChildRun> {
  rmSync(spec.rssPath, { force: true });
  if (spec.phasePath) rmSync(spec.phasePath, { force: true });
  const env: NodeJS.ProcessEnv = { ...process.env, KMUTATE_BENCH_RSS_FILE: spec.rssPath };
  delete env.KMUTATE_PHASE_TIMES;
  if (spec.phasePath) env.KMUTATE_PHASE_TIMES = spec.phasePath;
  for (const [name, value] of Object.entries(spec.env ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  const stdin = openSync(spec.inputPath, "r");
  const stdout = openSync(spec.outputPath, "w");
  try {
    const started = performance.now();
    let timedOut = false;
    const { code, stderr } = await new Promise<{ code: number; stderr: string }>((resolve, reject) => {
      const child = spawn(spec.node ?? process.execPath, [...(spec.nodeArgs ?? []), "--require", preload, spec.script, ...(spec.args ?? [])], {
        stdio: [stdin, stdout, "pipe"],
        env,
      });
      running.add(child);
      const timer =
        spec.timeoutMs === undefined
          ? undefined
          : setTimeout(() => {
              timedOut = true;
              child.kill("SIGKILL");
            }, spec.timeoutMs);
      let err = "";
      child.stderr?.setEncoding("utf8").on("data", (d: string) => {
        if (err.length < 2000) err += d;
      });
      child.on("error", (e) => {
        clearTimeout(timer);
        running.delete(child);
        reject(e);
      });
      child.on("close", (c, signal) => {
        clearTimeout(timer);
        running.delete(child);
        resolve({ code: c ?? (signal ? 128 : -1), stderr: err.slice(0, 2000) });
      });
    });
    const wallMs = performance.now() - started;
    const usage = readJson(spec.rssPath) as { maxRssKiB?: unknown; cpuUs?: unknown } | undefined;
    const maxRssKiB = typeof usage?.maxRssKiB === "number" ? usage.maxRssKiB : undefined;
    const cpuMs = typeof usage?.cpuUs === "number" ? usage.cpuUs / 1000 : undefined;
    const phases = spec.phasePath ? asPhases(readJson(spec.phasePath)) : undefined;
    return { wallMs, maxRssKiB, cpuMs, exitCode: code, stderr, phases, timedOut };
  } finally {
    closeSync(stdin);
    closeSync(stdout);
  }
}
