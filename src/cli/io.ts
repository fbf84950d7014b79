// The process streams a command works with, injectable so commands run in-process in tests:
// reading all of stdin, and writes that resolve once the text is handed to the OS.
import type { Readable, Writable } from "node:stream";

/** What a command may touch of the process. */
export interface CliIo {
  stdin: Readable & { isTTY?: boolean };
  stdout: Writable;
  stderr: Writable;
  /** Directory relative paths resolve against. Default: `process.cwd()` (set by bin). */
  cwd: string;
  /** Environment variables a command reads (`NO_COLOR`, `TERM`). Default: `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Milliseconds clock for the progress line. Default: `Date.now`. */
  now?: () => number;
}

/** All bytes of a stream. */
/**
 * Reads at most `maxBytes` from `stream`; stops reading (and reports how much arrived) as soon as
 * the input is larger, so an oversized input never sits in memory whole.
 */
export async function readAtMost(stream: Readable, maxBytes: number): Promise<{ ok: true; bytes: Buffer } | { ok: false; read: number }> {
  const chunks: Buffer[] = [];
  let read = 0;
  for await (const chunk of stream) {
    const b = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    read += b.length;
    if (read > maxBytes) {
      stream.destroy();
      return { ok: false, read };
    }
    chunks.push(b);
  }
  return { ok: true, bytes: Buffer.concat(chunks) };
}

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * Writes `text` and resolves when it has been flushed (or the reader went away: EPIPE and other
 * write errors resolve quietly; bin reports nothing for a closed pipe).
 */
export function writeText(stream: Writable, text: string): Promise<void> {
  if (text === "") return Promise.resolve();
  return new Promise((resolve) => {
    try {
      stream.write(text, () => resolve());
    } catch {
      resolve();
    }
  });
}
