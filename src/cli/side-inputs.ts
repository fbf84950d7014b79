// Reads the files a functionConfig names — old objects for UPDATE (`spec.oldObjectsPath`) and
// OpenAPI v3 documents (`spec.openapiPaths`) — into AdmitOptions. In fn mode relative paths resolve
// against the functionConfig's own directory in the package, and must stay in the package (after
// resolving symlinks). File I/O, so it lives in the CLI; the krm layer's `runFunction` is given it
// as its SideInputLoader.
import { readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import type { AdmitOptions } from "../admission/index.js";
import { getKey, type JsonValue } from "../data/index.js";
import { annotationsOf, readDocument, readStream, type KrmError, type SideInputLoader, type SideInputPaths, type SourceText } from "../krm/index.js";

/** Where side inputs are read from. */
export interface SideInputContext {
  /** Base of relative paths. Default: the process's working directory. */
  cwd?: string;
  /** The directory paths must stay inside (fn mode: the package). Default: `cwd`. */
  root?: string;
  /** Refuse paths outside `root` (fn mode). Default: true. */
  confine?: boolean;
}

const fail = (field: string, message: string): KrmError => ({ code: "FUNCTION_CONFIG", message: `functionConfig ${field}: ${message}`, field: `functionConfig.${field}` });
const MANIFEST = /\.(ya?ml|json)$/;
const PACKAGE_PATH = "internal.config.kubernetes.io/package-path";
const PATH_ANNOTATIONS = ["internal.config.kubernetes.io/path", "config.kubernetes.io/path"] as const;

/**
 * Where the paths of a functionConfig resolve in fn mode: the package is kpt's
 * `internal.config.kubernetes.io/package-path` annotation (absolute), else the working directory;
 * relative paths start from the directory of the functionConfig's file in it (its path
 * annotation), else from the package.
 */
export function sideInputContext(functionConfig: JsonValue | undefined, cwd: string = process.cwd()): SideInputContext {
  const ann = annotationsOf(functionConfig);
  const pkg = getKey(ann, PACKAGE_PATH);
  const root = typeof pkg === "string" && pkg !== "" ? resolve(cwd, pkg) : cwd;
  const path = PATH_ANNOTATIONS.map((k) => getKey(ann, k)).find((v): v is string => typeof v === "string" && v !== "");
  return { cwd: path !== undefined ? resolve(root, dirname(path)) : root, root };
}

/** fn mode's SideInputLoader: the files resolve as {@link sideInputContext} says, confined to the package. */
export const fnSideInputs: SideInputLoader = (files, options, functionConfig) => loadSideInputs(files, options, sideInputContext(functionConfig));

/** Loads the side inputs into a copy of `options`; every unreadable or refused path is an error. */
export function loadSideInputs(files: SideInputPaths, options: AdmitOptions, ctx: SideInputContext = {}): { ok: true; options: AdmitOptions } | { ok: false; errors: KrmError[] } {
  if (files.oldObjectsPath === undefined && files.openapiPaths.length === 0) return { ok: true, options };
  const cwd = ctx.cwd ?? process.cwd();
  const root = ctx.root ?? cwd;
  const errors: KrmError[] = [];
  const out: AdmitOptions = { ...options };
  const locate = (field: string, p: string): string | undefined => {
    let real: string;
    try {
      real = realpathSync(resolve(cwd, p));
    } catch {
      errors.push(fail(field, `${JSON.stringify(p)} does not exist (relative paths start at ${cwd})`));
      return undefined;
    }
    if (ctx.confine !== false) {
      const rel = relative(realpathSync(root), real);
      if (rel.startsWith("..") || isAbsolute(rel)) {
        errors.push(fail(field, `${JSON.stringify(p)} is outside the package directory ${root}; in fn mode files must be inside it`));
        return undefined;
      }
    }
    return real;
  };
  if (files.oldObjectsPath !== undefined) {
    const path = locate("spec.oldObjectsPath", files.oldObjectsPath);
    if (path !== undefined) {
      const read = readStream(manifestFiles(path).map((f): SourceText => ({ path: f, text: readFileSync(f, "utf8") })));
      if (read.ok) out.oldObjects = [...(options.oldObjects ?? []), ...read.items];
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
