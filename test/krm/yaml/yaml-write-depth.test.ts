// The YAML writers (the fast emitter and js-yaml with the same options) write block style down to
// maxBlockLevel and flow style below, so a deeply nested changed item is written in text linear
// in its size, not quadratic in its depth (10 KB of 900-deep mappings came out as 1.6 MB).
import { test } from "node:test";
import assert from "node:assert/strict";
import yaml from "js-yaml";
import type { JsonValue } from "../../../src/data/index.js";
import { readDocument, runFunction, writeYaml } from "../../../src/krm/index.js";
import { maxBlockLevel } from "../../../src/krm/yaml/emit-items.js";
import { dumpSchema, loadSchema } from "../../../src/krm/yaml/fast-yaml-schema.js";
import { writeItemsYaml } from "../../../src/krm/yaml/write-item.js";
import { binding, nest, policy } from "../../adversarial/fixtures.js";
import { cpuMark, cpuMsSince } from "../../cpu-time.js";

/** `depth` levels of alternating lists and mappings around `leaf`, with a multi-line string beside each. */
function nested(depth: number, leaf: JsonValue): JsonValue {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = i % 2 === 0 ? [v, "a\nb"] : { k: v, n: "x: y", e: {} };
  return v;
}

/** js-yaml's reading of `text`, as deep as the values here go. */
const load = (text: string): unknown => yaml.load(text, { schema: loadSchema, maxDepth: 5000 } as yaml.LoadOptions);

const widestIndent = (text: string): number => Math.max(...text.split("\n").map((l) => l.length - l.trimStart().length));

const rows: Array<{ name: string; depth: number }> = [
  { name: "shallower than the limit", depth: maxBlockLevel - 2 },
  { name: "at the limit", depth: maxBlockLevel },
  { name: "past the limit", depth: maxBlockLevel + 3 },
  { name: "900 levels", depth: 900 },
];

for (const row of rows) {
  test(`a changed item ${row.name}: both writers agree, read back as the item, indent only to the limit`, () => {
    const item = { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "c" }, spec: nested(row.depth, 1) };
    for (const pad of ["", "  "]) {
      const [fast] = writeItemsYaml([item], [""], "fast", pad);
      const [jsYaml] = writeItemsYaml([item], [""], "js-yaml", pad);
      assert.equal(fast, jsYaml);
      assert.deepEqual(load(pad ? fast.replace(/^ {2}/gm, "") : fast), [item]);
      // Block scalars of the multi-line strings sit one level deeper than their key.
      assert.ok(widestIndent(fast) <= pad.length + 2 * (maxBlockLevel + 2), `indentation ${widestIndent(fast)}`);
    }
    const whole = writeYaml({ items: [item] });
    assert.deepEqual(load(whole), { items: [item] });
  });
}

test("values shallower than the limit are written as before (block style everywhere)", () => {
  const value = nested(maxBlockLevel - 2, "leaf");
  assert.equal(writeYaml(value), yaml.dump(value, { schema: dumpSchema, noRefs: true, lineWidth: -1, noArrayIndent: true, quotingType: "'" }));
});

test("900-deep values: the output grows with the number of values, not with depth squared", () => {
  const one = writeYaml(nested(900, 0));
  const ten = writeYaml(Array.from({ length: 10 }, () => nested(900, 0)));
  assert.ok(one.length < 40_000, `${one.length} characters`);
  assert.ok(ten.length < 11 * one.length);
});

test("fn mode: a policy changing a 900-deep item writes it in linear size and bounded CPU time", () => {
  const head = yaml.dump(
    { apiVersion: "config.kubernetes.io/v1", kind: "ResourceList", items: [policy("p", ['[JSONPatch{op: "add", path: "/data/x", value: "y"}]']), binding("p")] },
    { noArrayIndent: true },
  );
  // Flow style on one line in the input: 900 levels are past the block reader, so js-yaml reads the
  // list and the changed item is re-serialised whole.
  const deep = nest("1", 900, "{k: $, n: x}");
  const text = `${head}- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: c\n    namespace: default\n  data:\n    a: b\n  extra: ${deep}\n`;
  const mark = cpuMark();
  const run = runFunction(text, undefined, { quiet: true });
  const ms = cpuMsSince(mark);
  assert.equal(run.exitCode, 0, run.stderr);
  // Block style at every level wrote 1,635,385 characters in 834 ms of CPU.
  assert.ok(run.stdout.length < 3 * text.length, `${run.stdout.length} characters for ${text.length}`);
  assert.ok(ms < 500, `${ms.toFixed(0)} ms of CPU`);
  const back = readDocument(run.stdout);
  assert.ok(back.ok);
  const expected = load(text) as { items: Array<Record<string, unknown>> };
  const items = (back.value as { items: Array<Record<string, unknown>> }).items;
  assert.deepEqual(items[2].extra, expected.items[2].extra);
  assert.deepEqual(items[2].data, { a: "b", x: "y" });
});
