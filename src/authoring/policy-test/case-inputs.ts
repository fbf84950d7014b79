// What one case admits: its object and old object (inline, or read from files relative to the test
// file), and the admission options from the test's config with the case's overrides merged in.
import type { AdmitOptions } from "../../admission/index.js";
import { getString, isObject, setKey, type JsonObject, type JsonValue } from "../../data/index.js";
import { MUTATION_CONFIG_API_VERSION, MUTATION_CONFIG_KIND, parseFunctionConfig, readDocument, readStream } from "../../krm/index.js";
import type { ObjectSource, TestCase, TestFiles } from "./types.js";
import { relativeTo } from "./util-relative-path.js";

/** The inputs of one admission, or why the case cannot run. */
export type CaseInputs = { ok: true; object: JsonObject; oldObject?: JsonObject; options: AdmitOptions } | { ok: false; errors: string[] };

/** `Kind namespace/name` of an object, as results and diffs name it. */
export function objectLabel(o: JsonObject): string {
  const ns = getString(o, "metadata", "namespace");
  return `${getString(o, "kind") ?? ""} ${ns ? ns + "/" : ""}${getString(o, "metadata", "name") ?? ""}`;
}

/** Whether two objects are the same object to the apiserver: kind, namespace and name. */
export function sameObject(a: JsonObject, b: JsonObject): boolean {
  return objectLabel(a) === objectLabel(b);
}

/** The objects of the file at `path` (every document), or why it cannot be read. */
export function readObjects(path: string, files: TestFiles): { ok: true; text: string; items: JsonObject[] } | { ok: false; message: string } {
  const read = files.read(path);
  if (!read.ok) return { ok: false, message: `${path}: ${read.message}` };
  const stream = readStream([{ path, text: read.text }]);
  if (!stream.ok) return { ok: false, message: stream.errors.join("\n") };
  return { ok: true, text: read.text, items: stream.items };
}

/**
 * The object a source gives: inline, the only document of its file, the one named by `name`
 * (`name` or `Kind/name`), or (with `like`) the one that is the same object as `like`.
 */
export function resolveObject(src: ObjectSource, field: string, testPath: string, files: TestFiles, like?: JsonObject): { ok: true; value: JsonObject } | { ok: false; error: string } {
  if ("inline" in src) return { ok: true, value: src.inline };
  const fail = (m: string): { ok: false; error: string } => ({ ok: false, error: `${src.at}: ${field}File: ${m}` });
  const r = readObjects(relativeTo(testPath, src.file), files);
  if (!r.ok) return fail(r.message);
  let found = r.items;
  let which = "";
  if (src.name !== undefined) {
    const slash = src.name.indexOf("/");
    const kind = slash < 0 ? undefined : src.name.slice(0, slash);
    const name = src.name.slice(slash + 1);
    found = found.filter((o) => getString(o, "metadata", "name") === name && (kind === undefined || getString(o, "kind") === kind));
    which = ` named ${JSON.stringify(src.name)}`;
  } else if (like && found.length > 1) {
    found = found.filter((o) => sameObject(o, like));
    which = ` that is ${objectLabel(like)}`;
  }
  if (found.length === 1) return { ok: true, value: found[0] };
  if (found.length === 0) return fail(`${src.file} holds no object${which}`);
  const hint = which === "" ? "; pick one with objectName: name (or Kind/name)" : src.name?.includes("/") ? "" : "; pick one with objectName: Kind/name";
  return fail(`${src.file} holds ${found.length} objects${which} (${found.map(objectLabel).join(", ")})${hint}`);
}

/** `base` with `over` merged in: mappings merge key by key, every other value replaces. */
export function mergeConfig(base: JsonObject, over: JsonObject): JsonObject {
  const out: JsonObject = { ...base };
  for (const k of Object.keys(over)) {
    const a = out[k];
    const b = over[k];
    setKey(out, k, isObject(a) && isObject(b) ? mergeConfig(a, b) : b);
  }
  return out;
}

/** Reads the side inputs a config names (old objects, OpenAPI documents) relative to the test file. */
function sideInputs(spec: JsonObject, options: AdmitOptions, testPath: string, files: TestFiles, where: string): string[] {
  const errors: string[] = [];
  const olds = spec.oldObjectsPath;
  if (typeof olds === "string") {
    const listed = files.manifests(relativeTo(testPath, olds));
    if (!listed.ok) errors.push(`${where}: config.oldObjectsPath: ${olds}: ${listed.message}`);
    else {
      const items: JsonObject[] = [];
      for (const p of listed.paths) {
        const r = readObjects(p, files);
        if (r.ok) items.push(...r.items);
        else errors.push(`${where}: config.oldObjectsPath: ${r.message}`);
      }
      options.oldObjects = items;
    }
  }
  const docs: JsonValue[] = [];
  for (const p of Array.isArray(spec.openapiPaths) ? spec.openapiPaths : []) {
    if (typeof p !== "string") continue;
    const read = files.read(relativeTo(testPath, p));
    const doc = read.ok ? readDocument(read.text) : undefined;
    if (!read.ok) errors.push(`${where}: config.openapiPaths: ${p}: ${read.message}`);
    else if (doc && !doc.ok) errors.push(`${where}: config.openapiPaths: ${p}: ${doc.errors[0].message}`);
    else if (doc?.ok) docs.push(doc.value);
  }
  if (docs.length > 0) options.openapi = docs;
  return errors;
}

/** Everything case `c` of the test file at `testPath` admits. */
export function caseInputs(c: TestCase, testPath: string, testConfig: JsonObject | undefined, files: TestFiles): CaseInputs {
  const where = `${testPath}:${c.line}`;
  const object = resolveObject(c.object, "object", testPath, files);
  if (!object.ok) return { ok: false, errors: [object.error] };
  let oldObject: JsonObject | undefined;
  if (c.oldObject) {
    const old = resolveObject(c.oldObject, "oldObject", testPath, files, object.value);
    if (!old.ok) return { ok: false, errors: [old.error] };
    if (!sameObject(old.value, object.value)) {
      return { ok: false, errors: [`${c.oldObject.at}: oldObject: it is ${objectLabel(old.value)} but the object is ${objectLabel(object.value)}: the old object has the object's kind, namespace and name`] };
    }
    oldObject = old.value;
  }
  const spec = mergeConfig(testConfig ?? {}, c.config ?? {});
  const parsed = parseFunctionConfig({ apiVersion: MUTATION_CONFIG_API_VERSION, kind: MUTATION_CONFIG_KIND, spec });
  if (!parsed.ok) return { ok: false, errors: parsed.errors.map((e) => `${where}: config: ${e.message}`) };
  const options = parsed.options;
  const errors = sideInputs(spec, options, testPath, files, where);
  if (errors.length > 0) return { ok: false, errors };
  if (oldObject) {
    if (spec.operation === undefined) options.operation = "UPDATE";
    else if (options.operation === "CREATE") return { ok: false, errors: [`${c.oldObject?.at}: oldObject: operation CREATE has no old object: remove it, or set config.operation UPDATE`] };
    options.oldObjects = [oldObject, ...(options.oldObjects ?? [])];
  }
  return oldObject ? { ok: true, object: object.value, oldObject, options } : { ok: true, object: object.value, options };
}
