// Post-build step: bundles the bin into dist/src/cli/kmutate.cjs (the file package.json's `bin` and
// the image run) and the bundles it loads, writes their V8 code caches beside them, and makes the
// bin executable. The library entry points stay tsc's modular output.
// The bin is CommonJS: Node starts a CommonJS main without its ES module loader, 8 ms of CPU of an
// empty fn run on Node 20 (114 -> 106 ms) and 10 on Node 24 (docs/performance.md, "Start-up").
// dist/src/cli/kmutate.js, the bin's path before, stays as an ES module that runs it.
import { spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
// tsc wrote dist/ before this script runs.
const { bundleWrapper, cacheFileName } = await import("../dist/src/cli/code-cache.js");
const { encodeTypeTables, typeTablesFile } = await import("../dist/src/cli/type-tables-file.js");
const { builtinTypes } = await import("../dist/src/schema/gen/builtin-types.js");
const { typedShapes } = await import("../dist/src/schema/gen/typed-shapes.js");

const outdir = fileURLToPath(new URL("../dist/src/cli/", import.meta.url));
const cli = (name) => fileURLToPath(new URL(`../dist/src/cli/${name}`, import.meta.url));
const bundles = { fn: "kmutate-fn.cjs", cli: "kmutate-cli.cjs" };

// Bundles and caches of an earlier build in the same dist/ (code-split chunks of older builds included).
for (const f of readdirSync(outdir)) if (f.startsWith("kmutate-")) rmSync(outdir + f);

// One file per run instead of ~250 modules (Node resolves and compiles each one on its own).
// bin.js picks one of two self-contained bundles: fn mode without arguments loads kmutate-fn.cjs
// (what admission needs, no commander, no other command), every other command kmutate-cli.cjs.
// Code splitting instead would put every module both reach (lint, the authoring helpers, through
// the layers' index files) into the chunk fn mode loads: 1.16 MB against 1.08 MB, measured 5-6 %
// more start-up CPU on an empty ResourceList.
// The two are CommonJS so that bin.js can run them through vm.Script with V8's code cache
// (src/cli/code-cache.ts, which passes `import.meta.url` in as a wrapper parameter; the wrapper is
// written into the files). js-yaml is
// bundled into them (its CommonJS entry is 15 files); commander, `yaml` and `re2js` stay in
// node_modules, required only by the runs that need them.
const common = { bundle: true, platform: "node", target: "node20", logLevel: "error", metafile: true };
// Without whitespace: the bin reads and V8 holds the whole text, and smaller text means fewer
// page faults (fn bundle 1.24 MB -> 1.01 MB, 340 fewer page faults per start on Node 20; the code
// cache stays the same size). Names are kept, so results and messages do not change.
// KMUTATE_READABLE_BUNDLES=1 keeps the whitespace and the `// dist/src/...` module comments that
// per-module profiles of the bundle need (/work/prof-tools/mod.mjs).
const minifyWhitespace = process.env.KMUTATE_READABLE_BUNDLES !== "1";
const commandBundle = {
  ...common,
  minifyWhitespace,
  format: "cjs",
  external: ["commander", "yaml", "re2js"],
  define: { "import.meta.url": "__kmutate_import_meta_url" },
  // Inside the wrapper code-cache.ts runs it as (bundleWrapper). js-yaml's licence asks for its
  // notice in copies of its code.
  banner: { js: `${bundleWrapper.start}\n// Includes js-yaml (MIT licence, Copyright (C) 2011-2015 by Vitaly Puzrin; node_modules/js-yaml/LICENSE).` },
  footer: { js: bundleWrapper.end },
};
// The bundles read the generated schema tables from kmutate-types.txt beside them when a type is
// first looked up (src/cli/type-tables-file.ts), not from their own text and code cache.
const schema = (name) => fileURLToPath(new URL(`../dist/src/schema/${name}`, import.meta.url));
const tablesFromFile = {
  name: "kmutate-tables-from-file",
  setup(b) {
    b.onResolve({ filter: /^\.\/type-tables\.js$/ }, (args) => (args.importer.startsWith(schema("")) ? { path: cli("type-tables-file.js") } : undefined));
  },
};
const bundledLoader = {
  name: "kmutate-bundled-loader",
  setup(b) {
    b.onResolve({ filter: /^\.\/load-commands\.js$/ }, (args) => (args.importer === cli("bin.js") ? { path: cli("load-commands-bundled.js") } : undefined));
  },
};
// `import.meta.url` of the bin's modules is the bin's own URL; the banner's "use strict" keeps the
// modules' strict mode (esbuild's own directive would come after the banner).
const binCommonJs = {
  ...common,
  format: "cjs",
  packages: "external",
  define: { "import.meta.url": "__kmutate_bin_url" },
  banner: { js: '"use strict";\nvar __kmutate_bin_url = require("node:url").pathToFileURL(__filename).href;' },
};
const [bin, fn, program, worker] = await Promise.all([
  build({ ...binCommonJs, entryPoints: [cli("bin.js")], outfile: outdir + "kmutate.cjs", plugins: [bundledLoader] }),
  build({ ...commandBundle, entryPoints: [cli("fn.js")], outfile: outdir + bundles.fn, plugins: [tablesFromFile] }),
  build({ ...commandBundle, entryPoints: [cli("program.js")], outfile: outdir + bundles.cli, plugins: [tablesFromFile] }),
  // The worker thread of parallel fn runs (src/cli/fn-parallel.ts loads ./kmutate-worker.js).
  build({ ...common, format: "esm", packages: "external", entryPoints: [cli("fn-worker.js")], outfile: outdir + "kmutate-worker.js", plugins: [tablesFromFile] }),
]);

const fail = (why) => {
  throw new Error(`post-build: ${why}`);
};
const inputsOf = (result) => Object.keys(result.metafile.inputs);
writeFileSync(outdir + typeTablesFile, encodeTypeTables({ builtinTypes, typedShapes }));
// A type name that only the tables hold, one per table.
const tableOnly = [builtinTypes, typedShapes].map((t) => Object.keys(t).find((k) => k.endsWith(".v1.AuditAnnotation")));
for (const [name, result] of [[bundles.fn, fn], [bundles.cli, program], ["kmutate-worker.js", worker]]) {
  const text = readFileSync(outdir + name, "utf8");
  if (tableOnly.some((k) => k === undefined || text.includes(k))) fail(`${name} holds the schema tables: they are read from ${typeTablesFile}`);
  if (!inputsOf(result).some((i) => i.endsWith("/type-tables-file.js"))) fail(`${name} does not read the schema tables from ${typeTablesFile}`);
}
const entry = readFileSync(outdir + "kmutate.cjs", "utf8");
for (const name of Object.values(bundles)) if (!entry.includes(`"./${name}"`)) fail(`dist/src/cli/kmutate.cjs does not load ${name}: load-commands-bundled.ts changed`);
if (inputsOf(bin).some((i) => /\/(fn|program)\.js$/.test(i))) fail("kmutate.cjs holds the commands: bin.ts must load them through load-commands.ts");
if (!entry.startsWith('#!/usr/bin/env node\n"use strict";')) fail("kmutate.cjs does not start with its shebang and \"use strict\"");
// The bin's path before it was CommonJS, kept for configurations that name it.
writeFileSync(
  outdir + "kmutate.js",
  '#!/usr/bin/env node\n// kmutate\'s bin is ./kmutate.cjs (package.json `bin`); this path runs it too, through Node\'s ES module loader.\nimport { createRequire } from "node:module";\ncreateRequire(import.meta.url)("./kmutate.cjs");\n',
);
if (inputsOf(fn).some((i) => /\/program\.js$/.test(i))) fail("kmutate-fn.cjs holds the other commands");
for (const name of Object.values(bundles)) {
  // ASCII only, so that code-cache.ts can read the bundle as latin1 into a one-byte string (0.9 ms
  // against 4.4 for UTF-8 into two-byte). esbuild escapes strings and identifiers itself; what is
  // left is in comments and regular expression literals, where `\uXXXX` means the same code unit.
  const text = readFileSync(outdir + name, "utf8");
  if (/\\[^\x00-\x7f]/.test(text)) fail(`${name}: a backslash before a non-ASCII character, which an escape would change`);
  const ascii = text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  if (ascii !== text) writeFileSync(outdir + name, ascii);
  // vm.Script has no loader for `import()` on Node 20 (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING).
  if (/\bimport\(/.test(readFileSync(outdir + name, "utf8"))) fail(`${name} has a dynamic import(), which vm.Script cannot run`);
}
if (inputsOf(program).length < 100) fail("kmutate-cli.cjs holds fewer modules than the commands need");
chmodSync(outdir + "kmutate.cjs", 0o755);
chmodSync(outdir + "kmutate.js", 0o755);
chmodSync(cli("bin.js"), 0o755);

// V8 code caches beside the bundles, for the Node running this build (src/cli/code-cache.ts reads
// them; a different Node or V8 flags fall back to the per-user cache). Written by real runs of the
// bin with an empty per-user cache: fn mode on a small list through every benchmark template
// (code-cache-warmup.yaml: the cache then holds the code policies need too; measured with
// callgrind on Node 20, +2 % instructions on an empty list, -5 % on 40 objects with 8 policies),
// and `--version` for the other commands.
const tmp = mkdtempSync(join(tmpdir(), "kmutate-post-build-"));
try {
  const env = { ...process.env, TMPDIR: tmp };
  delete env.NODE_DISABLE_COMPILE_CACHE;
  const runs = [
    { args: [], input: readFileSync(fileURLToPath(new URL("./code-cache-warmup.yaml", import.meta.url)), "utf8") },
    { args: ["--version"], input: "" },
  ];
  for (const { args, input } of runs) {
    const r = spawnSync(process.execPath, [outdir + "kmutate.cjs", ...args], { input, env, encoding: "utf8" });
    if (r.status !== 0) fail(`kmutate ${args.join(" ")} exited ${r.status}: ${r.stderr}`);
  }
  const written = readdirSync(tmp).flatMap((d) => readdirSync(join(tmp, d)).map((f) => join(tmp, d, f)));
  // Readable by every user: the image builds as root and runs as another user.
  for (const f of written) {
    const to = outdir + f.slice(f.lastIndexOf("/") + 1);
    copyFileSync(f, to);
    chmodSync(to, 0o644);
  }
  // Node before 20.15 has no zlib.crc32, which names the caches: there the bundles run without.
  for (const name of Object.values(bundles)) {
    const expected = cacheFileName(outdir + name, readFileSync(outdir + name));
    if (expected !== undefined && !written.some((f) => f.endsWith(`/${expected}`))) fail(`no code cache ${expected} was written`);
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
