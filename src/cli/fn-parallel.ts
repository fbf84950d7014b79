// Parallel admission of large lists in fn mode: the serial pre-pass (krm cutSlices, then
// planParallel), one worker thread per slice, sent its slice as soon as it is cut and the run's
// context after the pre-pass, the merge in item order; any slice that cannot be proven to give
// what the serial run gives sends the whole run back to the serial path.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import type * as WorkerThreads from "node:worker_threads";
import { timed, type PhaseHook } from "../data/index.js";
import { admitSlice, cutSlices, firstCharOf, joinText, mergeSlices, planParallel, type FunctionRun, type HandedText, type RunPhase, type SliceContext, type SliceOutcome, type SliceText } from "../krm/index.js";

/**
 * Smallest input admitted in parallel by default, in bytes: below it, starting workers costs more
 * than they save (docs/performance.md).
 */
export const defaultParallelMinBytes = 64 * 1024 * 1024;

/** How a run is spread over threads. */
export interface ParallelSettings {
  /** Threads that admit slices of a large list (the main thread and workers); 1 = serial. */
  workers: number;
  /** Smallest input in bytes admitted in parallel. */
  minBytes: number;
}

/**
 * Threads when `KMUTATE_WORKERS` is unset: one. On the two-core machine measured, two threads took
 * 1.4-1.5 times the CPU and 1.8 times the peak memory of the serial run for about its wall time
 * (94 and 188 MB lists; docs/performance.md, "Parallel admission").
 */
export const defaultWorkers = 1;

/**
 * The settings from env `KMUTATE_WORKERS` (a whole number ≥ 1; unset or empty:
 * {@link defaultWorkers}), or the one-line error for another value.
 */
export function parallelSettings(env: Readonly<Record<string, string | undefined>>): { ok: true; settings: ParallelSettings } | { ok: false; error: string } {
  const v = env.KMUTATE_WORKERS;
  if (v === undefined || v === "") return { ok: true, settings: { workers: defaultWorkers, minBytes: defaultParallelMinBytes } };
  if (!/^[1-9][0-9]{0,3}$/.test(v)) return { ok: false, error: `kmutate: KMUTATE_WORKERS=${JSON.stringify(v)} is not a number of worker threads: expected a whole number from 1 to 9999\n` };
  return { ok: true, settings: { workers: Number(v), minBytes: defaultParallelMinBytes } };
}

/** What the parallel path gave: the run, or the input for the serial path (as handed over, or joined into one string). */
export type ParallelOutcome = { run: FunctionRun } | { serial: HandedText | string; reason: string };

/**
 * Runs the function on the input in worker threads when it is large enough and the pre-pass
 * finds it can be cut into slices; otherwise (or when a slice falls back) hands it on.
 */
export async function runParallel(input: HandedText, settings: ParallelSettings, quiet: boolean, onPhase?: PhaseHook<RunPhase>): Promise<ParallelOutcome> {
  const d = input.decoded;
  if (settings.workers < 2 || d === undefined || input.bytes < settings.minBytes) return { serial: input, reason: "below the threshold" };
  if (!d.ok) return { serial: input, reason: "not text" };
  // JSON is never cut into slices (see cutSlices): the serial run reads its pieces unjoined.
  const first = firstCharOf(d.text);
  if (first === "{" || first === "[") return { serial: input, reason: "not block YAML" };
  // Started before the pre-pass, so that loading kmutate in the workers overlaps it; stopped if
  // the run turns out to be serial.
  const workers = Array.from({ length: settings.workers - 1 }, startWorker);
  const serial = (rest: string, reason: string): ParallelOutcome => {
    for (const w of workers) w.stop();
    return { serial: rest, reason };
  };
  input.decoded = undefined;
  const text = joinText(d.text);
  // Only the pre-pass and the merge are timed: the workers' phases overlap.
  const slices = timed("parse", onPhase, cutSlices)(text, settings.workers);
  if ("serial" in slices) return serial(text, slices.serial);
  // Each worker reads its slice while the main thread reads the shared items and prepares the run.
  const others = slices.slices.slice(1);
  for (const w of workers.slice(others.length)) w.stop();
  const busy = others.map((slice, i) => workers[i].read(slice));
  const plan = timed("parse", onPhase, planParallel)(slices);
  if ("serial" in plan) return serial(text, plan.serial);
  const outcomes = busy.map((w) => w.admit(plan.context));
  // The main thread admits the first slice itself while the workers admit the others.
  const own = admitSlice(plan.slices[0], plan.context);
  const run = timed("serialise", onPhase, mergeSlices)(plan, [own, ...(await Promise.all(outcomes))], quiet);
  if ("serial" in run) return { serial: text, reason: run.serial };
  return { run };
}

/** The worker script: the bundled one beside the bin, else tsc's module. */
function workerUrl(): URL {
  const bundled = new URL("./kmutate-worker.js", import.meta.url);
  return existsSync(bundled) ? bundled : new URL("./fn-worker.js", import.meta.url);
}

let threads: typeof WorkerThreads | undefined;
/** node:worker_threads, required on the first parallel run: loading it took 2.6 ms of every start. */
function workerThreads(): typeof WorkerThreads {
  return (threads ??= createRequire(import.meta.url)("node:worker_threads") as typeof WorkerThreads);
}

/** A worker thread that admits the one slice it is sent. */
interface SliceWorker {
  /** Sends the slice, which the thread reads at once. */
  read(slice: SliceText): { admit(context: SliceContext): Promise<SliceOutcome> };
  /** Ends a thread that will not be sent a slice, or whose run turned out serial. */
  stop(): void;
}

/** Starts a worker thread, which waits for its slice and the run's context (fn-worker.ts). */
function startWorker(): SliceWorker {
  const worker = new (workerThreads().Worker)(workerUrl());
  let outcome: SliceOutcome | undefined;
  const exited = new Promise<SliceOutcome>((resolve) => {
    worker.once("message", (m: SliceOutcome) => {
      outcome = m;
    });
    worker.once("error", (e) => {
      outcome ??= { kind: "fallback", reason: `a worker failed: ${e.message}` };
    });
    worker.once("exit", (code) => resolve(outcome ?? { kind: "fallback", reason: `a worker exited with code ${code}` }));
  });
  return {
    read(slice) {
      worker.postMessage({ slice });
      return {
        admit(context) {
          worker.postMessage({ context });
          return exited;
        },
      };
    },
    stop() {
      void worker.terminate();
    },
  };
}
