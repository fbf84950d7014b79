// The V8 flags the built bin sets while it runs (inlining-budget.ts for every command; fn mode's
// small-input.ts, tier-up.ts and young-generation.ts), seen by a preloaded module (v8-settings-probe.ts) that logs each call of
// `v8.setFlagsFromString`; a node option of the user's for the same setting leaves it alone. The
// runs that write a code cache set none: test/cli/code-cache-bin.test.ts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { maglevTierVersion, optimisersBackAfterMs, smallInputBytes, turboFanOffBelowBytes } from "../../src/cli/small-input.js";
import { tierUpFlag } from "../../src/cli/tier-up.js";
import { initialisationHold, loggedSettings, v8SettingsProbe } from "./v8-settings-probe.js";
import type { JsonObject } from "../../src/data/index.js";
import { binding, configMap, policy, resourceList } from "../adversarial/fixtures.js";

const bin = fileURLToPath(new URL("../../src/cli/kmutate.cjs", import.meta.url));
const emptyList = '{"apiVersion":"config.kubernetes.io/v1","kind":"ResourceList","items":[]}';
const inlining = "--max-inlined-bytecode-size-cumulative=300";
const optimisersOff = ["--no-maglev", "--no-opt"];

/** The flags the bin set after its bundle's initialisation (whose hold it checks), in order, running with `nodeArgs` and `args` on `input`. */
function flagsSet(input: string, nodeArgs: string[] = [], args: string[] = []): string[] {
  const r = spawnSync(process.execPath, [...nodeArgs, "--require", v8SettingsProbe, bin, ...args], { input, encoding: "utf8", maxBuffer: 1 << 26, env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: "1", KMUTATE_WORKERS: "1" } });
  assert.equal(r.status, 0, r.stderr);
  const logged = loggedSettings(r.stderr);
  assert.deepEqual(logged.slice(0, 2), initialisationHold, logged.join(" "));
  return logged.slice(2);
}

test("fn mode on a small list: the inlining budget, then the optimising compilers off (with and without -q)", () => {
  assert.deepEqual(flagsSet(emptyList).slice(0, 3), [inlining, ...optimisersOff]);
  assert.deepEqual(flagsSet(emptyList, [], ["-q"]).slice(0, 3), [inlining, ...optimisersOff]);
});

/** A ConfigMap list of about 1.2 MB (ASCII: as many bytes as characters). */
function mediumList(): string {
  const items = Array.from({ length: 200 }, (_, i) => ({ apiVersion: "v1", kind: "ConfigMap", metadata: { name: `c${i}` }, data: { text: "x".repeat(6000) } }));
  const list = JSON.stringify({ apiVersion: "config.kubernetes.io/v1", kind: "ResourceList", items });
  assert.ok(list.length >= smallInputBytes);
  return list;
}

test("fn mode on a list of 1 MiB or more: the inlining budget, Maglev left on, TurboFan too (on Node 24 from 3 MiB), a later tier-up", () => {
  const list = mediumList();
  const flags = flagsSet(list);
  assert.equal(flags[0], inlining);
  assert.equal(flags.includes("--no-maglev"), false, flags.join(" "));
  const turboFanOff = Number(process.versions.v8.split(".")[0]) === maglevTierVersion && list.length < turboFanOffBelowBytes;
  assert.equal(flags.includes("--no-opt"), turboFanOff, flags.join(" "));
  // Node 20: --interrupt-budget, Node 22: --invocation-count-for-turbofan, Node 24: --invocation-count-for-maglev.
  const tierUp = tierUpFlag(list.length);
  assert.deepEqual(flags.filter((f) => /interrupt-budget|invocation-count/.test(f)), tierUp === undefined ? [] : [tierUp], flags.join(" "));
});

test("a node option of the user's for the same tier-up threshold is left alone", (t) => {
  const list = mediumList();
  const tierUp = tierUpFlag(list.length);
  if (tierUp === undefined) {
    t.skip(`no tier-up flag is set on V8 ${process.versions.v8}`);
    return;
  }
  const userOption = tierUp.replace(/=\d+$/, "=5000");
  const flags = flagsSet(list, [userOption]);
  assert.equal(flags[0], inlining);
  assert.equal(flags.some((f) => /interrupt-budget|invocation-count/.test(f)), false, flags.join(" "));
});

test("node options of the user's for the inlining or the optimising compilers are left alone", () => {
  const userInlining = flagsSet(emptyList, ["--max-inlined-bytecode-size-cumulative=920"]);
  assert.deepEqual([userInlining.includes(inlining), userInlining.includes("--no-opt")], [false, true]);
  const noInlining = flagsSet(emptyList, ["--no-turbo-inlining"]);
  assert.deepEqual([noInlining.includes(inlining), noInlining.includes("--no-opt")], [false, true]);
  const userOpt = flagsSet(emptyList, ["--no-opt"]);
  assert.deepEqual([userOpt.includes(inlining), userOpt.some((f) => optimisersOff.includes(f))], [true, false]);
});

test("fn mode on a small list with expensive policies: the optimising compilers come back on after a second", () => {
  const expensive = "string(lists.range(100).map(a, lists.range(100).map(b, a * b)).size())";
  const list: JsonObject[] = [];
  for (let i = 0; i < 20; i++) list.push(policy(`p${i}`, [`[JSONPatch{op: "add", path: "/data/p${i}", value: ${expensive}}]`]), binding(`p${i}`));
  for (let i = 0; i < 80; i++) list.push(configMap(`c${i}`, { k: "v" }));
  const input = resourceList(list);
  assert.ok(input.length < smallInputBytes);
  // 2.1–2.2 s of wall time on the 2-core machine it was written on, 5.9–6.4 s with the compilers off throughout.
  const started = performance.now();
  const flags = flagsSet(input);
  assert.ok(performance.now() - started > optimisersBackAfterMs, "the run took longer than the budget");
  assert.deepEqual(flags.slice(0, 3), [inlining, ...optimisersOff]);
  // Maglev is on in Node 24's V8 (13.6) and off in Node 20's (11.3) and Node 22's (12.4), where only TurboFan comes back.
  const maglevOn = Number(process.versions.v8.split(".")[0]) >= 13;
  assert.deepEqual(flags.filter((f) => f.startsWith("--opt")), [maglevOn ? "--opt --maglev" : "--opt"], flags.join(" "));
});

test("other commands get the inlining budget only", () => {
  const flags = flagsSet("", [], ["--version"]);
  assert.deepEqual(flags, [inlining]);
});
