// Reads a PolicyTest file (test.kmutate.dev/v1alpha1): every document is one test. Each problem is
// a `file:line:col: field: message` line; a problem inside a case fails only that case.
import { getKey, getString, isObject, type JsonObject, type JsonValue } from "../../data/index.js";
import { describeKind, readStream, type SourceText } from "../../krm/index.js";
import { readExpectation } from "./read-expectation.js";
import { docLocator, readConfig, readObjectSource, unknownFields, type DocLocator } from "./read-parts.js";
import type { TestCase } from "./types.js";

/** API version and kind of a test document. */
export const POLICY_TEST_API_VERSION = "test.kmutate.dev/v1alpha1";
export const POLICY_TEST_KIND = "PolicyTest";

/** The fields each part of a PolicyTest may hold (checked against krm/policy-test.schema.json). */
export const policyTestFields = {
  test: ["apiVersion", "kind", "metadata", "spec"],
  spec: ["policies", "config", "cases"],
  case: ["name", "skip", "object", "objectFile", "objectName", "oldObject", "oldObjectFile", "config", "expect"],
} as const satisfies Record<string, readonly string[]>;

/** A case that could not be read: its name (when it has one), line and problems. */
export interface BrokenCase {
  name: string;
  line: number;
  errors: string[];
}

/** One test of a file: its policy paths (as written, with their location), config and cases. */
export interface LoadedTest {
  name: string;
  policies: Array<{ path: string; at: string }>;
  config?: JsonObject;
  cases: Array<TestCase | BrokenCase>;
}

function readCase(v: JsonValue, i: number, loc: DocLocator): TestCase | BrokenCase {
  const keys = ["spec", "cases", i];
  const line = loc.line(keys);
  if (!isObject(v)) return { name: `case ${i + 1}`, line, errors: [loc.error(keys, `expected a mapping (a case), got ${describeKind(v)}`)] };
  const errors = unknownFields(v, policyTestFields.case, keys, loc);
  const name = getKey(v, "name");
  if (typeof name !== "string" || name === "") errors.push(loc.error([...keys, "name"], name === undefined ? "required: every case has a name" : `expected a non-empty string, got ${describeKind(name)}`));
  const skip = getKey(v, "skip");
  if (skip !== undefined && typeof skip !== "boolean" && typeof skip !== "string") errors.push(loc.error([...keys, "skip"], `expected true, false or a reason, got ${describeKind(skip)}`));
  const object = readObjectSource(v, "object", keys, loc, errors);
  if (object === undefined && getKey(v, "object") === undefined && getKey(v, "objectFile") === undefined) errors.push(loc.error(keys, "required: object or objectFile"));
  const objectName = getKey(v, "objectName");
  if (objectName !== undefined) {
    if (typeof objectName !== "string" || objectName === "") errors.push(loc.error([...keys, "objectName"], `expected a name, got ${describeKind(objectName)}`));
    else if (object && !("file" in object)) errors.push(loc.error([...keys, "objectName"], "objectName picks a document of objectFile; the object is inline"));
    else if (object && "file" in object) object.name = objectName;
  }
  const oldObject = readObjectSource(v, "oldObject", keys, loc, errors);
  const configValue = getKey(v, "config");
  const config = configValue === undefined ? { errors: [] } : readConfig(configValue, [...keys, "config"], loc);
  errors.push(...config.errors);
  const expectValue = getKey(v, "expect");
  const expect = readExpectation(expectValue ?? {}, [...keys, "expect"], loc, errors);
  const caseName = typeof name === "string" && name !== "" ? name : `case ${i + 1}`;
  // Without an object some problem was reported above.
  if (errors.length > 0 || !object) return { name: caseName, line, errors };
  const c: TestCase = { name: caseName, line, object, expect };
  if (skip === true) c.skip = "";
  else if (typeof skip === "string") c.skip = skip;
  if (oldObject) c.oldObject = oldObject;
  if (config.config) c.config = config.config;
  return c;
}

function readTest(value: JsonObject, loc: DocLocator, source: SourceText): { test?: LoadedTest; errors: string[] } {
  const errors = unknownFields(value, policyTestFields.test, [], loc);
  if (getKey(value, "apiVersion") !== POLICY_TEST_API_VERSION || getKey(value, "kind") !== POLICY_TEST_KIND) {
    const got = `${JSON.stringify(getKey(value, "apiVersion") ?? null)} ${JSON.stringify(getKey(value, "kind") ?? null)}`;
    return { errors: [loc.error(["kind"], `a test file holds ${POLICY_TEST_KIND} documents (apiVersion ${POLICY_TEST_API_VERSION}), got ${got}`)] };
  }
  const name = getString(value, "metadata", "name") ?? "";
  const spec = getKey(value, "spec");
  if (!isObject(spec)) return { errors: [...errors, loc.error(["spec"], `required: a mapping with policies and cases, got ${describeKind(spec)}`)] };
  errors.push(...unknownFields(spec, policyTestFields.spec, ["spec"], loc));
  const policies: LoadedTest["policies"] = [];
  const p = getKey(spec, "policies");
  if (!Array.isArray(p) || p.length === 0) errors.push(loc.error(["spec", "policies"], `required: a list of files and folders holding the policies, got ${Array.isArray(p) ? "an empty list" : describeKind(p)}`));
  else p.forEach((x, i) => (typeof x === "string" && x !== "" ? policies.push({ path: x, at: loc.at(["spec", "policies", i]) }) : errors.push(loc.error(["spec", "policies", i], `expected a path, got ${describeKind(x)}`))));
  const configValue = getKey(spec, "config");
  const config = configValue === undefined ? { errors: [] } : readConfig(configValue, ["spec", "config"], loc);
  errors.push(...config.errors);
  const cases = getKey(spec, "cases");
  if (!Array.isArray(cases) || cases.length === 0) errors.push(loc.error(["spec", "cases"], `required: a list of cases, got ${Array.isArray(cases) ? "an empty list" : describeKind(cases)}`));
  if (errors.length > 0 || !Array.isArray(cases)) return { errors };
  const test: LoadedTest = { name, policies, cases: cases.map((c, i) => readCase(c, i, loc)) };
  if (config.config) test.config = config.config;
  const lineOfName = new Map<string, number>();
  test.cases = test.cases.map((c) => {
    const first = lineOfName.get(c.name);
    if (first === undefined) {
      lineOfName.set(c.name, c.line);
      return c;
    }
    const duplicate = `${source.path}:${c.line}: name: ${JSON.stringify(c.name)} is already the name of the case on line ${first}`;
    return { name: c.name, line: c.line, errors: [...("errors" in c ? c.errors : []), duplicate] };
  });
  return { test, errors: [] };
}

/** The tests of a file, or the problems that keep it from running at all. */
export function readTestFile(source: SourceText): { tests: LoadedTest[]; errors: string[] } {
  const stream = readStream([source]);
  if (!stream.ok) return { tests: [], errors: stream.errors };
  const tests: LoadedTest[] = [];
  const errors: string[] = [];
  for (const d of stream.files[0].docs) {
    if (d.value === undefined) continue;
    const r = readTest(d.value, docLocator(source, d), source);
    errors.push(...r.errors);
    if (r.test) tests.push(r.test);
  }
  if (tests.length === 0 && errors.length === 0) errors.push(`${source.path}: no ${POLICY_TEST_KIND} document`);
  return { tests, errors };
}
