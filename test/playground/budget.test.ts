// The playground's size budget, and what its two bundles may hold: app.js (the page) carries no
// engine code, engine.js no Node-only code (src/cli, src/platform/node.ts, node: built-ins).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { freshBuild } from "./harness.js";

/**
 * The budget (KiB), stated in docs/07_playground.md: the page shown first (index.html with the
 * examples, style.css, app.js) and the engine loaded after it (engine.js), raw and gzipped.
 */
const budget = {
  page: { raw: 512, gzip: 160 },
  engine: { raw: 1280, gzip: 320 },
} as const;

const build = await freshBuild();
test.after(() => build.cleanup());

function sizes(files: readonly string[]): { raw: number; gzip: number } {
  const bytes = files.map((f) => readFileSync(join(build.outdir, f)));
  return { raw: bytes.reduce((n, b) => n + b.length, 0) / 1024, gzip: bytes.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0) / 1024 };
}

const parts = [
  { name: "page", files: ["index.html", "style.css", "app.js"] },
  { name: "engine", files: ["engine.js"] },
] as const;

for (const part of parts) {
  test(`the ${part.name} (${part.files.join(", ")}) stays within ${budget[part.name].raw} KiB, ${budget[part.name].gzip} KiB gzipped`, () => {
    const s = sizes(part.files);
    console.log(`playground ${part.name}: ${s.raw.toFixed(1)} KiB, ${s.gzip.toFixed(1)} KiB gzipped`);
    assert.ok(s.raw <= budget[part.name].raw, `${s.raw.toFixed(1)} KiB > ${budget[part.name].raw} KiB`);
    assert.ok(s.gzip <= budget[part.name].gzip, `${s.gzip.toFixed(1)} KiB gzipped > ${budget[part.name].gzip} KiB`);
  });
}

test("app.js holds no engine code: the page reaches kmutate only through engine.js", () => {
  assert.deepEqual(build.inputs.app.filter((f) => f.startsWith("src/")), []);
  assert.ok(build.inputs.app.includes("playground/ui/main.ts"));
});

test("engine.js holds the engine layers and no Node-only code", () => {
  const layers = ["src/admission/", "src/cel/", "src/patch/", "src/schema/", "src/krm/", "src/authoring/", "src/data/"];
  for (const l of layers) assert.ok(build.inputs.engine.some((f) => f.startsWith(l)), `no ${l} in engine.js`);
  const nodeOnly = build.inputs.engine.filter((f) => f.startsWith("src/cli/") || f.startsWith("node:") || f.endsWith("src/platform/node.js") || f.endsWith("src/platform/node.ts"));
  assert.deepEqual(nodeOnly, []);
  assert.ok(build.inputs.engine.some((f) => f.endsWith("src/platform/browser.js")), "the #platform import resolved to its browser side");
});
