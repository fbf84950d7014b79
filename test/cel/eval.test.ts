// Evaluation semantics, table-driven: each row is an expression, optional `object` input, and the
// expected JSON rendering of the result or the exact error text.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { JsonValue } from "../../src/data/index.js";
import { show } from "./eval-helpers.js";

const pod: JsonValue = {
  apiVersion: "v1", kind: "Pod",
  metadata: { name: "web", namespace: "prod", labels: { app: "web" }, annotations: {} },
  spec: { containers: [{ name: "a", image: "nginx:1.25", ports: [{ containerPort: 80 }] }, { name: "b", image: "busybox" }], replicas: 3, ratio: 0.5 },
};

const rows: { name: string; expr: string; object?: JsonValue; want: string }[] = [
  { name: "int arithmetic", expr: "1 + 2 * 3 - 4 / 2 % 3", want: "5" },
  { name: "int overflow on add", expr: "9223372036854775807 + 1", want: "error: integer overflow" },
  { name: "int overflow on negate", expr: "-(-9223372036854775807 - 1)", want: "error: integer overflow" },
  { name: "int overflow on multiply", expr: "9223372036854775807 * 2", want: "error: integer overflow" },
  { name: "int min / -1 overflows", expr: "(-9223372036854775807 - 1) / -1", want: "error: integer overflow" },
  { name: "division by zero", expr: "1 / 0", want: "error: division by zero" },
  { name: "modulus by zero", expr: "1 % 0", want: "error: modulus by zero" },
  { name: "uint arithmetic", expr: "3u - 1u", want: "2" },
  { name: "uint underflow", expr: "1u - 2u", want: "error: unsigned integer overflow" },
  { name: "double division by zero is infinity", expr: "string(1.0 / 0.0)", want: '"+Inf"' },
  { name: "double result integral is a JsonFloat", expr: "1.5 * 2.0", want: '"3.0"' },
  { name: "heterogeneous equality int/double", expr: "dyn(1) == 1.0 && dyn(1u) == 1 && 2.5 > 2", want: "true" },
  { name: "static equality of int and double is a compile error", expr: "1 == 1.0", want: "compile: ERROR: <input>:1:3: found no matching overload for '_==_' applied to '(int, double)'\n | 1 == 1.0\n | ..^" },
  { name: "mixed int + double is no such overload", expr: "dyn(1) + 1.0", want: "error: no such overload" },
  { name: "string + int is no such overload", expr: "object.metadata.name + object.spec.replicas", object: pod, want: "error: no such overload" },
  { name: "missing key", expr: "object.metadata.labels.missing", object: pod, want: "error: no such key: missing" },
  { name: "map index missing key", expr: "object.metadata.labels['x']", object: pod, want: "error: no such key: x" },
  { name: "list index out of range", expr: "object.spec.containers[5]", object: pod, want: "error: index out of bounds: 5" },
  { name: "JSON ints are ints", expr: "object.spec.replicas + 1", object: pod, want: "4" },
  { name: "JSON non-integral numbers are doubles", expr: "object.spec.ratio * 2.0", object: pod, want: '"1.0"' },
  { name: "has on present field", expr: "has(object.metadata.labels)", object: pod, want: "true" },
  { name: "has on absent field", expr: "has(object.metadata.finalizers)", object: pod, want: "false" },
  { name: "exists with startsWith", expr: "object.spec.containers.exists(c, c.image.startsWith('nginx'))", object: pod, want: "true" },
  { name: "all with has", expr: "object.spec.containers.all(c, has(c.ports))", object: pod, want: "false" },
  { name: "exists_one", expr: "object.spec.containers.exists_one(c, c.name == 'a')", object: pod, want: "true" },
  { name: "map macro", expr: "object.spec.containers.map(c, c.name)", object: pod, want: '["a","b"]' },
  { name: "map with filter", expr: "[1, 2, 3, 4].map(x, x % 2 == 0, x * 10)", want: "[20,40]" },
  { name: "filter", expr: "[1, 2, 3, 4].filter(x, x > 2)", want: "[3,4]" },
  { name: "nested comprehension", expr: "[[1, 2], [3]].map(l, l.map(x, x + 1))", want: "[[2,3],[4]]" },
  { name: "accumulator not shared between runs", expr: "[1, 2].map(x, [x].map(y, y * 2))", want: "[[2],[4]]" },
  { name: "&& absorbs error when other side false", expr: "(1 / 0 == 1) && false", want: "false" },
  { name: "|| absorbs error when other side true", expr: "object.missing || true", object: pod, want: "true" },
  { name: "&& keeps error when other side true", expr: "true && object.missing", object: pod, want: "error: no such key: missing" },
  { name: "exists absorbs errors when some element matches", expr: "[0, 1].exists(x, 1 / x == 1)", want: "true" },
  { name: "all surfaces errors when no element is false", expr: "[0, 1].all(x, 1 / x > 0)", want: "error: division by zero" },
  { name: "ternary", expr: "object.spec.replicas > 2 ? 'many' : 'few'", object: pod, want: '"many"' },
  { name: "ternary non-bool condition", expr: "dyn(1) ? 1 : 2", want: "error: no such overload" },
  { name: "in list", expr: "'web' in ['web', 'db']", want: "true" },
  { name: "in map", expr: "'app' in object.metadata.labels", object: pod, want: "true" },
  { name: "map literal with int and uint keys", expr: "{dyn(1): 'a', dyn(2u): 'b'}[2]", want: '"b"' },
  { name: "map lookup with double key", expr: "{1: 'a'}[dyn(1.0)]", want: '"a"' },
  { name: "optional select present", expr: "object.?metadata.?labels.?app.orValue('none')", object: pod, want: '"web"' },
  { name: "optional select absent", expr: "object.?metadata.?labels.?tier.orValue('none')", object: pod, want: '"none"' },
  { name: "optional index", expr: "object.spec.containers[?7].hasValue()", object: pod, want: "false" },
  { name: "optional map index", expr: "object.metadata.labels[?'app'].value()", object: pod, want: '"web"' },
  { name: "optional none value errors", expr: "optional.none().value()", want: "error: optional.none() dereference" },
  { name: "optional list element", expr: "[1, ?optional.none(), ?optional.of(3)]", want: "[1,3]" },
  { name: "optional map entry", expr: "{'a': 1, ?'b': optional.none()}", want: '{"a":1}' },
  { name: "optional or short-circuits", expr: "optional.of(1).or(optional.of(1 / 0)).value()", want: "1" },
  { name: "optional ofNonZeroValue", expr: "optional.ofNonZeroValue('').hasValue()", want: "false" },
  { name: "type values", expr: "type(1) == int && type('a') == string && type([]) == list && type(null) == null_type", want: "true" },
  { name: "type of type", expr: "type(type(1)) == type", want: "true" },
  { name: "timestamp arithmetic", expr: "timestamp('2024-01-31T23:00:00Z') + duration('2h')", want: '"2024-02-01T01:00:00Z"' },
  { name: "timestamp nanos", expr: "timestamp('2024-01-01T00:00:00.123456789Z')", want: '"2024-01-01T00:00:00.123456789Z"' },
  { name: "timestamp difference", expr: "timestamp('2024-01-02T00:00:00Z') - timestamp('2024-01-01T00:00:00Z')", want: '"86400s"' },
  { name: "timestamp in IANA zone", expr: "timestamp('2024-07-01T12:00:00Z').getHours('America/New_York')", want: "8" },
  { name: "timestamp in fixed offset", expr: "timestamp('2024-07-01T12:00:00Z').getHours('+05:30')", want: "17" },
  { name: "timestamp accessors", expr: "[timestamp('2024-03-10T05:06:07.890Z').getFullYear(), timestamp('2024-03-10T05:06:07.890Z').getMonth(), timestamp('2024-03-10T05:06:07.890Z').getDayOfYear(), timestamp('2024-03-10T05:06:07.890Z').getDayOfWeek(), timestamp('2024-03-10T05:06:07.890Z').getMilliseconds()]", want: "[2024,2,69,0,890]" },
  { name: "timestamp overflow", expr: "timestamp('9999-12-31T23:59:59Z') + duration('1s')", want: "error: timestamp overflow" },
  { name: "duration string", expr: "string(duration('1m30.5s'))", want: '"90.5s"' },
  { name: "duration accessors", expr: "duration('90m').getHours()", want: "1" },
  { name: "string conversions", expr: "[string(1), string(1u), string(1.5), string(true), string(b'abc')]", want: '["1","1","1.5","true","abc"]' },
  { name: "int conversions", expr: "[int('-42'), int(3.9), int(-3.9), int(timestamp('1970-01-01T00:01:00Z'))]", want: "[-42,3,-3,60]" },
  { name: "int conversion overflow (folded: a program error)", expr: "int(1e19)", want: "compile: integer overflow" },
  { name: "uint conversion of negative (folded: a program error)", expr: "uint(-1)", want: "compile: unsigned integer overflow" },
  { name: "int conversion overflow at runtime", expr: "int(object.d)", object: { d: 1e19 }, want: "error: integer overflow" },
  { name: "bytes to JSON is base64", expr: "bytes('hi')", want: '"aGk="' },
  { name: "big int to JSON is a string", expr: "9007199254740993", want: '"9007199254740993"' },
  { name: "size of string counts code points", expr: "size('héllo😀')", want: "6" },
  { name: "matches uses RE2", expr: "'abc123'.matches('^[a-z]+\\\\d+$')", want: "true" },
  { name: "invalid regex is an error", expr: "'a'.matches(object.metadata.name + '(')", object: pod, want: "error: error parsing regexp: missing closing ): `web(`" },
  { name: "contains/endsWith", expr: "'nginx:1.25'.contains(':') && 'nginx:1.25'.endsWith('.25')", want: "true" },
  { name: "list concatenation", expr: "[1] + [2, 3]", want: "[1,2,3]" },
  { name: "list equality", expr: "[1, 2] == [1, 2] && [1] != dyn([1.5]) && dyn([1]) == [1.0]", want: "true" },
  { name: "map equality ignores order", expr: "{'a': 1, 'b': 2} == {'b': 2, 'a': 1}", want: "true" },
  { name: "JSON data equals literal", expr: "object.metadata.labels == {'app': 'web'}", object: pod, want: "true" },
  { name: "two-variable all over list", expr: "[10, 20].all(i, v, v == (i + 1) * 10)", want: "true" },
  { name: "two-variable exists over map", expr: "{'a': 1, 'b': 2}.exists(k, v, k == 'b' && v == 2)", want: "true" },
  { name: "transformList", expr: "[1, 2].transformList(i, v, i * 10 + v)", want: "[1,12]" },
  { name: "transformMap", expr: "{'a': 1}.transformMap(k, v, v + 1)", want: '{"a":2}' },
  { name: "transformMapEntry", expr: "['x', 'y'].transformMapEntry(i, v, {v: i})", want: '{"x":0,"y":1}' },
  { name: "transformMapEntry duplicate key", expr: "['x', 'x'].transformMapEntry(i, v, {v: i})", want: "error: insert failed: key x already exists" },
  { name: "map literal repeated key: the last value wins (cel-go v0.26)", expr: "{'a': 1, 'a': 2}", want: '{"a":2}' },
  { name: "map literal: an optional entry without value removes the key", expr: "{'a': 1, ?'a': optional.none()}", want: "{}" },
  { name: "Object construction", expr: "Object{spec: Object.spec{replicas: 3}}", want: '{"spec":{"replicas":3}}' },
  { name: "Object field select and has", expr: "has(Object{spec: Object.spec{}}.spec) && !has(Object{}.metadata)", want: "true" },
  { name: "JSONPatch defaults", expr: "JSONPatch{op: 'add'}.path == '' && !has(JSONPatch{op: 'add'}.path)", want: "true" },
  { name: "JSONPatch equality", expr: "JSONPatch{op: 'add', path: '/a', value: 1} == JSONPatch{op: 'add', path: '/a', value: 1}", want: "true" },
  { name: "jsonpatch.escapeKey", expr: "jsonpatch.escapeKey('a/b~c')", want: '"a~1b~0c"' },
];

for (const r of rows) {
  test(r.name, () => assert.equal(show(r.expr, r.object ?? null), r.want));
}

test("lazy activation variables are computed once per evaluation", async () => {
  const { celEnv, compile, kubernetesLibraries } = await import("../../src/cel/index.js");
  const env = celEnv({ variables: { x: { kind: "int" } }, ...kubernetesLibraries() });
  const c = compile(env, "x + x + x");
  assert.ok(c.ok);
  let calls = 0;
  const act = { x: () => { calls++; return 2n; } };
  assert.equal(c.program.eval(act).value, 6n);
  assert.equal(calls, 1);
  assert.equal(c.program.eval(act).value, 6n);
  assert.equal(calls, 2);
});

test("errors carry the id of the node that failed", async () => {
  const { celEnv, compile, kubernetesLibraries } = await import("../../src/cel/index.js");
  const env = celEnv({ ...kubernetesLibraries() });
  const c = compile(env, "1 + (2 / 0)");
  assert.ok(c.ok);
  const r = c.program.eval({});
  assert.equal(r.error?.message, "division by zero");
  const div = c.parsed.expr.kind === "call" ? c.parsed.expr.args[1] : undefined;
  assert.equal(r.error?.exprId, div?.id);
});

test("deeply nested data is a clean error, not a stack overflow", async () => {
  const { celEnv, compile, kubernetesLibraries, fromJson } = await import("../../src/cel/index.js");
  const env = celEnv({ variables: { object: { kind: "dyn" }, params: { kind: "dyn" } }, ...kubernetesLibraries() });
  let deep: JsonValue = 1;
  for (let i = 0; i < 200000; i++) deep = [deep];
  const c = compile(env, "object == params");
  assert.ok(c.ok);
  const r = c.program.eval({ object: fromJson(deep), params: fromJson(deep) });
  assert.equal(r.error?.message, "max recursion depth exceeded");
});
