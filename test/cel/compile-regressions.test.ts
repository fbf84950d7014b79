// Regressions found outside the table tests: names that are Object.prototype members are plain
// identifiers (they once lexed as keywords), and compile's Program is usable at once.
import { test } from "node:test";
import assert from "node:assert/strict";
import { celEnv, compile } from "../../src/cel/index.js";

for (const name of ["constructor", "toString", "hasOwnProperty", "__proto__", "valueOf"]) {
  test(`\`${name}\` is an ordinary identifier`, () => {
    const env = celEnv({ variables: { [name]: { kind: "int" } } });
    const r = compile(env, `${name} + 1`);
    assert.ok(r.ok, r.ok ? "" : r.message);
    if (r.ok) assert.deepEqual(r.program.eval({ [name]: 41n }).value, 42n);
  });
}
