// Memory linear in the work, measured on whole child processes (peak RSS): many policies changing one
// large object do not keep a copy per invocation, and broken policies on many objects do not
// multiply their (long) messages by the objects.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";

const fixtures = new URL("../adversarial/fixtures.js", import.meta.url).href;
const krm = new URL("../../src/krm/index.js", import.meta.url).href;
const peakRss = new URL("../../bench/peak-rss.cjs", import.meta.url).href;

/** Runs the KRM function in a fresh process on the list `build` makes; its peak RSS (MB), output length and exit code. */
function measure(build: string, args: number[]): { rssMb: number; stdout: number; stderr: number; exitCode: number } {
  const script = `
    import { policy, binding, configMap, resourceList } from ${JSON.stringify(fixtures)};
    import { runFunction } from ${JSON.stringify(krm)};
    import { peakRssKiB } from ${JSON.stringify(peakRss)};
    const [a, b] = ${JSON.stringify(args)};
    const items = (${build})(a, b);
    const r = runFunction(resourceList(items), undefined, { quiet: true });
    console.log(JSON.stringify({ rssMb: peakRssKiB() / 1024, stdout: r.stdout.length, stderr: r.stderr.length, exitCode: r.exitCode }));`;
  // The young generation pinned at Node 20's and 22's default: Node 24's grows to 64 MiB per
  // semi-space, which adds tens of MB of peak RSS to a longer run without anything being retained.
  const r = spawnSync(process.execPath, ["--max-semi-space-size=16", "--input-type=module", "-e", script], { encoding: "utf8", timeout: 120_000 });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as { rssMb: number; stdout: number; stderr: number; exitCode: number };
}

// P policies each adding one key to a ConfigMap of 10,000 keys: every invocation copies the map.
const manyPolicies = `(P, keys) => {
  const items = [];
  for (let i = 0; i < P; i++) items.push(policy("p" + i, ['[JSONPatch{op: "add", path: "/data/p' + i + '", value: "v"}]']), binding("p" + i));
  items.push(configMap("c", Object.fromEntries(Array.from({ length: keys }, (_, j) => ["k" + j, "v" + j]))));
  return items;
}`;

test("200 policies changing one 10,000-key object: memory does not grow by a copy per invocation", () => {
  const few = measure(manyPolicies, [30, 10_000]);
  const many = measure(manyPolicies, [200, 10_000]);
  assert.equal(many.exitCode, 0);
  // Keeping the object before and after each invocation grew by ~0.4 MB per policy here (+74 MB from 30 to 200 policies); now +27 MB.
  assert.ok(many.rssMb - few.rssMb < 45, `maxRSS ${few.rssMb.toFixed(0)} MB → ${many.rssMb.toFixed(0)} MB`);
});

// P broken policies (a 2,000-character expression failing at run time) on O objects.
const brokenPolicies = `(P, O) => {
  const items = [];
  for (let i = 0; i < P; i++) items.push(policy("p" + i, ['[JSONPatch{op: "add", path: "/data/p' + i + '", value: "${"x".repeat(2000)}" + object.data.nope}]']), binding("p" + i));
  for (let i = 0; i < O; i++) items.push(configMap("c" + i, { k: "v" }));
  return items;
}`;

test("200 broken policies on 60 objects: output grows with the policies, not policies × objects", () => {
  const out = measure(brokenPolicies, [200, 60]);
  assert.equal(out.exitCode, 1);
  // Each error is ~2,200 characters: one per object and policy would be 26 MB of results (and as much on stderr).
  const perPolicy = 4 * 3_500;
  assert.ok(out.stdout < 200 * perPolicy, `stdout ${out.stdout} characters`);
});

/**
 * Runs the KRM function in a fresh process (with `--expose-gc`) on a list of `count` ConfigMaps
 * with one short value each, as `format` text indented by 200 spaces per level (mostly
 * indentation), handed over as stdin hands it (decoded in 64 KiB chunks). Inside admission, after
 * a full GC: the memory (heap and external) grown since before the bytes were made, and the
 * input's length, in MB.
 */
function duringAdmission(format: "json" | "yaml", count: number): { grownMb: number; inputMb: number } {
  const script = `
    import { InputDecoder, runFunction } from ${JSON.stringify(krm)};
    const handed = (bytes) => {
      const d = new InputDecoder();
      for (let at = 0; at < bytes.length; at += 65536) d.push(bytes.subarray(at, at + 65536));
      return { decoded: d.end(), bytes: d.bytes };
    };
    const items = Array.from({ length: ${count} }, (_, i) => ({ apiVersion: "v1", kind: "ConfigMap", metadata: { name: "c" + i }, data: { k: "value-" + String(i).padStart(20, "0") } }));
    const list = { apiVersion: "config.kubernetes.io/v1", kind: "ResourceList", items };
    const pad = " ".repeat(200);
    const nl = String.fromCharCode(10);
    const yamlOf = (v, ind) => Object.entries(v).map(([k, x]) => typeof x !== "object" ? ind + k + ": " + JSON.stringify(x) + "\\n"
      : ind + k + ":\\n" + (Array.isArray(x) ? x.map((e) => ind + pad + "- " + yamlOf(e, ind + pad + "  ").trimStart()).join("") : yamlOf(x, ind + pad))).join("");
    // Twice: the first collection's sweeper may still be freeing buffers when it returns.
    const used = () => { gc(); gc(); const m = process.memoryUsage(); return m.heapUsed + m.external; };
    const before = used();
    const box = handed(Buffer.from(${format === "json" ? "JSON.stringify(list, null, 1).replaceAll(nl, nl + pad)" : 'yamlOf(list, "")'}));
    const inputMb = box.bytes / 1e6;
    let grownMb;
    const admit = (items) => {
      grownMb = (used() - before) / 1e6;
      return { items, results: [] };
    };
    const r = runFunction(box, admit, { quiet: true });
    if (r.exitCode !== 0 || !r.stdout.includes("c${count - 1}")) throw new Error(r.stderr);
    console.log(JSON.stringify({ grownMb, inputMb }));`;
  const r = spawnSync(process.execPath, ["--expose-gc", "--input-type=module", "-e", script], { encoding: "utf8", timeout: 120_000 });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as { grownMb: number; inputMb: number };
}

test("input bytes are freed once decoded; YAML keeps one copy of the text", () => {
  const m = duringAdmission("yaml", 5_000);
  // The bytes (or the pieces joined) kept alive by a frame: the text and another copy (≥ 2 × input).
  assert.ok(m.grownMb < 1.5 * m.inputMb, `+${m.grownMb.toFixed(1)} MB during admission, input ${m.inputMb.toFixed(1)} MB`);
});

test("JSON bytes and text are freed once parsed: the values keep no view of the text", () => {
  const m = duringAdmission("json", 5_000);
  // Values sliced from the text (V8 keeps the whole text alive for any slice of 13+ characters)
  // or a frame holding the text (its pieces) or the bytes kept ≥ 1 × input.
  assert.ok(m.grownMb < m.inputMb / 3, `+${m.grownMb.toFixed(1)} MB during admission, input ${m.inputMb.toFixed(1)} MB`);
});

test("JSON string values repeated across items are held once", () => {
  // 5,000 ConfigMaps with the same 20 values of 26 characters: the values are most of the text.
  const script = `
    import { InputDecoder, runFunction } from ${JSON.stringify(krm)};
    const data = Object.fromEntries(Array.from({ length: 20 }, (_, k) => ["k" + k, "a-value-repeated-in-each-" + String.fromCharCode(97 + k)]));
    const items = Array.from({ length: 5000 }, (_, i) => ({ apiVersion: "v1", kind: "ConfigMap", metadata: { name: "c" + i }, data }));
    const used = () => { gc(); gc(); const m = process.memoryUsage(); return m.heapUsed + m.external; };
    const decoder = new InputDecoder();
    decoder.push(Buffer.from(JSON.stringify({ apiVersion: "config.kubernetes.io/v1", kind: "ResourceList", items })));
    const box = { decoded: decoder.end(), bytes: decoder.bytes };
    items.length = 0;
    const inputMb = box.bytes / 1e6;
    // The text (one byte per character) is freed once read.
    const before = used() - box.bytes;
    let grownMb;
    const r = runFunction(box, (items) => { grownMb = (used() - before) / 1e6; return { items, results: [] }; }, { quiet: true });
    if (r.exitCode !== 0) throw new Error(r.stderr);
    console.log(JSON.stringify({ grownMb, inputMb }));`;
  const r = spawnSync(process.execPath, ["--expose-gc", "--input-type=module", "-e", script], { encoding: "utf8", timeout: 120_000 });
  assert.equal(r.status, 0, r.stderr);
  const m = JSON.parse(r.stdout) as { grownMb: number; inputMb: number };
  // A copy of each value per item held more than the input's size.
  assert.ok(m.grownMb < 0.6 * m.inputMb, `+${m.grownMb.toFixed(1)} MB of values, input ${m.inputMb.toFixed(1)} MB`);
});
