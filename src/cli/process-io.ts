// The bin's stdin, stdout and stderr, made only when used. Node makes a stream for each of
// process.stdin, stdout and stderr on first use, with its net, tty or fs-stream modules: without
// them an empty fn run took 2.6 ms less CPU on Node 20 (112 ms; stdin and stdout files), 4.6 ms
// less with pipes as kpt gives them (docs/performance.md, "Start-up without the ES module
// loader, streams or tables"). So where a descriptor is a regular file, a pipe or a socket,
// output goes to it with synchronous writes, as Node's own stdout does for files and, on Linux,
// pipes; fn mode reads stdin the same way (read-stdin.ts). Terminals and other devices keep
// Node's streams, and so does a descriptor set non-blocking by whoever shares it: at the first
// write that would block (EAGAIN), the rest goes through the stream, which waits for the reader.
import { fstatSync, writeSync } from "node:fs";
import type { Readable, Writable } from "node:stream";
import { errnoCode } from "./errno.js";
import type { CliIo, Output } from "./io.js";

/** What a file descriptor is open on, as far as writing and reading it goes. */
export type FdKind = "file" | "pipe" | "other";

/** `fd`'s kind: a regular file, a pipe or socket, or anything else (a terminal, /dev/null, a closed fd). */
export function fdKind(fd: number): FdKind {
  try {
    const st = fstatSync(fd);
    if (st.isFile()) return "file";
    return st.isFIFO() || st.isSocket() ? "pipe" : "other";
  } catch {
    return "other";
  }
}

/**
 * Output on a file descriptor that is a regular file, a pipe or a socket, written with
 * synchronous writes; once a write would block, through `stream()` (made then) for the rest.
 * A write error other than EAGAIN is passed to the write's callback and to `onError`.
 */
export class FdOutput implements Output {
  readonly isTTY = false;
  #stream: Writable | undefined;

  constructor(
    readonly fd: number,
    private readonly stream: () => Writable,
    private readonly onError: (e: unknown) => void = () => undefined,
  ) {}

  write(chunk: string | Uint8Array, callback?: (error?: Error | null) => void): boolean {
    if (this.#stream !== undefined) return this.#stream.write(chunk, callback);
    const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
    let done = 0;
    try {
      while (done < bytes.length) done += writeSync(this.fd, bytes, done, bytes.length - done);
    } catch (e) {
      if (errnoCode(e) === "EAGAIN") {
        this.#stream = this.stream();
        return this.#stream.write(bytes.subarray(done), callback);
      }
      this.onError(e);
      callback?.(e instanceof Error ? e : new Error(String(e)));
      return false;
    }
    callback?.(null);
    return true;
  }
}

/** The process's streams, each made on first use, and what a failed write to stdout does. */
export interface ProcessStreams {
  stdin: () => Readable & { isTTY?: boolean };
  stdout: () => Writable;
  stderr: () => Writable;
  /** A write to stdout failed (EPIPE included: the reader went away). */
  stdoutError: (e: unknown) => void;
}

/** Node's process streams; `stdoutError` hears stdout's write errors. */
export function nodeStreams(stdoutError: (e: unknown) => void): ProcessStreams {
  let stdoutWired = false;
  return {
    stdin: () => process.stdin,
    stdout: () => {
      if (!stdoutWired) process.stdout.on("error", stdoutError);
      stdoutWired = true;
      return process.stdout;
    },
    stderr: () => process.stderr,
    stdoutError,
  };
}

/**
 * The command's io over the process's descriptors 0, 1 and 2: stdout and stderr write to their
 * descriptors when those are files, pipes or sockets, and are the streams otherwise (made when
 * first used); stdin is the stream, made when first used, and `stdinFd` lets fn mode read
 * descriptor 0 without it (read-stdin.ts). `options`: the run's V8 settings (see CliIo).
 */
export function processIo(cwd: string, streams: ProcessStreams, options: Pick<CliIo, "tuneV8" | "beforeV8Flag"> = {}): CliIo {
  const output = (fd: number, stream: () => Writable, onError?: (e: unknown) => void): Output | undefined => (fdKind(fd) === "other" ? undefined : new FdOutput(fd, stream, onError));
  const stdout = output(1, streams.stdout, streams.stdoutError);
  const stderr = output(2, streams.stderr);
  return {
    get stdin() {
      return streams.stdin();
    },
    stdinFd: 0,
    get stdout() {
      return stdout ?? streams.stdout();
    },
    get stderr() {
      return stderr ?? streams.stderr();
    },
    cwd,
    ...options,
  };
}
