// Table-driven tests of the JSON-patch `test` operation: json-patch v4 `lazyNode.equal` and the
// missing / null / no-value rules of `Patch.test` (evanphx/json-patch patch.go).
import { test } from "node:test";
import assert from "node:assert/strict";
import { inspect } from "node:util";
import { applyJsonPatch, type JsonPatchOperation } from "../../src/patch/jsonpatch.js";
import { JsonFloat, type JsonValue } from "../../src/data/index.js";

const t = (path: string, ...rest: [value?: JsonValue]): JsonPatchOperation =>
  rest.length === 0 ? { op: "test", path, hasValue: false } : { op: "test", path, value: rest[0], hasValue: true };
const add = (path: string, value: JsonValue): JsonPatchOperation => ({ op: "add", path, value, hasValue: true });

type Expect = "pass" | "fail" | { error: string } | { panic: string };
interface Row {
  name: string;
  doc: JsonValue;
  ops: JsonPatchOperation[];
  expected: Expect;
}

const PANIC_NIL = "invalid memory address or nil pointer dereference";

const rows: Row[] = [
  // scalars: compact Go JSON text
  { name: "equal strings pass", doc: { v: "Red" }, ops: [t("/v", "Red")], expected: "pass" },
  { name: "different strings fail", doc: { v: "Blue" }, ops: [t("/v", "Red")], expected: "fail" },
  { name: "strings with HTML characters compare by value", doc: { v: "a<b>&c" }, ops: [t("/v", "a<b>&c")], expected: "pass" },
  { name: "a string never equals a number", doc: { v: "1" }, ops: [t("/v", 1)], expected: "fail" },
  { name: "a number never equals a string", doc: { v: 1 }, ops: [t("/v", "1")], expected: "fail" },
  { name: "a bool never equals its string", doc: { v: true }, ops: [t("/v", "true")], expected: "fail" },
  { name: "equal ints pass", doc: { v: 3 }, ops: [t("/v", 3)], expected: "pass" },
  { name: "the int 1 and the double 1.0 have the same Go text", doc: { v: 1 }, ops: [t("/v", new JsonFloat(1))], expected: "pass" },
  { name: "the double 1.0 and the int 1 have the same Go text", doc: { v: new JsonFloat(1) }, ops: [t("/v", 1)], expected: "pass" },
  { name: "1 and 1.5 differ", doc: { v: 1 }, ops: [t("/v", 1.5)], expected: "fail" },
  { name: "-0.0 and 0 differ by text", doc: { v: 0 }, ops: [t("/v", new JsonFloat(-0))], expected: "fail" },
  { name: "a bigint equals the same bigint", doc: { v: 9007199254740993n }, ops: [t("/v", 9007199254740993n)], expected: "pass" },
  { name: "a bigint never equals its decimal string", doc: { v: 9007199254740993n }, ops: [t("/v", "9007199254740993")], expected: "fail" },
  { name: "2^60 as int differs from 2^60 as double (Go prints 1152921504606847000)", doc: { v: 1152921504606846976n }, ops: [t("/v", new JsonFloat(2 ** 60))], expected: "fail" },
  { name: "an int whose digits match a double's shortest text equals it", doc: { v: 1152921504606847000n }, ops: [t("/v", new JsonFloat(2 ** 60))], expected: "pass" },
  { name: "a scalar never equals an object", doc: { v: "x" }, ops: [t("/v", { a: 1 })], expected: "fail" },
  // objects and arrays
  { name: "objects compare key-order-insensitively", doc: { v: { a: 1, b: [1, 2] } }, ops: [t("/v", { b: [1, 2], a: 1 })], expected: "pass" },
  { name: "an object with an extra key differs", doc: { v: { a: 1 } }, ops: [t("/v", { a: 1, b: 2 })], expected: "fail" },
  { name: "an object with another value differs", doc: { v: { a: 1 } }, ops: [t("/v", { a: 2 })], expected: "fail" },
  { name: "objects with a null member compare equal", doc: { v: { a: null } }, ops: [t("/v", { a: null })], expected: "pass" },
  { name: "a null member differs from a value", doc: { v: { a: null } }, ops: [t("/v", { a: 1 })], expected: "fail" },
  { name: "arrays compare element-wise", doc: { v: [1, "a", { b: true }] }, ops: [t("/v", [1, "a", { b: true }])], expected: "pass" },
  { name: "array order matters", doc: { v: [1, 2] }, ops: [t("/v", [2, 1])], expected: "fail" },
  { name: "arrays of different length differ", doc: { v: [1, 2] }, ops: [t("/v", [1])], expected: "fail" },
  { name: "an array never equals an object", doc: { v: [] }, ops: [t("/v", {})], expected: "fail" },
  { name: "an object never equals an array", doc: { v: {} }, ops: [t("/v", [])], expected: "fail" },
  // missing and null targets
  { name: "a missing key without a value passes", doc: { v: 1 }, ops: [t("/w")], expected: "pass" },
  { name: "a missing key with a value fails", doc: { v: 1 }, ops: [t("/w", 1)], expected: "fail" },
  { name: "a missing key with value null fails", doc: { v: 1 }, ops: [t("/w", null)], expected: "fail" },
  { name: "a null field with value null fails (value null is not 'no value')", doc: { v: null }, ops: [t("/v", null)], expected: "fail" },
  { name: "a null field without a value passes", doc: { v: null }, ops: [t("/v")], expected: "pass" },
  { name: "an existing field without a value fails", doc: { v: 1 }, ops: [t("/v")], expected: "fail" },
  { name: "an empty object equals value null", doc: { v: {} }, ops: [t("/v", null)], expected: "pass" },
  { name: "an empty array equals value null", doc: { v: [] }, ops: [t("/v", null)], expected: "pass" },
  { name: "a non-empty object differs from value null", doc: { v: { a: 1 } }, ops: [t("/v", null)], expected: "fail" },
  { name: "an added null equals value null", doc: {}, ops: [add("/v", null), t("/v", null)], expected: "pass" },
  { name: "an added null equals value {}", doc: {}, ops: [add("/v", null), t("/v", {})], expected: "pass" },
  { name: "an added null differs from value []", doc: {}, ops: [add("/v", null), t("/v", [])], expected: "fail" },
  { name: "an added null differs from no value", doc: {}, ops: [add("/v", null), t("/v")], expected: "fail" },
  // errors rather than failures
  { name: "an out-of-range index is an error", doc: { v: [1] }, ops: [t("/v/5", 1)], expected: { error: "error in test for path: '/v/5': Unable to access invalid index: 5: invalid index referenced" } },
  { name: "a non-numeric index is an error", doc: { v: [1] }, ops: [t("/v/x", 1)], expected: { error: "error in test for path: '/v/x': strconv.Atoi: parsing \"x\": invalid syntax" } },
  { name: "a missing parent is an error", doc: { v: 1 }, ops: [t("/x/y", 1)], expected: { error: "test operation does not apply: is missing path: /x/y: missing value" } },
  { name: "a negative index addresses from the end", doc: { v: [1, 2] }, ops: [t("/v/-1", 2)], expected: "pass" },
  // the whole document
  { name: "the root compares as an object", doc: { v: 1 }, ops: [t("", { v: 1 })], expected: "pass" },
  { name: "the root differs from another object", doc: { v: 1 }, ops: [t("", { v: 2 })], expected: "fail" },
  { name: "the root without a value panics upstream", doc: { v: 1 }, ops: [t("")], expected: { panic: PANIC_NIL } },
  // Go nil-pointer panics inside lazyNode.equal
  { name: "arrays holding null panic upstream", doc: { v: [null] }, ops: [t("/v", [null])], expected: { panic: PANIC_NIL } },
  { name: "a value array holding null panics upstream", doc: { v: [1] }, ops: [t("/v", [null])], expected: { panic: PANIC_NIL } },
  { name: "a mismatch before a null element returns false first", doc: { v: [1, null] }, ops: [t("/v", [2, null])], expected: "fail" },
  { name: "a length mismatch returns false before any null", doc: { v: [null] }, ops: [t("/v", [null, 1])], expected: "fail" },
];

for (const row of rows) {
  test(`test op: ${row.name}`, () => {
    const got = applyJsonPatch(row.doc, row.ops);
    const e = row.expected;
    if (e === "pass") assert.equal(got.kind, "applied", inspect(got));
    else if (e === "fail") assert.equal(got.kind, "testFailed", inspect(got));
    else if ("error" in e) assert.deepEqual(got.kind === "error" ? [got.code, got.message] : got, ["apply", "JSON Patch: " + e.error]);
    else {
      assert.equal(got.kind, "error", inspect(got));
      if (got.kind === "error") {
        assert.equal(got.code, "panic");
        assert.ok(got.message.includes(`(${e.panic})`), got.message);
      }
    }
  });
}

test("a passing test leaves the document as it was and lets later ops run", () => {
  const got = applyJsonPatch({ spec: { replicas: 1 } }, [t("/spec/replicas", 1), { op: "replace", path: "/spec/replicas", value: 3, hasValue: true }]);
  assert.deepEqual(got, { kind: "applied", doc: { spec: { replicas: 3 } } });
});

test("a failing test skips the whole patch (replicas stay 1)", () => {
  const got = applyJsonPatch({ spec: { replicas: 1 } }, [t("/spec/replicas", 100), { op: "replace", path: "/spec/replicas", value: 3, hasValue: true }]);
  assert.deepEqual(got, { kind: "testFailed", index: 0 });
});
