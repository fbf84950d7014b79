// Tests of the side-by-side start-up comparison: argument parsing, the printed table, one tiny run
// of the command with a script that succeeds and one that fails, and each build's own TMPDIR.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { comparisonTable, parseBuilds } from "../../bench/startup-compare.js";

test("LABEL=SCRIPT arguments become builds; malformed, repeated or single ones are the message", () => {
  const cases: [string[], ReturnType<typeof parseBuilds>][] = [
    [["a=x.js", "b=dir/k=v.js"], [{ label: "a", script: "x.js" }, { label: "b", script: "dir/k=v.js" }]],
    [["a=x.js"], "startup-compare: give two or more LABEL=SCRIPT"],
    [["a=x.js", "=y.js"], 'startup-compare: expected LABEL=SCRIPT, got "=y.js"'],
    [["a=x.js", "b="], 'startup-compare: expected LABEL=SCRIPT, got "b="'],
    [["a=x.js", "y.js"], 'startup-compare: expected LABEL=SCRIPT, got "y.js"'],
    [["a=x.js", "a=y.js"], 'startup-compare: label "a" given twice'],
  ];
  for (const [args, want] of cases) assert.deepEqual(parseBuilds(args), want, args.join(" "));
});

test("the table has median, range and the per-round ratio to the first build", () => {
  const cpuMs = new Map([
    ["base", [100, 120, 110]],
    ["lazy", [80, 60, 99]],
  ]);
  assert.equal(comparisonTable({ cpuMs, failures: [] }), ["  base    110 ms  (100-120)  / base: 1.00", "  lazy     80 ms  (60-99)  / base: 0.80"].join("\n"));
  assert.match(comparisonTable({ cpuMs, failures: ["lazy: exit 3"] }), /\n {2}FAILED runs: lazy: exit 3$/);
});

test("the command starts every build each round and reports one that fails", () => {
  const dir = mkdtempSync(join(tmpdir(), "kmutate-startup-compare-test-"));
  try {
    const ok = join(dir, "ok.mjs");
    const bad = join(dir, "bad.mjs");
    writeFileSync(ok, "process.stdin.resume();\n");
    writeFileSync(bad, "process.exitCode = 3;\n");
    const script = fileURLToPath(new URL("../../bench/startup-compare.js", import.meta.url));
    const out = spawnSync(process.execPath, [script, "--runs", "2", `ok=${ok}`, `bad=${bad}`], { encoding: "utf8" });
    assert.equal(out.status, 1, out.stderr);
    const lines = out.stdout.split("\n");
    assert.equal(lines[0], "Empty ResourceList, CPU (user+sys) over 2 rotating rounds, median (range):");
    assert.match(lines[1], /^ {2}ok +\d+ ms {2}\(\d+-\d+\) {2}\/ ok: 1\.00$/);
    assert.match(lines[2], /^ {2}bad +\d+ ms {2}\(\d+-\d+\) {2}\/ ok: \d+\.\d\d$/);
    // The untimed first round counts too: three runs of the failing script.
    assert.equal(lines[3], "  FAILED runs: bad: exit 3, bad: exit 3, bad: exit 3");
    assert.match(lines[4], /^ {2}load average at end: /);
    const usage = spawnSync(process.execPath, [script, `ok=${ok}`], { encoding: "utf8" });
    assert.equal(usage.status, 2);
    assert.equal(usage.stderr.split("\n")[0], "startup-compare: give two or more LABEL=SCRIPT");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("every build runs with a temporary directory of its own, the same in every round, the rest of the environment kept", () => {
  const dir = mkdtempSync(join(tmpdir(), "kmutate-startup-compare-test-"));
  try {
    const scripts = ["a", "b"].map((label) => {
      const path = join(dir, `${label}.mjs`);
      writeFileSync(path, `import { appendFileSync } from "node:fs";\nimport { tmpdir } from "node:os";\nappendFileSync(${JSON.stringify(join(dir, `seen-${label}`))}, tmpdir() + " " + process.env.KMUTATE_TEST_MARK + "\\n");\n`);
      return `${label}=${path}`;
    });
    const script = fileURLToPath(new URL("../../bench/startup-compare.js", import.meta.url));
    const out = spawnSync(process.execPath, [script, "--runs", "2", ...scripts], { encoding: "utf8", env: { ...process.env, KMUTATE_TEST_MARK: "kept" } });
    assert.equal(out.status, 0, out.stderr);
    const seen = ["a", "b"].map((label) => readFileSync(join(dir, `seen-${label}`), "utf8").trim().split("\n"));
    for (const dirs of seen) {
      assert.equal(dirs.length, 3, "the untimed round and two timed ones");
      assert.equal(new Set(dirs).size, 1, dirs.join(" "));
      assert.match(dirs[0], /kmutate-startup-compare-[^/]+\/tmp-\d kept$/);
    }
    assert.notEqual(seen[0][0], seen[1][0]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
