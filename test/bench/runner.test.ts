// Tests of the benchmark runner: option parsing, pair statistics, and one tiny end-to-end run
// with a fake kmutate that writes phase times, so every report section is exercised.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { median, pairDifferences, pairRatios } from "../../bench/stats.js";
import { parseRunOptions } from "../../bench/run-options.js";
import { targetLines } from "../../bench/report.js";
import { targetTable } from "../../bench/target-table.js";
import { hasCompileCache } from "../../bench/node-binaries.js";
import { startupTable } from "../../bench/startup.js";
import type { ConfigResult } from "../../bench/report.js";

const medianCases = [
  { name: "odd length takes the middle", values: [5, 1, 3], expected: 3 },
  { name: "even length averages the middle two", values: [4, 1, 3, 2], expected: 2.5 },
  { name: "single value", values: [7], expected: 7 },
];
for (const c of medianCases) test(`median: ${c.name}`, () => assert.equal(median(c.values), c.expected));
test("median of nothing is NaN", () => assert.ok(Number.isNaN(median([]))));

test("pair ratios and differences are taken pair by pair", () => {
  assert.deepEqual(pairRatios([100, 200], [150, 200]), [1.5, 1]);
  assert.deepEqual(pairDifferences([100, 200], [150, 180]), [50, -20]);
  assert.throws(() => pairRatios([1], [1, 2]), RangeError);
});

const optionCases = [
  { name: "default set", argv: [], expected: ["1000x10:5", "1000x100:5", "10000x10:3", "10000x100:3", "50000x10:1"] },
  { name: "--full crosses all sizes", argv: ["--full"], expected: ["1000x10:7", "1000x100:7", "10000x10:5", "10000x100:5", "50000x10:3", "50000x100:3"] },
  { name: "explicit sizes with k suffix and runs", argv: ["--objects", "2k,500", "--policies", "0", "--runs", "2"], expected: ["2000x0:2", "500x0:2"] },
  { name: "--policies alone keeps the default object sizes", argv: ["--policies", "20"], expected: ["1000x20:5", "10000x20:3", "50000x20:1"] },
];
for (const c of optionCases) {
  test(`run options: ${c.name}`, () => {
    const options = parseRunOptions(c.argv);
    assert.ok(typeof options !== "string", String(options));
    assert.deepEqual(options.configs.map((x) => `${x.objects}x${x.policies}:${x.runs}`), c.expected);
  });
}
test("the per-configuration budget applies only to default runs", () => {
  const budget = (argv: string[]): number => (parseRunOptions(argv) as { budgetSeconds: number }).budgetSeconds;
  assert.equal(budget([]), 45);
  assert.equal(budget(["--full"]), Number.POSITIVE_INFINITY);
  assert.equal(budget(["--runs", "3"]), Number.POSITIVE_INFINITY);
  assert.equal(budget(["--full", "--budget", "10"]), 10);
});

const badOptionCases = [
  { name: "non-numeric objects", argv: ["--objects", "lots"], expected: /--objects/ },
  { name: "zero runs", argv: ["--runs", "0"], expected: /--runs/ },
  { name: "negative budget", argv: ["--budget", "-1"], expected: /--budget/ },
  { name: "unknown flag", argv: ["--fast"], expected: /fast/ },
];
for (const c of badOptionCases) {
  test(`run options reject ${c.name}`, () => {
    const options = parseRunOptions(c.argv);
    assert.equal(typeof options, "string");
    assert.match(options as string, c.expected);
  });
}

function result(objects: number, policies: number, base: number[], km: number[], rss: [number, number] = [100, 100]): ConfigResult {
  const run = (wallMs: number, maxRssKiB: number) => ({ wallMs, cpuMs: wallMs, maxRssKiB, exitCode: 0, stderr: "", phases: undefined, timedOut: false });
  return {
    objects,
    policies,
    items: objects,
    inputBytes: 0,
    baseline: base.map((w) => run(w, rss[0])),
    kmutate: km.map((w) => run(w, rss[1])),
    phases: undefined,
    check: { problem: "", changedItems: 0, errorResults: 0 },
  };
}

test("targets pass, fail or say they were not measured", () => {
  const lines = targetLines([result(10000, 10, [100, 100, 100], [140, 160, 149]), result(10000, 100, [100], [310])]);
  assert.match(lines[0], /10k x 10 .*1\.49x PASS/);
  assert.match(lines[1], /10k x 100 .*3\.10x FAIL/);
  assert.match(lines[2], /RSS 50k .*not measured/);
  assert.match(targetLines([result(50000, 10, [1], [1], [100, 250])])[2], /2\.50x FAIL/);
});

test("issue 21's table: median and range over pairs per row, met or not, and rows whose workload did not run", () => {
  const startup = { node: "v22.23.5", cpuMs: { node: [60, 61], modular: [170, 160], bundle: [85, 95, 80], cold: [150, 160, 170] }, failures: [], loadAverage: [1, 1, 1] };
  const table = targetTable([result(10000, 10, [100, 100, 100], [90, 120, 95]), result(1000, 10, [100, 100], [140, 160], [100, 120])], startup).split("\n");
  assert.deepEqual(table.slice(2).map((l) => l.split(/ {2,}/)), [
    ["10k x 10, CPU ratio", "0.95", "0.90-1.20 (3)", "<= 1.00x", "met"],
    ["10k x 100, CPU ratio", "not measured", "<= 2.00x"],
    ["1k x 10, CPU ratio", "1.50", "1.40-1.60 (2)", "<= 1.50x", "met"],
    ["50k x 10, CPU ratio", "not measured", "<= 1.00x"],
    ["50k x 10, wall ratio", "not measured", "<= 0.75x"],
    ["empty ResourceList, CPU ms", "85", "80-95 (3)", "<= 90 ms", "met"],
    ["10k x 100, peak RSS ratio", "not measured", "<= 1.30x"],
  ]);
  const slow = targetTable([result(10000, 10, [100], [101])], { ...startup, cpuMs: { ...startup.cpuMs, bundle: [91] } });
  assert.match(slow, /^10k x 10, CPU ratio +1\.01 +1\.01-1\.01 \(1\) +<= 1\.00x +NOT met$/m);
  assert.match(slow, /^empty ResourceList, CPU ms +91 +91-91 \(1\) +<= 90 ms +NOT met$/m);
});

test("a tiny end-to-end run prints every section with a fake kmutate's phase times", () => {
  const dir = mkdtempSync(join(tmpdir(), "kmutate-bench-test-"));
  try {
    const fake = join(dir, "fake-kmutate.mjs");
    writeFileSync(
      fake,
      `import { writeFileSync } from "node:fs";
const chunks = [];
for await (const c of process.stdin) chunks.push(c);
if (process.env.KMUTATE_PHASE_TIMES) writeFileSync(process.env.KMUTATE_PHASE_TIMES, JSON.stringify({ parse: 11, match: 2, cel: 3, patch: 4, serialise: 5 }));
process.stdout.write(Buffer.concat(chunks));
`,
    );
    const runner = fileURLToPath(new URL("../../bench/run.js", import.meta.url));
    const out = spawnSync(process.execPath, [runner, "--objects", "40", "--policies", "8", "--runs", "2", "--bin", fake, "--skip-cel", "--startup-runs", "2"], {
      encoding: "utf8",
    });
    assert.equal(out.status, 0, out.stderr);
    assert.match(out.stdout, /^command: node .*run\.js --objects 40 --policies 8 --runs 2/);
    assert.match(out.stdout, /^40 +8 .* 2 .* ok$/m, "time row with 2 pairs and status ok");
    assert.match(out.stdout, /^40 +8 +11 +2 +3 +4 +5$/m, "phase row from the fake's file");
    assert.match(out.stdout, /peak RSS 50k <= 2x: not measured/);
    // Issue 21's table: the workloads of this run are not its rows; the start-up row ran the fake.
    assert.match(out.stdout, /^10k x 10, CPU ratio +not measured +<= 1\.00x$/m);
    assert.match(out.stdout, /^empty ResourceList, CPU ms +\d+ +\d+-\d+ \(2\) +<= 90 ms +(met|NOT met)$/m);
    assert.match(out.stdout, /bundle \/ modular, per round: median \d/);
    assert.match(out.stdout, /CEL engine comparison: skipped \(--skip-cel\)/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("--node runs every child with each binary and reports each one in its own section", () => {
  const dir = mkdtempSync(join(tmpdir(), "kmutate-bench-test-"));
  try {
    const fake = join(dir, "fake-kmutate.mjs");
    writeFileSync(fake, "for await (const c of process.stdin) process.stdout.write(c);\n");
    // Two paths to this node: a wrapper that counts its runs in a file, and the binary itself.
    const counter = join(dir, "runs");
    const wrapper = join(dir, "node-wrapper");
    writeFileSync(wrapper, `#!/bin/sh\necho run >> '${counter}'\nexec '${process.execPath}' "$@"\n`, { mode: 0o755 });
    const runner = fileURLToPath(new URL("../../bench/run.js", import.meta.url));
    const args = [runner, "--objects", "20", "--policies", "2", "--runs", "2", "--bin", fake, "--skip-cel", "--startup-runs", "1"];
    const out = spawnSync(process.execPath, [...args, "--node", wrapper, "--node", process.execPath], { encoding: "utf8" });
    assert.equal(out.status, 0, out.stderr);
    const headings = out.stdout.split("\n").filter((l) => l.startsWith("== node "));
    assert.deepEqual(headings, [`== node ${process.version} (${wrapper})`, `== node ${process.version} (${process.execPath})`]);
    assert.equal(out.stdout.match(/^20 +2 .* 2 .* ok$/gm)?.length, 2, "one time row with 2 pairs per node");
    // --version, then per pair (warm-up 1, workload 2) a baseline and a kmutate run, per workload
    // kmutate's phase run, then the start-up rounds (one untimed, one timed) of node, modular and
    // bundle, plus cold from 22.1, then the peak RSS per MB runs (3 workloads × 2 formats × 2 flag sets).
    const startupSlots = hasCompileCache(process.version) ? 4 : 3;
    assert.equal(readFileSync(counter, "utf8").split("\n").filter(Boolean).length, 1 + 3 * 2 + 2 + 2 * startupSlots + 12);
    assert.equal(out.stdout.match(/^Peak RSS per MB of input \(one run each on node v[\d.]+,/gm)?.length, 2, "one RSS per MB table per node");
    const bad = spawnSync(process.execPath, [...args, "--node", join(dir, "missing-node")], { encoding: "utf8" });
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /^bench: --node .*missing-node: not a node binary/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a compile cache from Node 22.1 on", () => {
  const cases: [string, boolean][] = [["v20.20.2", false], ["v22.0.0", false], ["v22.1.0", true], ["v22.23.5", true], ["v24.22.3", true], ["v100.0.0", true], ["nonsense", false]];
  for (const [version, want] of cases) assert.equal(hasCompileCache(version), want, version);
});

test("a kmutate that hangs is killed at --timeout and reported, not waited for", () => {
  const dir = mkdtempSync(join(tmpdir(), "kmutate-bench-test-"));
  try {
    const hang = join(dir, "hang.mjs");
    writeFileSync(hang, "setTimeout(() => {}, 600000);\n");
    const runner = fileURLToPath(new URL("../../bench/run.js", import.meta.url));
    const started = Date.now();
    const out = spawnSync(process.execPath, [runner, "--objects", "20", "--policies", "0", "--runs", "1", "--timeout", "1", "--bin", hang, "--skip-cel", "--startup-runs", "1"], {
      encoding: "utf8",
    });
    assert.equal(out.status, 0, out.stderr);
    assert.ok(Date.now() - started < 60000, "the runner did not wait for the hung child");
    assert.match(out.stdout, /^20 +0 .*>=\d.*1 run\(s\) timed out$/m);
    assert.match(out.stdout, /FAILED runs: (.*, )?bundle: timed out/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("start-up: cold runs start from an emptied compile-cache directory, warm runs keep theirs", () => {
  const dir = mkdtempSync(join(tmpdir(), "kmutate-bench-test-"));
  try {
    // A node that says it is 24.0.0 (so it gets a cold row) and runs this node; a bin that logs
    // whether its TMPDIR already held what an earlier run left there.
    const wrapper = join(dir, "node24");
    writeFileSync(wrapper, `#!/bin/sh\n[ "$1" = --version ] && { echo v24.0.0; exit 0; }\nexec '${process.execPath}' "$@"\n`, { mode: 0o755 });
    const log = join(dir, "log");
    const bin = join(dir, "bin.mjs");
    writeFileSync(
      bin,
      `import { appendFileSync, existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
const mark = join(process.env.TMPDIR, "left-by-an-earlier-run");
appendFileSync(${JSON.stringify(log)}, process.env.TMPDIR.split("/").pop() + " " + (existsSync(mark) ? "kept" : "empty") + "\\n");
writeFileSync(mark, "x");
for await (const c of process.stdin) process.stdout.write(c);
`,
    );
    const script = fileURLToPath(new URL("../../bench/startup.js", import.meta.url));
    const out = spawnSync(process.execPath, [script, "--runs", "2", "--bin", bin, "--node", wrapper], { encoding: "utf8" });
    assert.equal(out.status, 0, out.stderr);
    assert.match(out.stdout, /^ {2}bundle, cold compile cache +\d+ ms {2}\(\d+-\d+\)$/m);
    // One untimed and two timed rounds: the bundle (warm) and cold rows ran three times each.
    assert.deepEqual(readFileSync(log, "utf8").trim().split("\n").sort(), ["cold-0 empty", "cold-0 empty", "cold-0 empty", "warm-0 empty", "warm-0 kept", "warm-0 kept"]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("start-up table: a node without compile cache says so in the cold row", () => {
  const result = { node: "v20.20.2", cpuMs: { node: [50, 60], modular: [200, 220], bundle: [100, 110], cold: [] }, failures: [], loadAverage: [1, 2, 3] };
  assert.deepEqual(startupTable(result).split("\n"), [
    "  node, empty script                     55 ms  (50-60)",
    "  modular bin (dist/src/cli/bin.js)     210 ms  (200-220)",
    "  bundle (dist/src/cli/kmutate.cjs)     105 ms  (100-110)",
    "  bundle, cold compile cache            n/a (no compile cache before Node 22.1)",
    "  bundle / modular, per round: median 0.50 (0.50-0.50)",
    "  load average at end: 1.0 2.0 3.0",
  ]);
});
