// Int/double fidelity: how scalars load (number, bigint, JsonFloat, string) from YAML and JSON,
// and that the writers print each back as the same kind.
import { test } from "node:test";
import assert from "node:assert/strict";
import { JsonFloat, type JsonValue } from "../../../src/data/index.js";
import { readDocument, writeJson, writeYaml } from "../../../src/krm/index.js";

const kind = (v: JsonValue): string =>
  v instanceof JsonFloat ? `double ${v.value}` : typeof v === "number" ? `${Number.isInteger(v) ? "int" : "double"} ${v}` : typeof v === "bigint" ? `bigint ${v}` : `${typeof v} ${String(v)}`;

const rows: Array<{ name: string; yaml: string; json?: string; expected: string; yamlOut: string; jsonOut?: string }> = [
  { name: "int", yaml: "1", json: "1", expected: "int 1", yamlOut: "1", jsonOut: "1" },
  { name: "integral double 1.0", yaml: "1.0", json: "1.0", expected: "double 1", yamlOut: "1.0", jsonOut: "1.0" },
  { name: "integral double in exponent form", yaml: "1e3", json: "1e3", expected: "double 1000", yamlOut: "1000.0", jsonOut: "1000.0" },
  { name: "fractional double", yaml: "0.25", json: "0.25", expected: "double 0.25", yamlOut: "0.25", jsonOut: "0.25" },
  { name: "negative zero double", yaml: "-0.0", json: "-0.0", expected: "double 0", yamlOut: "-0.0", jsonOut: "-0.0" },
  { name: "max safe int stays a number", yaml: "9007199254740991", json: "9007199254740991", expected: "int 9007199254740991", yamlOut: "9007199254740991", jsonOut: "9007199254740991" },
  { name: "int beyond 2^53 is a bigint", yaml: "9007199254740993", json: "9007199254740993", expected: "bigint 9007199254740993", yamlOut: "9007199254740993", jsonOut: "9007199254740993" },
  { name: "int64 max", yaml: "9223372036854775807", json: "9223372036854775807", expected: "bigint 9223372036854775807", yamlOut: "9223372036854775807", jsonOut: "9223372036854775807" },
  { name: "int64 min", yaml: "-9223372036854775808", json: "-9223372036854775808", expected: "bigint -9223372036854775808", yamlOut: "-9223372036854775808", jsonOut: "-9223372036854775808" },
  { name: "beyond int64 becomes a double (as Go's JSON decoding)", yaml: "9223372036854775808", json: "9223372036854775808", expected: "double 9223372036854776000", yamlOut: "9223372036854776000.0", jsonOut: "9223372036854776000.0" },
  { name: "hex int", yaml: "0x1F", expected: "int 31", yamlOut: "31" },
  { name: "octal int", yaml: "0o17", expected: "int 15", yamlOut: "15" },
  { name: "infinity (YAML only)", yaml: ".inf", expected: "double Infinity", yamlOut: ".inf" },
  { name: "quoted number is a string", yaml: '"1.0"', json: '"1.0"', expected: "string 1.0", yamlOut: "'1.0'", jsonOut: '"1.0"' },
  { name: "YAML 1.1 boolean word is a string and is written quoted", yaml: "yes", expected: "string yes", yamlOut: "'yes'" },
  { name: "underscored digits are a string, quoted for YAML 1.1 readers", yaml: "1_000", expected: "string 1_000", yamlOut: "'1_000'" },
  { name: "date-like text is a string, quoted for YAML 1.1 readers", yaml: "2024-01-02", expected: "string 2024-01-02", yamlOut: "'2024-01-02'" },
  { name: "true", yaml: "true", json: "true", expected: "boolean true", yamlOut: "true", jsonOut: "true" },
  { name: "null", yaml: "~", json: "null", expected: "object null", yamlOut: "null", jsonOut: "null" },
];

for (const row of rows) {
  test(`YAML scalar: ${row.name}`, () => {
    const r = readDocument(`v: ${row.yaml}\n`);
    assert.ok(r.ok);
    const v = (r.value as { v: JsonValue }).v;
    assert.equal(kind(v), row.expected);
    assert.equal(writeYaml({ v }), `v: ${row.yamlOut}\n`);
  });
  if (row.json === undefined) continue;
  test(`JSON scalar: ${row.name}`, () => {
    const r = readDocument(`{"v": ${row.json}}`);
    assert.ok(r.ok);
    assert.equal(r.format, "json");
    const v = (r.value as { v: JsonValue }).v;
    assert.equal(kind(v), row.expected);
    const w = writeJson({ v });
    assert.ok(w.ok);
    assert.equal(w.text, `{\n  "v": ${row.jsonOut}\n}\n`);
  });
}

test("JSON cannot carry NaN or infinity: an UNREPRESENTABLE error naming the field", () => {
  const w = writeJson({ a: [{ b: Infinity }] });
  assert.deepEqual(w, { ok: false, error: { code: "UNREPRESENTABLE", message: "cannot write Infinity at a[0].b as JSON", field: "a[0].b" } });
});

const jsonErrors: Array<{ name: string; text: string; message: string }> = [
  { name: "unterminated string", text: '{"a": "x', message: "JSON syntax error: unterminated string" },
  { name: "control character in a string", text: '{"a": "x\ty"}', message: "JSON syntax error: control character in a string" },
  { name: "number out of range", text: '{"a": 1e400}', message: "JSON syntax error: number out of the range of a double" },
];
for (const row of jsonErrors) {
  test(`JSON reader error: ${row.name}`, async () => {
    const { readJson } = await import("../../../src/krm/index.js");
    const r = readJson(row.text);
    assert.equal(r.ok, false);
    if (!r.ok) assert.equal(r.error.message, row.message);
  });
}

const keyRows: Array<{ name: string; yaml: string; key: string }> = [
  { name: "integral double key", yaml: "1.0: a", key: "1" },
  { name: "exponent double key", yaml: "1e3: a", key: "1000" },
  { name: "int key", yaml: "7: a", key: "7" },
  { name: "bigint key", yaml: "9223372036854775807: a", key: "9223372036854775807" },
  { name: "boolean key", yaml: "true: a", key: "true" },
];
for (const row of keyRows) {
  test(`non-string mapping key becomes its text: ${row.name}`, async () => {
    const r = readDocument(row.yaml + "\n");
    assert.ok(r.ok);
    assert.deepEqual(Object.keys(r.value as object), [row.key]);
    const { readStream } = await import("../../../src/krm/index.js");
    const s = readStream([{ path: "k.yaml", text: `apiVersion: v1\nkind: A\nmetadata: {name: a}\nm:\n  ${row.yaml}\n` }]);
    assert.ok(s.ok);
    if (s.ok) assert.deepEqual(Object.keys(s.items[0].m as object), [row.key]);
  });
}

test("nesting: 150 levels load (CRD schemas nest deeply); beyond 1000 is a one-line error", () => {
  const nest = (n: number): string => "[".repeat(n) + "]".repeat(n);
  assert.ok(readDocument(`a: ${nest(150)}\n`).ok);
  const deep = readDocument(`a: ${nest(1100)}\n`);
  assert.equal(deep.ok, false);
  if (!deep.ok) assert.match(deep.errors[0].message, /^YAML syntax error: nesting exceeded maxDepth \(1000\)$/);
  const deepJson = readDocument(`{"a": ${nest(1100)}}`);
  assert.equal(deepJson.ok, false);
  if (!deepJson.ok) assert.equal(deepJson.errors[0].message, "JSON syntax error: nesting deeper than 1000");
});
