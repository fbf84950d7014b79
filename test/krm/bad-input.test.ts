// Every bad input of the KRM function: its exact one-line message, where it goes (stderr or an
// error result in the output list), and exit code 1.
import { test } from "node:test";
import assert from "node:assert/strict";
import { runFunction } from "../../src/krm/index.js";
import { oneItem, rlYaml } from "./fixtures.js";

const bomb = `a: &a ["x","x","x","x","x","x","x","x","x","x"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e,*e]
g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f,*f]
h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g,*g]
i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h,*h]
`;

const stderrRows: Array<{ name: string; input: string | Uint8Array; stderr: string }> = [
  { name: "empty stdin", input: "", stderr: "kmutate: stdin: input is empty: expected a ResourceList (YAML or JSON)\n" },
  { name: "whitespace and comments only", input: "\n# nothing\n  \n", stderr: "kmutate: stdin: input is empty: expected a ResourceList (YAML or JSON)\n" },
  { name: "binary input (NUL byte)", input: Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]), stderr: "kmutate: stdin: input is binary (NUL byte at offset 4), not YAML or JSON text\n" },
  { name: "binary input (invalid UTF-8)", input: Uint8Array.from([0x61, 0x3a, 0x20, 0xff, 0xfe]), stderr: "kmutate: stdin: input is binary (invalid UTF-8), not YAML or JSON text\n" },
  { name: "not YAML", input: "items: [a, b\nkind: x\n", stderr: "kmutate: stdin:2:1: YAML syntax error: missed comma between flow collection entries\n" },
  { name: "invalid JSON that is not YAML either", input: '{"items": [1, 2}', stderr: "kmutate: stdin:1:16: JSON syntax error: expected ',' or ']' in an array\n" },
  {
    name: "several YAML documents",
    input: oneItem + "---\n" + oneItem,
    stderr: "kmutate: stdin: input has 2 YAML documents; a KRM function reads exactly one ResourceList\n",
  },
  { name: "YAML that is a scalar", input: "hello\n", stderr: "kmutate: stdin: input is not a ResourceList: the document is a string; expected apiVersion config.kubernetes.io/v1 (or v1beta1) with kind ResourceList, or v1 List\n" },
  {
    name: "YAML that is another object",
    input: "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: x\n",
    stderr: 'kmutate: stdin: input is not a ResourceList: got apiVersion "apps/v1", kind "Deployment"; expected apiVersion config.kubernetes.io/v1 (or v1beta1) with kind ResourceList, or v1 List\n',
  },
  {
    name: "alias bomb",
    input: bomb,
    stderr: "kmutate: stdin: YAML aliases expand the document to more than 100200 nodes (it has 20); refusing an alias bomb\n",
  },
  { name: "duplicate keys", input: "a: 1\na: 2\n", stderr: 'kmutate: stdin:2:1: YAML syntax error: duplicated mapping key "a"\n' },
  { name: "duplicate quoted keys in a flow mapping", input: "x: {'a': 1, \"a\": 2}\n", stderr: 'kmutate: stdin:1:13: YAML syntax error: duplicated mapping key "a"\n' },
  { name: "a duplicate explicit key (not named)", input: "a: 1\n? a\n: 2\n", stderr: "kmutate: stdin:2:2: YAML syntax error: duplicated mapping key\n" },
  // JSON as the apiserver's strict decoding reads it: a repeated key is an error, not "last wins".
  {
    name: "a duplicate key in a JSON item",
    input: '{"apiVersion": "config.kubernetes.io/v1", "kind": "ResourceList", "items": [\n {"apiVersion": "v1", "kind": "ConfigMap",\n  "metadata": {"name": "a", "name": "b"}}]}',
    stderr: 'kmutate: stdin:3:29: JSON syntax error: duplicate key "name"\n',
  },
  { name: "a duplicate key in JSON, written with an escape", input: '{"kind": 1, "k\\u0069nd": 2}', stderr: 'kmutate: stdin:1:13: JSON syntax error: duplicate key "kind"\n' },
  { name: "a duplicate __proto__ key in JSON", input: '{"__proto__": {}, "__proto__": {}}', stderr: 'kmutate: stdin:1:19: JSON syntax error: duplicate key "__proto__"\n' },
];

for (const row of stderrRows) {
  test(`bad input on stderr: ${row.name}`, () => {
    const run = runFunction(row.input);
    assert.equal(run.stderr, row.stderr);
    assert.equal(run.stdout, "");
    assert.equal(run.exitCode, 1);
    assert.equal(run.stderr.split("\n").length, 2, "exactly one line");
  });
}

const resultRows: Array<{ name: string; input: string; message: string; field?: string }> = [
  { name: "items missing", input: "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\n", message: "ResourceList has no items field (write items: [] for an empty list)", field: "items" },
  { name: "items not a list", input: "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems: {a: 1}\n", message: "ResourceList items must be a list, got a mapping", field: "items" },
  { name: "item not a mapping", input: rlYaml("- just a string\n"), message: "items[0] must be a mapping (a Kubernetes object), got a string", field: "items[0]" },
  { name: "item without apiVersion", input: rlYaml("- kind: ConfigMap\n  metadata: {name: a}\n"), message: "items[0] (ConfigMap) has no apiVersion", field: "items[0].apiVersion" },
  { name: "item without kind", input: rlYaml("- apiVersion: v1\n  metadata: {name: a}\n"), message: "items[0] (v1) has no kind", field: "items[0].kind" },
  { name: "item without metadata.name", input: rlYaml("- apiVersion: v1\n  kind: ConfigMap\n  metadata: {}\n"), message: "items[0] (v1 ConfigMap) has no metadata.name", field: "items[0].metadata.name" },
  { name: "item with a numeric name", input: rlYaml("- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: 3}\n"), message: "items[0] (v1 ConfigMap) has metadata.name a number, expected a non-empty string", field: "items[0].metadata.name" },
];

for (const row of resultRows) {
  test(`bad input as an error result: ${row.name}`, () => {
    const run = runFunction(row.input);
    assert.equal(run.exitCode, 1);
    assert.equal(run.stderr, "");
    assert.deepEqual(run.results.map((r) => [r.severity, r.message, r.field?.path]), [["error", row.message, row.field]]);
    assert.match(run.stdout, /^results:\n- message: /m);
    assert.ok(run.stdout.startsWith("apiVersion: config.kubernetes.io/v1\nkind: ResourceList\n"), run.stdout);
  });
}

test("every bad item is reported, none is dropped", () => {
  const input = rlYaml("- apiVersion: v1\n  kind: A\n  metadata: {name: ok}\n- 7\n- apiVersion: v1\n  kind: B\n  metadata: {}\n");
  const run = runFunction(input);
  assert.deepEqual(run.results.map((r) => r.field?.path), ["items[1]", "items[2].metadata.name"]);
  assert.ok(run.stdout.startsWith(input), "items copied unchanged");
});

test("a bad item that is an object carries its resourceRef and file", () => {
  const input = rlYaml("- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: ''\n    annotations:\n      internal.config.kubernetes.io/path: cm.yaml\n      internal.config.kubernetes.io/index: '2'\n");
  const [r] = runFunction(input).results;
  assert.deepEqual(r.file, { path: "cm.yaml", index: 2 });
  assert.deepEqual(r.resourceRef, { apiVersion: "v1", kind: "ConfigMap", name: "" });
});

test("keys named __proto__ and constructor are carried as data", () => {
  const input = rlYaml("- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: a\n  data:\n    __proto__: polluted\n    constructor: c\n");
  const run = runFunction(input, (items) => {
    const data = items[0].data as Record<string, unknown>;
    assert.equal(Object.getPrototypeOf(data), Object.prototype);
    assert.equal(Object.prototype.hasOwnProperty.call(data, "__proto__"), true);
    // biome-ignore lint/complexity/useLiteralKeys: "constructor" is read as a data key here, not as Object's member
    assert.equal(data["constructor"], "c");
    return { items: items.map((i) => ({ ...i, extra: "x" })), results: [] };
  });
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
  assert.match(run.stdout, /__proto__: polluted/);
  assert.match(run.stdout, /constructor: c/);
  assert.equal(run.exitCode, 0);
});

test("JSON keys named __proto__ are carried as data", () => {
  const run = runFunction('{"apiVersion":"config.kubernetes.io/v1","kind":"ResourceList","items":[{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a"},"__proto__":{"x":1}}]}');
  assert.equal(run.exitCode, 0);
  assert.match(run.stdout, /"__proto__": \{\n\s+"x": 1/);
});
