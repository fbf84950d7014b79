// The built bin's code caches (scripts/post-build.mjs, src/cli/code-cache.ts): the build ships one
// per bundle for the Node that built it; without it the bin fills a per-user cache under TMPDIR,
// unless NODE_DISABLE_COMPILE_CACHE is set; the output is the same with and without any cache.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import * as nodeModule from "node:module";
import { cacheFileName, userCacheDir } from "../../src/cli/code-cache.js";
import { initialisationHold, loggedSettings, v8SettingsProbe } from "./v8-settings-probe.js";

const cliDir = fileURLToPath(new URL("../../src/cli/", import.meta.url));
const nodeModules = fileURLToPath(new URL("../../../node_modules", import.meta.url));
const bundles = ["kmutate-fn.cjs", "kmutate-cli.cjs"];
/** Whether this Node has a compile cache of its own (22.1 on). */
const nodeHasCompileCache = "enableCompileCache" in nodeModule;

const policyList = `apiVersion: config.kubernetes.io/v1
kind: ResourceList
items:
- apiVersion: v1
  kind: ConfigMap
  metadata:
    name: settings
- apiVersion: admissionregistration.k8s.io/v1
  kind: MutatingAdmissionPolicy
  metadata:
    name: label
  spec:
    matchConstraints:
      resourceRules:
      - apiGroups: [""]
        apiVersions: [v1]
        operations: [CREATE]
        resources: [configmaps]
    matchConditions:
    - name: micro-sign # the bundles are escaped to ASCII (post-build): the regex reading µs still matches
      expression: 'duration("1µs") < duration("1ms") && duration("2μs") > duration("1µs")'
    failurePolicy: Fail
    reinvocationPolicy: Never
    mutations:
    - patchType: ApplyConfiguration
      applyConfiguration:
        expression: 'Object{metadata: Object.metadata{labels: {"picked": "yes"}}}'
- apiVersion: admissionregistration.k8s.io/v1
  kind: MutatingAdmissionPolicyBinding
  metadata:
    name: label
  spec:
    policyName: label
`;

function run(script: string, args: string[], input: string, env: Record<string, string | undefined>): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [script, ...args], { input, encoding: "utf8", env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: undefined, ...env } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Files under `dir`, recursively, relative to it. */
const filesUnder = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: "utf8" }).sort() : []);

function withTemp(body: (tmp: string) => void): void {
  const tmp = mkdtempSync(join(tmpdir(), "kmutate-code-cache-bin-"));
  try {
    body(tmp);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** The bin, its bundles and their schema tables without the caches, under `tmp`, with the packages they require: the copy's folder. */
function copyWithoutCaches(tmp: string): string {
  const copy = join(tmp, "pkg", "dist");
  mkdirSync(copy, { recursive: true });
  symlinkSync(nodeModules, join(tmp, "pkg", "node_modules"));
  writeFileSync(join(tmp, "pkg", "package.json"), '{ "type": "module" }\n');
  for (const f of ["kmutate.cjs", "kmutate-types.txt", ...bundles]) copyFileSync(join(cliDir, f), join(copy, f));
  return copy;
}

test("code cache: the build ships a cache per bundle with the bundle's CRC; on the Node that built it the bin writes none", () => {
  let sameNode = true;
  for (const name of bundles) {
    const expected = cacheFileName(join(cliDir, name), readFileSync(join(cliDir, name)));
    if (expected === undefined) return; // Node before 20.15: no zlib.crc32, no caches
    // The suite also runs on another Node than the one that built dist (CI: Node 24 after 20).
    const crc = expected.slice(expected.lastIndexOf("-"));
    const shipped = readdirSync(cliDir).filter((f) => f.startsWith(`${name}.v`) && f.endsWith(crc));
    assert.equal(shipped.length, 1, `one cache beside ${name}: ${shipped.join(", ")}`);
    sameNode &&= shipped[0] === expected;
  }
  withTemp((tmp) => {
    const modular = run(join(cliDir, "bin.js"), [], policyList, { TMPDIR: tmp });
    const bundled = run(join(cliDir, "kmutate.cjs"), [], policyList, { TMPDIR: tmp });
    assert.equal(modular.status, 0);
    assert.match(modular.stdout, /labels:\n\s+picked: "yes"/);
    assert.deepEqual(bundled, modular);
    assert.deepEqual(run(join(cliDir, "kmutate.cjs"), ["--version"], "", { TMPDIR: tmp }).status, 0);
    const written = filesUnder(userCacheDir({}, tmp) ?? "");
    assert.deepEqual(written.length, sameNode ? 0 : 2, written.join(", "));
  });
});

test("code cache: without a shipped cache the bin fills the per-user one and gives the same output from it", () => {
  withTemp((tmp) => {
    const copy = copyWithoutCaches(tmp);
    const temp = join(tmp, "t");
    mkdirSync(temp);
    const expected = run(join(cliDir, "bin.js"), [], policyList, { TMPDIR: temp });
    assert.equal(expected.status, 0);

    const off = run(join(copy, "kmutate.cjs"), [], policyList, { TMPDIR: temp, NODE_DISABLE_COMPILE_CACHE: "1" });
    assert.deepEqual([off, filesUnder(userCacheDir({}, temp) ?? "")], [expected, []]);

    const first = run(join(copy, "kmutate.cjs"), [], policyList, { TMPDIR: temp });
    const dir = userCacheDir({}, temp) ?? "";
    const name = cacheFileName(join(copy, "kmutate-fn.cjs"), readFileSync(join(copy, "kmutate-fn.cjs")));
    if (name === undefined) return;
    assert.deepEqual([first, readdirSync(dir)], [expected, [name]]);
    const written = statSync(join(dir, name));
    // The next run reads it and writes none: the first one wrote it with V8's flags as the next
    // one starts (no inlining budget in a run that writes the cache: src/cli/bin.ts).
    const second = run(join(copy, "kmutate.cjs"), [], policyList, { TMPDIR: temp });
    assert.deepEqual([second, readdirSync(dir)], [expected, [name]]);
    assert.deepEqual([statSync(join(dir, name)).ino, statSync(join(dir, name)).mtimeMs], [written.ino, written.mtimeMs]);
  });
});

test("code cache: a first run whose young generation reaches its cap writes the per-user cache just before and, the cap lifted, after; the next run reads it", () => {
  withTemp((tmp) => {
    const copy = copyWithoutCaches(tmp);
    const temp = join(tmp, "t");
    mkdirSync(temp);
    const configMaps = Array.from({ length: 3000 }, (_, i) => `- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: c${i}\n  data:\n    text: "${"x".repeat(100)}"\n`).join("");
    const input = policyList + configMaps;
    // Each run logs the V8 flags the bin sets and the caches it writes (v8-settings-probe.ts).
    const runLogged = (): { flags: string[]; stdout: string } => {
      const r = spawnSync(process.execPath, ["--require", v8SettingsProbe, join(copy, "kmutate.cjs"), "-q"], { input, encoding: "utf8", maxBuffer: 1 << 26, env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: undefined, TMPDIR: temp, KMUTATE_WORKERS: "1" } });
      assert.equal(r.status, 0, r.stderr);
      return { flags: loggedSettings(r.stderr), stdout: r.stdout };
    };
    const first = runLogged();
    // The hold while the bundle initialised, then the cap only (no other V8 setting), the cache
    // written before it, and again once it is lifted.
    assert.deepEqual(first.flags, [...initialisationHold, "wrote cache", "--semi-space-growth-factor=1", "--semi-space-growth-factor=2", "wrote cache"]);
    const dir = userCacheDir({}, temp) ?? "";
    // With an option (-q) the bin runs fn mode from the CLI's bundle.
    const name = cacheFileName(join(copy, "kmutate-cli.cjs"), readFileSync(join(copy, "kmutate-cli.cjs")));
    if (name === undefined) return;
    assert.deepEqual(readdirSync(dir), [name]);
    const written = statSync(join(dir, name));
    const second = runLogged();
    assert.equal(second.stdout, first.stdout);
    assert.deepEqual(second.flags.slice(0, 3), [...initialisationHold, "--max-inlined-bytecode-size-cumulative=300"], "the next run read the cache (it tunes V8)");
    assert.equal(second.flags.includes("wrote cache"), false);
    assert.deepEqual([statSync(join(dir, name)).ino, statSync(join(dir, name)).mtimeMs], [written.ino, written.mtimeMs]);
  });
});

test("Node's compile cache: left off in fn mode (its bundle requires only Node's modules), on for the other commands (commander)", (t) => {
  withTemp((tmp) => {
    const nodeCache = join(tmp, "node-compile-cache");
    assert.equal(run(join(cliDir, "kmutate.cjs"), [], policyList, { TMPDIR: tmp, NODE_COMPILE_CACHE: undefined }).status, 0);
    assert.equal(existsSync(nodeCache), false, "fn mode made Node's compile cache");
    assert.equal(run(join(cliDir, "kmutate.cjs"), ["--version"], "", { TMPDIR: tmp, NODE_COMPILE_CACHE: undefined }).status, 0);
    if (!nodeHasCompileCache) {
      t.diagnostic(`Node ${process.version} has no compile cache`);
      return;
    }
    assert.ok(filesUnder(nodeCache).length > 0, "a command with commander filled it");
  });
});
