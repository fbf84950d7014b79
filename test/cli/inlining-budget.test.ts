// The bin's inlining budget: a node option of the user's about TurboFan's inlining leaves it alone
// (V8 refuses these in NODE_OPTIONS; the runs that write a code cache: code-cache-bin.test.ts).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { inliningSet } from "../../src/cli/inlining-budget.js";

const bin = fileURLToPath(new URL("../../src/cli/kmutate.js", import.meta.url));

test("inliningSet: node options about TurboFan's inlining, in argv or NODE_OPTIONS, any spelling", () => {
  assert.equal(inliningSet([], ""), false);
  assert.equal(inliningSet(["--max-old-space-size=512", "--max-inlined-bytecode-size=100"], "--no-warnings"), false);
  assert.equal(inliningSet(["--max-inlined-bytecode-size-cumulative=920"], ""), true);
  assert.equal(inliningSet(["--max_inlined_bytecode_size_cumulative=100"], ""), true);
  assert.equal(inliningSet(["--no-turbo-inlining"], ""), true);
  assert.equal(inliningSet(["--turbo-inlining"], ""), true);
  assert.equal(inliningSet([], "--no-warnings  --max-inlined-bytecode-size-cumulative=2000"), true);
});

/** Runs the built bin on an empty ResourceList; says whether V8's flags changed during the run. */
function flagsChangedInBin(nodeArgs: string[]): boolean {
  const dir = mkdtempSync(join(tmpdir(), "kmutate-inlining-"));
  try {
    const probe = join(dir, "probe.cjs");
    writeFileSync(probe, 'const v8 = require("node:v8"); const t = v8.cachedDataVersionTag(); process.on("exit", () => process.stderr.write(`changed=${v8.cachedDataVersionTag() !== t}`));\n');
    const list = '{"apiVersion":"config.kubernetes.io/v1","kind":"ResourceList","items":[]}';
    const r = spawnSync(process.execPath, [...nodeArgs, "--require", probe, bin], { input: list, encoding: "utf8", env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: "1" } });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, /^changed=(true|false)$/);
    return r.stderr === "changed=true";
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("the bin sets the inlining budget, unless node was started with an inlining option", () => {
  assert.equal(flagsChangedInBin([]), true);
  assert.equal(flagsChangedInBin(["--max-inlined-bytecode-size-cumulative=920"]), false);
  assert.equal(flagsChangedInBin(["--no-turbo-inlining"]), false);
});
