// `kmutate check`: locating expression offsets in every YAML scalar style, field-path parsing, and
// snapshots of the built bin on files and as a KRM validator (UPDATE_SNAPSHOTS=1 rewrites them).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseDocument } from "yaml";
import { fieldPathKeys, locateInDocument } from "../../src/authoring/index.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const inputs = root + "test/cli/snapshots/inputs/";
const snapshots = root + "test/cli/snapshots/";
const bin = fileURLToPath(new URL("../../src/cli/kmutate.cjs", import.meta.url));

test("fieldPathKeys splits dots and indexes", () => {
  assert.deepEqual(fieldPathKeys("spec.mutations[1].applyConfiguration.expression"), ["spec", "mutations", 1, "applyConfiguration", "expression"]);
  assert.deepEqual(fieldPathKeys("metadata.labels[a.b/c]"), ["metadata", "labels", "a.b/c"]);
  assert.deepEqual(fieldPathKeys(""), []);
});

// Each row: a YAML document whose `e` holds `value`; the character of the value at `target`
// (first occurrence) must be found at the same character in the source.
const styles: Array<{ name: string; yaml: string; target: string; line: number; col: number }> = [
  { name: "plain", yaml: "e: object.spec.x + y\n", target: "y", line: 1, col: 20 },
  { name: "single-quoted with a doubled quote", yaml: "e: 'a == ''q'' && bad'\n", target: "bad", line: 1, col: 19 },
  { name: "double-quoted with escapes", yaml: 'e: "{\\"a\\": \\u00e9 + bad}"\n', target: "bad", line: 1, col: 22 },
  { name: "double-quoted with a line continuation", yaml: 'e: "a + \\\n    bad"\n', target: "bad", line: 2, col: 5 },
  { name: "block literal, second line", yaml: "e: |\n  Object{\n    spec: bad\n  }\n", target: "bad", line: 3, col: 11 },
  { name: "block folded", yaml: "e: >-\n  a ||\n  bad\n", target: "bad", line: 3, col: 3 },
  { name: "plain over two lines", yaml: "e: a ||\n  bad\n", target: "bad", line: 2, col: 3 },
];

for (const s of styles) {
  test(`locate in a ${s.name} scalar`, () => {
    const doc = parseDocument(s.yaml);
    const value = doc.get("e") as string;
    const offset = locateInDocument(doc, s.yaml, ["e"], value.indexOf(s.target));
    assert.ok(offset !== undefined);
    const before = s.yaml.slice(0, offset);
    assert.equal(before.split("\n").length, s.line, "line");
    assert.equal(offset - (before.lastIndexOf("\n") + 1) + 1, s.col, "column");
    assert.equal(s.yaml.slice(offset, offset + s.target.length), s.target);
  });
}

// Findings about fields point at the line of the field: a missing field at its deepest existing
// parent's key, a collection value at its key (not at its first entry), a scalar at its value.
const fieldRows: Array<{ name: string; yaml: string; keys: Array<string | number>; at: string; exprOffset?: number }> = [
  { name: "a missing field: the key of its deepest existing parent", yaml: "spec:\n  a: 1\n", keys: ["spec", "missing", "x"], at: "spec:" },
  { name: "a missing reinvocationPolicy: the spec key, not its first entry", yaml: "metadata:\n  name: p\nspec:\n  matchConstraints:\n    resourceRules: []\n", keys: ["spec", "reinvocationPolicy"], at: "spec:" },
  { name: "a field whose value is a map: its key", yaml: "spec:\n  matchConstraints:\n    resourceRules: []\n", keys: ["spec", "matchConstraints"], at: "matchConstraints:" },
  { name: "a field whose value is a list: its key", yaml: "spec:\n  mutations:\n  - patchType: X\n", keys: ["spec", "mutations"], at: "mutations:" },
  { name: "a scalar field: its value", yaml: "spec:\n  patchType: Merge\n", keys: ["spec", "patchType"], at: "Merge" },
  { name: "a missing field of a list element: the element", yaml: "spec:\n  mutations:\n  - jsonPatch: {}\n", keys: ["spec", "mutations", 0, "patchType"], at: "jsonPatch" },
  { name: "an offset inside an expression: that character", yaml: "spec:\n  a: 1\n", keys: ["spec", "a"], exprOffset: 5, at: "1" },
];
for (const row of fieldRows) {
  test(`locate ${row.name}`, () => {
    const doc = parseDocument(row.yaml);
    assert.equal(locateInDocument(doc, row.yaml, row.keys, row.exprOffset), row.yaml.indexOf(row.at));
  });
}

const cases: Array<{ name: string; args: string[]; stdin?: string }> = [
  { name: "check-help", args: ["check", "--help"] },
  { name: "check-files", args: ["check", "check-policies.yaml", "check-more.yaml"] },
  { name: "check-clean", args: ["check", "check-clean.yaml"] },
  { name: "check-resource-list", args: ["check"], stdin: "check-rl.yaml" },
  { name: "check-missing-file", args: ["check", "nope.yaml"] },
];

function render(c: (typeof cases)[number], status: number | null, stdout: string, stderr: string): string {
  const cmd = ["kmutate", ...c.args].join(" ") + (c.stdin ? ` < ${c.stdin}` : "");
  const block = (s: string): string => "````text\n" + s + (s.endsWith("\n") || s === "" ? "" : "\n[no final newline]\n") + "````\n";
  return `# ${c.name}\n\nCommand (in test/cli/snapshots/inputs): \`${cmd}\`\n\nExit code: ${status}\n\n## stdout\n\n${block(stdout)}\n## stderr\n\n${block(stderr)}`;
}

for (const c of cases) {
  test(`snapshot: ${c.name}`, () => {
    const input = c.stdin ? readFileSync(inputs + c.stdin) : Buffer.alloc(0);
    const r = spawnSync(process.execPath, [bin, ...c.args], { cwd: inputs, input, encoding: "utf8" });
    const actual = render(c, r.status, r.stdout, r.stderr);
    const file = snapshots + c.name + ".md";
    if (process.env.UPDATE_SNAPSHOTS === "1") writeFileSync(file, actual);
    assert.ok(existsSync(file), `missing snapshot ${file}; run with UPDATE_SNAPSHOTS=1 and review it`);
    assert.equal(actual, readFileSync(file, "utf8"));
  });
}
