// `kmutate` / `kmutate fn`: the KRM function (ResourceList on stdin → ResourceList on stdout).
import type { Command } from "commander";
import { runFunction, type Admitter } from "../krm/index.js";
import { writeChunks, writeText, type CliIo } from "./io.js";
import { readAtMost, stdinIsTerminal, stdinOf } from "./read-stdin.js";
import { FN_HELP } from "./help-text.js";
import { resultLine } from "./result-line.js";
import { progressLine } from "./progress.js";
import { phaseTotals, type PhaseTimes } from "./phase-times.js";
import { BYTE_COUNT_FORM, parseByteCount } from "./util-byte-count.js";
import { fnSideInputs } from "./side-inputs.js";
import { parallelSettings, runParallel } from "./fn-parallel.js";
import { collectGarbage } from "./util-collect-garbage.js";
import { newSpaceCap, youngGenerationCap } from "./young-generation.js";
import { optimisersOffForSmallInput } from "./small-input.js";
import { delayTierUp } from "./tier-up.js";
import { uptimeMs } from "./uptime.js";
import { writeFileSync } from "node:fs";
import { getHeapStatistics } from "node:v8";

/** Options of `kmutate fn`. */
export interface FnOptions {
  /** Leave out `info` results (mutations and the summary). Default: false. */
  quiet?: boolean;
}

/**
 * Input size from which a full garbage collection follows the release of the input text (JSON):
 * at 20k objects (26.4 MB) it lowered the peak RSS by 30 MB for ~50 ms of CPU; at 10k (13.3 MB),
 * once the young generation was kept small (young-generation.ts), 125 → 110 MB for no more CPU.
 */
const collectAfterBytes = 8 * 1024 * 1024;

/** Largest default limit of the fn-mode input: 256 MiB. */
export const defaultMaxInputBytes = 256 * 1024 * 1024;

/**
 * JavaScript heap one input byte may need, at most, beyond {@link heapReserve}: the bench's lists
 * with policies needed (heap limit − 32 MiB) / input between 5.2 and 6.0 as JSON at 10k objects,
 * 4.2–5.4 as YAML, at most 4.0 and 4.2 at 50k (docs/performance.md#memory); 7 leaves a margin.
 */
export const heapBytesPerInputByte = 7;
/** Heap kept for kmutate itself (code, schemas, compiled policies) before input is counted. */
const heapReserve = 32 * 1024 * 1024;

/**
 * The default input limit for a heap limit (`v8.getHeapStatistics().heap_size_limit`): what fits
 * at {@link heapBytesPerInputByte}, at most {@link defaultMaxInputBytes}.
 */
export function heapInputLimit(heapLimit: number): number {
  return Math.min(defaultMaxInputBytes, Math.max(0, Math.floor((heapLimit - heapReserve) / heapBytesPerInputByte)));
}

type InputLimit = { ok: true; max: number; tooLarge: string } | { ok: false; error: string };

/**
 * The input limit and the line printed past it: env `KMUTATE_MAX_INPUT_BYTES` (see
 * {@link parseByteCount}); unset or empty, the limit follows the heap ({@link heapInputLimit}).
 * A value of another form is the one-line error.
 */
function maxInputBytes(): InputLimit {
  const v = process.env.KMUTATE_MAX_INPUT_BYTES;
  const set = (max: number): InputLimit => ({ ok: true, max, tooLarge: `kmutate: stdin: the input is larger than the limit of ${max} bytes (set KMUTATE_MAX_INPUT_BYTES to change it)\n` });
  if (v === undefined || v === "") {
    const heap = getHeapStatistics().heap_size_limit;
    const max = heapInputLimit(heap);
    if (max === defaultMaxInputBytes) return set(max);
    const mib = Math.floor(heap / 1048576);
    return {
      ok: true,
      max,
      tooLarge: `kmutate: stdin: the input is larger than the limit of ${max} bytes that a JavaScript heap of ${mib} MiB can hold: give node ${heapBytesPerInputByte} MiB of heap per MB of input (NODE_OPTIONS=--max-old-space-size=MiB) or set KMUTATE_MAX_INPUT_BYTES\n`,
    };
  }
  const max = parseByteCount(v);
  if (max !== undefined) return set(max);
  return { ok: false, error: `kmutate: KMUTATE_MAX_INPUT_BYTES=${JSON.stringify(v)} is not a byte count: expected ${BYTE_COUNT_FORM}\n` };
}

/**
 * Runs the KRM function on stdin; returns the exit code (1 if any error result or bad input). On
 * exit 1 every error result is also written to stderr, one line each.
 */
export async function fnCommand(io: CliIo, admit?: Admitter, opts: FnOptions = {}): Promise<number> {
  if (stdinIsTerminal(io)) {
    await writeText(io.stderr, "kmutate: expected a ResourceList on stdin (pipe one in, or see kmutate --help)\n");
    return 1;
  }
  // Benchmarks ask for per-phase times (bench/README.md); the file is written after the run.
  const phaseFile = process.env.KMUTATE_PHASE_TIMES;
  const phases = phaseFile ? phaseTotals() : undefined;
  const limit = maxInputBytes();
  if (!limit.ok) {
    await writeText(io.stderr, limit.error);
    return 1;
  }
  const parallel = parallelSettings(io.env ?? process.env);
  if (!parallel.ok) {
    await writeText(io.stderr, parallel.error);
    return 1;
  }
  const max = limit.max;
  // JSON's text pieces survive in the young generation's large-object space while stdin is read,
  // which makes V8 grow it: the cap looks from the first chunk on, for the size known so far.
  let inputBytes: number | undefined;
  const youngGeneration = youngGenerationCap(() => newSpaceCap(inputBytes), io.beforeV8Flag);
  const input = await readAtMost(stdinOf(io), max, (knownBytes) => {
    if (io.tuneV8 === true) inputBytes = knownBytes;
    youngGeneration();
  });
  if (!input.ok) {
    await writeText(io.stderr, limit.tooLarge);
    return 1;
  }
  // V8 flags for the input's size: the optimising compilers off below 1 MiB until the run has
  // taken a second (small-input.ts), a later tier-up above it (tier-up.ts), a smaller young
  // generation below 8 MiB (young-generation.ts).
  let optimisersBack: (() => void) | undefined;
  if (io.tuneV8 === true) {
    inputBytes = input.handed.bytes;
    optimisersBack = optimisersOffForSmallInput(inputBytes);
    delayTierUp(inputBytes);
  }
  const progress = progressLine(io.stderr, io.now);
  // Large lists are admitted by worker threads when that gives exactly the serial run's output.
  const quiet = opts.quiet === true;
  const par = admit === undefined ? await runParallel(input.handed, parallel.settings, quiet, phases?.hook) : undefined;
  // Handed over: runFunction empties the box, so that the text can be freed once read.
  const run = par && "run" in par ? par.run : runFunction(par?.serial ?? input.handed, admit, {
    sideInputs: fnSideInputs,
    onPhase: phases?.hook,
    quiet,
    standInItems: true,
    clock: uptimeMs,
    progress: (done, total) => {
      youngGeneration();
      optimisersBack?.();
      progress.update("admitting", done, total);
    },
    onReading: youngGeneration,
    // A large JSON text dropped after parsing would stay resident (see collectGarbage).
    ...(input.handed.bytes >= collectAfterBytes ? { onTextReleased: collectGarbage } : {}),
  });
  progress.end();
  if (phaseFile && phases) writePhaseTimes(phaseFile, phases.totals());
  await writeChunks(io.stdout, calling(run.chunks, youngGeneration));
  // The run is over: a run that writes its code cache leaves V8's flags as it found them.
  if (io.beforeV8Flag !== undefined) youngGeneration.lift();
  // Orchestrators that drop the ResourceList's results on failure (kustomize, Argo CD) still show why.
  const errors = run.exitCode === 1 ? run.results.filter((r) => r.severity === "error").map(resultLine).join("") : "";
  await writeText(io.stderr, run.stderr + errors);
  return run.exitCode;
}

/** Writes the phase times as JSON (`{"parse":ms,…}`); a diagnostics aid, so failures are ignored. */
function writePhaseTimes(path: string, times: PhaseTimes): void {
  try {
    writeFileSync(path, JSON.stringify(times) + "\n");
  } catch {
    // the run's output matters more than its timing
  }
}

/** Registers `kmutate fn`, the default command. */
export function registerFn(program: Command, io: CliIo, done: (code: number) => void): void {
  program
    .command("fn", { isDefault: true })
    .summary("run as a KRM function (the default): ResourceList on stdin, ResourceList on stdout")
    .description("Run as a KRM function: read a ResourceList on stdin, apply the MutatingAdmissionPolicies among its items, write the ResourceList on stdout.")
    .option("-q, --quiet", "leave out info results (which invocations changed how many objects, the summary)")
    .addHelpText("after", FN_HELP)
    .action(async (opts: FnOptions) => done(await fnCommand(io, undefined, opts)));
}

/** `pieces`, calling `f` before each. */
function* calling<T>(pieces: Iterable<T>, f: () => void): Iterable<T> {
  for (const p of pieces) {
    f();
    yield p;
  }
}
