// In-memory process streams for in-process CLI tests.
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
