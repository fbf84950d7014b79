// changedPaths: the one-walk implementation agrees with the definition (compare whole sub-trees
// with deepEqual at every level), on generated documents and on documents sharing sub-trees.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { changedPaths, deepEqual, isObject, JsonFloat, pathText, type FieldPath, type JsonValue } from "../../src/data/index.js";

/** The definition, written the obvious way (quadratic, kept only as the model). */
function model(before: JsonValue | undefined, after: JsonValue | undefined, at: FieldPath = []): FieldPath[] {
  if (before !== undefined && after !== undefined && deepEqual(before, after)) return [];
  if (isObject(before) && isObject(after)) {
    const out: FieldPath[] = [];
    for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const b = Object.prototype.hasOwnProperty.call(before, k) ? before[k] : undefined;
      const a = Object.prototype.hasOwnProperty.call(after, k) ? after[k] : undefined;
      out.push(...model(b, a, [...at, k]));
    }
    return out;
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    return before.flatMap((b, i) => model(b, after[i], [...at, i]));
  }
  return [at];
}

const key = fc.constantFrom("a", "b", "c", "d");
const scalar: fc.Arbitrary<JsonValue> = fc.oneof(
  fc.constantFrom<JsonValue>(null, true, false, "", "x", 1, 2, new JsonFloat(1), 2n ** 60n, 1.5),
  fc.integer({ min: -2, max: 2 }),
);
const doc: fc.Arbitrary<JsonValue> = fc.letrec((tie) => ({
  v: fc.oneof({ depthSize: "small" }, scalar, fc.array(tie("v"), { maxLength: 3 }), fc.dictionary(key, tie("v"), { maxKeys: 4, noNullPrototype: true })),
})).v as fc.Arbitrary<JsonValue>;

test("changedPaths equals the definition on unrelated documents", () => {
  fc.assert(fc.property(doc, doc, (a, b) => {
    assert.deepEqual(changedPaths(a, b), model(a, b));
  }), { numRuns: 2000 });
});

test("changedPaths equals the definition when the second document shares sub-trees with the first", () => {
  const edit = (v: JsonValue, d: JsonValue, pick: number): JsonValue => {
    if (isObject(v)) {
      const keys = Object.keys(v);
      if (keys.length === 0) return { a: d };
      const k = keys[pick % keys.length];
      return { ...v, [k]: pick % 3 === 0 ? d : edit(v[k], d, pick >> 1) };
    }
    if (Array.isArray(v) && v.length > 0) {
      const i = pick % v.length;
      return v.map((x, j) => (j === i ? edit(x, d, pick >> 1) : x));
    }
    return d;
  };
  fc.assert(fc.property(doc, doc, fc.nat(), (a, d, pick) => {
    const b = edit(a, d, pick);
    assert.deepEqual(changedPaths(a, b), model(a, b));
  }), { numRuns: 2000 });
});

test("changedPaths: exact paths, order and prefix", () => {
  const before = { metadata: { labels: { a: "1" } }, spec: { containers: [{ name: "a", image: "x" }] } };
  const after = { metadata: { labels: { a: "2", b: "3" } }, spec: { containers: [{ name: "a", image: "y" }] }, status: {} };
  assert.deepEqual(changedPaths(before, after).map(pathText), ["metadata.labels.a", "metadata.labels.b", "spec.containers[0].image", "status"]);
  assert.deepEqual(changedPaths(1, new JsonFloat(1), ["x"]), [["x"]]);
  assert.deepEqual(changedPaths(2n ** 53n, 2 ** 53), []);
  assert.deepEqual(changedPaths([1, 2], [1, 2, 3]).map(pathText), [""]);
});
