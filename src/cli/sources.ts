// Collects the inputs of `kmutate apply`: files, directories (recursively, *.yaml/*.yml/*.json,
// sorted), and `-` for stdin; binary or unreadable inputs are one-line errors.
import { readdir, readFile, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { decodeText, type SourceText } from "../krm/index.js";
import { readAll, type CliIo } from "./io.js";

const MANIFEST = /\.(?:ya?ml|json)$/i;

/** Reads every input; errors are `path: message` lines. */
export async function readSources(paths: readonly string[], io: CliIo): Promise<{ sources: SourceText[]; errors: string[] }> {
  const sources: SourceText[] = [];
  const errors: string[] = [];
  let stdinUsed = false;
  for (const p of paths) {
    if (p === "-") {
      if (stdinUsed) continue;
      stdinUsed = true;
      add(sources, errors, "stdin", await readAll(io.stdin));
      continue;
    }
    const full = resolve(io.cwd, p);
    try {
      const st = await stat(full);
      const files = st.isDirectory() ? await walk(full, p) : [[full, p] as const];
      for (const [abs, shown] of files) add(sources, errors, shown, await readFile(abs));
    } catch (e) {
      errors.push(`${p}: cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
  }
  return { sources, errors };
}

function add(sources: SourceText[], errors: string[], path: string, bytes: Buffer): void {
  const d = decodeText(bytes);
  if (d.ok) sources.push({ path, text: d.text });
  else errors.push(`${path}: ${d.error.message}`);
}

/** Manifest files under `dir` in name order, skipping hidden entries. */
async function walk(dir: string, shown: string): Promise<Array<readonly [string, string]>> {
  const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const out: Array<readonly [string, string]> = [];
  for (const e of entries) {
    if (e.name.startsWith(".")) continue; // hidden files and folders (.git, .expected), as kpt and kustomize skip them
    const abs = join(dir, e.name);
    const rel = join(shown, e.name);
    if (e.isDirectory()) out.push(...(await walk(abs, rel)));
    else if (e.isFile() && MANIFEST.test(e.name)) out.push([abs, rel]);
  }
  return out;
}
