// Shared plumbing for the end-to-end tests: where the built bin is, temp directories holding
// test-only executables (a `kmutate` wrapper, a fake `docker`), tool lookup and file listings.
import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root (fixtures and examples are read from here, never from cwd). */
export const repoRoot: string = fileURLToPath(new URL("../../../", import.meta.url));

/** The bin built beside this file (`<outDir>/src/cli/kmutate.cjs`, the bundle), so any outDir tests its own build. */
export const builtBin: string = fileURLToPath(new URL("../../src/cli/kmutate.cjs", import.meta.url));

/** True when `cmd args` can be started (the tool is installed), whatever its exit code. */
export function toolFound(cmd: string, args: readonly string[]): boolean {
  return !spawnSync(cmd, args, { encoding: "utf8" }).error;
}

/** Single-quotes `s` for a POSIX shell. */
export function shQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Writes an executable `/bin/sh` script `name` with `body` into `dir`; returns its path. */
export function writeScript(dir: string, name: string, body: string): string {
  const path = join(dir, name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

/** A new temp dir; the caller removes it. */
export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `kmutate-${prefix}-`));
}

/** Writes `kmutate`, a wrapper that runs the built bin with this node, into `dir`. */
export function writeKmutateWrapper(dir: string): string {
  return writeScript(dir, "kmutate", `exec ${shQuote(process.execPath)} ${shQuote(builtBin)} "$@"`);
}

/**
 * Writes a test-only `docker` into `dir`. It answers `docker version` (kpt asks first), appends the
 * arguments of every other call (one JSON array per call) to `log`, accepts only `run --rm -i … --network none … IMAGE` with no extra arguments after the
 * image (`image` or `image:TAG`), and then runs the built kmutate on stdin/stdout (copying stdin
 * to `stdinCopy` when given); anything else exits 125 with a message on stderr.
 */
export function writeFakeDocker(dir: string, log: string, image: string, stdinCopy?: string): string {
  const node = shQuote(process.execPath);
  const script = `
# kpt asks for the client version before running an image; that call is answered, not logged.
[ "$1" = version ] && { echo 27.0.0; exit 0; }
printf '%s\\n' "$(${node} -e 'console.log(JSON.stringify(process.argv.slice(1)))' -- "$@")" >> ${shQuote(log)}
[ "$1" = run ] && [ "$2" = --rm ] && [ "$3" = -i ] || { echo "fake docker: expected 'run --rm -i', got: $*" >&2; exit 125; }
case " $* " in *" --network none "*) ;; *) echo "fake docker: expected --network none, got: $*" >&2; exit 125;; esac
for last; do :; done
case "$last" in ${shQuote(image)}|${shQuote(image + ":")}*) ;; *) echo "fake docker: last argument must be the kmutate image, got: $last" >&2; exit 125;; esac
# As the image's ENV (Dockerfile): no compile cache written to TMPDIR (Node >= 22.1).
export NODE_DISABLE_COMPILE_CACHE=1
${stdinCopy === undefined ? "exec " : `tee ${shQuote(stdinCopy)} | `}${node} ${shQuote(builtBin)}`;
  return writeScript(dir, "docker", script);
}

/** `PATH` with `dirs` first. */
export function pathWith(...dirs: string[]): string {
  return [...dirs, process.env.PATH ?? ""].join(delimiter);
}

/** Relative paths of all files under `dir`, sorted. */
export function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath ?? e.path, e.name).slice(dir.length + 1))
    .sort();
}
