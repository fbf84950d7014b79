// Reads the files a functionConfig names — old objects for UPDATE (`spec.oldObjectsPath`) and
// OpenAPI v3 documents (`spec.openapiPaths`) — into AdmitOptions. In fn mode every path must stay
// inside the working directory (after resolving symlinks). File I/O, so it lives in the CLI; the
// krm layer's `runFunction` is given it as its SideInputLoader.
import { readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import type { AdmitOptions } from "../admission/index.js";
import type { JsonValue } from "../data/index.js";
import { readDocument, readStream, type KrmError, type SideInputPaths, type SourceText } from "../krm/index.js";

/** Where side inputs are read from. */
export interface SideInputContext {
  /** Base of relative paths. Default: the process's working directory. */
  cwd?: string;
  /** Refuse paths outside `cwd` (fn mode). Default: true. */
  confine?: boolean;
}

const fail = (field: string, message: string): KrmError => ({ code: "FUNCTION_CONFIG", message: `functionConfig ${field}: ${message}`, field: `functionConfig.${field}` });
const MANIFEST = /\.(ya?ml|json)$/;

/** Loads the side inputs into a copy of `options`; every unreadable or refused path is an error. */
export function loadSideInputs(files: SideInputPaths, options: AdmitOptions, ctx: SideInputContext = {}): { ok: true; options: AdmitOptions } | { ok: false; errors: KrmError[] } {
  if (files.oldObjectsPath === undefined && files.openapiPaths.length === 0) return { ok: true, options };
  const cwd = ctx.cwd ?? process.cwd();
  const errors: KrmError[] = [];
  const out: AdmitOptions = { ...options };
  const locate = (field: string, p: string): string | undefined => {
    const abs = resolve(cwd, p);
    let real: string;
    try {
      real = realpathSync(abs);
    } catch {
      errors.push(fail(field, `${JSON.stringify(p)} does not exist`));
      return undefined;
    }
    if (ctx.confine !== false) {
      const rel = relative(realpathSync(cwd), real);
      if (rel.startsWith("..") || isAbsolute(rel)) {
        errors.push(fail(field, `${JSON.stringify(p)} is outside the working directory; in fn mode files must be inside it`));
        return undefined;
      }
    }
    return real;
  };
  if (files.oldObjectsPath !== undefined) {
    const path = locate("spec.oldObjectsPath", files.oldObjectsPath);
    if (path !== undefined) {
      const read = readStream(manifestFiles(path).map((f): SourceText => ({ path: f, text: readFileSync(f, "utf8") })));
      if (read.ok) out.oldObjects = read.items;
      else errors.push(...read.errors.map((e) => fail("spec.oldObjectsPath", e)));
    }
  }
  const docs: JsonValue[] = [...(options.openapi ?? [])];
  files.openapiPaths.forEach((p, i) => {
    const path = locate(`spec.openapiPaths[${i}]`, p);
    if (path === undefined) return;
    const read = readDocument(readFileSync(path));
    if (read.ok) docs.push(read.value);
    else errors.push(...read.errors.map((e) => fail(`spec.openapiPaths[${i}]`, `${p}: ${e.message}`)));
  });
  if (docs.length > 0) out.openapi = docs;
  return errors.length > 0 ? { ok: false, errors } : { ok: true, options: out };
}

/** A file, or the manifest files under a directory (recursively, name order, hidden entries skipped). */
function manifestFiles(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  const out: string[] = [];
  for (const e of readdirSync(path, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (e.name.startsWith(".")) continue;
    const full = join(path, e.name);
    if (e.isDirectory()) out.push(...manifestFiles(full));
    else if (e.isFile() && MANIFEST.test(e.name)) out.push(full);
  }
  return out;
}
