// Table-driven tests of applyJsonPatch: every op on object and array parents, the edge cases of
// map-semantics.md §5.3, and the exact json-patch v4 error texts (read in evanphx/json-patch patch.go).
import { test } from "node:test";
import assert from "node:assert/strict";
import { inspect } from "node:util";
import { applyJsonPatch, type JsonPatchOperation, type JsonPatchOutcome } from "../../src/patch/jsonpatch.js";
import { JsonFloat, deepClone, type JsonValue } from "../../src/data/index.js";

/** An operation; `value` given (even `null`) means the op has a value member. */
function op(o: string, path: string, ...rest: [value?: JsonValue]): JsonPatchOperation {
  return rest.length === 0 ? { op: o, path, hasValue: false } : { op: o, path, value: rest[0], hasValue: true };
}
function from(o: "move" | "copy", fromPath: string, path: string): JsonPatchOperation {
  return { op: o, from: fromPath, path, hasValue: false };
}

interface Row {
  name: string;
  doc?: JsonValue;
  ops: JsonPatchOperation[];
  expected?: JsonValue;
  expectedError?: string;
  expectedCode?: "apply" | "copyLimit" | "panic";
  testFailed?: boolean;
}

/** The document most rows start from. */
const base = (): JsonValue => ({
  a: { b: "x", n: null, s: "str" },
  list: ["p", "q", "r"],
  objs: [{ name: "o0" }, { name: "o1" }],
});

function check(row: Row): void {
  const doc = row.doc === undefined ? base() : row.doc;
  const before = deepClone(doc);
  const got: JsonPatchOutcome = applyJsonPatch(doc, row.ops);
  assert.deepEqual(doc, before, "input mutated");
  if (row.expectedError !== undefined) {
    assert.equal(got.kind, "error", inspect(got));
    if (got.kind === "error") {
      assert.equal(got.message, "JSON Patch: " + row.expectedError);
      assert.equal(got.code, row.expectedCode ?? "apply");
    }
  } else if (row.testFailed) {
    assert.equal(got.kind, "testFailed", inspect(got));
  } else {
    assert.equal(got.kind, "applied", inspect(got));
    if (got.kind === "applied") assert.deepEqual(got.doc, row.expected);
  }
}

const withA = (a: JsonValue): JsonValue => ({ ...(base() as object), a });
const withList = (list: JsonValue): JsonValue => ({ ...(base() as object), list });

const addRows: Row[] = [
  { name: "add sets a new object key", ops: [op("add", "/a/c", "new")], expected: withA({ b: "x", n: null, s: "str", c: "new" }) },
  { name: "add overwrites an existing object key", ops: [op("add", "/a/b", 1)], expected: withA({ b: 1, n: null, s: "str" }) },
  { name: "add without a value sets null", ops: [op("add", "/a/c")], expected: withA({ b: "x", n: null, s: "str", c: null }) },
  { name: "add of value null sets null", ops: [op("add", "/a/c", null)], expected: withA({ b: "x", n: null, s: "str", c: null }) },
  { name: "add of a whole map to an absent field", ops: [op("add", "/a/m", { y: "2" })], expected: withA({ b: "x", n: null, s: "str", m: { y: "2" } }) },
  { name: "add under a missing parent is missing path", ops: [op("add", "/x/y", 1)], expectedError: 'add operation does not apply: doc is missing path: "/x/y": missing value' },
  { name: "add under a JSON null parent is missing path", ops: [op("add", "/a/n/x", 1)], expectedError: 'add operation does not apply: doc is missing path: "/a/n/x": missing value' },
  { name: "add under a string parent is missing path", ops: [op("add", "/a/s/x", 1)], expectedError: 'add operation does not apply: doc is missing path: "/a/s/x": missing value' },
  { name: "add at the root path \"\" is missing path", ops: [op("add", "", {})], expectedError: 'add operation does not apply: doc is missing path: "": missing value' },
  { name: "add at a path without a slash is missing path", ops: [op("add", "a", 1)], expectedError: 'add operation does not apply: doc is missing path: "a": missing value' },
  { name: "add ignores the text before the first slash", ops: [op("add", "junk/top", 1)], expected: { ...(base() as object), top: 1 } },
  { name: "add to \"/\" sets the empty key", ops: [op("add", "/", 1)], expected: { ...(base() as object), "": 1 } },
  { name: "add unescapes ~1 and ~0", ops: [op("add", "/a/k8s.io~1x~0y", "true")], expected: withA({ b: "x", n: null, s: "str", "k8s.io/x~y": "true" }) },
  { name: "add unescapes ~01 to ~1, not to /", ops: [op("add", "/a/~01", 1)], expected: withA({ b: "x", n: null, s: "str", "~1": 1 }) },
  { name: "add keeps an unknown escape ~2 as is", ops: [op("add", "/a/~2", 1)], expected: withA({ b: "x", n: null, s: "str", "~2": 1 }) },
  { name: "add sets __proto__ as a data key", ops: [op("add", "/a/__proto__", { polluted: true })], expected: withA(JSON.parse('{"b":"x","n":null,"s":"str","__proto__":{"polluted":true}}')) },
  { name: "add - appends to an array", ops: [op("add", "/list/-", "s")], expected: withList(["p", "q", "r", "s"]) },
  { name: "add at index 0 inserts first", ops: [op("add", "/list/0", "s")], expected: withList(["s", "p", "q", "r"]) },
  { name: "add at index len appends", ops: [op("add", "/list/3", "s")], expected: withList(["p", "q", "r", "s"]) },
  { name: "add at index len+1 is an invalid index", ops: [op("add", "/list/4", "s")], expectedError: "error in add for path: '/list/4': Unable to access invalid index: 4: invalid index referenced" },
  { name: "add at -1 appends (len+1-1)", ops: [op("add", "/list/-1", "s")], expected: withList(["p", "q", "r", "s"]) },
  { name: "add at -2 inserts before the last", ops: [op("add", "/list/-2", "s")], expected: withList(["p", "q", "s", "r"]) },
  { name: "add at -(len+1) inserts first", ops: [op("add", "/list/-4", "s")], expected: withList(["s", "p", "q", "r"]) },
  { name: "add at -(len+2) is an invalid index", ops: [op("add", "/list/-5", "s")], expectedError: "error in add for path: '/list/-5': Unable to access invalid index: -5: invalid index referenced" },
  { name: "add at 01 is index 1 (Atoi)", ops: [op("add", "/list/01", "s")], expected: withList(["p", "s", "q", "r"]) },
  { name: "add at +1 is index 1 (Atoi)", ops: [op("add", "/list/+1", "s")], expected: withList(["p", "s", "q", "r"]) },
  { name: "add at a non-numeric index", ops: [op("add", "/list/x", "s")], expectedError: "error in add for path: '/list/x': value was not a proper array index: 'x': strconv.Atoi: parsing \"x\": invalid syntax" },
  { name: "add at an empty index", ops: [op("add", "/list/", "s")], expectedError: "error in add for path: '/list/': value was not a proper array index: '': strconv.Atoi: parsing \"\": invalid syntax" },
  { name: "add at an index beyond int64", ops: [op("add", "/list/99999999999999999999", "s")], expectedError: "error in add for path: '/list/99999999999999999999': value was not a proper array index: '99999999999999999999': strconv.Atoi: parsing \"99999999999999999999\": value out of range" },
  { name: "add at the largest int64 index", ops: [op("add", "/list/9223372036854775807", "s")], expectedError: "error in add for path: '/list/9223372036854775807': Unable to access invalid index: 9223372036854775807: invalid index referenced" },
  { name: "add at index 1.0 is not an index", ops: [op("add", "/list/1.0", "s")], expectedError: "error in add for path: '/list/1.0': value was not a proper array index: '1.0': strconv.Atoi: parsing \"1.0\": invalid syntax" },
  { name: "add walks through an array index", ops: [op("add", "/objs/1/image", "i")], expected: { ...(base() as object), objs: [{ name: "o0" }, { name: "o1", image: "i" }] } },
  { name: "add walks through a negative array index", ops: [op("add", "/objs/-2/image", "i")], expected: { ...(base() as object), objs: [{ name: "o0", image: "i" }, { name: "o1" }] } },
  { name: "add walks through 01 as index 1", ops: [op("add", "/objs/01/image", "i")], expected: { ...(base() as object), objs: [{ name: "o0" }, { name: "o1", image: "i" }] } },
  { name: "add through - is missing path", ops: [op("add", "/objs/-/image", "i")], expectedError: 'add operation does not apply: doc is missing path: "/objs/-/image": missing value' },
  { name: "add through an out-of-range index is missing path", ops: [op("add", "/objs/2/image", "i")], expectedError: 'add operation does not apply: doc is missing path: "/objs/2/image": missing value' },
  { name: "add keeps number kinds (int, double, integral double, bigint)", doc: {}, ops: [op("add", "/v", [1, 1.5, new JsonFloat(2), 9007199254740993n])], expected: { v: [1, 1.5, new JsonFloat(2), 9007199254740993n] } },
  { name: "add to an array root appends", doc: [1], ops: [op("add", "/-", 2)], expected: [1, 2] },
];

const removeRows: Row[] = [
  { name: "remove deletes an object key", ops: [op("remove", "/a/b")], expected: withA({ n: null, s: "str" }) },
  { name: "remove deletes a key whose value is null", ops: [op("remove", "/a/n")], expected: withA({ b: "x", s: "str" }) },
  { name: "remove of a missing key is an error", ops: [op("remove", "/a/z")], expectedError: "error in remove for path: '/a/z': Unable to remove nonexistent key: z: missing value" },
  { name: "remove under a null parent is missing path", ops: [op("remove", "/a/n/x")], expectedError: 'remove operation does not apply: doc is missing path: "/a/n/x": missing value' },
  { name: "remove of the root is missing path", ops: [op("remove", "")], expectedError: 'remove operation does not apply: doc is missing path: "": missing value' },
  { name: "remove deletes an array element", ops: [op("remove", "/list/1")], expected: withList(["p", "r"]) },
  { name: "remove at -1 deletes the last element", ops: [op("remove", "/list/-1")], expected: withList(["p", "q"]) },
  { name: "remove at -len deletes the first element", ops: [op("remove", "/list/-3")], expected: withList(["q", "r"]) },
  { name: "remove at -(len+1) is an invalid index", ops: [op("remove", "/list/-4")], expectedError: "error in remove for path: '/list/-4': Unable to access invalid index: -4: invalid index referenced" },
  { name: "remove at len is an invalid index", ops: [op("remove", "/list/3")], expectedError: "error in remove for path: '/list/3': Unable to access invalid index: 3: invalid index referenced" },
  { name: "remove at - is a parse error", ops: [op("remove", "/list/-")], expectedError: "error in remove for path: '/list/-': strconv.Atoi: parsing \"-\": invalid syntax" },
  { name: "remove with an escaped key", doc: { m: { "a/b": 1, c: 2 } }, ops: [op("remove", "/m/a~1b")], expected: { m: { c: 2 } } },
];

const replaceRows: Row[] = [
  { name: "replace swaps an existing value", ops: [op("replace", "/a/b", { y: "2" })], expected: withA({ b: { y: "2" }, n: null, s: "str" }) },
  { name: "replace of a missing object key adds it", ops: [op("replace", "/a/z", "new")], expected: withA({ b: "x", n: null, s: "str", z: "new" }) },
  { name: "replace without a value sets null", ops: [op("replace", "/a/b")], expected: withA({ b: null, n: null, s: "str" }) },
  { name: "replace under a missing parent", ops: [op("replace", "/x/y", 1)], expectedError: "replace operation does not apply: doc is missing path: /x/y: missing value" },
  { name: "replace an array element", ops: [op("replace", "/list/0", "s")], expected: withList(["s", "q", "r"]) },
  { name: "replace at -1 swaps the last element", ops: [op("replace", "/list/-1", "s")], expected: withList(["p", "q", "s"]) },
  { name: "replace at - is missing key", ops: [op("replace", "/list/-", "s")], expectedError: "replace operation does not apply: doc is missing key: /list/-: missing value" },
  { name: "replace at len is missing key", ops: [op("replace", "/list/3", "s")], expectedError: "replace operation does not apply: doc is missing key: /list/3: missing value" },
  { name: "replace at -(len+1) is missing key", ops: [op("replace", "/list/-4", "s")], expectedError: "replace operation does not apply: doc is missing key: /list/-4: missing value" },
  { name: "replace of the root with an object", ops: [op("replace", "", { z: 1 })], expected: { z: 1 } },
  { name: "replace of the root with an array", ops: [op("replace", "", [1])], expected: [1] },
  { name: "replace of the root with a scalar fails", ops: [op("replace", "", "s")], expectedError: "replace operation value must be object or array: %!w(<nil>)" },
  { name: "replace of the root with null gives a null document", ops: [op("replace", "", null)], expected: null },
];

const moveRows: Row[] = [
  { name: "move renames an object key", ops: [from("move", "/a/b", "/a/c")], expected: withA({ n: null, s: "str", c: "x" }) },
  { name: "move of a null value keeps it null", ops: [from("move", "/a/n", "/a/m")], expected: withA({ b: "x", s: "str", m: null }) },
  { name: "move overwrites the destination key", ops: [from("move", "/a/b", "/a/s")], expected: withA({ n: null, s: "x" }) },
  { name: "move of a missing key fails on remove, naming the key", ops: [from("move", "/a/z", "/a/c")], expectedError: "error in move for path: 'z': Unable to remove nonexistent key: z: missing value" },
  { name: "move from a missing parent", ops: [from("move", "/x/y", "/a/c")], expectedError: "move operation does not apply: doc is missing from path: /x/y: missing value" },
  { name: "move to a missing parent", ops: [from("move", "/a/b", "/x/y")], expectedError: "move operation does not apply: doc is missing destination path: /x/y: missing value" },
  { name: "move into its own child fails (source removed first)", ops: [from("move", "/a", "/a/c")], expectedError: "move operation does not apply: doc is missing destination path: /a/c: missing value" },
  { name: "move of the first element to - rotates the list", ops: [from("move", "/list/0", "/list/-")], expected: withList(["q", "r", "p"]) },
  { name: "move within a list to index 0", ops: [from("move", "/list/2", "/list/0")], expected: withList(["r", "p", "q"]) },
  { name: "move from an out-of-range index names the key", ops: [from("move", "/list/7", "/a/c")], expectedError: "error in move for path: '7': Unable to access invalid index: 7: invalid index referenced" },
  { name: "move to an out-of-range index names the path", ops: [from("move", "/a/b", "/list/9")], expectedError: "error in move for path: '/list/9': Unable to access invalid index: 9: invalid index referenced" },
  { name: "move without from", ops: [{ op: "move", path: "/a/c", hasValue: false }], expectedError: "move operation failed to decode from: operation, missing from field: missing value" },
  { name: "move from the root is missing from path", ops: [from("move", "", "/a/c")], expectedError: "move operation does not apply: doc is missing from path: : missing value" },
];

const copyRows: Row[] = [
  { name: "copy duplicates an object value", ops: [from("copy", "/a/b", "/a/c")], expected: withA({ b: "x", n: null, s: "str", c: "x" }) },
  { name: "copy of a missing object key copies null", ops: [from("copy", "/a/z", "/a/c")], expected: withA({ b: "x", n: null, s: "str", c: null }) },
  { name: "copy is deep: later edits of the copy leave the source alone", ops: [from("copy", "/a", "/c"), op("add", "/c/b", 2)], expected: { ...(base() as object), c: { b: 2, n: null, s: "str" } } },
  { name: "copy of an element to the end of the list", ops: [from("copy", "/list/0", "/list/-")], expected: withList(["p", "q", "r", "p"]) },
  { name: "copy from a negative index", ops: [from("copy", "/list/-1", "/list/0")], expected: withList(["r", "p", "q", "r"]) },
  { name: "copy from an out-of-range index", ops: [from("copy", "/list/7", "/a/c")], expectedError: "error in copy for from: '/list/7': Unable to access invalid index: 7: invalid index referenced" },
  { name: "copy from a missing parent", ops: [from("copy", "/x/y", "/a/c")], expectedError: "copy operation does not apply: doc is missing from path: /x/y: missing value" },
  { name: "copy to a missing parent", ops: [from("copy", "/a/b", "/x/y")], expectedError: "copy operation does not apply: doc is missing destination path: /x/y: missing value" },
  { name: "copy to an out-of-range index", ops: [from("copy", "/a/b", "/list/9")], expectedError: "error while adding value during copy: Unable to access invalid index: 9: invalid index referenced" },
  { name: "copy without from", ops: [{ op: "copy", path: "/a/c", hasValue: false }], expectedError: "copy operation failed to decode from: operation, missing from field: missing value" },
];

const kindRows: Row[] = [
  { name: "an unknown op", ops: [op("upsert", "/a", 1)], expectedError: "Unexpected kind: upsert" },
  { name: "an empty op", ops: [op("", "/a", 1)], expectedError: "Unexpected kind: " },
  { name: "op names are case-sensitive", ops: [op("ADD", "/a", 1)], expectedError: "Unexpected kind: ADD" },
  { name: "an op name Go cannot round-trip reads as unknown", ops: [op("add\u0007", "/a", 1)], expectedError: "Unexpected kind: unknown" },
  { name: "an op naming an Object.prototype member is unknown", ops: [op("toString", "/a", 1)], expectedError: "Unexpected kind: toString" },
  { name: "a path Go cannot round-trip fails to decode (add)", ops: [op("add", "/a/\u0001", 1)], expectedError: "add operation failed to decode path: missing value" },
  { name: "a path Go cannot round-trip fails to decode (replace)", ops: [op("replace", "/a/\u007f", 1)], expectedError: "replace operation failed to decode path: invalid character 'x' in string escape code" },
  { name: "a path with \\v fails to decode (test)", ops: [op("test", "/a/\u000b", 1)], expectedError: "test operation failed to decode path: invalid character 'v' in string escape code" },
  { name: "a from Go cannot round-trip fails to decode (copy)", ops: [from("copy", "/a/\u0007", "/a/c")], expectedError: "copy operation failed to decode from: invalid character 'a' in string escape code" },
  { name: "a path with a non-breaking space round-trips", ops: [op("add", "/a/x\u00a0y", 1)], expected: withA({ b: "x", n: null, s: "str", "x\u00a0y": 1 }) },
  { name: "a path with a newline round-trips", ops: [op("add", "/a/x\ny", 1)], expected: withA({ b: "x", n: null, s: "str", "x\ny": 1 }) },
];

const sequenceRows: Row[] = [
  { name: "ops apply in order, each seeing the previous", ops: [op("add", "/a/m", {}), op("add", "/a/m/k", 1), from("move", "/a/m/k", "/a/m/j")], expected: withA({ b: "x", n: null, s: "str", m: { j: 1 } }) },
  { name: "an error after successful ops discards them all", ops: [op("add", "/a/c", 1), op("remove", "/a/z")], expectedError: "error in remove for path: '/a/z': Unable to remove nonexistent key: z: missing value" },
  { name: "a failed test after successful ops skips the whole patch", ops: [op("add", "/a/c", 1), op("test", "/a/c", 2)], testFailed: true },
  { name: "a failed test stops before a later error", ops: [op("test", "/a/b", "y"), op("remove", "/a/z")], testFailed: true },
  { name: "an error before a failing test is reported", ops: [op("remove", "/a/z"), op("test", "/a/b", "y")], expectedError: "error in remove for path: '/a/z': Unable to remove nonexistent key: z: missing value" },
  { name: "an empty patch returns the document", ops: [], expected: base() },
  { name: "add {} then add below it", ops: [op("add", "/a/m", {}), op("add", "/a/m/k", "v")], expected: withA({ b: "x", n: null, s: "str", m: { k: "v" } }) },
];

const panicRows: Row[] = [
  { name: "add below a value null added earlier panics upstream", ops: [op("add", "/a/m", null), op("add", "/a/m/k", 1)], expectedError: 'add "/a/m/k" makes kube-apiserver panic (assignment to entry in nil map); the request fails with an internal error', expectedCode: "panic" },
  { name: "replace below a value null added earlier panics upstream", ops: [op("add", "/a/m", null), op("replace", "/a/m/k", 1)], expectedError: 'replace "/a/m/k" makes kube-apiserver panic (assignment to entry in nil map); the request fails with an internal error', expectedCode: "panic" },
  { name: "remove below a value null added earlier is a nonexistent key", ops: [op("add", "/a/m", null), op("remove", "/a/m/k")], expectedError: "error in remove for path: '/a/m/k': Unable to remove nonexistent key: k: missing value" },
  { name: "test below a value null added earlier finds nothing", ops: [op("add", "/a/m", null), op("test", "/a/m/k")], expected: withA({ b: "x", n: null, s: "str", m: null }) },
  { name: "copy from below a value null added earlier copies null", ops: [op("add", "/a/m", null), from("copy", "/a/m/k", "/a/c")], expected: withA({ b: "x", n: null, s: "str", m: null, c: null }) },
  { name: "walking two levels below a value null is missing path", ops: [op("add", "/a/m", null), op("add", "/a/m/k/j", 1)], expectedError: 'add operation does not apply: doc is missing path: "/a/m/k/j": missing value' },
  { name: "a document null is missing, not a nil map", ops: [op("add", "/a/n/k", 1)], expectedError: 'add operation does not apply: doc is missing path: "/a/n/k": missing value' },
  { name: "a copy of an added null is still a nil map", ops: [op("add", "/a/m", null), from("copy", "/a/m", "/a/c"), op("add", "/a/c/k", 1)], expectedError: 'add "/a/c/k" makes kube-apiserver panic (assignment to entry in nil map); the request fails with an internal error', expectedCode: "panic" },
  { name: "a moved added null is still a nil map", ops: [op("add", "/a/m", null), from("move", "/a/m", "/a/c"), op("add", "/a/c/k", 1)], expectedError: 'add "/a/c/k" makes kube-apiserver panic (assignment to entry in nil map); the request fails with an internal error', expectedCode: "panic" },
  { name: "a null nested in an added value is a plain missing node", ops: [op("add", "/a/m", { k: null }), op("add", "/a/m/k/j", 1)], expectedError: 'add operation does not apply: doc is missing path: "/a/m/k/j": missing value' },
  { name: "replace of the root without a value panics upstream", ops: [op("replace", "")], expectedError: 'replace "" makes kube-apiserver panic (invalid memory address or nil pointer dereference); the request fails with an internal error', expectedCode: "panic" },
  { name: "add after replacing the root with null panics upstream", ops: [op("replace", "", null), op("add", "/k", 1)], expectedError: 'add "/k" makes kube-apiserver panic (assignment to entry in nil map); the request fails with an internal error', expectedCode: "panic" },
];

const documentRows: Row[] = [
  { name: "a scalar document fails like Go's decoder", doc: 5, ops: [], expectedError: "json: cannot unmarshal number into Go value of type jsonpatch.partialDoc" },
  { name: "a string document fails like Go's decoder", doc: "s", ops: [], expectedError: "json: cannot unmarshal string into Go value of type jsonpatch.partialDoc" },
  { name: "a null document is an empty nil map", doc: null, ops: [op("test", "/k")], expected: null },
];

const groups: [string, Row[]][] = [
  ["add", addRows], ["remove", removeRows], ["replace", replaceRows], ["move", moveRows], ["copy", copyRows],
  ["op kinds and decoding", kindRows], ["sequences", sequenceRows], ["value null vs document null", panicRows], ["documents", documentRows],
];
for (const [group, rows] of groups) {
  for (const row of rows) test(`${group}: ${row.name}`, () => check(row));
}

// The error examples quoted in map-semantics.md §5.3, verbatim, each on a document that triggers it.
const referenceExamples: { doc: JsonValue; ops: JsonPatchOperation[]; message: string }[] = [
  { doc: { metadata: { name: "n" } }, ops: [op("add", "/metadata/annotations/x", "v")], message: 'JSON Patch: add operation does not apply: doc is missing path: "/metadata/annotations/x": missing value' },
  { doc: { metadata: { labels: { x: "1" } } }, ops: [op("remove", "/metadata/labels/z")], message: "JSON Patch: error in remove for path: '/metadata/labels/z': Unable to remove nonexistent key: z: missing value" },
  { doc: { spec: { template: { spec: { containers: [{ name: "a" }] } } } }, ops: [op("replace", "/spec/template/spec/containers/-", { name: "x" })], message: "JSON Patch: replace operation does not apply: doc is missing key: /spec/template/spec/containers/-: missing value" },
  { doc: { a: [1, 2] }, ops: [op("add", "/a/5", 3)], message: "JSON Patch: error in add for path: '/a/5': Unable to access invalid index: 5: invalid index referenced" },
  { doc: { a: 1 }, ops: [op("upsert", "/a", 2)], message: "JSON Patch: Unexpected kind: upsert" },
];
for (const ex of referenceExamples) {
  test(`reference §5.3 example: ${ex.message}`, () => {
    const got = applyJsonPatch(ex.doc, ex.ops);
    assert.deepEqual(got.kind === "error" ? got.message : got, ex.message);
  });
}

test("the applied document shares nothing with the input or the operation values", () => {
  const value = { deep: { list: [1] } };
  const doc = { keep: { inner: [1] } };
  const got = applyJsonPatch(doc, [op("add", "/v", value)]);
  assert.equal(got.kind, "applied");
  if (got.kind !== "applied") return;
  const out = got.doc as { keep: { inner: number[] }; v: { deep: { list: number[] } } };
  out.keep.inner.push(2);
  out.v.deep.list.push(2);
  assert.deepEqual(doc, { keep: { inner: [1] } });
  assert.deepEqual(value, { deep: { list: [1] } });
});

test("an added __proto__ key is an own data property and pollutes nothing", () => {
  const got = applyJsonPatch({}, [op("add", "/__proto__", { polluted: true })]);
  assert.equal(got.kind, "applied");
  if (got.kind !== "applied") return;
  assert.deepEqual(Object.keys(got.doc as object), ["__proto__"]);
  assert.equal(Object.getPrototypeOf(got.doc), Object.prototype);
  assert.equal(({} as { polluted?: boolean }).polluted, undefined);
});

test("the failing operation's index is reported", () => {
  const got = applyJsonPatch({ a: 1 }, [op("add", "/b", 1), op("test", "/a", 1), op("remove", "/z")]);
  assert.equal(got.kind === "error" ? got.index : -2, 2);
  const failed = applyJsonPatch({ a: 1 }, [op("add", "/b", 1), op("test", "/a", 2)]);
  assert.equal(failed.kind === "testFailed" ? failed.index : -2, 1);
});
