// The Node.js binaries a benchmark measures with (`--node PATH`, repeatable): each one's version,
// whether it has a compile cache, and the environment that gives a child a cold or a warm cache.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";

/** One node binary to run children with. */
export interface NodeBinary {
  /** The executable. */
  path: string;
  /** What `node --version` printed, e.g. `v22.23.5`. */
  version: string;
  /** Whether it has `module.enableCompileCache()` (Node >= 22.1), which the bin calls. */
  compileCache: boolean;
}

/** Whether a `vMAJOR.MINOR.PATCH` version has `module.enableCompileCache()` (22.1 and later). */
export function hasCompileCache(version: string): boolean {
  const m = /^v(\d+)\.(\d+)\./.exec(version);
  if (m === null) return false;
  const [major, minor] = [Number(m[1]), Number(m[2])];
  return major > 22 || (major === 22 && minor >= 1);
}

/** Runs each path with `--version`; the binaries, or the message for the first that does not run. */
export function resolveNodes(paths: readonly string[]): NodeBinary[] | string {
  const nodes: NodeBinary[] = [];
  for (const path of paths) {
    const out = spawnSync(path, ["--version"], { encoding: "utf8" });
    const version = out.status === 0 ? out.stdout.trim() : "";
    if (!/^v\d+\.\d+\.\d+/.test(version)) return `--node ${path}: not a node binary (${out.error?.message ?? `exit ${out.status}`})`;
    nodes.push({ path, version, compileCache: hasCompileCache(version) });
  }
  return nodes;
}

/**
 * The child environment that puts the bin's compile cache under `tmp` (the bin calls
 * `module.enableCompileCache()`, which writes to `os.tmpdir()/node-compile-cache` unless
 * NODE_COMPILE_CACHE names a directory): a directory kept across runs gives a warm cache, an
 * emptied one a cold cache. No effect before Node 22.1.
 */
export function compileCacheEnv(tmp: string): Record<string, string | undefined> {
  mkdirSync(tmp, { recursive: true });
  return { TMPDIR: tmp, NODE_COMPILE_CACHE: undefined, NODE_DISABLE_COMPILE_CACHE: undefined };
}

/** {@link compileCacheEnv} on a directory emptied first: the next run starts with a cold cache. */
export function coldCacheEnv(tmp: string): Record<string, string | undefined> {
  rmSync(tmp, { recursive: true, force: true });
  return compileCacheEnv(tmp);
}
