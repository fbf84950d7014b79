// The engine layers must run in a browser: no module below src/cli imports a Node built-in
// (`node:fs`, `fs`, …) or requires anything, except src/platform/node.ts, which is only reached
// through the `#platform` import whose browser side replaces it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join, relative } from "node:path";
import { repoRoot } from "./harness.js";

const src = join(repoRoot, "src");
/** Folders allowed to use Node: the CLI. And the one Node side of `#platform`. */
const nodeAllowed = (file: string): boolean => file.startsWith("src/cli/") || file === "src/platform/node.ts";
const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? tsFiles(p) : e.name.endsWith(".ts") ? [relative(repoRoot, p)] : [];
  });
}

/** The Node-only uses in a module's text: built-in imports (static, dynamic, re-exports), `require`, `createRequire`. */
export function nodeUses(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\b(?:from|import)\s*\(?\s*["']([^"']+)["']/g)) if (builtins.has(m[1]) || m[1].startsWith("node:")) out.push(m[1]);
  for (const m of text.matchAll(/\b(require|createRequire)\s*\(/g)) out.push(`${m[1]}(`);
  return out;
}

test("nodeUses finds each kind of Node-only use, and nothing in portable code", () => {
  const rows: Array<{ text: string; expected: string[] }> = [
    { text: `import { readFileSync } from "node:fs";`, expected: ["node:fs"] },
    { text: `import * as path from 'path';`, expected: ["path"] },
    { text: `export { x } from "node:module";`, expected: ["node:module"] },
    { text: `const fs = await import("fs/promises");`, expected: ["fs/promises"] },
    { text: `const y = createRequire(import.meta.url)("yaml");`, expected: ["createRequire("] },
    { text: `const y = require("yaml");`, expected: ["require("] },
    { text: `import type * as Yaml from "yaml";\nimport { yamlModule } from "#platform";\nimport { a } from "../data/index.js";`, expected: [] },
  ];
  for (const r of rows) assert.deepEqual(nodeUses(r.text), r.expected, r.text);
});

test("no module of the engine layers (src/ minus src/cli) uses Node", () => {
  const found = tsFiles(src)
    .filter((f) => !nodeAllowed(f))
    .flatMap((f) => nodeUses(readFileSync(join(repoRoot, f), "utf8")).map((u) => `${f}: ${u}`));
  assert.deepEqual(found, []);
});

test("src/platform/node.ts is reached only through #platform", () => {
  const direct = tsFiles(src).filter((f) => f !== "src/platform/browser.ts" && /["'][./]*platform\/node\.js["']/.test(readFileSync(join(repoRoot, f), "utf8")));
  assert.deepEqual(direct, []);
  const pkg = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { imports: Record<string, Record<string, string>> };
  assert.deepEqual(pkg.imports["#platform"], { browser: "./dist/src/platform/browser.js", default: "./dist/src/platform/node.js" });
});
