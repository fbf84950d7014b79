// In-memory process streams for in-process CLI tests, and stdin as a file descriptor.
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
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
