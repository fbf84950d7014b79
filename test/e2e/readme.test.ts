// The README's front-door commands, run as written (with the built bin standing in for `npx kmutate`).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { builtBin, repoRoot } from "./harness.js";

const readme = readFileSync(repoRoot + "README.md", "utf8");

/** The `npx kmutate …` command of the README's quick start. */
function frontDoorArgs(): string[] {
  const m = /npm ci && npm run build && npx kmutate ([^#\n]+?)\s+#/.exec(readme);
  assert.ok(m, "the README's quick start is `npm ci && npm run build && npx kmutate …`");
  return m[1].trim().split(/\s+/);
}

test("README front door: the example command prints the package with the sidecar injected", () => {
  const args = frontDoorArgs();
  assert.deepEqual(args, ["apply", "-f", "examples/sidecar-injection"]);
  const r = spawnSync(process.execPath, [builtBin, ...args], { cwd: repoRoot, encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  const pods = readFileSync(repoRoot + "examples/sidecar-injection/.expected/pods.yaml", "utf8");
  assert.ok(r.stdout.includes("    - name: mesh-proxy\n      image: registry.example.com/mesh-proxy:1.21.0\n      restartPolicy: Always\n"), r.stdout);
  assert.ok(pods.includes("- name: mesh-proxy"));
  assert.match(r.stderr, /^info: policy 'mesh-sidecar' with binding 'mesh-sidecar' and param 'default' changed 1 object: Pod shop\/cart\ninfo: 8 objects read, 1 changed by 1 invocation, 0 warnings, 0 errors\n$/);
});

test("README: `kmutate --help` and `kmutate version` work", () => {
  for (const args of [["--help"], ["version"]]) {
    const r = spawnSync(process.execPath, [builtBin, ...args], { cwd: repoRoot, encoding: "utf8" });
    assert.equal(r.status, 0, r.stderr);
    assert.notEqual(r.stdout, "");
  }
});
