// The file system side of `kmutate test`: finding test files under the given paths, the TestFiles
// the runner reads through (paths relative to the working directory), and writing golden files and reports.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { FileRead, TestFiles } from "../authoring/index.js";
import { decodeText } from "../krm/index.js";
import { errnoText } from "./errno.js";

/** Names of test files: `kmutate-test.yaml` and `*.kmutate-test.yaml` (`.yml` too). */
export const TEST_FILE = /(?:^|\.)kmutate-test\.ya?ml$/;
const MANIFEST = /\.(?:ya?ml|json)$/i;

const reason = (e: unknown): string => `cannot read: ${errnoText(e)}`;
const byName = (a: { name: string }, b: { name: string }): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
const join = (dir: string, name: string): string => (dir === "." ? name : dir.endsWith("/") ? dir + name : `${dir}/${name}`);

/** Files under `dir` (shown relative to it as given) whose names pass `keep`, recursively, in name order; hidden entries and node_modules skipped. */
function walk(cwd: string, dir: string, keep: (name: string) => boolean): string[] {
  const out: string[] = [];
  for (const e of readdirSync(resolve(cwd, dir), { withFileTypes: true }).sort(byName)) {
    if (e.name.startsWith(".") || e.name === "node_modules") continue;
    const path = join(dir, e.name);
    if (e.isDirectory()) out.push(...walk(cwd, path, keep));
    else if (e.isFile() && keep(e.name)) out.push(path);
  }
  return out;
}

/** The test files the paths name: a file as it is, a folder's test files; unreadable paths as errors. */
export function findTestFiles(paths: readonly string[], cwd: string): { files: string[]; errors: string[] } {
  const files: string[] = [];
  const errors: string[] = [];
  for (const p of paths) {
    try {
      if (statSync(resolve(cwd, p)).isDirectory()) files.push(...walk(cwd, p.replace(/\/+$/, "") || "/", (n) => TEST_FILE.test(n)));
      else files.push(p);
    } catch (e) {
      errors.push(`${p}: ${reason(e)}`);
    }
  }
  return { files: [...new Set(files)], errors };
}

/** Reading files relative to `cwd` for the runner. */
export function diskTestFiles(cwd: string): TestFiles {
  return {
    read(path: string): FileRead {
      let bytes: Buffer;
      try {
        bytes = readFileSync(resolve(cwd, path));
      } catch (e) {
        return { ok: false, message: reason(e) };
      }
      const d = decodeText(bytes);
      return d.ok ? { ok: true, text: d.text } : { ok: false, message: d.error.message };
    },
    manifests(path: string) {
      try {
        if (!statSync(resolve(cwd, path)).isDirectory()) return { ok: true, paths: [path] };
        return { ok: true, paths: walk(cwd, path, (n) => MANIFEST.test(n)) };
      } catch (e) {
        return { ok: false, message: reason(e) };
      }
    },
  };
}

/** Writes a file relative to `cwd` (creating its folder): a golden file, a report; undefined, or why it could not. */
export function writeOutputFile(cwd: string, path: string, text: string): string | undefined {
  try {
    mkdirSync(dirname(resolve(cwd, path)), { recursive: true });
    writeFileSync(resolve(cwd, path), text);
    return undefined;
  } catch (e) {
    return `cannot write: ${errnoText(e)}`;
  }
}
