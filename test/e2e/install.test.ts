// The README's install path, end to end: `npm pack` the package, install the tarball into a
// temporary npm prefix (no build script may run, no dev dependency may be needed), then let the
// real kpt find `exec: kmutate` on PATH and render an example package to its `.expected/` files.
// Skips visibly without npm, without kpt, or when neither the registry nor the npm cache has the
// dependencies.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { listFiles, repoRoot, tempDir, toolFound } from "./harness.js";

const npmFound = toolFound("npm", ["--version"]);
const kptFound = toolFound("kpt", ["version"]);
const pkg = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as {
  name: string; version: string; scripts: Record<string, string>; dependencies: Record<string, string>; devDependencies: Record<string, string>; files: string[];
};

let tmp = "";
let tarball = "";
let packed: string[] = [];
let prefix = "";
let installed: { ok: true; stderr: string } | { ok: false; reason: string } | undefined;

before(() => {
  if (!npmFound) return;
  tmp = tempDir("install");
  // --ignore-scripts: pack the build `npm test` made (prepack would rebuild dist/ under the running tests).
  const pack = spawnSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", tmp], { cwd: repoRoot, encoding: "utf8" });
  assert.equal(pack.status, 0, pack.stderr);
  const info = JSON.parse(pack.stdout.slice(pack.stdout.indexOf("["))) as Array<{ filename: string; files: Array<{ path: string }> }>;
  tarball = join(tmp, info[0].filename);
  packed = info[0].files.map((f) => f.path).sort();
  prefix = join(tmp, "prefix");
  const r = spawnSync("npm", ["install", "--global", "--prefix", prefix, "--prefer-offline", "--no-audit", "--no-fund", "--foreground-scripts", tarball], { encoding: "utf8" });
  if (r.status === 0) installed = { ok: true, stderr: r.stderr };
  else if (/E(NOTFOUND|AI_AGAIN|CONNREFUSED|TIMEDOUT)|ENOTCACHED|network/i.test(r.stderr)) installed = { ok: false, reason: `no registry access and the npm cache lacks the dependencies: ${r.stderr.split("\n")[0]}` };
  else assert.fail(`npm install of the tarball failed:\n${r.stderr}`);
});

after(() => {
  if (tmp !== "") rmSync(tmp, { recursive: true, force: true });
});

test("package.json: no script runs when the package is installed (prepack builds, prepare/install hooks absent)", () => {
  for (const hook of ["preinstall", "install", "postinstall", "prepare"]) assert.equal(pkg.scripts[hook], undefined, hook);
  assert.equal(pkg.scripts.prepack, "npm run build");
});

test("npm pack: the tarball holds the compiled src, krm/, README and LICENSE, and no sources or tests", (t) => {
  if (!npmFound) return t.skip("npm not found");
  for (const f of ["package.json", "README.md", "LICENSE", "dist/src/cli/kmutate.cjs", "dist/src/cli/kmutate-types.txt", "dist/src/index.js", "dist/src/index.d.ts", "dist/src/require.cjs", "krm/function-config.schema.json", "krm/kpt/exec/Kptfile"]) {
    assert.ok(packed.includes(f), `${f} is packed`);
  }
  assert.deepEqual(packed.filter((f) => !/^(dist\/src\/|krm\/)/.test(f) && !["package.json", "README.md", "LICENSE"].includes(f)), []);
  assert.deepEqual(packed.filter((f) => /\.ts$/.test(f) && !/\.d\.c?ts$/.test(f)), [], "no TypeScript sources");
});

test("npm install -g TARBALL: no install script warning, only the runtime dependencies, a working bin", (t) => {
  if (!npmFound) return t.skip("npm not found");
  if (!installed?.ok) return t.skip(installed?.reason ?? "not installed");
  assert.doesNotMatch(installed.stderr, /install-scripts|npm run build/);
  const root = join(prefix, "lib/node_modules", pkg.name);
  const deps = readdirSync(join(root, "node_modules")).filter((d) => !d.startsWith("."));
  for (const dev of Object.keys(pkg.devDependencies)) assert.ok(!deps.includes(dev.split("/")[0]), `dev dependency ${dev} installed`);
  for (const dep of Object.keys(pkg.dependencies)) assert.ok(existsSync(join(root, "node_modules", dep)), `${dep} installed`);
  const v = spawnSync(join(prefix, "bin/kmutate"), ["version"], { encoding: "utf8" });
  assert.equal(v.status, 0, v.stderr);
  assert.equal(v.stdout, `kmutate ${pkg.version}\n`);
});

test("kpt fn render --allow-exec with `exec: kmutate` from PATH renders an example to its .expected/ files", (t) => {
  if (!npmFound) return t.skip("npm not found");
  if (!kptFound) return t.skip("kpt not found");
  if (!installed?.ok) return t.skip(installed?.reason ?? "not installed");
  const example = join(repoRoot, "examples/deployment-defaults");
  const work = join(tmp, "deployment-defaults");
  cpSync(example, work, { recursive: true, filter: (src) => !src.includes("/.expected") });
  // The prefix's bin first; node (for the bin's `#!/usr/bin/env node`) and kpt after it, and no other kmutate.
  const kpt = spawnSync("sh", ["-c", "command -v kpt"], { encoding: "utf8" }).stdout.trim();
  const PATH = [join(prefix, "bin"), dirname(process.execPath), dirname(kpt), "/usr/bin", "/bin"].join(":");
  const which = spawnSync("sh", ["-c", "command -v kmutate"], { encoding: "utf8", env: { ...process.env, PATH } });
  assert.equal(which.stdout.trim(), join(prefix, "bin/kmutate"));
  const r = spawnSync("kpt", ["fn", "render", work, "--allow-exec"], { encoding: "utf8", env: { ...process.env, PATH } });
  assert.equal(r.status, 0, r.stderr + r.stdout);
  const expected = join(example, ".expected");
  for (const f of listFiles(expected)) assert.equal(readFileSync(join(work, f), "utf8"), readFileSync(join(expected, f), "utf8"), f);
});
