// Output written in pieces: the same bytes as the whole text, in writes of at most about
// writeChunk characters, surrogate pairs split between pieces kept whole; input bytes handed over and freed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Readable, Writable } from "node:stream";
import { readAtMost, writeChunk, writeChunks } from "../../src/cli/io.js";
import { runFunction } from "../../src/krm/index.js";

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
const cases: Array<{ name: string; pieces: string[]; writes: number }> = [
  { name: "no pieces", pieces: [], writes: 0 },
  { name: "small pieces are joined into one write", pieces: ["a", "b\n", "c"], writes: 1 },
  { name: "pieces past writeChunk characters start a new write", pieces: [big, "ab", "cd"], writes: 2 },
  { name: "a piece longer than writeChunk characters is sliced", pieces: ["a", big + big + "yz"], writes: 3 },
  { name: "a surrogate pair split between pieces at a write boundary", pieces: [big.slice(1) + "\ud83d", "\ude00!"], writes: 2 },
  { name: "empty pieces in between", pieces: ["", "a", "", "\ud83d", "", "\ude00"], writes: 1 },
];

for (const c of cases) {
  test(`writeChunks: ${c.name}`, async () => {
    const out = recorder();
    await writeChunks(out, c.pieces);
    assert.equal(Buffer.concat(out.writes).toString("utf8"), c.pieces.join(""));
    assert.equal(out.writes.length, c.writes);
    for (const w of out.writes) assert.ok(w.toString("utf8").length <= writeChunk + 1, `a write of ${w.length} bytes`);
    // No write holds half a pair (it would be written as U+FFFD).
    for (const w of out.writes) assert.ok(!w.toString("utf8").includes("\ufffd"));
  });
}

test("readAtMost hands the bytes over; runFunction empties the box", async () => {
  const list = "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems: []\n";
  const r = await readAtMost(Readable.from([Buffer.from(list)]), 1000);
  assert.ok(r.ok);
  assert.equal(Buffer.from(r.handed.bytes ?? []).toString(), list);
  const run = runFunction(r.handed, undefined, { quiet: true });
  assert.equal(r.handed.bytes, undefined);
  assert.equal(run.exitCode, 0);
  assert.equal(run.stdout, [...run.chunks].join(""));
  assert.equal(run.stdout, list);
});

// Input arriving in chunks of these sizes (bytes), read under `max`: the same bytes as their concatenation.
const reads: Array<{ name: string; chunks: number[]; max: number; ok: boolean }> = [
  { name: "no chunks", chunks: [], max: 10, ok: true },
  { name: "one chunk", chunks: [5], max: 10, ok: true },
  { name: "many small chunks grow the buffer several times", chunks: Array.from({ length: 3000 }, (_, i) => 1 + (i % 97)), max: 1 << 20, ok: true },
  { name: "a chunk larger than the buffer doubled", chunks: [10, 300_000, 7, 1 << 17], max: 1 << 20, ok: true },
  { name: "exactly the limit", chunks: [600, 400], max: 1000, ok: true },
  { name: "one byte past the limit", chunks: [600, 401], max: 1000, ok: false },
];

for (const c of reads) {
  test(`readAtMost: ${c.name}`, async () => {
    let seed = 7;
    const chunks = c.chunks.map((n) => Buffer.from(Array.from({ length: n }, () => (seed = (seed * 31 + 11) % 251))));
    const r = await readAtMost(Readable.from(chunks), c.max);
    const whole = Buffer.concat(chunks);
    if (!c.ok) {
      assert.deepEqual(r, { ok: false, read: whole.length });
      return;
    }
    assert.ok(r.ok);
    assert.ok(r.handed.bytes !== undefined && Buffer.from(r.handed.bytes).equals(whole));
  });
}
