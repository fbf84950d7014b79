// The JSON writer indents like JSON.stringify down to maxIndentedDepth and writes deeper values on
// one line, so deep input cannot make the output quadratic (94 KB of 900-deep lists printed 82 MB).
import { test } from "node:test";
import assert from "node:assert/strict";
import { maxIndentedDepth, writeJson } from "../../../src/krm/yaml/json-write.js";
import type { JsonValue } from "../../../src/data/index.js";

function nested(depth: number, leaf: JsonValue): JsonValue {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = i % 2 === 0 ? [v, 1] : { k: v, n: "x" };
  return v;
}

const rows: Array<{ name: string; depth: number }> = [
  { name: "shallower than the limit", depth: maxIndentedDepth - 1 },
  { name: "exactly at the limit", depth: maxIndentedDepth },
  { name: "one level past the limit", depth: maxIndentedDepth + 1 },
  { name: "900 levels", depth: 900 },
];
for (const row of rows) {
  test(`JSON output of a value ${row.name} reads back as the value and is indented only to the limit`, () => {
    const value = nested(row.depth, "leaf");
    const w = writeJson(value);
    assert.ok(w.ok);
    assert.deepEqual(JSON.parse(w.text), value);
    if (row.depth <= maxIndentedDepth) assert.equal(w.text, JSON.stringify(value, null, 2) + "\n");
    const widest = Math.max(...w.text.split("\n").map((l) => l.length - l.trimStart().length));
    assert.ok(widest <= 2 * maxIndentedDepth, `indentation ${widest}`);
  });
}

test("past the limit values are written compactly, like JSON.stringify without indentation", () => {
  const deep = nested(3, 1.5);
  let value: JsonValue = deep;
  for (let i = 0; i < maxIndentedDepth; i++) value = [value];
  const w = writeJson(value);
  assert.ok(w.ok);
  assert.ok(w.text.includes(" ".repeat(2 * maxIndentedDepth) + JSON.stringify(deep) + "\n"), w.text.slice(-200));
});

test("900-deep values: the output grows linearly with the number of values, not with depth squared", () => {
  const one = writeJson(nested(900, 0));
  const ten = writeJson(Array.from({ length: 10 }, () => nested(900, 0)));
  assert.ok(one.ok && ten.ok);
  assert.ok(one.text.length < 20_000, `${one.text.length} characters`);
  assert.ok(ten.text.length < 11 * one.text.length);
});
