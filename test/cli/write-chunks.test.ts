// Output written in pieces: the same bytes as the whole text, in writes of at most about
// writeChunk characters, surrogate pairs split between pieces kept whole; input text handed over and freed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createReadStream, readSync } from "node:fs";
import { Readable, Writable } from "node:stream";
import { writeChunk, writeChunks } from "../../src/cli/io.js";
import { readAtMost, type ReadOutcome } from "../../src/cli/read-stdin.js";
import { decodeText, joinText, pieceBytes, runFunction } from "../../src/krm/index.js";
import { withOpenFile } from "./io.js";

/** A stream recording each write as bytes. */
function recorder(): Writable & { writes: Buffer[] } {
  const w = new Writable({
    write(chunk: Buffer, _enc, cb) {
      w.writes.push(chunk);
      cb();
    },
  }) as Writable & { writes: Buffer[] };
  w.writes = [];
  return w;
}

const big = "x".repeat(writeChunk - 1);
const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);
const cases: Array<{ name: string; pieces: Array<string | Uint8Array>; writes: number }> = [
  { name: "no pieces", pieces: [], writes: 0 },
  { name: "small pieces are joined into one write", pieces: ["a", "b\n", "c"], writes: 1 },
  { name: "pieces past writeChunk characters start a new write", pieces: [big, "ab", "cd"], writes: 2 },
  { name: "a piece longer than writeChunk characters is sliced", pieces: ["a", big + big + "yz"], writes: 3 },
  { name: "a surrogate pair split between pieces at a write boundary", pieces: [big.slice(1) + "\ud83d", "\ude00!"], writes: 2 },
  { name: "empty pieces in between", pieces: ["", "a", "", "\ud83d", "", "\ude00"], writes: 1 },
  { name: "a piece of bytes is written alone, after the text joined before it", pieces: ["a", "b\n", utf8("é😀\n"), "c", "d"], writes: 3 },
  { name: "pieces of bytes one after the other", pieces: [utf8("x"), utf8("y"), "z"], writes: 3 },
];

for (const c of cases) {
  test(`writeChunks: ${c.name}`, async () => {
    const out = recorder();
    await writeChunks(out, c.pieces);
    const text = c.pieces.map((p) => (typeof p === "string" ? p : new TextDecoder().decode(p))).join("");
    assert.equal(Buffer.concat(out.writes).toString("utf8"), text);
    assert.equal(out.writes.length, c.writes);
    for (const w of out.writes) assert.ok(w.toString("utf8").length <= writeChunk + 1, `a write of ${w.length} bytes`);
    // No write holds half a pair (it would be written as U+FFFD).
    for (const w of out.writes) assert.ok(!w.toString("utf8").includes("\ufffd"));
  });
}

test("writeChunks: a piece of bytes longer than writeChunk is one write of the same bytes", async () => {
  const bytes = utf8("é".repeat(writeChunk * 2));
  const out = recorder();
  await writeChunks(out, ["a", bytes]);
  assert.deepEqual(out.writes.map((w) => w.length), [1, bytes.length]);
  assert.ok(Buffer.from(bytes).equals(out.writes[1]));
});

test("readAtMost hands the text over; runFunction empties the box", async () => {
  const list = "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems: []\n";
  const r = await readAtMost(Readable.from([Buffer.from(list)]), 1000);
  assert.ok(r.ok && r.handed.decoded?.ok);
  assert.equal(joinText(r.handed.decoded.text), list);
  assert.equal(r.handed.bytes, list.length);
  const run = runFunction(r.handed, undefined, { quiet: true });
  assert.equal(r.handed.decoded, undefined);
  assert.equal(run.exitCode, 0);
  assert.equal(run.stdout, [...run.chunks].join(""));
  assert.equal(run.stdout, list);
});

// Input arriving in chunks of these sizes (bytes), read under `max`: the bytes and the text (or
// binary-input error) of their concatenation.
// Random bytes (binary: a NUL byte or invalid UTF-8), or UTF-8 text of 1- to 4-byte characters
// that the chunks cut anywhere, past the decoder's piece size too.
const reads: Array<{ name: string; chunks: number[]; max: number; ok: boolean; text?: boolean; cut?: boolean }> = [
  { name: "no chunks", chunks: [], max: 10, ok: true },
  { name: "one chunk", chunks: [5], max: 10, ok: true },
  { name: "many small chunks grow the buffer several times", chunks: Array.from({ length: 3000 }, (_, i) => 1 + (i % 97)), max: 1 << 20, ok: true },
  { name: "a chunk larger than the buffer doubled", chunks: [10, 300_000, 7, 1 << 17], max: 1 << 20, ok: true },
  { name: "exactly the limit", chunks: [600, 400], max: 1000, ok: true },
  { name: "one byte past the limit", chunks: [600, 401], max: 1000, ok: false },
  { name: "text in small chunks that cut characters", chunks: Array.from({ length: 500 }, (_, i) => 1 + (i % 13)), max: 1 << 20, ok: true, text: true },
  { name: "text past the piece size in a stream's chunks", chunks: Array.from({ length: 40 }, () => 65536), max: 4 << 20, ok: true, text: true },
  { name: "text: a chunk larger than the piece size after a short one", chunks: [5, (1 << 20) + 3, 2, 1 << 20, 9], max: 4 << 20, ok: true, text: true },
  { name: "text cut inside its last character (binary)", chunks: [65536, 65536, 8], max: 1 << 20, ok: true, text: true, cut: true },
  { name: "text exactly at the limit", chunks: [601, 399], max: 1000, ok: true, text: true },
  { name: "text one byte past the limit", chunks: [601, 400], max: 1000, ok: false, text: true },
];

/** The text of `bytes` as one fatal decode gives it, or the binary-input message. */
function oneDecode(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return "input is binary (invalid UTF-8), not YAML or JSON text";
  }
}

/**
 * `n` bytes of UTF-8 text: "a", "é", "日", "😀" and a newline in turn, then "a"s up to `n`; with
 * `cut`, the turns go on to `n` (cut inside a character unless `n` ends where one ends).
 */
function utf8Text(n: number, cut = false): Buffer {
  const unit = Buffer.from("aé日😀\n");
  const whole = cut ? n : n - (n % unit.length);
  return Buffer.concat([Buffer.alloc(whole, unit), Buffer.alloc(n - whole, "a")]);
}

for (const c of reads) {
  test(`readAtMost: ${c.name}`, async () => {
    let seed = 7;
    const total = c.chunks.reduce((a, b) => a + b, 0);
    const text = utf8Text(total, c.cut);
    let at = 0;
    const chunks = c.chunks.map((n) => (c.text ? text.subarray(at, (at += n)) : Buffer.from(Array.from({ length: n }, () => (seed = (seed * 31 + 11) % 251)))));
    const whole = Buffer.concat(chunks);
    // Through a stream of the chunks, and through a stream over a file of their bytes (read
    // with synchronous reads, the file's size expected).
    for (const r of [await readAtMost(Readable.from(chunks), c.max), await readFromFile(whole, c.max)]) checkRead(r, whole, c);
  });
}

/** What reading `whole` under the row's limit must give: the limit's outcome, or its bytes' text. */
function checkRead(r: ReadOutcome, whole: Buffer, c: { ok: boolean; text?: boolean }): void {
  if (!c.ok) {
    assert.deepEqual(r, { ok: false, read: whole.length });
    return;
  }
  assert.ok(r.ok && r.handed.decoded !== undefined);
  assert.equal(r.handed.bytes, whole.length);
  const d = r.handed.decoded;
  assert.deepEqual(d.ok ? { ok: true, text: joinText(d.text) } : d, decodeText(whole));
  // Text rows against the platform's decoder: cut inside its last character, the text is binary.
  if (c.text) assert.deepEqual(d.ok ? joinText(d.text) : d.error.message, oneDecode(whole));
}

/** `readAtMost` on a stream over a temporary file holding `bytes`, after `skip` bytes were read from its descriptor. */
async function readFromFile(bytes: Uint8Array, max: number, skip = 0, onChunk?: (knownBytes: number) => void): Promise<ReadOutcome> {
  return withOpenFile(bytes, (fd) => {
    if (skip > 0) readSync(fd, Buffer.alloc(skip), 0, skip, null);
    return readAtMost(createReadStream("", { fd, autoClose: false }), max, onChunk);
  });
}

test("readAtMost tells the input's size as far as known after each chunk: a file's from the first, a stream's bytes so far", async () => {
  const bytes = Buffer.alloc(2 * pieceBytes + 5, "a");
  const fromFile: number[] = [];
  assert.ok((await readFromFile(bytes, 4 * pieceBytes, 0, (n) => fromFile.push(n))).ok);
  assert.deepEqual(fromFile, [bytes.length, bytes.length, bytes.length]);
  const fromStream: number[] = [];
  assert.ok((await readAtMost(Readable.from([bytes.subarray(0, 10), bytes.subarray(10)]), 4 * pieceBytes, (n) => fromStream.push(n))).ok);
  assert.deepEqual(fromStream, [10, bytes.length]);
});

test("readAtMost: a file is read from its descriptor's offset to its end", async () => {
  const list = Buffer.from("# not read\napiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems: []\n");
  const r = await readFromFile(list, 1000, "# not read\n".length);
  assert.ok(r.ok && r.handed.decoded?.ok);
  assert.equal(joinText(r.handed.decoded.text), list.subarray("# not read\n".length).toString());
  assert.equal(r.handed.bytes, list.length - "# not read\n".length);
});

test("readAtMost: a file larger than its first read, past the limit, stops at the first read past it", async () => {
  const bytes = Buffer.alloc(3 * pieceBytes + 5, "a");
  assert.deepEqual(await readFromFile(bytes, 2 * pieceBytes + 1), { ok: false, read: 3 * pieceBytes });
  const r = await readFromFile(bytes, 3 * pieceBytes + 5);
  assert.ok(r.ok && r.handed.decoded?.ok);
  assert.equal(joinText(r.handed.decoded.text), bytes.toString());
});

test("readAtMost: JSON in a file is decoded in pieces of at most pieceBytes", async () => {
  const bytes = Buffer.from("[" + "1,".repeat(pieceBytes) + "1]");
  const r = await readFromFile(bytes, 4 * pieceBytes);
  assert.ok(r.ok && r.handed.decoded?.ok);
  assert.deepEqual(r.handed.decoded.text.map((p) => p.length), [pieceBytes, pieceBytes, bytes.length - 2 * pieceBytes]);
  assert.equal(joinText(r.handed.decoded.text), bytes.toString());
});
