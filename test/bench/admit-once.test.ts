// The instruction-count driver admits a tiny workload with the build it is given (exit 0), stops
// before admitting with --skip, and prints its usage (exit 2) without a build directory.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const script = fileURLToPath(new URL("../../bench/admit-once.js", import.meta.url));
// This checkout: dist/ with package.json and node_modules beside it, as the driver expects.
const build = fileURLToPath(new URL("../../..", import.meta.url));

test("admit-once: admits with the given build, --skip only generates, no build is the usage", () => {
  for (const extra of [[], ["--skip"]]) {
    const r = spawnSync(process.execPath, [script, "--objects", "30", "--policies", "3", ...extra, build], { encoding: "utf8" });
    assert.equal(r.status, 0, `${extra.join(" ")}: ${r.stderr}`);
    assert.equal(r.stdout, "");
  }
  const usage = spawnSync(process.execPath, [script], { encoding: "utf8" });
  assert.equal(usage.status, 2);
  assert.match(usage.stderr, /^Usage: node --single-threaded dist\/bench\/admit-once\.js/);
});
