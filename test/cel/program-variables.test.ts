// Program.variables: the declared variables a planned expression may read (callers reuse a
// result only while those variables hold the same values), by declared name, never a
// comprehension variable or a type name.
import { test } from "node:test";
import assert from "node:assert/strict";
import { celEnv, compile } from "../../src/cel/index.js";

const env = celEnv({
  variables: {
    a: { kind: "int" }, b: { kind: "map", key: { kind: "string" }, value: { kind: "dyn" } },
    "x.y": { kind: "string" }, c: { kind: "list", elem: { kind: "int" } },
  },
});

const rows: { name: string; text: string; expected: string[] }[] = [
  { name: "a constant reads nothing", text: "1 + 2", expected: [] },
  { name: "one identifier", text: "a + 1", expected: ["a"] },
  { name: "both sides of a logical operator", text: "a > 1 || has(b.f)", expected: ["a", "b"] },
  { name: "a dotted variable by its declared name", text: 'x.y == "z"', expected: ["x.y"] },
  { name: "a comprehension's range but not its iteration variable", text: "c.exists(a, a > 0)", expected: ["c"] },
  { name: "a type name is no variable", text: "type(a) == int", expected: ["a"] },
];
for (const r of rows) {
  test(`program variables: ${r.name}`, () => {
    const c = compile(env, r.text);
    assert.ok(c.ok);
    assert.deepEqual([...c.program.variables].sort(), r.expected);
  });
}
