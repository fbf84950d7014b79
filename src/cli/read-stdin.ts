// Reading stdin for the function: at most the input limit, decoded as it arrives. Apart from
// io.ts so that the stream writes load without the krm layer.
import { fstatSync, readSync } from "node:fs";
import type { Readable } from "node:stream";
import { InputDecoder, pieceBytes, type HandedText } from "../krm/index.js";
import type { CliIo } from "./io.js";
import { errnoCode } from "./errno.js";
import { fdKind } from "./process-io.js";

/** What reading gave: the text handed over, or how many bytes had arrived when the limit was passed. */
export type ReadOutcome = { ok: true; handed: HandedText } | { ok: false; read: number };

/** stdin as the bin gives it: a file descriptor, and the stream over it, made only if needed. */
export interface StdinFd {
  fd: number;
  stream: () => Readable;
}

/** What fn mode reads: `io.stdinFd` where the bin set it, else `io.stdin`. */
export function stdinOf(io: CliIo): Readable | StdinFd {
  return io.stdinFd === undefined ? io.stdin : { fd: io.stdinFd, stream: () => io.stdin };
}

/** Whether stdin is a terminal; a file, pipe or socket under `io.stdinFd` is not, without making the stream. */
export function stdinIsTerminal(io: CliIo): boolean {
  if (io.stdinFd !== undefined && fdKind(io.stdinFd) !== "other") return false;
  return io.stdin.isTTY === true;
}

/**
 * Reads at most `maxBytes` from `source`, decoding the text as it arrives; stops reading (and
 * reports how much arrived) as soon as the input is larger, so an oversized input never sits in
 * memory whole. The text comes in a box the reader can empty (see HandedText), so that nothing
 * else keeps it alive. `onChunk`: called after each chunk is taken, with the input's size as far
 * as known (a regular file's size, else the bytes taken so far). Default: none.
 *
 * A regular file (stdin redirected from one) is read with synchronous reads into one reused
 * buffer, and its size is the decoder's expected size: on the 18.8 MB list of 10k × 10 reading
 * took 130 ms of CPU where the stream and a doubled buffer took 285 ms (the difference is mostly
 * page faults on fresh memory). A pipe or socket given as a descriptor is read with synchronous
 * reads too (no stream is made, see process-io.ts) until a read would block (a descriptor set
 * non-blocking), and through the stream from there.
 */
export async function readAtMost(source: Readable | StdinFd, maxBytes: number, onChunk?: (knownBytes: number) => void): Promise<ReadOutcome> {
  const { fd, stream } = "stream" in source ? source : { fd: unreadFd(source), stream: () => source };
  const kind = fd === undefined ? "other" : fdKind(fd);
  // A stream's own descriptor is read only when it is a regular file: a pipe's stream may hold data already.
  if (fd === undefined || kind === "other" || (kind === "pipe" && !("stream" in source))) return readStream(stream(), new InputDecoder(maxBytes), maxBytes, onChunk);
  const size = kind === "file" ? fileSize(fd) : 0;
  // A regular file's size is known before it is read: told from the first chunk on.
  const told = onChunk === undefined || size === 0 ? onChunk : (readSoFar: number) => onChunk(Math.max(readSoFar, size));
  return readFd(fd, new InputDecoder(maxBytes, size <= maxBytes ? size : 0), maxBytes, stream, told);
}

/**
 * Reads `stream` to its end into `decoder`. Each chunk is copied into the decoder as it comes
 * (JSON is decoded as it arrives: no buffer of all its bytes is kept next to its text) and freed
 * with the next scavenge.
 */
async function readStream(stream: Readable, decoder: InputDecoder, maxBytes: number, onChunk?: (knownBytes: number) => void): Promise<ReadOutcome> {
  for await (const chunk of stream) {
    const b = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    if (decoder.bytes + b.length > maxBytes) {
      stream.destroy();
      return { ok: false, read: decoder.bytes + b.length };
    }
    decoder.push(b);
    onChunk?.(decoder.bytes);
  }
  return done(decoder);
}

/** The size of the regular file `fd` (0 if it cannot be read: the decoder then grows as it goes). */
function fileSize(fd: number): number {
  try {
    return fstatSync(fd).size;
  } catch {
    return 0;
  }
}

/** The file descriptor of a stream that has one (fs and net streams) and that nothing has read from yet. */
function unreadFd(stream: Readable): number | undefined {
  return "fd" in stream && typeof stream.fd === "number" && !stream.readableDidRead ? stream.fd : undefined;
}

/**
 * Reads `fd` from its current offset to its end, {@link pieceBytes} at a time (JSON's pieces
 * keep their size: see InputDecoder); from the first read that would block (EAGAIN: a
 * non-blocking pipe) on, reads `stream()` instead.
 */
async function readFd(fd: number, decoder: InputDecoder, maxBytes: number, stream: () => Readable, onChunk?: (knownBytes: number) => void): Promise<ReadOutcome> {
  const buffer = Buffer.allocUnsafe(pieceBytes);
  for (;;) {
    let n: number;
    try {
      n = readSync(fd, buffer, 0, pieceBytes, null);
    } catch (e) {
      if (errnoCode(e) === "EAGAIN") return readStream(stream(), decoder, maxBytes, onChunk);
      throw e;
    }
    if (n === 0) return done(decoder);
    if (decoder.bytes + n > maxBytes) return { ok: false, read: decoder.bytes + n };
    decoder.push(buffer.subarray(0, n));
    onChunk?.(decoder.bytes);
  }
}

function done(decoder: InputDecoder): ReadOutcome {
  const bytes = decoder.bytes;
  return { ok: true, handed: { decoded: decoder.end(), bytes } };
}
