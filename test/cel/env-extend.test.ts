// CelEnv.extend: what an extended environment holds, and that one without new libraries shares
// its base's merged library tables instead of merging the overloads again.
import { test } from "node:test";
import assert from "node:assert/strict";
import { celEnv, compile, kubernetesLibraries, type CelLibrary } from "../../src/cel/index.js";

const base = celEnv({ ...kubernetesLibraries({ mutation: true }), variables: { object: { kind: "dyn" } }, types: { "T.a": { fields: { x: { kind: "int" } } } } });

test("extend without libraries shares the base's function table and keeps its libraries", () => {
  const env = base.extend({ variables: { variables: { kind: "object", name: "V" } }, types: { V: { fields: { n: { kind: "int" } } } } });
  assert.equal(env.functions, base.functions);
  assert.equal(env.libraries, base.libraries);
  assert.equal(env.typeIdents, base.typeIdents);
  assert.equal(env.regexArgs, base.regexArgs);
  assert.deepEqual([...env.variables.keys()], ["object", "variables"]);
  assert.deepEqual([...env.types.keys()].slice(-2), ["T.a", "V"]);
  assert.deepEqual([...base.variables.keys()], ["object"]);
  assert.equal(base.types.has("V"), false);
  const r = compile(env, "variables.n + 1 == 2 && 'abc'.indexOf('c') == 2");
  assert.equal(r.ok, true);
});

test("a type the extension declares replaces the base's of the same name, in the base's place", () => {
  const env = base.extend({ types: { "T.a": { fields: { y: { kind: "string" } } } } });
  assert.deepEqual(Object.keys(env.types.get("T.a")?.fields ?? {}), ["y"]);
  assert.deepEqual(Object.keys(base.types.get("T.a")?.fields ?? {}), ["x"]);
});

test("extend with a library merges its overloads after the base's", () => {
  const twice: CelLibrary = {
    name: "test-twice",
    overloads: [{ name: "twice", member: false, args: [{ kind: "int" }], result: { kind: "int" }, impl: (a) => (typeof a === "bigint" ? a * 2n : a) }],
  };
  const env = base.extend({ libraries: [twice] });
  assert.notEqual(env.functions, base.functions);
  assert.equal(env.libraries.has("test-twice"), true);
  assert.equal(base.libraries.has("test-twice"), false);
  assert.equal(env.functions.get("twice")?.length, 1);
  assert.equal(base.functions.has("twice"), false);
  // Every overload of the base is still there, in order.
  for (const [name, overloads] of base.functions) assert.deepEqual(env.functions.get(name), overloads, name);
});
