// The copy budget: json-patch v4 adds len(json.Marshal(copied node)) per `copy` and fails once
// the total exceeds AccumulatedCopySizeLimit (kube-apiserver: 3 MiB).
import { test } from "node:test";
import assert from "node:assert/strict";
import { inspect } from "node:util";
import { DEFAULT_COPY_LIMIT_BYTES, applyJsonPatch, type JsonPatchOperation } from "../../src/patch/jsonpatch.js";
import { JsonFloat, type JsonValue } from "../../src/data/index.js";

const copy = (fromPath: string, path: string): JsonPatchOperation => ({ op: "copy", from: fromPath, path, hasValue: false });
const add = (path: string, value: JsonValue): JsonPatchOperation => ({ op: "add", path, value, hasValue: true });
const over = (accumulated: number, limit: number): string =>
  `JSON Patch: Unable to complete the copy, the accumulated size increase of copy is ${accumulated}, exceeding the limit ${limit}`;

// Each row copies `value` once: it fits a budget of exactly `bytes` and fails one byte below.
const sizeRows: { name: string; value: JsonValue; bytes: number }[] = [
  { name: "a plain string counts its quotes", value: "abc", bytes: 5 },
  { name: "< > & are escaped to 6 bytes each", value: "<>&", bytes: 2 + 18 },
  { name: "a newline is a 2-byte escape", value: "\n", bytes: 4 },
  { name: "\\b and \\f are 2-byte escapes (Go >= 1.22)", value: "\b\f", bytes: 6 },
  { name: "other control characters are 6-byte escapes", value: "\u0001", bytes: 8 },
  { name: "U+2028 is a 6-byte escape", value: "\u2028", bytes: 8 },
  { name: "a quote and a backslash are 2 bytes each", value: '"\\', bytes: 6 },
  { name: "non-ASCII counts its UTF-8 bytes", value: "é😀", bytes: 2 + 2 + 4 },
  { name: "an int counts its digits", value: -123, bytes: 4 },
  { name: "a bigint counts its digits", value: 9007199254740993n, bytes: 16 },
  { name: "a double counts Go's shortest text", value: 1.5, bytes: 3 },
  { name: "an integral double prints without .0", value: new JsonFloat(100), bytes: 3 },
  { name: "a large double uses Go's exponent form", value: new JsonFloat(1e21), bytes: 5 },
  { name: "a tiny double uses Go's exponent form", value: 1.5e-7, bytes: 6 },
  { name: "booleans", value: [true, false], bytes: 12 },
  { name: "an object counts keys, colons and commas", value: { a: 1, b: [true, null] }, bytes: 23 },
  { name: "an empty object", value: {}, bytes: 2 },
];

for (const row of sizeRows) {
  test(`copy size: ${row.name} (${row.bytes} bytes)`, () => {
    const doc = { src: row.value };
    const ok = applyJsonPatch(doc, [copy("/src", "/dst")], { copyLimitBytes: row.bytes });
    assert.equal(ok.kind, "applied", inspect(ok));
    const tooSmall = applyJsonPatch(doc, [copy("/src", "/dst")], { copyLimitBytes: row.bytes - 1 });
    assert.deepEqual(tooSmall, { kind: "error", message: over(row.bytes, row.bytes - 1), code: "copyLimit", index: 0 });
  });
}

test("copy size: a missing source (nil) costs nothing", () => {
  const got = applyJsonPatch({ a: {} }, [copy("/a/missing", "/b"), copy("/a/missing", "/c")], { copyLimitBytes: 1 });
  assert.deepEqual(got, { kind: "applied", doc: { a: {}, b: null, c: null } });
});

test("copy size: a document null (nil) costs nothing", () => {
  const got = applyJsonPatch({ a: null }, [copy("/a", "/b")], { copyLimitBytes: 1 });
  assert.deepEqual(got, { kind: "applied", doc: { a: null, b: null } });
});

test("copy size: an added value null costs 4 bytes", () => {
  const ops = [add("/a", null), copy("/a", "/b")];
  assert.equal(applyJsonPatch({}, ops, { copyLimitBytes: 4 }).kind, "applied");
  assert.deepEqual(applyJsonPatch({}, ops, { copyLimitBytes: 3 }), { kind: "error", message: over(4, 3), code: "copyLimit", index: 1 });
});

test("copy size: the budget accumulates over the whole patch", () => {
  const ops = [copy("/s", "/a"), copy("/s", "/b"), copy("/s", "/c")];
  const got = applyJsonPatch({ s: "abc" }, ops, { copyLimitBytes: 14 });
  assert.deepEqual(got, { kind: "error", message: over(15, 14), code: "copyLimit", index: 2 });
});

test("copy size: the budget is per patch, not per document", () => {
  const doc = { s: "abc" };
  for (let i = 0; i < 3; i++) assert.equal(applyJsonPatch(doc, [copy("/s", "/a")], { copyLimitBytes: 5 }).kind, "applied");
});

test("copy size: add and move are not counted", () => {
  const got = applyJsonPatch({ s: "abcdef" }, [add("/a", "abcdef"), { op: "move", from: "/s", path: "/m", hasValue: false }], { copyLimitBytes: 1 });
  assert.equal(got.kind, "applied");
});

test("copy size: a budget of 0 or less is unlimited", () => {
  for (const limit of [0, -1]) assert.equal(applyJsonPatch({ s: "x".repeat(100) }, [copy("/s", "/a")], { copyLimitBytes: limit }).kind, "applied");
});

test("copy size: the default budget is kube-apiserver's 3 MiB", () => {
  assert.equal(DEFAULT_COPY_LIMIT_BYTES, 3145728);
  const fits = { s: "x".repeat(DEFAULT_COPY_LIMIT_BYTES - 2) };
  assert.equal(applyJsonPatch(fits, [copy("/s", "/a")]).kind, "applied");
  const tooBig = { s: "x".repeat(DEFAULT_COPY_LIMIT_BYTES - 1) };
  assert.deepEqual(applyJsonPatch(tooBig, [copy("/s", "/a")]), { kind: "error", message: over(3145729, 3145728), code: "copyLimit", index: 0 });
});

test("copy size: the limit is checked before the destination index", () => {
  const got = applyJsonPatch({ s: "abc", l: [] }, [copy("/s", "/l/5")], { copyLimitBytes: 4 });
  assert.deepEqual(got, { kind: "error", message: over(5, 4), code: "copyLimit", index: 0 });
});
