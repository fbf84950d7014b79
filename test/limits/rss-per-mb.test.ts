// Issue 22 item 8, peak RSS ≤ 5 × input + 60 MB, as users run the bin: `node kmutate.cjs` (an npm
// install: the bin stops V8's young generation growing past two 8 MiB semi-spaces itself) and node
// with the Dockerfile ENTRYPOINT's options (which set that size from the start). Node 24's default
// lets it grow to 64 MiB semi-spaces, which alone broke the bound on 20-30 MB lists.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { imageNodeFlags } from "../../bench/image-node-flags.js";
import { runChild } from "../../bench/measure.js";
import { rssWorkloads } from "../../bench/rss-per-mb.js";
import { generateWorkload, serialiseResourceList } from "../../bench/workload.js";
import { newSpaceCap } from "../../src/cli/young-generation.js";
import { builtBin, tempDir } from "../e2e/harness.js";

const flags = imageNodeFlags();

/**
 * The sizes (MiB) V8's new space has in a node started with `nodeArgs` while 3 million objects
 * survive, sampled every 4,096 objects: the one sampled most often (where it settles) and the largest.
 */
function newSpaceMiB(nodeArgs: string[]): { settled: number; max: number } {
  const script = `const v8 = require("node:v8"); const counts = new Map(); const keep = [];
    for (let i = 0; i < 3e6; i++) { keep.push({ i }); if ((i & 4095) === 0) { const s = v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space").space_size; counts.set(s, (counts.get(s) ?? 0) + 1); } }
    const sizes = [...counts].sort((a, b) => b[1] - a[1]);
    console.log(sizes[0][0] / 1048576, Math.max(...counts.keys()) / 1048576);`;
  const r = spawnSync(process.execPath, [...nodeArgs, "-e", script], { encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  const [settled, max] = r.stdout.trim().split(" ").map(Number);
  return { settled, max };
}

test("the image's node options hold V8's young generation at two 8 MiB semi-spaces", () => {
  assert.deepEqual(flags, ["--max-semi-space-size=8"]);
  // Node 24's V8, on a loaded machine, lets the new space run a few 256 KiB pages past its size
  // while a scavenge waits (18.75–21 MiB in 3 of 44 runs four at a time, on 2 cores): it settles
  // at the cap, and stays far below an uncapped one.
  const capped = newSpaceMiB(flags);
  assert.equal(capped.settled, 16);
  assert.ok(capped.max < 32, `the new space reached ${capped.max} MiB`);
  // Without them this Node grows it further (Node 20 and 22: 32 MiB, Node 24: 128 MiB).
  assert.ok(newSpaceMiB([]).max >= 32);
});

/**
 * The size (MiB) of V8's new space when the built bin (fn mode, `-q`, serial) exits on `input`,
 * started with `nodeArgs`; `dir` holds the preload that reports it.
 */
function binNewSpaceMiB(dir: string, input: string | Buffer, nodeArgs: string[] = []): number {
  const report = join(dir, "report.mjs");
  writeFileSync(report, `import v8 from "node:v8";
      process.on("exit", () => process.stderr.write("new space " + v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space").space_size / 1048576 + "\\n"));`);
  // A run that writes the per-user code cache (a Node other than the build's, first run) sets no
  // caps (src/cli/bin.ts): one on an empty list writes it first, in a TMPDIR of the test's own.
  const env = { ...process.env, KMUTATE_WORKERS: "1", TMPDIR: dir };
  const warm = spawnSync(process.execPath, [...nodeArgs, builtBin, "-q"], { input: "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems: []\n", encoding: "utf8", env });
  assert.equal(warm.status, 0, warm.stderr);
  const r = spawnSync(process.execPath, [...nodeArgs, "--import", report, builtBin, "-q"], { input, maxBuffer: 1 << 28, encoding: "utf8", env });
  assert.equal(r.status, 0, r.stderr);
  const m = /new space (\d+(?:\.\d+)?)/.exec(r.stderr);
  assert.ok(m, r.stderr);
  return Number(m[1]);
}

test("from 8 to 40 MiB of input the bin stops the young generation at two 4 MiB semi-spaces; a user's size is kept", () => {
  const dir = tempDir("young");
  try {
    const input = serialiseResourceList(generateWorkload({ objects: 10_000, policies: 10, seed: 1 }).list, "yaml");
    assert.ok(input.length > 8 << 20 && input.length < 40 << 20, `${input.length} bytes`);
    const mib = binNewSpaceMiB(dir, input);
    assert.ok(mib <= 8, `the new space reached ${mib} MiB`);
    assert.ok(binNewSpaceMiB(dir, input, ["--max-semi-space-size=32"]) > 16, "the user's size");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("below 8 MiB of input the bin holds the young generation at its size's cap (two 1 MiB semi-spaces below 1 MiB, two 2 MiB ones from there), YAML and JSON alike", () => {
  const dir = tempDir("young-small");
  try {
    // Below 1 MiB Node 24 had grown it to 4 MiB while the bundle initialised, before the cap could
    // look. JSON's reader tells the cap as each item ends: once per 960 KiB piece, V8 had grown it
    // to 8 MiB on 1k objects. While stdin is read the cap counts the size known so far: when it
    // waited for the input's size, Node 24 grew it to 8 MiB while 2k objects of JSON were read.
    const rows = [[8, "yaml", 2], [100, "yaml", 2], [300, "json", 2], [1000, "yaml", 4], [1000, "json", 4], [2000, "json", 4]] as const;
    for (const [objects, format, capMiB] of rows) {
      const input = serialiseResourceList(generateWorkload({ objects, policies: 10, seed: 1 }).list, format);
      assert.equal(newSpaceCap(input.length), capMiB << 20, `${objects} ${format}: ${input.length} bytes`);
      const mib = binNewSpaceMiB(dir, input);
      assert.ok(mib <= capMiB, `${objects} ${format}: the new space reached ${mib} MiB`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("peak RSS ≤ 5 × input + 60 MB, as an npm install and as the image run the bin: a 30 MB list one policy matches none of, YAML and JSON", async (t) => {
  const dir = tempDir("rss");
  try {
    const unmatched = rssWorkloads(16_000, 10, 1).find(([w]) => w === "none matched");
    assert.ok(unmatched);
    for (const format of ["yaml", "json"] as const) {
      const inputPath = join(dir, `list.${format}`);
      writeFileSync(inputPath, serialiseResourceList(unmatched[1], format));
      const inputMb = statSync(inputPath).size / 1e6;
      assert.ok(inputMb > 20, `${format}: ${inputMb.toFixed(1)} MB`);
      for (const nodeArgs of [[], flags]) {
        const outputPath = join(dir, "out");
        const r = await runChild({ script: builtBin, nodeArgs, args: ["-q"], env: { KMUTATE_WORKERS: "1" }, inputPath, outputPath, rssPath: join(dir, "rss.json") });
        assert.equal(r.exitCode, 0, r.stderr);
        assert.ok(statSync(outputPath).size > inputMb * 1e6 * 0.9, "the list is written back");
        assert.ok(r.maxRssKiB !== undefined);
        const rssMb = (r.maxRssKiB * 1024) / 1e6;
        const run = `${format}, node ${nodeArgs.join(" ") || "without options"}: peak RSS ${rssMb.toFixed(0)} MB for ${inputMb.toFixed(1)} MB of input (bound ${(5 * inputMb + 60).toFixed(0)} MB)`;
        t.diagnostic(run);
        assert.ok(rssMb <= 5 * inputMb + 60, run);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
