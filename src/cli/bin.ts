#!/usr/bin/env node
// The kmutate executable: wires the process to runCli; sets the exit code after output drains.
// With no arguments (how kpt, kustomize and Argo CD run a KRM function) it runs fn mode directly,
// the same action runCli would pick, without loading commander and the other commands.
// package.json's `bin` runs the CommonJS bundle of this module (dist/src/cli/kmutate.cjs), which
// loads one of two bundles through V8's code cache, kmutate-fn.cjs for fn mode or kmutate-cli.cjs
// (scripts/post-build.mjs).
import type { LoadedBundle } from "./code-cache.js";
import { enableCompileCache } from "./compile-cache.js";
import { limitInlining } from "./inlining-budget.js";
import type { CliIo } from "./io.js";
import { loadFn, loadProgram } from "./load-commands.js";
import { errnoCode } from "./errno.js";
import { nodeStreams, processIo } from "./process-io.js";

// A reader that went away (EPIPE) ends the output quietly; any other write error fails the run.
let outputFailed = false;
// stdin, stdout and stderr are made when first used (process-io.ts).
const streams = nodeStreams((e) => {
  if (errnoCode(e) !== "EPIPE") outputFailed = true;
});
const cwd = process.cwd();

/**
 * Loads the commands, runs one, then lets the loader keep the code it compiled for the next run.
 * A run that writes that cache leaves V8's flags as they were (code-cache.ts): the inlining budget
 * and fn mode's settings for small inputs (`tuneV8`) are for the runs that read one; the young
 * generation's cap, set in every run, has the cache written just before (`beforeV8Flag`), and is
 * lifted at the command's end, so that the cache written after it holds all the run compiled.
 */
async function runLoaded<T>(load: () => Promise<LoadedBundle<T>>, command: (m: T, io: CliIo) => Promise<number>): Promise<number> {
  const loaded = await load();
  const tuneV8 = !loaded.savesCache;
  if (tuneV8) limitInlining();
  const io = processIo(cwd, streams, { tuneV8, ...(loaded.savesCache ? { beforeV8Flag: () => loaded.saveCache() } : {}) });
  const code = await command(loaded.exports, io);
  loaded.saveCache();
  return code;
}

const argv = process.argv.slice(2);
/** The other commands: Node's compile cache (Node >= 22.1) turned on first, for the packages they require (commander). */
function runProgram(): Promise<number> {
  enableCompileCache();
  return runLoaded(loadProgram, (m, ioTuned) => m.runCli(argv, ioTuned));
}

// fn mode's bundle requires only Node's own modules: Node's compile cache would hold nothing for it
// (turned on, it cost Node 24 0.5 MB of an empty list's peak RSS and 1 % of its CPU).
const run: Promise<number> = argv.length === 0 ? runLoaded(loadFn, (m, ioTuned) => m.fnCommand(ioTuned)) : runProgram();
run.then(
  (code) => {
    process.exitCode = outputFailed && code === 0 ? 1 : code;
  },
  (e: unknown) => {
    process.stderr.write(`kmutate: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);
