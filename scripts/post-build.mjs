// Post-build step: bundles the bin into dist/src/cli/kmutate.js (the file package.json's `bin` and
// the image run) and makes it executable. The library entry points stay tsc's modular output.
import { chmodSync, readdirSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const outdir = fileURLToPath(new URL("../dist/src/cli/", import.meta.url));
const entry = fileURLToPath(new URL("../dist/src/cli/bin.js", import.meta.url));
const workerEntry = fileURLToPath(new URL("../dist/src/cli/fn-worker.js", import.meta.url));
const chunkPrefix = "kmutate-chunk-";

// Chunks of an earlier bundle in the same dist/ (their names carry a content hash).
for (const f of readdirSync(outdir)) if (f.startsWith(chunkPrefix)) rmSync(outdir + f);

// One file for our own code instead of ~250 modules (Node resolves and compiles each one on its
// own). Packages stay external, loaded from node_modules: `yaml`, `re2js` and commander are loaded
// only by the runs that need them. Code splitting keeps `import()` lazy: fn mode without arguments
// does not load the chunk that holds commander and the other commands.
await build({
  // The worker thread of parallel fn runs shares the chunks of the fn path.
  entryPoints: { kmutate: entry, "kmutate-worker": workerEntry },
  outdir,
  bundle: true,
  splitting: true,
  chunkNames: `${chunkPrefix}[hash]`,
  format: "esm",
  platform: "node",
  target: "node20",
  packages: "external",
  logLevel: "error",
});
chmodSync(outdir + "kmutate.js", 0o755);
chmodSync(entry, 0o755);
