// Re-serialising a changed item in fn mode: the fast writer restores the quoting, plain
// look-alike and one-line flow styles of the item's source, and always reads back as the value.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import yaml from "js-yaml";
import { deepEqual, JsonFloat, type JsonObject, type JsonValue } from "../../../src/data/index.js";
import { readDocument, writeYaml } from "../../../src/krm/index.js";
import { dumpSchema } from "../../../src/krm/yaml/fast-yaml-schema.js";
import { writeItemsYaml, writeItemYaml } from "../../../src/krm/yaml/write-item.js";

interface Row {
  name: string;
  source: string;
  item: JsonObject;
  expected: string;
}

const rows: Row[] = [
  {
    name: "no quotes in the source: the writer's own choice, new strings needing quotes in double quotes",
    source: "- a: x\n",
    item: { a: "x", b: "3", c: "yes", d: "it's: here" },
    expected: '- a: x\n  b: "3"\n  c: "yes"\n  d: "it\'s: here"\n',
  },
  {
    name: "single and double quotes of unchanged values are kept",
    source: "- a: 'x'\n  b: \"y\" # c\n  c: '3'\n  d: 'it''s'\n",
    item: { a: "x", b: "y", c: "3", d: "it's", e: "new" },
    expected: "- a: 'x'\n  b: \"y\"\n  c: '3'\n  d: 'it''s'\n  e: new\n",
  },
  {
    name: "a style belongs to its key: the same value under another key gets the writer's choice",
    source: "- a: 'x'\n",
    item: { a: "x", b: "x" },
    expected: "- a: 'x'\n  b: x\n",
  },
  {
    name: "a changed value is written in the writer's style",
    source: "- a: 'x'\n",
    item: { a: "z" },
    expected: "- a: z\n",
  },
  {
    name: "sequence entries keep their quotes by value",
    source: "- l:\n  - 'a'\n  - \"-c\"\n",
    item: { l: ["a", "-c", "b"] },
    expected: "- l:\n  - 'a'\n  - \"-c\"\n  - b\n",
  },
  {
    name: "plain YAML 1.1 look-alikes stay plain (the writer would quote them)",
    source: "- env:\n  - name: ON\n    value: yes\n",
    item: { env: [{ name: "ON", value: "yes" }, { name: "OFF", value: "no" }] },
    expected: '- env:\n  - name: ON\n    value: yes\n  - name: "OFF"\n    value: "no"\n',
  },
  {
    name: "quoted keys keep their quotes; a value equal to a quoted key does not",
    source: "- \"app\": 'x'\n  'on': y\n",
    item: { app: "x", on: "y", v: "app", w: "on" },
    expected: "- \"app\": 'x'\n  'on': y\n  v: app\n  w: \"on\"\n",
  },
  {
    name: "a value equal to a quoted key that reads as null stays quoted",
    source: "- 'null': 0\n",
    item: { null: 0, k: "null", m: "two\nlines" },
    expected: "- 'null': 0\n  k: \"null\"\n  m: |-\n    two\n    lines\n",
  },
  {
    name: "unchanged one-line flow collections are copied; changed ones become block",
    source: "- args: [a, \"b\"]\n  res: {limits: {cpu: 1.0}} # c\n  sel: {app: web}\n  empty: []\n",
    item: { args: ["a", "b"], res: { limits: { cpu: new JsonFloat(1) } }, sel: { app: "api" }, empty: [] },
    expected: "- args: [a, \"b\"]\n  res: {limits: {cpu: 1.0}}\n  sel:\n    app: api\n  empty: []\n",
  },
  {
    name: "values quotes cannot hold exactly are left to the writer",
    source: "- a: \"x\\ty\"\n  b: 'p\"q'\n",
    item: { a: "x\ty", b: 'p"q', c: "l1\nl2\n" },
    expected: "- a: \"x\\ty\"\n  b: 'p\"q'\n  c: |\n    l1\n    l2\n",
  },
];

for (const row of rows) {
  test(`writeItemYaml: ${row.name}`, () => {
    const out = writeItemYaml(row.item, row.source);
    assert.equal(out, row.expected);
    const back = readDocument(out);
    assert.ok(back.ok && deepEqual(back.value, [row.item]), out);
  });
}

// Sources that share keys and values with the item, in every quoting style, plus flow lines.
const tricky = fc.constantFrom("yes", "no", "on", "ON", "y", "~", "null", "true", "1.0", "0x1F", "1_000", "12:30", "2024-01-02", "", " lead", "a: b", "#x", "- x", "'", '"', "{}", "[]", "it's", 'say "hi"', "tab\there", "multi\nline", "é✓", "=", "<<", "\\");
const str = fc.oneof(fc.string({ maxLength: 6 }), tricky);
const scalar: fc.Arbitrary<JsonValue> = fc.oneof(str, fc.integer(), fc.boolean(), fc.constant(null), fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => (Number.isInteger(d) ? new JsonFloat(d) : d)));
const value: fc.Arbitrary<JsonValue> = fc.letrec<{ v: JsonValue }>((tie) => ({
  v: fc.oneof({ depthSize: "small" }, scalar, fc.array(tie("v"), { maxLength: 3 }), fc.dictionary(str, tie("v"), { maxKeys: 3 }) as fc.Arbitrary<JsonValue>),
})).v;
const item = fc.dictionary(str, value, { maxKeys: 5 }) as fc.Arbitrary<JsonObject>;
const quoting = fc.record({ quotingType: fc.constantFrom("'" as const, '"' as const), forceQuotes: fc.boolean(), flowLevel: fc.constantFrom(-1, 1, 2) });

test("property: a changed item written with any source's styles reads back as itself", () => {
  fc.assert(
    fc.property(item, item, quoting, (after, before, q) => {
      const source = yaml.dump([{ ...before, ...after }], { ...q, lineWidth: -1, noArrayIndent: true });
      const out = writeItemYaml(after, source);
      const back = readDocument(out);
      assert.ok(back.ok, out);
      assert.ok(deepEqual(back.value, [after]), `source:\n${source}\nout:\n${out}`);
    }),
    { numRuns: 500 },
  );
});

test("property: writing changed items in one dump equals writing each alone", () => {
  fc.assert(
    fc.property(fc.array(fc.tuple(item, item, quoting), { maxLength: 6 }), (rows) => {
      const items = rows.map(([after]) => after);
      const sources = rows.map(([after, before, q]) => yaml.dump([{ ...before, ...after }], { ...q, lineWidth: -1, noArrayIndent: true }));
      assert.deepEqual(writeItemsYaml(items, sources), items.map((it, i) => writeItemYaml(it, sources[i])));
    }),
    { numRuns: 300 },
  );
});

// Values that exercise every scalar path of the fast writer: plain, reserved words, numbers and
// their look-alikes, multi-line text at any depth, unprintable characters, long keys.
const scalarText = fc.oneof(
  str,
  fc.constantFrom("a\nb", "a\nb\n", "a\n\nb\n\n", "\n", " lead\nx", "x\r\ny", "\u2028", "\u0085x", "\ufeffx", "null", "Yes", "NO", "True", "_x", "/p/q", "a.b-c_d/e", "x".repeat(1100)),
  fc.string({ unit: "binary", maxLength: 8 }),
  // Sentence-like text (result messages): letters with spaces and every ASCII punctuation mark.
  fc.string({ unit: fc.constantFrom(..."aZ y:#-'\"(),[]{}&*!|>%@`?=~./\\ \t"), minLength: 1, maxLength: 12 }).map((t) => "m" + t),
);
const anyScalar: fc.Arbitrary<JsonValue> = fc.oneof(
  scalarText,
  fc.integer(),
  fc.double(),
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).filter((b) => b > BigInt(Number.MAX_SAFE_INTEGER) || b < BigInt(Number.MIN_SAFE_INTEGER)),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter(Number.isInteger).map((d) => new JsonFloat(d)),
  fc.boolean(),
  fc.constant(null),
);
const deep: fc.Arbitrary<JsonValue> = fc.letrec<{ v: JsonValue }>((tie) => ({
  v: fc.oneof({ depthSize: "medium" }, anyScalar, fc.array(tie("v"), { maxLength: 3 }), fc.dictionary(scalarText, tie("v"), { maxKeys: 3 }) as fc.Arbitrary<JsonValue>),
})).v;

test("property: the fast item writer writes exactly what js-yaml writes", () => {
  fc.assert(
    fc.property(fc.array(fc.tuple(fc.dictionary(scalarText, deep, { maxKeys: 4 }), item, quoting), { maxLength: 4 }), (rows) => {
      const items = rows.map(([after]) => after as JsonObject);
      const sources = rows.map(([after, before, q]) => yaml.dump([{ ...before, ...after }], { ...q, lineWidth: -1, noArrayIndent: true, skipInvalid: true }));
      for (const pad of ["", "  ", "    "]) assert.deepEqual(writeItemsYaml(items, sources, "fast", pad), writeItemsYaml(items, sources, "js-yaml", pad));
    }),
    { numRuns: 1000 },
  );
});

test("property: writeYaml (fast writer, single quotes) writes exactly what js-yaml writes", () => {
  fc.assert(
    fc.property(fc.oneof(deep, fc.dictionary(scalarText, deep, { maxKeys: 4 }) as fc.Arbitrary<JsonValue>), (v) => {
      assert.equal(writeYaml(v), yaml.dump(v, { schema: dumpSchema, noRefs: true, lineWidth: -1, noArrayIndent: true }));
    }),
    { numRuns: 1000 },
  );
});
