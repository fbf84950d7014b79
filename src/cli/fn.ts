// `kmutate` / `kmutate fn`: the KRM function (ResourceList on stdin → ResourceList on stdout).
import type { Command } from "commander";
import { runFunction, type Admitter } from "../krm/index.js";
import { readAtMost, writeText, type CliIo } from "./io.js";
import { FN_HELP } from "./help-text.js";
import { resultLine } from "./result-line.js";
import { progressLine } from "./progress.js";
import { phaseTotals, type PhaseTimes } from "./phase-times.js";
import { BYTE_COUNT_FORM, parseByteCount } from "./util-byte-count.js";
import { fnSideInputs } from "./side-inputs.js";
import { writeFileSync } from "node:fs";

/** Options of `kmutate fn`. */
export interface FnOptions {
  /** Leave out `info` results (per-object and the summary). Default: false. */
  quiet?: boolean;
}

/** Default limit of the fn-mode input: 256 MiB. */
export const defaultMaxInputBytes = 256 * 1024 * 1024;

/**
 * The input limit: env `KMUTATE_MAX_INPUT_BYTES` (see {@link parseByteCount}; unset or empty: the
 * default), or the one-line error for a value of another form.
 */
function maxInputBytes(): { ok: true; max: number } | { ok: false; error: string } {
  const v = process.env.KMUTATE_MAX_INPUT_BYTES;
  if (v === undefined || v === "") return { ok: true, max: defaultMaxInputBytes };
  const max = parseByteCount(v);
  if (max !== undefined) return { ok: true, max };
  return { ok: false, error: `kmutate: KMUTATE_MAX_INPUT_BYTES=${JSON.stringify(v)} is not a byte count: expected ${BYTE_COUNT_FORM}\n` };
}

/**
 * Runs the KRM function on stdin; returns the exit code (1 if any error result or bad input). On
 * exit 1 every error result is also written to stderr, one line each.
 */
export async function fnCommand(io: CliIo, admit?: Admitter, opts: FnOptions = {}): Promise<number> {
  if (io.stdin.isTTY) {
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
  const max = limit.max;
  const input = await readAtMost(io.stdin, max);
  if (!input.ok) {
    await writeText(io.stderr, `kmutate: stdin: the input is larger than the limit of ${max} bytes (set KMUTATE_MAX_INPUT_BYTES to change it)\n`);
    return 1;
  }
  const progress = progressLine(io.stderr, io.now);
  const run = runFunction(input.bytes, admit, {
    sideInputs: fnSideInputs,
    onPhase: phases?.hook,
    quiet: opts.quiet === true,
    progress: (done, total) => progress.update("admitting", done, total),
  });
  progress.end();
  if (phaseFile && phases) writePhaseTimes(phaseFile, phases.totals());
  await writeText(io.stdout, run.stdout);
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
    .option("-q, --quiet", "leave out info results (which invocations changed each object, the summary)")
    .addHelpText("after", FN_HELP)
    .action(async (opts: FnOptions) => done(await fnCommand(io, undefined, opts)));
}
