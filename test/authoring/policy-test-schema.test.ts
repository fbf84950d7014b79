// krm/policy-test.schema.json agrees with the reader: the same fields at every level, and its
// `config` (in spec and in each case) is the MutationConfig spec of krm/function-config.schema.json.
// `UPDATE_SCHEMA=1` copies that spec into the PolicyTest schema.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expectationFields, POLICY_TEST_API_VERSION, POLICY_TEST_KIND, policyTestFields } from "../../src/authoring/index.js";

interface Node { properties?: Record<string, Node>; items?: Node; enum?: string[]; required?: string[]; $ref?: string; additionalProperties?: boolean }
interface Schema extends Node { definitions: Record<string, Node> }

const path = fileURLToPath(new URL("../../../krm/policy-test.schema.json", import.meta.url));
const schema = JSON.parse(readFileSync(path, "utf8")) as Schema;
const configSpec = (JSON.parse(readFileSync(fileURLToPath(new URL("../../../krm/function-config.schema.json", import.meta.url)), "utf8")) as Schema).properties!.spec;

const keys = (n: Node | undefined): string[] => Object.keys(n?.properties ?? {});

test("the schema's fields are the reader's, at every level, and none is open", () => {
  const spec = schema.properties!.spec;
  const rows: Array<[string, Node | undefined, readonly string[]]> = [
    ["PolicyTest", schema, policyTestFields.test],
    ["spec", spec, policyTestFields.spec],
    ["case", schema.definitions.case, policyTestFields.case],
    ["expect", schema.definitions.expect, expectationFields.expect],
    ["invocation", schema.definitions.expect.properties!.invocations.items, expectationFields.invocation],
  ];
  for (const [name, node, fields] of rows) {
    assert.deepEqual(keys(node), [...fields], name);
    assert.equal(node?.additionalProperties, false, `${name}: additionalProperties`);
  }
  assert.deepEqual(schema.properties!.apiVersion.enum, [POLICY_TEST_API_VERSION]);
  assert.deepEqual(schema.properties!.kind.enum, [POLICY_TEST_KIND]);
  assert.equal(spec.properties!.cases.items!.$ref, "#/definitions/case");
  assert.equal(schema.definitions.case.properties!.expect.$ref, "#/definitions/expect");
});

test("config, in spec and in each case, is the MutationConfig spec of function-config.schema.json", () => {
  const targets = [schema.properties!.spec.properties!.config, schema.definitions.case.properties!.config];
  if (process.env.UPDATE_SCHEMA === "1") {
    for (const t of targets) t.properties = configSpec.properties;
    writeFileSync(path, JSON.stringify(schema, null, 2) + "\n");
  }
  for (const t of targets) assert.deepEqual(t.properties, configSpec.properties, "run UPDATE_SCHEMA=1 node --test dist/test/authoring/ to copy it");
});
