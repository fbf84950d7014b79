// Parses and validates the functionConfig (none, a ConfigMap, or a MutationConfig) into
// AdmitOptions; every unknown field, wrong type or bad enum value becomes one error naming it.
import { defaultAdmitOptions, defaultLimits, type AdmitLimits, type AdmitOptions } from "../admission/index.js";
import { getKey, isObject, setKey, type JsonObject, type JsonValue } from "../data/index.js";
import { defaultViewOptions } from "../view/index.js";
import { configMapKeys, MUTATION_CONFIG_API_VERSION, MUTATION_CONFIG_KIND, specFields, type FieldSpec } from "./config-fields.js";
import { describeKind } from "./resource-list.js";
import type { KrmError } from "./types.js";

/** Files the functionConfig names (`spec.oldObjectsPath`, `spec.openapiPaths`), read by the caller. */
export interface SideInputPaths {
  oldObjectsPath?: string;
  openapiPaths: string[];
}

/** Validated options and the files they name, or every problem found. */
export type ConfigResult = { ok: true; options: AdmitOptions; files: SideInputPaths } | { ok: false; errors: KrmError[] };

const fail = (field: string, message: string): KrmError => ({ code: "FUNCTION_CONFIG", message: `functionConfig ${field}: ${message}`, field: `functionConfig.${field}` });

/** Reads a functionConfig (absent → defaults). */
export function parseFunctionConfig(fc: JsonValue | undefined): ConfigResult {
  if (fc === undefined || fc === null) return { ok: true, options: cloneDefaults(), files: { openapiPaths: [] } };
  if (!isObject(fc)) return { ok: false, errors: [{ code: "FUNCTION_CONFIG", message: `functionConfig must be a mapping, got ${describeKind(fc)}`, field: "functionConfig" }] };
  const kind = getKey(fc, "kind");
  const apiVersion = getKey(fc, "apiVersion");
  if (kind === "ConfigMap") return fromConfigMap(fc);
  if (kind === MUTATION_CONFIG_KIND) {
    const errors = unknownKeys(fc, ["apiVersion", "kind", "metadata", "spec"], "");
    if (apiVersion !== MUTATION_CONFIG_API_VERSION) errors.unshift(fail("apiVersion", `${JSON.stringify(apiVersion ?? null)} is not supported; allowed values: ${MUTATION_CONFIG_API_VERSION}`));
    const spec = getKey(fc, "spec");
    if (spec !== undefined && spec !== null) errors.push(...checkObject(specFields, spec, "spec"));
    if (errors.length > 0) return { ok: false, errors };
    return { ok: true, ...toOptions(isObject(spec) ? spec : {}) };
  }
  return {
    ok: false,
    errors: [fail("kind", `${JSON.stringify(kind ?? null)} is not supported; allowed values: ConfigMap, ${MUTATION_CONFIG_KIND} (apiVersion ${MUTATION_CONFIG_API_VERSION})`)],
  };
}

function cloneDefaults(): AdmitOptions {
  return { ...defaultAdmitOptions, userInfo: { ...defaultAdmitOptions.userInfo }, authorizer: { ...defaultAdmitOptions.authorizer } };
}

function unknownKeys(o: JsonObject, allowed: readonly string[], prefix: string): KrmError[] {
  return Object.keys(o)
    .filter((k) => !allowed.includes(k))
    .map((k) => fail(prefix + k, `unknown field; allowed fields: ${allowed.join(", ")}`));
}

function checkObject(fields: Readonly<Record<string, FieldSpec>>, v: JsonValue, path: string): KrmError[] {
  if (!isObject(v)) return [fail(path, `expected a mapping, got ${describeKind(v)}`)];
  const errors = unknownKeys(v, Object.keys(fields), path + ".");
  for (const [k, spec] of Object.entries(fields)) {
    const fv = getKey(v, k);
    if (fv !== undefined) errors.push(...checkField(spec, fv, `${path}.${k}`));
  }
  return errors;
}

/** Checks one value against its field spec; returns every problem. */
export function checkField(spec: FieldSpec, v: JsonValue, path: string): KrmError[] {
  switch (spec.type) {
    case "string":
      if (typeof v !== "string") return [fail(path, `expected a string, got ${describeKind(v)}`)];
      if (spec.minLength && v.length < spec.minLength) return [fail(path, "must not be empty")];
      return [];
    case "boolean":
      return typeof v === "boolean" ? [] : [fail(path, `expected a boolean (true or false), got ${describeKind(v)}`)];
    case "integer":
      if (typeof v !== "number" || !Number.isSafeInteger(v)) return [fail(path, `expected an integer, got ${describeKind(v)}`)];
      return v < spec.minimum ? [fail(path, `${v} is less than the minimum ${spec.minimum}`)] : [];
    case "enum":
      if (typeof v === "string" && spec.values.includes(v)) return [];
      return [fail(path, `${typeof v === "string" ? JSON.stringify(v) : describeKind(v)} is not allowed; allowed values: ${spec.values.join(", ")}`)];
    case "stringList":
      if (!Array.isArray(v)) return [fail(path, `expected a list of strings, got ${describeKind(v)}`)];
      return v.flatMap((x, i) => (typeof x === "string" ? [] : [fail(`${path}[${i}]`, `expected a string, got ${describeKind(x)}`)]));
    case "stringListMap":
      if (!isObject(v)) return [fail(path, `expected a mapping of lists of strings, got ${describeKind(v)}`)];
      return Object.keys(v).flatMap((k) => checkField({ type: "stringList" }, v[k], `${path}.${k}`));
    case "object":
      return checkObject(spec.fields, v, path);
  }
}

/** Builds options (and the side-input paths) from a validated spec. */
function toOptions(spec: JsonObject): { options: AdmitOptions; files: SideInputPaths } {
  const o = cloneDefaults();
  const str = (v: JsonValue | undefined): string | undefined => (typeof v === "string" ? v : undefined);
  const op = str(getKey(spec, "operation"));
  if (op === "CREATE" || op === "UPDATE" || op === "DELETE") o.operation = op;
  const ui = getKey(spec, "userInfo");
  if (isObject(ui)) {
    const username = str(getKey(ui, "username"));
    const uid = str(getKey(ui, "uid"));
    const groups = getKey(ui, "groups");
    const extra = getKey(ui, "extra");
    if (username !== undefined) o.userInfo.username = username;
    if (uid !== undefined) o.userInfo.uid = uid;
    if (Array.isArray(groups)) o.userInfo.groups = groups as string[];
    if (isObject(extra)) {
      const e: Record<string, string[]> = {};
      for (const k of Object.keys(extra)) Object.defineProperty(e, k, { value: extra[k] as string[], enumerable: true, writable: true, configurable: true });
      o.userInfo.extra = e;
    }
  }
  const dryRun = getKey(spec, "dryRun");
  if (typeof dryRun === "boolean") o.dryRun = dryRun;
  const ns = str(getKey(spec, "defaultNamespace"));
  if (ns !== undefined) o.defaultNamespace = ns;
  const decision = str(getPathKey(spec, "authorizer", "decision"));
  if (decision === "NoOpinion" || decision === "Allow" || decision === "Deny") o.authorizer = { decision };
  const strict = getKey(spec, "strict");
  if (typeof strict === "boolean") o.strict = strict;
  const view = str(getKey(spec, "view"));
  const defaulting = str(getKey(spec, "defaulting"));
  if (view !== undefined || defaulting !== undefined) {
    o.view = {
      mode: view === "raw" ? "raw" : defaultViewOptions.mode,
      defaulting: defaulting === "builtin" ? "builtin" : defaultViewOptions.defaulting,
    };
  }
  const validation = str(getKey(spec, "validation"));
  if (validation === "Enforce" || validation === "Warn" || validation === "Off") o.validation = validation;
  const results = str(getKey(spec, "results"));
  if (results === "invocations" || results === "objects") o.results = results;
  const limits = getKey(spec, "limits");
  if (isObject(limits)) {
    const l = { ...defaultLimits };
    for (const k of Object.keys(defaultLimits) as (keyof AdmitLimits)[]) {
      const v = getKey(limits, k);
      if (typeof v === "number") l[k] = v;
    }
    o.limits = l;
  }
  const files: SideInputPaths = { openapiPaths: [] };
  const oldObjectsPath = str(getKey(spec, "oldObjectsPath"));
  if (oldObjectsPath !== undefined) files.oldObjectsPath = oldObjectsPath;
  const openapiPaths = getKey(spec, "openapiPaths");
  if (Array.isArray(openapiPaths)) files.openapiPaths = openapiPaths as string[];
  return { options: o, files };
}

function getPathKey(o: JsonObject, a: string, b: string): JsonValue | undefined {
  const x = getKey(o, a);
  return isObject(x) ? getKey(x, b) : undefined;
}

function fromConfigMap(cm: JsonObject): ConfigResult {
  const errors = unknownKeys(cm, ["apiVersion", "kind", "metadata", "data"], "");
  const apiVersion = getKey(cm, "apiVersion");
  if (apiVersion !== undefined && apiVersion !== "v1") errors.push(fail("apiVersion", `${JSON.stringify(apiVersion)} is not supported for a ConfigMap; allowed values: v1`));
  const data = getKey(cm, "data") ?? {};
  if (!isObject(data)) return { ok: false, errors: [...errors, fail("data", `expected a mapping of strings, got ${describeKind(data)}`)] };
  const spec: JsonObject = {};
  const allowed = Object.keys(configMapKeys);
  for (const key of Object.keys(data)) {
    const target = (configMapKeys as Record<string, string>)[key];
    const raw = data[key];
    if (!Object.prototype.hasOwnProperty.call(configMapKeys, key)) {
      errors.push(fail(`data.${key}`, `unknown key; allowed keys: ${allowed.join(", ")}`));
      continue;
    }
    if (typeof raw !== "string") {
      errors.push(fail(`data.${key}`, `ConfigMap data values must be strings, got ${describeKind(raw)} (quote it)`));
      continue;
    }
    const path = target.split(".");
    const spec1 = fieldAt(path);
    const value = fromString(spec1, raw);
    if (value === undefined) {
      errors.push(fail(`data.${key}`, `${JSON.stringify(raw)} is not allowed; expected ${expectedText(spec1)}`));
      continue;
    }
    const es = checkField(spec1, value, `data.${key}`);
    if (es.length > 0) errors.push(...es);
    else setAt(spec, path, value);
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, ...toOptions(spec) };
}

function fieldAt(path: readonly string[]): FieldSpec {
  let fields: Readonly<Record<string, FieldSpec>> = specFields;
  let f: FieldSpec = { type: "object", fields };
  for (const p of path) {
    f = fields[p];
    if (f.type === "object") fields = f.fields;
  }
  return f;
}

function setAt(o: JsonObject, path: readonly string[], v: JsonValue): void {
  let cur = o;
  for (const p of path.slice(0, -1)) {
    const next = getKey(cur, p);
    if (isObject(next)) cur = next;
    else {
      const fresh: JsonObject = {};
      setKey(cur, p, fresh);
      cur = fresh;
    }
  }
  setKey(cur, path[path.length - 1], v);
}

/** Converts a ConfigMap string to the field's type; undefined when it cannot be. */
function fromString(spec: FieldSpec, s: string): JsonValue | undefined {
  switch (spec.type) {
    case "boolean":
      return s === "true" ? true : s === "false" ? false : undefined;
    case "integer":
      return /^\d+$/.test(s) ? Number(s) : undefined;
    case "stringList":
      return splitList(s);
    case "stringListMap": {
      const out: JsonObject = {};
      for (const entry of s.split(";").map((e) => e.trim()).filter((e) => e !== "")) {
        const eq = entry.indexOf("=");
        if (eq <= 0) return undefined;
        setKey(out, entry.slice(0, eq).trim(), splitList(entry.slice(eq + 1)));
      }
      return out;
    }
    default:
      return s;
  }
}

function splitList(s: string): string[] {
  return s.split(",").map((g) => g.trim()).filter((g) => g !== "");
}

function expectedText(spec: FieldSpec): string {
  if (spec.type === "boolean") return "true or false";
  if (spec.type === "integer") return "a whole number";
  if (spec.type === "stringListMap") return "key=value1,value2;key2=value3";
  return "a string";
}
