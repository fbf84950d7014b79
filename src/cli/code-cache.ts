// Runs one of the bin's CommonJS bundles (scripts/post-build.mjs) through `vm.Script` with V8's code
// cache, so that a run deserialises compiled code instead of compiling 1.2 MB of JavaScript: on
// every Node version, Node 20 included (which has no compile cache of its own).
import { isAscii } from "node:buffer";
import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { cachedDataVersionTag } from "node:v8";
import { Script } from "node:vm";
import * as zlib from "node:zlib";

/** Where a bundle's compiled code came from: a cache shipped beside it, the per-user cache, or neither (compiled now). */
export type CodeCacheSource = "shipped" | "user" | "none";

/** A bundle that ran: its exports, where its code came from, and the step that fills the per-user cache. */
export interface LoadedBundle<T> {
  exports: T;
  source: CodeCacheSource;
  /** Whether {@link saveCache} is to write the per-user cache: no cache was used and that one is on. */
  savesCache: boolean;
  /**
   * After the command ran (so that the functions it compiled are included), or before the
   * command changes a V8 flag: writes the per-user cache when {@link savesCache} (again: the later
   * write holds more compiled code), unless V8's flags differ from those at load (V8 stamps the
   * cache with its flags, and later runs, started with the usual ones, would reject it); errors
   * are ignored (read-only directories, full disks). Returns the file written, or undefined.
   */
  saveCache(): string | undefined;
}

/** Where to look for caches. */
export interface CodeCacheDirs {
  /** Read only: the cache written at build time beside the bundle. Default: the bundle's directory. */
  shipped?: string;
  /** Read and written, or undefined when off. Default: {@link userCacheDir} of `process.env`. */
  user?: string | undefined;
}

/**
 * The per-user cache directory: `kmutate-code-cache-UID` under the temporary directory (`TMPDIR`),
 * as Node keeps its compile cache; undefined when `NODE_DISABLE_COMPILE_CACHE` is set (as in the
 * image, whose containers start fresh each run).
 */
export function userCacheDir(env: Readonly<Record<string, string | undefined>> = process.env, tmp: string = tmpdir()): string | undefined {
  if (env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  return join(tmp, `kmutate-code-cache-${process.getuid?.() ?? "user"}`);
}

const cacheSuffix = ".v8-cache";

/**
 * The cache file name of a bundle's source for this Node: V8 checks its own version and flags,
 * but of the source only its length, so the name carries a CRC-32 of the bytes. Undefined on a
 * Node without `zlib.crc32` (before 20.15): no cache is used there.
 */
export function cacheFileName(file: string, bytes: Uint8Array): string | undefined {
  if (typeof zlib.crc32 !== "function") return undefined;
  const crc = zlib.crc32(bytes).toString(16).padStart(8, "0");
  return `${basename(file)}.${process.version}-${process.arch}-${crc}${cacheSuffix}`;
}

/**
 * The module wrapper around each bundle's code, written into the bundle's file by the build
 * (scripts/post-build.mjs): CommonJS's parameters plus the URL the bundle uses for
 * `import.meta.url`. Read from the file, the text is one flat string: the wrapper added at load
 * made a string V8 copied whole to compile it (1 MB, and ~7 ms of an empty list's start-up).
 */
export const bundleWrapper = { start: "(function (exports, require, module, __filename, __dirname, __kmutate_import_meta_url) {", end: "\n})" } as const;

/** The directory when it is ours alone (owner this user, nobody else may write), else undefined. */
function privateDir(dir: string): string | undefined {
  try {
    const st = statSync(dir);
    const uid = process.getuid?.();
    return st.isDirectory() && (uid === undefined || st.uid === uid) && (st.mode & 0o022) === 0 ? dir : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One buffer that the bundle and then its caches are read into in turn: each file is done with
 * before the next is read, and every page of a new buffer is a page fault (4-5 µs each on the VMs
 * measured). Measured on Node 20: 300 fewer page faults per start than a buffer per file.
 */
class Scratch {
  #buffer: Buffer | undefined;

  /**
   * The whole file in the scratch buffer (valid until the next read); throws what `fs` throws.
   * A new buffer has room for `room` times the file: pages never written cost nothing.
   */
  read(path: string, room = 1): Buffer {
    const fd = openSync(path, "r");
    try {
      const size = fstatSync(fd).size;
      if (this.#buffer === undefined || this.#buffer.length < size) this.#buffer = Buffer.allocUnsafeSlow(Math.ceil(size * room));
      let n = 0;
      for (let got = -1; got !== 0 && n < size; n += got) got = readSync(fd, this.#buffer, n, size - n, n);
      return this.#buffer.subarray(0, n);
    } finally {
      closeSync(fd);
    }
  }

  /** {@link read}, or undefined when the file cannot be read. */
  tryRead(path: string): Buffer | undefined {
    try {
      return this.read(path);
    } catch {
      return undefined;
    }
  }
}

/** Compiles with the first cache V8 accepts (shipped, then per-user), else without one. */
function compile(code: string, file: string, scratch: Scratch, candidates: { source: CodeCacheSource; path: string | undefined }[]): { script: Script; source: CodeCacheSource } {
  let script: Script | undefined;
  for (const c of candidates) {
    const cachedData = c.path === undefined ? undefined : scratch.tryRead(c.path);
    if (cachedData === undefined) continue;
    script = new Script(code, { filename: file, cachedData });
    if (script.cachedDataRejected !== true) return { script, source: c.source };
  }
  return { script: script ?? new Script(code, { filename: file }), source: "none" };
}

/** Writes `data` to `path` through a temporary file, so that no reader sees half a cache. */
function writeAtomically(path: string, data: Uint8Array): void {
  const temp = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, data, { mode: 0o600 });
    renameSync(temp, path);
  } catch (e) {
    rmSync(temp, { force: true });
    throw e;
  }
}

/** Removes this Node's caches of earlier builds of the same bundle (same name up to the CRC). */
function removeStale(dir: string, name: string, kept: string): void {
  const prefix = name.slice(0, name.length - cacheSuffix.length - 8); // up to the CRC's 8 hex digits
  for (const f of readdirSync(dir)) if (f.startsWith(prefix) && f.endsWith(cacheSuffix) && join(dir, f) !== kept) rmSync(join(dir, f), { force: true });
}

/**
 * Runs the CommonJS bundle `file` (its code inside {@link bundleWrapper}; its dependencies
 * required from beside it) and returns its exports. The compiled code comes from the first cache V8 accepts: the one shipped beside the
 * bundle (written by the build), then the per-user one; a cache never changes what the code does.
 * `initialise` is given the bundle's module initialisation to run (default: runs it as is): the
 * bin holds V8's young generation through it.
 */
export function loadBundle<T>(file: string, dirs: CodeCacheDirs = {}, initialise: (run: () => void) => void = (run) => run()): LoadedBundle<T> {
  const scratch = new Scratch();
  // Room for the cache read next, which V8 makes up to 1.3 times as large as the bundle.
  const bytes = scratch.read(file, 2);
  // post-build leaves the bundles ASCII: latin1 makes the same text as UTF-8, in a fifth of the time.
  const code = bytes.toString(isAscii(bytes) ? "latin1" : "utf8");
  const name = cacheFileName(file, bytes);
  const userDir = "user" in dirs ? dirs.user : userCacheDir();
  const shippedPath = name === undefined ? undefined : join(dirs.shipped ?? dirname(file), name);
  const userPath = name === undefined || userDir === undefined ? undefined : join(userDir, name);
  const trusted = userDir === undefined ? undefined : privateDir(userDir);
  const { script, source } = compile(code, file, scratch, [
    { source: "shipped", path: shippedPath },
    { source: "user", path: trusted === undefined ? undefined : userPath },
  ]);
  const flagsTag = cachedDataVersionTag();
  const module = { exports: {} as T };
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  initialise(() => wrapper.call(module.exports, module.exports, createRequire(file), module, file, dirname(file), pathToFileURL(file).href));
  // Where saveCache writes: only when no cache was used and the per-user one is on.
  const target = source === "none" && userDir !== undefined && userPath !== undefined && name !== undefined ? { dir: userDir, path: userPath, name } : undefined;
  const saveCache = (): string | undefined => {
    if (target === undefined || cachedDataVersionTag() !== flagsTag) return undefined;
    try {
      mkdirSync(target.dir, { recursive: true, mode: 0o700 });
      if (privateDir(target.dir) === undefined) return undefined;
      writeAtomically(target.path, script.createCachedData());
      removeStale(target.dir, target.name, target.path);
      return target.path;
    } catch {
      return undefined;
    }
  };
  return { exports: module.exports, source, savesCache: target !== undefined, saveCache };
}
