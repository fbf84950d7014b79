// The code cache and V8 flags changed at run time (young-generation.ts, inlining-budget.ts): V8
// stamps a cache with its flags, so a run that changed one writes no cache that later runs would
// reject. Its own file: the flag change holds for the rest of the test process.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cachedDataVersionTag, setFlagsFromString } from "node:v8";
import { Script } from "node:vm";
import { bundleWrapper, loadBundle } from "../../src/cli/code-cache.js";

test("code cache: after a V8 flag changed, the per-user cache is not written; a cache written then is rejected by the next process", () => {
  const dir = mkdtempSync(join(tmpdir(), "kmutate-code-cache-flags-"));
  try {
    mkdirSync(join(dir, "dist"));
    const file = join(dir, "dist", "kmutate-fn.cjs");
    writeFileSync(file, `${bundleWrapper.start}"use strict";\nmodule.exports = { answer: () => 42 };\n${bundleWrapper.end}`);
    const user = join(dir, "user");
    const loaded = loadBundle<{ answer(): number }>(file, { user });
    assert.deepEqual([loaded.source, loaded.savesCache, loaded.exports.answer()], ["none", true, 42]);

    // Why: a cache V8 writes after the change carries the changed flags, and a new process rejects it.
    const tag = cachedDataVersionTag();
    const source = "function f(x) { return x + 1 }\nf(1);\n";
    const script = new Script(source, { filename: "f.js" });
    script.runInThisContext();
    setFlagsFromString("--max-inlined-bytecode-size-cumulative=300");
    assert.notEqual(cachedDataVersionTag(), tag);
    writeFileSync(join(dir, "stale.bin"), script.createCachedData());
    const probe = `const { Script } = require("node:vm"); const s = new Script(${JSON.stringify(source)}, { filename: "f.js", cachedData: require("node:fs").readFileSync(${JSON.stringify(join(dir, "stale.bin"))}) }); process.stdout.write(String(s.cachedDataRejected));`;
    const next = spawnSync(process.execPath, ["-e", probe], { encoding: "utf8", env: { ...process.env, NODE_OPTIONS: "" } });
    assert.equal(next.stdout, "true", next.stderr);

    assert.equal(loaded.saveCache(), undefined);
    assert.equal(existsSync(user), false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
