// functionConfig: accepted forms, every kind of rejection (naming the field and the allowed
// values), and agreement between the validator and krm/function-config.schema.json.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { defaultAdmitOptions, defaultLimits, type AdmitOptions } from "../../src/admission/index.js";
import type { JsonObject, JsonValue } from "../../src/data/index.js";
import { parseFunctionConfig, specFields, type FieldSpec } from "../../src/krm/index.js";

const mc = (spec: JsonValue): JsonObject => ({ apiVersion: "fn.kmutate.dev/v1alpha1", kind: "MutationConfig", metadata: { name: "c" }, spec });
const opts = (o: Partial<AdmitOptions>): AdmitOptions => ({ ...defaultAdmitOptions, ...o });

const accepted: Array<{ name: string; fc: JsonValue | undefined; expected: AdmitOptions }> = [
  { name: "no functionConfig", fc: undefined, expected: opts({}) },
  { name: "empty ConfigMap function-input (what kpt sends)", fc: { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "function-input" }, data: {} }, expected: opts({}) },
  { name: "ConfigMap without data", fc: { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "x" } }, expected: opts({}) },
  {
    name: "ConfigMap with every key",
    fc: {
      apiVersion: "v1", kind: "ConfigMap", metadata: { name: "x" },
      data: { operation: "UPDATE", username: "alice", uid: "42", groups: "dev, ops,", extra: "scopes=read,write; team=a", dryRun: "true", defaultNamespace: "apps", authorizer: "Allow", strict: "true", results: "objects" },
    },
    expected: opts({ operation: "UPDATE", userInfo: { username: "alice", uid: "42", groups: ["dev", "ops"], extra: { scopes: ["read", "write"], team: ["a"] } }, dryRun: true, defaultNamespace: "apps", authorizer: { decision: "Allow" }, strict: true, results: "objects" }),
  },
  {
    name: "MutationConfig with time limits (the other limits keep their defaults)",
    fc: mc({ limits: { objectTimeoutSeconds: 5, runTimeoutSeconds: 120 } }),
    expected: opts({ limits: { ...defaultLimits, objectTimeoutSeconds: 5, runTimeoutSeconds: 120 } }),
  },
  { name: "MutationConfig without spec", fc: { apiVersion: "fn.kmutate.dev/v1alpha1", kind: "MutationConfig" }, expected: opts({}) },
  { name: "MutationConfig with null spec", fc: mc(null), expected: opts({}) },
  {
    name: "MutationConfig with every field",
    fc: mc({ operation: "UPDATE", userInfo: { username: "bob", uid: "7", groups: ["g"], extra: { k: ["v"] } }, dryRun: true, defaultNamespace: "ns", authorizer: { decision: "Deny" }, strict: true, results: "invocations" }),
    expected: opts({ operation: "UPDATE", userInfo: { username: "bob", uid: "7", groups: ["g"], extra: { k: ["v"] } }, dryRun: true, defaultNamespace: "ns", authorizer: { decision: "Deny" }, strict: true, results: "invocations" }),
  },
];
for (const row of accepted) {
  test(`functionConfig accepted: ${row.name}`, () => {
    const r = parseFunctionConfig(row.fc);
    assert.ok(r.ok, JSON.stringify(r));
    assert.deepEqual(r.options, row.expected);
  });
}

const rejected: Array<{ name: string; fc: JsonValue; messages: string[] }> = [
  { name: "not a mapping", fc: "x", messages: ["functionConfig must be a mapping, got a string"] },
  { name: "unsupported kind", fc: { apiVersion: "v1", kind: "Secret" }, messages: ['functionConfig kind: "Secret" is not supported; allowed values: ConfigMap, MutationConfig (apiVersion fn.kmutate.dev/v1alpha1)'] },
  { name: "wrong MutationConfig apiVersion", fc: { apiVersion: "fn.kmutate.dev/v1", kind: "MutationConfig" }, messages: ['functionConfig apiVersion: "fn.kmutate.dev/v1" is not supported; allowed values: fn.kmutate.dev/v1alpha1'] },
  { name: "unknown top-level field", fc: { ...mc({}), status: {} }, messages: ["functionConfig status: unknown field; allowed fields: apiVersion, kind, metadata, spec"] },
  { name: "time limit below its minimum", fc: mc({ limits: { objectTimeoutSeconds: 0, runTimeoutSeconds: 1.5 } }), messages: ["functionConfig spec.limits.objectTimeoutSeconds: 0 is less than the minimum 1", "functionConfig spec.limits.runTimeoutSeconds: expected an integer, got a number"] },
  { name: "unknown spec field", fc: mc({ operaton: "CREATE" }), messages: ["functionConfig spec.operaton: unknown field; allowed fields: operation, userInfo, dryRun, defaultNamespace, authorizer, strict, view, defaulting, validation, results, oldObjectsPath, openapiPaths, limits"] },
  { name: "bad operation", fc: mc({ operation: "PATCH" }), messages: ['functionConfig spec.operation: "PATCH" is not allowed; allowed values: CREATE, UPDATE, DELETE'] },
  { name: "operation of the wrong type", fc: mc({ operation: 1 }), messages: ["functionConfig spec.operation: a number is not allowed; allowed values: CREATE, UPDATE, DELETE"] },
  { name: "bad authorizer decision", fc: mc({ authorizer: { decision: "allow" } }), messages: ['functionConfig spec.authorizer.decision: "allow" is not allowed; allowed values: NoOpinion, Allow, Deny'] },
  { name: "unknown authorizer field", fc: mc({ authorizer: { mode: "x" } }), messages: ["functionConfig spec.authorizer.mode: unknown field; allowed fields: decision"] },
  { name: "dryRun as a string", fc: mc({ dryRun: "true" }), messages: ["functionConfig spec.dryRun: expected a boolean (true or false), got a string"] },
  { name: "strict as a number", fc: mc({ strict: 1 }), messages: ["functionConfig spec.strict: expected a boolean (true or false), got a number"] },
  { name: "empty defaultNamespace", fc: mc({ defaultNamespace: "" }), messages: ["functionConfig spec.defaultNamespace: must not be empty"] },
  { name: "groups not a list", fc: mc({ userInfo: { groups: "a,b" } }), messages: ["functionConfig spec.userInfo.groups: expected a list of strings, got a string"] },
  { name: "a group not a string", fc: mc({ userInfo: { groups: ["a", 2] } }), messages: ["functionConfig spec.userInfo.groups[1]: expected a string, got a number"] },
  { name: "extra values not lists", fc: mc({ userInfo: { extra: { k: "v" } } }), messages: ["functionConfig spec.userInfo.extra.k: expected a list of strings, got a string"] },
  { name: "spec not a mapping", fc: mc([1]), messages: ["functionConfig spec: expected a mapping, got a list"] },
  { name: "several problems are all reported", fc: mc({ operation: "X", dryRun: 1, extra: 1 }), messages: [
    "functionConfig spec.extra: unknown field; allowed fields: operation, userInfo, dryRun, defaultNamespace, authorizer, strict, view, defaulting, validation, results, oldObjectsPath, openapiPaths, limits",
    'functionConfig spec.operation: "X" is not allowed; allowed values: CREATE, UPDATE, DELETE',
    "functionConfig spec.dryRun: expected a boolean (true or false), got a number",
  ] },
  { name: "unknown ConfigMap key", fc: { apiVersion: "v1", kind: "ConfigMap", data: { mode: "x" } }, messages: ["functionConfig data.mode: unknown key; allowed keys: operation, username, uid, groups, extra, dryRun, defaultNamespace, authorizer, strict, view, defaulting, validation, results, oldObjectsPath, openapiPaths"] },
  { name: "bad ConfigMap operation", fc: { apiVersion: "v1", kind: "ConfigMap", data: { operation: "create" } }, messages: ['functionConfig data.operation: "create" is not allowed; allowed values: CREATE, UPDATE, DELETE'] },
  { name: "bad ConfigMap boolean", fc: { apiVersion: "v1", kind: "ConfigMap", data: { dryRun: "yes" } }, messages: ['functionConfig data.dryRun: "yes" is not allowed; expected true or false'] },
  { name: "ConfigMap value not a string", fc: { apiVersion: "v1", kind: "ConfigMap", data: { strict: true } }, messages: ["functionConfig data.strict: ConfigMap data values must be strings, got a boolean (quote it)"] },
  { name: "bad ConfigMap extra", fc: { apiVersion: "v1", kind: "ConfigMap", data: { extra: "novalue" } }, messages: ['functionConfig data.extra: "novalue" is not allowed; expected key=value1,value2;key2=value3'] },
];
for (const row of rejected) {
  test(`functionConfig rejected: ${row.name}`, () => {
    const r = parseFunctionConfig(row.fc);
    assert.equal(r.ok, false);
    if (!r.ok) {
      assert.deepEqual(r.errors.map((e) => e.message), row.messages);
      assert.ok(r.errors.every((e) => e.code === "FUNCTION_CONFIG"));
    }
  });
}

// ---- schema agreement ----
interface Schema {
  type?: string | string[];
  enum?: string[];
  minLength?: number;
  minimum?: number;
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
}
const schema = JSON.parse(readFileSync(new URL("../../../krm/function-config.schema.json", import.meta.url), "utf8")) as Schema;
const specSchema = schema.properties!.spec;

/** The validator's field table as the JSON Schema it implies. */
function implied(f: FieldSpec): Schema {
  switch (f.type) {
    case "string":
      return f.minLength ? { type: "string", minLength: f.minLength } : { type: "string" };
    case "boolean":
      return { type: "boolean" };
    case "integer":
      return { type: "integer", minimum: f.minimum };
    case "enum":
      return { type: "string", enum: [...f.values] };
    case "stringList":
      return { type: "array", items: { type: "string" } };
    case "stringListMap":
      return { type: "object", additionalProperties: { type: "array", items: { type: "string" } } };
    case "object":
      return { type: "object", additionalProperties: false, properties: Object.fromEntries(Object.entries(f.fields).map(([k, v]) => [k, implied(v)])) };
  }
}
/** The schema without descriptions. */
function shape(s: Schema): Schema {
  const out: Schema = {};
  for (const k of ["type", "enum", "minLength", "minimum", "additionalProperties", "items", "properties"] as const) {
    const v = s[k];
    if (v === undefined) continue;
    if (k === "properties") out.properties = Object.fromEntries(Object.entries(v as Record<string, Schema>).map(([pk, pv]) => [pk, shape(pv)]));
    else if ((k === "items" || k === "additionalProperties") && typeof v === "object") (out as Record<string, unknown>)[k] = shape(v as Schema);
    else (out as Record<string, unknown>)[k] = v;
  }
  return out;
}

test("schema and validator describe the same spec fields, types and enums", () => {
  const fromValidator = implied({ type: "object", fields: specFields });
  const fromSchema = shape(specSchema);
  assert.deepEqual(fromSchema, { ...fromValidator, type: ["object", "null"] });
});

/** A valid and an invalid sample for a schema node. */
function samples(s: Schema): { good: JsonValue; bad: JsonValue } {
  if (s.enum) return { good: s.enum[0], bad: "NotAnAllowedValue" };
  const t = Array.isArray(s.type) ? s.type[0] : s.type;
  if (t === "string") return { good: "x", bad: 5 };
  if (t === "boolean") return { good: true, bad: "true" };
  if (t === "integer") return { good: (s.minimum ?? 0) + 1, bad: 1.5 };
  if (t === "array") return { good: ["a"], bad: [1] };
  if (s.additionalProperties && typeof s.additionalProperties === "object") return { good: { k: ["v"] }, bad: { k: "v" } };
  return { good: {}, bad: [] };
}

function leafPaths(s: Schema, path: string[] = []): Array<{ path: string[]; s: Schema }> {
  if (s.properties) return Object.entries(s.properties).flatMap(([k, v]) => leafPaths(v, [...path, k]));
  return [{ path, s }];
}
const nest = (path: string[], v: JsonValue): JsonObject => (path.length === 1 ? { [path[0]]: v } : { [path[0]]: nest(path.slice(1), v) });

for (const leaf of leafPaths(specSchema)) {
  const name = leaf.path.join(".");
  test(`schema field spec.${name}: a valid value is accepted by the validator`, () => {
    assert.ok(parseFunctionConfig(mc(nest(leaf.path, samples(leaf.s).good))).ok);
  });
  test(`schema field spec.${name}: an invalid value is rejected naming the field`, () => {
    const r = parseFunctionConfig(mc(nest(leaf.path, samples(leaf.s).bad)));
    assert.equal(r.ok, false);
    if (!r.ok) assert.match(r.errors[0].message, new RegExp(`^functionConfig spec\\.${name.replace(/\./g, "\\.")}[.\\[: ]`));
    if (!r.ok && leaf.s.enum) assert.ok(r.errors[0].message.endsWith(`allowed values: ${leaf.s.enum.join(", ")}`));
  });
}
