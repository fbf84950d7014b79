// Builds the playground page into dist/playground/ (or `--out DIR`): index.html with the examples
// embedded, style.css, app.js (the page) and engine.js (kmutate's engine, loaded after the page
// is shown). Bundled by esbuild for browsers; runs from file:// and any static host.
import { copyFileSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Metafile } from "esbuild";
import { playgroundExamples } from "./playground-examples.js";

/** The repository root (this file runs from dist/scripts/). */
export const repoRoot = fileURLToPath(new URL("../../", import.meta.url));

/** What a build wrote: each file's size in bytes, and the source files each bundle holds. */
export interface PlaygroundBuild {
  outdir: string;
  sizes: Record<string, number>;
  inputs: { app: string[]; engine: string[] };
}

const browsers = ["chrome109", "firefox115", "safari16"];

async function bundle(entry: string, outfile: string, inject: string[] = []): Promise<Metafile> {
  const r = await build({
    entryPoints: [join(repoRoot, entry)],
    outfile,
    bundle: true,
    format: "iife",
    platform: "browser",
    target: browsers,
    minify: true,
    charset: "utf8",
    inject: inject.map((f) => join(repoRoot, f)),
    metafile: true,
    logLevel: "error",
    absWorkingDir: repoRoot,
  });
  return r.metafile;
}

/** Builds the page into `outdir`. */
export async function buildPlayground(outdir: string): Promise<PlaygroundBuild> {
  mkdirSync(outdir, { recursive: true });
  const [app, engine] = await Promise.all([
    bundle("playground/ui/main.ts", join(outdir, "app.js")),
    bundle("playground/engine/entry.ts", join(outdir, "engine.js"), ["playground/engine/buffer-shim.ts"]),
  ]);
  copyFileSync(join(repoRoot, "playground/style.css"), join(outdir, "style.css"));
  // JSON in a <script> element: `<` escaped so that no text can close the element.
  const examples = JSON.stringify(playgroundExamples(join(repoRoot, "examples"))).replace(/</g, "\\u003c");
  const html = readFileSync(join(repoRoot, "playground/index.html"), "utf8").replace("<!--EXAMPLES-->", `<script type="application/json" id="examples">${examples}</script>`);
  writeFileSync(join(outdir, "index.html"), html);
  const files = ["index.html", "style.css", "app.js", "engine.js"];
  return {
    outdir,
    sizes: Object.fromEntries(files.map((f) => [f, statSync(join(outdir, f)).size])),
    inputs: { app: Object.keys(app.inputs), engine: Object.keys(engine.inputs) },
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf("--out");
  const outdir = resolve(i > 0 ? process.argv[i + 1] : join(repoRoot, "dist/playground"));
  const b = await buildPlayground(outdir);
  for (const [f, n] of Object.entries(b.sizes)) console.log(`${f.padEnd(11)} ${(n / 1024).toFixed(1).padStart(7)} KiB`);
  console.log(`playground built in ${outdir}`);
}
