// In-memory process streams for in-process CLI tests, stdin as a file descriptor, and the
// built-in modules a process loaded.
import { spawnSync, type StdioOptions } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable, Writable } from "node:stream";
import type { CliIo } from "../../src/cli/io.js";

/** Streams over `stdin`; `out()` and `err()` return what the command wrote. */
export function memoryIo(stdin: string | Uint8Array = "", cwd = process.cwd()): CliIo & { out(): string; err(): string } {
  const sink = (): Writable & { text: string } => {
    const w = new Writable({
      write(chunk: Buffer | string, _enc, cb) {
        w.text += chunk.toString();
        cb();
      },
    }) as Writable & { text: string };
    w.text = "";
    return w;
  };
  const stdout = sink();
  const stderr = sink();
  return {
    stdin: Readable.from([typeof stdin === "string" ? Buffer.from(stdin) : Buffer.from(stdin)]),
    stdout,
    stderr,
    cwd,
    out: () => stdout.text,
    err: () => stderr.text,
  };
}

/**
 * Calls `use` with a descriptor open for reading on a temporary file that holds `bytes` (how stdin
 * redirected from a file arrives); the file is closed and removed once `use` has settled.
 */
export async function withOpenFile<T>(bytes: Uint8Array, use: (fd: number) => T | Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), "kmutate-file-"));
  const path = join(dir, "list");
  writeFileSync(path, bytes);
  const fd = openSync(path, "r");
  try {
    return await use(fd);
  } finally {
    closeSync(fd);
    rmSync(dir, { recursive: true });
  }
}

/**
 * What a run of a script gave, with `process.moduleLoadList` at its exit (Node's own modules, e.g.
 * `NativeModule net`) and the file of the CommonJS main module (none when the main is an ES module).
 */
export interface RunWithLoads {
  status: number | null;
  stdout: string;
  stderr: string;
  loaded: string[];
  commonJsMain: string | undefined;
}

/**
 * Runs `node script ...args` on `input` with a CommonJS preload (`-r`, which starts no ES module
 * loader) that records the modules Node loaded, by exit. `stdout`: "pipe" (a socket) or a
 * descriptor open for writing.
 */
export function runWithLoads(script: string, args: string[], input: string, stdout: "pipe" | number = "pipe"): RunWithLoads {
  const dir = mkdtempSync(join(tmpdir(), "kmutate-loads-"));
  try {
    const preload = join(dir, "record.cjs");
    const record = join(dir, "loaded.txt");
    const main = 'Object.values(require.cache).find((m) => m.id === ".")?.filename ?? ""';
    writeFileSync(preload, `process.on("exit", () => require("fs").writeFileSync(${JSON.stringify(record)}, [${main}, ...process.moduleLoadList].join("\\n")));\n`);
    const stdio: StdioOptions = ["pipe", stdout, "pipe"];
    const r = spawnSync(process.execPath, ["-r", preload, script, ...args], { input, stdio, encoding: "utf8" });
    const [commonJsMain, ...loaded] = readFileSync(record, "utf8").split("\n");
    return { status: r.status, stdout: r.stdout ?? "", stderr: r.stderr, loaded, commonJsMain: commonJsMain === "" ? undefined : commonJsMain };
  } finally {
    rmSync(dir, { recursive: true });
  }
}
