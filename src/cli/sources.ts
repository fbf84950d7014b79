// Collects the inputs of `kmutate apply`: files, directories (recursively, *.yaml/*.yml/*.json,
// sorted), and `-` for stdin; binary or unreadable inputs are one-line errors. In directories,
// kpt and kustomize configuration is skipped: kustomization files, Kptfiles, the function configs
// they name, and what `.krmignore` lists.
import { readdir, readFile, stat } from "node:fs/promises";
import { basename, join, relative, resolve } from "node:path";
import { decodeText, readDocument, type SourceText } from "../krm/index.js";
import { readAll, type CliIo } from "./io.js";
import { errnoText } from "./errno.js";

const MANIFEST = /\.(?:ya?ml|json)$/i;
/** kustomize's kustomization file names, and kpt's package file. */
const CONFIG_FILES = new Set(["kustomization.yaml", "kustomization.yml", "Kustomization", "Kptfile"]);

/** One input file as read, with where `--output-dir` and `--in-place` write it. */
export interface Input {
  source: SourceText;
  /** Absolute path (undefined for stdin). */
  abs?: string;
  /** Path under `--output-dir`: relative to the directory given, the file name of a file given, `stdin.yaml` for stdin. */
  rel: string;
}

/** Every input read, the errors (`path: message`) and notes about skipped function configs. */
export interface ReadInputs {
  inputs: Input[];
  errors: string[];
  notes: string[];
}

/** Reads every input. */
export async function readSources(paths: readonly string[], io: CliIo): Promise<ReadInputs & { sources: SourceText[] }> {
  const out: ReadInputs = { inputs: [], errors: [], notes: [] };
  let stdinUsed = false;
  for (const p of paths) {
    if (p === "-") {
      if (stdinUsed) continue;
      stdinUsed = true;
      add(out, { path: "stdin", rel: "stdin.yaml" }, await readAll(io.stdin));
      continue;
    }
    const full = resolve(io.cwd, p);
    try {
      const st = await stat(full);
      if (!st.isDirectory()) {
        add(out, { path: p, abs: full, rel: basename(full) }, await readFile(full));
        continue;
      }
      for (const f of await walk(full, p, full, out.notes)) add(out, f, await readFile(f.abs));
    } catch (e) {
      out.errors.push(`${p}: cannot read: ${errnoText(e)}`);
    }
  }
  return { ...out, sources: out.inputs.map((i) => i.source) };
}

function add(out: ReadInputs, where: { path: string; abs?: string; rel: string }, bytes: Buffer): void {
  const d = decodeText(bytes);
  if (!d.ok) {
    out.errors.push(`${where.path}: ${d.error.message}`);
    return;
  }
  const input: Input = { source: { path: where.path, text: d.text }, rel: where.rel };
  if (where.abs !== undefined) input.abs = where.abs;
  out.inputs.push(input);
}

/** `v[key]` when `v` is a mapping. */
function field(v: unknown, key: string): unknown {
  return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>)[key] : undefined;
}

/** The strings in a list value. */
function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((s): s is string => typeof s === "string") : [];
}

/** Function configs named by the directory's Kptfile (`configPath`) or kustomization (`transformers`, …): path → naming file. */
async function functionConfigs(dir: string, names: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const name of names.filter((n) => CONFIG_FILES.has(n))) {
    const doc = readDocument(await readFile(join(dir, name)));
    if (!doc.ok) continue;
    const refs = name === "Kptfile"
      ? ["mutators", "validators"].flatMap((k) => strings(((field(field(doc.value, "pipeline"), k) ?? []) as unknown[]).map((step) => field(step, "configPath"))))
      : ["transformers", "generators", "validators"].flatMap((k) => strings(field(doc.value, k)));
    for (const r of refs) if (!r.includes("://")) found.set(join(dir, r), name);
  }
  return found;
}

/** A `.krmignore` pattern and the directory it is relative to. */
interface Ignore {
  pattern: RegExp;
  base: string;
}

/** `.krmignore` patterns of a directory (one per line; `*` matches within a name; `#` comments). */
async function ignoreList(dir: string): Promise<RegExp[]> {
  let text: string;
  try {
    text = await readFile(join(dir, ".krmignore"), "utf8");
  } catch {
    return [];
  }
  return text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== "" && !l.startsWith("#") && !l.startsWith("!")).map((l) => {
    const pattern = l.replace(/^\//, "").replace(/\/$/, "");
    return new RegExp(`^${pattern.split("*").map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join("[^/]*")}(?:/|$)`);
  });
}

/** Manifest files under `dir` in name order, skipping hidden entries, configuration and ignored paths. */
async function walk(dir: string, shown: string, root: string, notes: string[], inherited: readonly Ignore[] = []): Promise<Array<{ path: string; abs: string; rel: string }>> {
  const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const ignore: Ignore[] = [...inherited, ...(await ignoreList(dir)).map((pattern) => ({ pattern, base: dir }))];
  const configs = await functionConfigs(dir, entries.map((e) => e.name));
  const out: Array<{ path: string; abs: string; rel: string }> = [];
  for (const e of entries) {
    if (e.name.startsWith(".")) continue; // hidden files and folders (.git, .expected), as kpt and kustomize skip them
    const abs = join(dir, e.name);
    const path = join(shown, e.name);
    if (CONFIG_FILES.has(e.name) || ignore.some(({ pattern, base }) => pattern.test(relative(base, abs)))) continue;
    const by = configs.get(abs);
    if (by !== undefined) {
      notes.push(`${path}: skipped: the function config named by ${join(shown, by)} (give it with --config to use its options)`);
      continue;
    }
    if (e.isDirectory()) out.push(...(await walk(abs, path, root, notes, ignore)));
    else if (e.isFile() && MANIFEST.test(e.name)) out.push({ path, abs, rel: relative(root, abs) });
  }
  return out;
}
