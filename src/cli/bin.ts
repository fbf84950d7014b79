#!/usr/bin/env node
// The kmutate executable: wires the process to runCli; sets the exit code after output drains.
// With no arguments (how kpt, kustomize and Argo CD run a KRM function) it runs fn mode directly,
// the same action runCli would pick, without loading commander and the other commands.
// package.json's `bin` runs the bundle of this module, which loads one of two bundles, kmutate-fn.js
// for fn mode or kmutate-cli.js (scripts/post-build.mjs).
import { enableCompileCache } from "./compile-cache.js";
import type { CliIo } from "./io.js";

// Called before the dynamic imports below, so it covers the whole bundle.
enableCompileCache();

process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code !== "EPIPE") process.exitCode = 1;
});
const argv = process.argv.slice(2);
const io: CliIo = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, cwd: process.cwd() };
const run: Promise<number> =
  argv.length === 0 ? import("./fn.js").then((m) => m.fnCommand(io)) : import("./program.js").then((m) => m.runCli(argv, io));
run.then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`kmutate: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);
