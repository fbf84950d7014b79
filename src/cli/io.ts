// The process streams a command works with, injectable so commands run in-process in tests:
// reading all of a stream, and writes that resolve once the text is handed to the OS (stdin
// decoded as it arrives is read-stdin.ts).
import type { Readable } from "node:stream";

/**
 * Where a command writes: a Node stream, or the bin's writer on a file descriptor
 * (process-io.ts). `isTTY` true: a terminal.
 */
export interface Output {
  write(chunk: string | Uint8Array, callback?: (error?: Error | null) => void): boolean;
  readonly isTTY?: boolean;
}

/** What a command may touch of the process. */
export interface CliIo {
  stdin: Readable & { isTTY?: boolean };
  /**
   * The file descriptor {@link stdin} reads, set by the bin (which makes `stdin` only when first
   * used): fn mode reads it directly where it is a regular file, a pipe or a socket
   * (read-stdin.ts). Default: none, `stdin` is read.
   */
  stdinFd?: number;
  stdout: Output;
  stderr: Output;
  /** Directory relative paths resolve against. Default: `process.cwd()` (set by bin). */
  cwd: string;
  /** Environment variables a command reads (`NO_COLOR`, `TERM`). Default: `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Milliseconds clock for the progress line. Default: `Date.now`. */
  now?: () => number;
  /**
   * Whether the command may set V8 flags for its run (fn mode, for small inputs). The bin says yes
   * except in a run that writes its code cache, which V8 stamps with its flags (code-cache.ts).
   * Default: false, V8 left as it is for callers in the same process.
   */
  tuneV8?: boolean;
  /**
   * Set in a run that writes its code cache (by the bin, after the command): called before the
   * command sets a V8 flag that it sets whatever {@link tuneV8} says (the young generation's cap),
   * so that the bin writes the cache then, stamped with the flags later runs start with; the
   * command also sets that flag back at its end, so that the cache the bin writes after it (with
   * all the run compiled) is stamped so too. Default: none.
   */
  beforeV8Flag?: () => void;
}

/** All bytes of a stream. */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * Characters handed to the stream at a time: a large output is never copied into one buffer, and
 * each string joined for a write (and the buffer a file stream makes of it) stays in V8's young
 * generation, freed by the next scavenge. Joined pieces of 1 Mi characters went to the
 * large-object space, kept until a full collection: writing a 146 MB JSON list grew the peak RSS
 * by ~70 MB.
 */
export const writeChunk = 1 << 15;

/**
 * Writes `pieces` in order as {@link writeText} writes their concatenation (same bytes), without
 * building it: small pieces are joined up to about {@link writeChunk} characters per write; a
 * piece of bytes (UTF-8) is written as it is, in one write.
 */
export async function writeChunks(stream: Output, pieces: Iterable<string | Uint8Array>): Promise<void> {
  let batch: string[] = [];
  let size = 0;
  for (const piece of pieces) {
    if (typeof piece !== "string") {
      if (size > 0 && !(await writeText(stream, batch.join("")))) return;
      batch = [];
      size = 0;
      if (!(await written(stream, piece))) return;
      continue;
    }
    if (size > 0 && size + piece.length > writeChunk) {
      const text = batch.join("");
      // A surrogate pair split between two pieces is written whole, with the next batch.
      const carry = (text.charCodeAt(text.length - 1) & 0xfc00) === 0xd800 ? text.slice(-1) : "";
      if (!(await writeText(stream, carry ? text.slice(0, -1) : text))) return;
      batch = carry ? [carry] : [];
      size = carry.length;
    }
    batch.push(piece);
    size += piece.length;
  }
  if (size > 0) await writeText(stream, batch.join(""));
}

/**
 * Writes `text` and resolves when it has been flushed (to false when the reader went away: EPIPE and other
 * write errors resolve quietly; bin reports nothing for a closed pipe). Text longer than {@link writeChunk}
 * characters goes out in slices, each written when the previous one was flushed, so the stream
 * holds at most one slice as bytes.
 */
export async function writeText(stream: Output, text: string): Promise<boolean> {
  for (let i = 0, end = 0; i < text.length; i = end) {
    end = Math.min(i + writeChunk, text.length);
    // Never split a surrogate pair (each half alone would be written as U+FFFD).
    if (end < text.length && (text.charCodeAt(end - 1) & 0xfc00) === 0xd800) end++;
    const piece = i === 0 && end === text.length ? text : text.slice(i, end);
    if (!(await written(stream, piece))) return false;
  }
  return true;
}

/** Writes `piece`; resolves when it has been flushed (to false on a write error). */
function written(stream: Output, piece: string | Uint8Array): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    try {
      stream.write(piece, (error) => resolve(!error));
    } catch {
      resolve(false);
    }
  });
}
