// Output memory, measured in child processes: a JSON list and a spliced YAML list are written as
// they are iterated (never held whole before the write), and the writes themselves leave no large
// garbage behind.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";

const krm = new URL("../../src/krm/index.js", import.meta.url).href;
const io = new URL("../../src/cli/io.js", import.meta.url).href;
const peakRss = new URL("../../bench/peak-rss.cjs", import.meta.url).href;

/** Runs `script` (an ES module) in a fresh Node with `flags`; its stdout parsed as JSON. */
function child<T>(script: string, flags: string[]): T {
  // The young generation pinned at Node 20's and 22's default (Node 24's grows to 64 MiB per semi-space).
  const r = spawnSync(process.execPath, ["--max-semi-space-size=16", ...flags, "--input-type=module", "-e", script], { encoding: "utf8", timeout: 120_000 });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as T;
}

test("a JSON run's output is written as it is iterated, not held whole", () => {
  // 400 items, each a 2,000-element list 30 levels deep: the compact input is ~1.6 MB, the
  // indented output (62 spaces a line) ~55 MB, the values themselves a few MB.
  const m = child<{ grownMb: number; outputMb: number; again: boolean }>(`
    import { InputDecoder, runFunction } from ${JSON.stringify(krm)};
    const deep = (d) => (d === 0 ? Array.from({ length: 2000 }, () => "x") : { a: deep(d - 1) });
    const items = Array.from({ length: 400 }, (_, i) => ({ apiVersion: "example.com/v1", kind: "Thing", metadata: { name: "t" + i }, spec: deep(28) }));
    const used = () => { gc(); gc(); const m = process.memoryUsage(); return m.heapUsed + m.external; };
    const decoder = new InputDecoder();
    decoder.push(Buffer.from(JSON.stringify({ apiVersion: "config.kubernetes.io/v1", kind: "ResourceList", items })));
    const box = { decoded: decoder.end(), bytes: decoder.bytes };
    items.length = 0;
    const before = used();
    const run = runFunction(box, undefined, { quiet: true });
    const grownMb = (used() - before) / 1e6;
    let length = 0;
    let last = "";
    for (const piece of run.chunks) { length += piece.length; last = piece; }
    // Iterating again writes the same text again.
    const again = run.stdout.length === length && run.stdout.endsWith(last) && run.exitCode === 0;
    console.log(JSON.stringify({ grownMb, outputMb: length / 1e6, again }));`, ["--expose-gc"]);
  assert.ok(m.again);
  assert.ok(m.outputMb > 40, `output ${m.outputMb.toFixed(1)} MB`);
  // Pieces written before the write held the whole output (≥ 1 byte a character) until it was written.
  assert.ok(m.grownMb < m.outputMb / 4, `+${m.grownMb.toFixed(1)} MB after the run, output ${m.outputMb.toFixed(1)} MB`);
});

test("writing 196 MB of pieces to a stream leaves no large garbage behind", () => {
  const m = child<{ grownMb: number }>(`
    import { Writable } from "node:stream";
    import { writeChunks } from ${JSON.stringify(io)};
    import { peakRssKiB } from ${JSON.stringify(peakRss)};
    function* pieces(n) { for (let i = 0; i < n; i++) yield String(i).padStart(1 << 16, "x"); }
    // As a file stream does: each write's string becomes a buffer (Writable's decodeStrings).
    const sink = new Writable({ write(chunk, _enc, cb) { cb(); } });
    await writeChunks(sink, pieces(50));
    const before = process.memoryUsage().rss;
    await writeChunks(sink, pieces(3000));
    console.log(JSON.stringify({ grownMb: (peakRssKiB() * 1024 - before) / 1e6 }));`, []);
  // Writes joined into 1 Mi characters (large-object space, freed only by a full collection) grew
  // the peak by 41-64 MB here; young-generation writes by 17-21 MB (the young generation). Only
  // io.js is loaded: with the krm layer loaded as well, the same writes grew it by 20-24 MB on
  // Node 20 and 27-52 MB on Node 24 (a larger heap collects later).
  assert.ok(m.grownMb < 30, `peak RSS +${m.grownMb.toFixed(1)} MB while writing`);
});

test("a spliced YAML list's changed items are written as they are iterated, not held whole", () => {
  // 2,000 items; each changed item gets a 20,000-character annotation, so the changed items'
  // text (~40 MB) dwarfs the input (~0.2 MB) and the values (one shared string).
  const yaml = new URL("../../src/krm/yaml/index.js", import.meta.url).href;
  const m = child<{ grownMb: number; outputMb: number; again: boolean }>(`
    import { readDocument, spliceOutput } from ${JSON.stringify(yaml)};
    const lines = ["apiVersion: config.kubernetes.io/v1", "kind: ResourceList", "items:"];
    for (let i = 0; i < 2000; i++) lines.push("- apiVersion: v1", "  kind: ConfigMap", "  metadata:", "    name: c" + i, "  data:", "    a: b");
    const text = lines.join("\\n") + "\\n";
    const read = readDocument(text);
    const before = read.value.items;
    const note = "n".repeat(20000);
    const after = before.map((item) => ({ ...item, metadata: { ...item.metadata, annotations: { note } } }));
    const used = () => { gc(); gc(); const m = process.memoryUsage(); return m.heapUsed + m.external; };
    const start = used();
    const pieces = spliceOutput(text, read.itemSpans, read.value, before, after, []);
    const grownMb = (used() - start) / 1e6;
    let length = 0;
    for (const piece of pieces) length += piece.length;
    // Iterating again gives the same text again.
    const again = [...pieces].join("").length === length && read.itemSpans !== undefined;
    console.log(JSON.stringify({ grownMb, outputMb: length / 1e6, again }));`, ["--expose-gc"]);
  assert.ok(m.again);
  assert.ok(m.outputMb > 35, `output ${m.outputMb.toFixed(1)} MB`);
  // Pieces made before the write held every changed item's text until it was written.
  assert.ok(m.grownMb < m.outputMb / 4, `+${m.grownMb.toFixed(1)} MB after splicing, output ${m.outputMb.toFixed(1)} MB`);
});
