// Side inputs of a run — old objects for UPDATE and OpenAPI v3 documents — from the files a
// functionConfig names (`spec.oldObjectsPath`, `spec.openapiPaths`) or from ConfigMap items marked
// `fn.kmutate.dev/side-input` (for containers, which see no files). In fn mode relative paths
// resolve against the functionConfig's own directory in the package, and must stay in the package.
import { readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { SIDE_INPUT_ANNOTATION, type AdmitOptions } from "../admission/index.js";
import { getKey, isObject, type JsonObject, type JsonValue } from "../data/index.js";
import type { SideInputPaths } from "./function-config.js";
import { readDocument } from "./read.js";
import { readStream, type SourceText } from "./stream.js";
import type { KrmError } from "./types.js";

/** Where side inputs are read from. */
export interface SideInputContext {
  /** Base of relative paths. Default: the process's working directory. */
  cwd?: string;
  /** The directory paths must stay inside (fn mode: the package). Default: `cwd`. */
  root?: string;
  /** Refuse paths outside `root` (fn mode). Default: true. */
  confine?: boolean;
}

/** Kinds of side input a marked ConfigMap can carry (the annotation's values). */
export const sideInputKinds = ["old-objects", "openapi"] as const;

const fail = (field: string, message: string): KrmError => ({ code: "FUNCTION_CONFIG", message: `functionConfig ${field}: ${message}`, field: `functionConfig.${field}` });
const MANIFEST = /\.(ya?ml|json)$/;
const PACKAGE_PATH = "internal.config.kubernetes.io/package-path";
const PATH_ANNOTATIONS = ["internal.config.kubernetes.io/path", "config.kubernetes.io/path"] as const;

function annotationsOf(o: JsonValue | undefined): JsonObject {
  const meta = isObject(o) ? getKey(o, "metadata") : undefined;
  const ann = isObject(meta) ? getKey(meta, "annotations") : undefined;
  return isObject(ann) ? ann : {};
}

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

/**
 * Adds the side inputs carried by items to `options`: every ConfigMap annotated
 * `fn.kmutate.dev/side-input: old-objects` (each `data` value a YAML stream of objects) or
 * `openapi` (each `data` value one OpenAPI v3 document, YAML or JSON). Errors name the item.
 */
export function loadSideInputItems(items: readonly JsonObject[], options: AdmitOptions): { ok: true; options: AdmitOptions } | { ok: false; errors: KrmError[] } {
  const errors: KrmError[] = [];
  const oldObjects: JsonObject[] = [];
  const openapi: JsonValue[] = [];
  items.forEach((item, i) => {
    const kind = getKey(annotationsOf(item), SIDE_INPUT_ANNOTATION);
    if (kind === undefined) return;
    const at = `items[${i}]`;
    const bad = (field: string, message: string): void => void errors.push({ code: "SIDE_INPUT", message, field: `${at}${field}` });
    if (!(sideInputKinds as readonly JsonValue[]).includes(kind)) return bad(`.metadata.annotations.${SIDE_INPUT_ANNOTATION}`, `${JSON.stringify(kind)} is not a side-input kind; allowed values: ${sideInputKinds.join(", ")}`);
    if (getKey(item, "apiVersion") !== "v1" || getKey(item, "kind") !== "ConfigMap") return bad("", `a ${SIDE_INPUT_ANNOTATION} item must be a v1 ConfigMap whose data values are file texts`);
    const data = getKey(item, "data");
    const entries = isObject(data) ? Object.keys(data).map((key) => [key, getKey(data, key)] as const) : [];
    for (const [key, text] of entries) {
      if (typeof text !== "string") {
        bad(`.data.${key}`, "expected a string (the text of a file)");
        continue;
      }
      if (kind === "old-objects") {
        const read = readStream([{ path: `data.${key}`, text }]);
        if (read.ok) oldObjects.push(...read.items);
        else for (const e of read.errors) bad("", e);
        continue;
      }
      const doc = readDocument(text);
      if (doc.ok) openapi.push(doc.value);
      else for (const e of doc.errors) bad(`.data.${key}`, e.message);
    }
  });
  if (errors.length > 0) return { ok: false, errors };
  const out: AdmitOptions = { ...options };
  if (oldObjects.length > 0) out.oldObjects = [...(options.oldObjects ?? []), ...oldObjects];
  if (openapi.length > 0) out.openapi = [...(options.openapi ?? []), ...openapi];
  return { ok: true, options: out };
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
