// The bin's stdio without Node's streams: output written to a file, pipe or socket descriptor with
// synchronous writes (the exact bytes, in order), the rest through the stream from the first
// write that would block, EPIPE handed to the caller; stdin read from a pipe to its end, and
// through the stream from the first read that would block; no stream module for a run whose
// stdio are pipes or files.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { closeSync, constants, mkdtempSync, openSync, readFileSync, readSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable, Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { errnoCode } from "../../src/cli/errno.js";
import { FdOutput, fdKind } from "../../src/cli/process-io.js";
import { readAtMost } from "../../src/cli/read-stdin.js";
import { writeChunks } from "../../src/cli/io.js";
import { runWithLoads } from "./io.js";
import { joinText } from "../../src/krm/index.js";

const bin = fileURLToPath(new URL("../../src/cli/kmutate.cjs", import.meta.url));

/** A stream recording what is written to it. */
function recorder(): Writable & { bytes: () => Buffer } {
  const chunks: Buffer[] = [];
  const w = new Writable({
    write(chunk: Buffer, _enc, cb) {
      chunks.push(chunk);
      cb();
    },
  });
  return Object.assign(w, { bytes: () => Buffer.concat(chunks) });
}

const hasMkfifo = spawnSync("mkfifo", ["--version"]).status === 0;

/** Calls `use` with a FIFO's two ends, both open non-blocking; closes them and removes the FIFO after. */
async function withFifo<T>(use: (readFd: number, writeFd: number) => Promise<T> | T): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), "kmutate-fifo-"));
  const path = join(dir, "fifo");
  execFileSync("mkfifo", [path]);
  const r = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  const w = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
  const open = new Set([r, w]);
  try {
    return await use(r, w);
  } finally {
    for (const fd of open) {
      try {
        closeSync(fd);
      } catch {
        // closed by the test
      }
    }
    rmSync(dir, { recursive: true });
  }
}

/** Everything readable now from a non-blocking descriptor. */
function drain(fd: number): Buffer {
  const chunks: Buffer[] = [];
  const b = Buffer.alloc(65536);
  for (;;) {
    let n = 0;
    try {
      n = readSync(fd, b, 0, b.length, null);
    } catch (e) {
      if (errnoCode(e) === "EAGAIN") break;
      throw e;
    }
    if (n === 0) break;
    chunks.push(Buffer.from(b.subarray(0, n)));
  }
  return Buffer.concat(chunks);
}

test("fdKind: a regular file, a pipe, and anything else", { skip: hasMkfifo ? false : "no mkfifo on this machine" }, async () => {
  const dir = mkdtempSync(join(tmpdir(), "kmutate-kind-"));
  const fd = openSync(join(dir, "f"), "w");
  try {
    assert.equal(fdKind(fd), "file");
    await withFifo((r, w) => assert.deepEqual([fdKind(r), fdKind(w)], ["pipe", "pipe"]));
    const devNull = openSync("/dev/null", "w");
    assert.equal(fdKind(devNull), "other");
    closeSync(devNull);
    assert.equal(fdKind(devNull), "other"); // closed
  } finally {
    closeSync(fd);
    rmSync(dir, { recursive: true });
  }
});

test("FdOutput writes text and bytes to a file in order, through no stream", async () => {
  const dir = mkdtempSync(join(tmpdir(), "kmutate-out-"));
  const path = join(dir, "out");
  const fd = openSync(path, "w");
  try {
    const out = new FdOutput(fd, () => assert.fail("no stream is made for a file"));
    assert.equal(out.isTTY, false);
    const pieces = ["a: 1\n", new TextEncoder().encode("é😀\n"), "x".repeat(100_000), "\ud83d\ude00 end\n"];
    await writeChunks(out, pieces);
    const want = pieces.map((p) => (typeof p === "string" ? p : new TextDecoder().decode(p))).join("");
    assert.equal(readFileSync(path, "utf8"), want);
  } finally {
    closeSync(fd);
    rmSync(dir, { recursive: true });
  }
});

test("FdOutput: from the first write that would block, the rest goes through the stream, in order", { skip: hasMkfifo ? false : "no mkfifo on this machine" }, async () => {
  await withFifo(async (r, w) => {
    const stream = recorder();
    let made = 0;
    const out = new FdOutput(w, () => {
      made++;
      return stream;
    });
    // More than a pipe holds (64 KiB on Linux): the writer gets EAGAIN part-way.
    const text = Array.from({ length: 30_000 }, (_, i) => `line ${i}\n`).join("");
    await writeChunks(out, [text, "tail\n"]);
    assert.equal(made, 1);
    const inPipe = drain(r);
    assert.ok(inPipe.length > 0 && stream.bytes().length > 0, `${inPipe.length} bytes in the pipe, ${stream.bytes().length} to the stream`);
    assert.equal(Buffer.concat([inPipe, stream.bytes()]).toString("utf8"), text + "tail\n");
  });
});

test("FdOutput: EPIPE (the reader went away) is passed to the write's callback and to onError", { skip: hasMkfifo ? false : "no mkfifo on this machine" }, async () => {
  await withFifo(async (r, w) => {
    closeSync(r);
    const errors: unknown[] = [];
    const out = new FdOutput(w, () => assert.fail("no stream"), (e) => errors.push(e));
    const got = await new Promise<Error | null | undefined>((resolve) => out.write("a\n", resolve));
    assert.equal(errnoCode(got), "EPIPE");
    assert.deepEqual(errors.map(errnoCode), ["EPIPE"]);
  });
});

const list = "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems: []\n";

test("readAtMost reads a pipe's descriptor to its end, through no stream", { skip: hasMkfifo ? false : "no mkfifo on this machine" }, async () => {
  await withFifo(async (r, w) => {
    writeSync(w, list);
    closeSync(w);
    const got = await readAtMost({ fd: r, stream: () => assert.fail("no stream") }, 1000);
    assert.ok(got.ok && got.handed.decoded?.ok);
    assert.equal(joinText(got.handed.decoded.text), list);
    assert.equal(got.handed.bytes, list.length);
  });
});

test("readAtMost: from the first read of a pipe that would block, the rest comes through the stream", { skip: hasMkfifo ? false : "no mkfifo on this machine" }, async () => {
  await withFifo(async (r, w) => {
    writeSync(w, list.slice(0, 20));
    const got = await readAtMost({ fd: r, stream: () => Readable.from([Buffer.from(list.slice(20))]) }, 1000);
    assert.ok(got.ok && got.handed.decoded?.ok);
    assert.equal(joinText(got.handed.decoded.text), list);
  });
});

test("readAtMost: past the limit on a pipe's descriptor, the bytes read so far are reported", { skip: hasMkfifo ? false : "no mkfifo on this machine" }, async () => {
  await withFifo(async (r, w) => {
    writeSync(w, list);
    closeSync(w);
    assert.deepEqual(await readAtMost({ fd: r, stream: () => assert.fail("no stream") }, 10), { ok: false, read: list.length });
  });
});

test("the bin on pipes and files makes no stdio stream: no net, tty or stream-over-file module loads", () => {
  const dir = mkdtempSync(join(tmpdir(), "kmutate-modules-"));
  try {
    const input = list.replace("items: []", "items:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: a\n");
    const summary = "results:\n- message: 1 object read, 0 changed by 0 invocations, 0 warnings, 0 errors\n  severity: info\n  tags:\n    code: summary\n";
    // spawnSync's pipes are sockets; the second run writes stdout to a file.
    const outFile = join(dir, "out.yaml");
    for (const stdout of ["pipe", "file"] as const) {
      const outFd = stdout === "file" ? openSync(outFile, "w") : undefined;
      const r = runWithLoads(bin, [], input, outFd ?? "pipe");
      if (outFd !== undefined) closeSync(outFd);
      assert.equal(r.status, 0, r.stderr);
      assert.equal(stdout === "file" ? readFileSync(outFile, "utf8") : r.stdout, input + summary);
      for (const m of ["NativeModule net", "NativeModule tty", "NativeModule internal/fs/sync_write_stream"]) assert.ok(!r.loaded.includes(m), `${m} was loaded (stdout ${stdout})`);
    }
  } finally {
    rmSync(dir, { recursive: true });
  }
});
