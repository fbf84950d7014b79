// Table-driven checker tests: expression → output type (typeText, as Kubernetes prints it) or the
// exact cel-go error text with line:column, in a Kubernetes mutation env and a plain env.
import { test } from "node:test";
import assert from "node:assert/strict";
import { celEnv } from "../../src/cel/env.js";
import type { CelType } from "../../src/cel/types.js";
import { kubernetesLibraries, conformanceLibraries } from "../../src/cel/lib/library-sets.js";
import { authzTypes } from "../../src/cel/lib/k8s-authz.js";
import { outcome } from "./check-helpers.js";

const str: CelType = { kind: "string" };
const obj = (name: string): CelType => ({ kind: "object", name });

/** A Kubernetes mutation env: dyn objects, a restricted request type, variables so far, authorizer. */
const k8s = celEnv({
  ...kubernetesLibraries({ mutation: true }),
  types: {
    "kubernetes.AdmissionRequest": { fields: { namespace: str, operation: str, userInfo: obj("kubernetes.UserInfo") } },
    "kubernetes.UserInfo": { fields: { username: str, groups: { kind: "list", elem: str } } },
    "kubernetes.variables": { fields: { a: { kind: "int" }, names: { kind: "list", elem: str } } },
  },
  variables: {
    object: { kind: "dyn" },
    oldObject: { kind: "dyn" },
    request: obj("kubernetes.AdmissionRequest"),
    variables: obj("kubernetes.variables"),
    authorizer: { kind: "opaque", name: authzTypes.authorizer },
    "authorizer.requestResource": { kind: "opaque", name: authzTypes.resourceCheck },
  },
});
/** A plain env (no Kubernetes validators) with a few typed variables. */
const plain = celEnv({
  libraries: conformanceLibraries(),
  variables: { i: { kind: "int" }, s: str, b: { kind: "bool" }, l: { kind: "list", elem: { kind: "int" } }, m: { kind: "map", key: str, value: { kind: "dyn" } } },
});

interface Row { name: string; expr: string; env?: "k8s" | "plain"; expected: string }

const rows: Row[] = [
  // identifiers and qualified names
  { name: "dyn variable field chain is dyn", expr: "object.spec.replicas", expected: "type: dyn" },
  { name: "leading-dot identifier resolves globally", expr: ".object", expected: "type: dyn" },
  { name: "undeclared identifier", expr: "params.x", expected: "ERROR: <input>:1:1: undeclared reference to 'params' (in container '')\n | params.x\n | ^" },
  { name: "qualified variable name", expr: "authorizer.requestResource.check('get').allowed()", expected: "type: bool" },
  { name: "authorizer builder chain", expr: "authorizer.group('apps').resource('deployments').namespace('ns').check('get').reason()", expected: "type: string" },
  { name: "local variable shadows a global in a qualified name", expr: "[{'a': 1}].exists(request, request.a == 1)", expected: "type: bool" },
  // declared object types
  { name: "declared field", expr: "request.userInfo.groups", expected: "type: list(string)" },
  { name: "undefined field of a declared type", expr: "request.nope", expected: "ERROR: <input>:1:8: undefined field 'nope'\n | request.nope\n | .......^" },
  { name: "has() on an undefined field", expr: "has(request.nope)", expected: "ERROR: <input>:1:4: undefined field 'nope'\n | has(request.nope)\n | ...^" },
  { name: "earlier variable is a field of variables", expr: "variables.names.size() + variables.a", expected: "type: int" },
  { name: "forward variable reference", expr: "variables.b", expected: "ERROR: <input>:1:10: undefined field 'b'\n | variables.b\n | .........^" },
  { name: "field selection on int", expr: "variables.a.b", expected: "ERROR: <input>:1:12: type 'int' does not support field selection\n | variables.a.b\n | ...........^" },
  { name: "field selection on a free type variable", expr: "[].length", env: "plain", expected: "ERROR: <input>:1:3: type 'list(_var0)' does not support field selection\n | [].length\n | ..^" },
  // overloads
  { name: "dyn operand picks the matching overload", expr: "object.spec.replicas + 1", expected: "type: int" },
  { name: "no matching overload", expr: "1 + 'a'", expected: "ERROR: <input>:1:3: found no matching overload for '_+_' applied to '(int, string)'\n | 1 + 'a'\n | ..^" },
  { name: "no matching member overload", expr: "'a'.startsWith(1)", expected: "ERROR: <input>:1:15: found no matching overload for 'startsWith' applied to 'string.(int)'\n | 'a'.startsWith(1)\n | ..............^" },
  { name: "equality needs one type statically", expr: "size('a') == 1u", expected: "ERROR: <input>:1:11: found no matching overload for '_==_' applied to '(int, uint)'\n | size('a') == 1u\n | ..........^" },
  { name: "cross-type numeric ordering", expr: "1 < 2u && 1.5 >= 1", expected: "type: bool" },
  { name: "list concatenation element types", expr: "[1, 2].map(x, x) + ['a']", expected: "ERROR: <input>:1:18: found no matching overload for '_+_' applied to '(list(int), list(string))'\n | [1, 2].map(x, x) + ['a']\n | .................^" },
  { name: "logical operands must be bool", expr: "object.x && 'a'", expected: "ERROR: <input>:1:13: expected type 'bool' but found 'string'\n | object.x && 'a'\n | ............^" },
  { name: "undeclared function", expr: "1.fooBar()", expected: "ERROR: <input>:1:9: undeclared reference to 'fooBar' (in container '')\n | 1.fooBar()\n | ........^" },
  { name: "math is not in Kubernetes 1.36", expr: "math.greatest(1, 2)", expected: "ERROR: <input>:1:1: undeclared reference to 'math' (in container '')\n | math.greatest(1, 2)\n | ^\nERROR: <input>:1:14: undeclared reference to 'greatest' (in container '')\n | math.greatest(1, 2)\n | .............^" },
  { name: "namespaced function", expr: "jsonpatch.escapeKey('a/b')", expected: "type: string" },
  { name: "type parameters unify through the ternary", expr: "true ? [] : [JSONPatch{}]", expected: "type: list(JSONPatch)" },
  { name: "type values", expr: "type(1) == int && type(type) == type && list == type([1])", expected: "type: bool" },
  { name: "type identifier is a type value", expr: "int", expected: "type: type(int)" },
  { name: "occurs check fails the nested in", expr: "[].map(x, [].map(y, x in y && y in x))", env: "plain", expected: "ERROR: <input>:1:33: found no matching overload for '@in' applied to '(list(dyn), dyn)'\n | [].map(x, [].map(y, x in y && y in x))\n | ................................^" },
  // literals and output types the admission layer checks
  { name: "empty list is list(dyn)", expr: "[]", expected: "type: list(dyn)" },
  { name: "empty map is map(dyn, dyn)", expr: "{}", expected: "type: map(dyn, dyn)" },
  { name: "JSONPatch list", expr: "[JSONPatch{op: 'add', path: '/a', value: 1}]", expected: "type: list(JSONPatch)" },
  { name: "Object literal", expr: "Object{spec: Object.spec{replicas: 1, containers: [Object.spec.containers{name: 'c'}]}}", expected: "type: Object" },
  { name: "nested Object name", expr: "Object.spec.metadata{}", expected: "type: Object.spec.metadata" },
  { name: "JSONPatch string field typed", expr: "JSONPatch{op: 1}", expected: "ERROR: <input>:1:13: expected type of field 'op' is 'string' but provided type is 'int'\n | JSONPatch{op: 1}\n | ............^" },
  // Kubernetes' JSONPatch provider declares other fields with no type (facts of the CEL oracle).
  { name: "JSONPatch unknown field", expr: "JSONPatch{foo: 1}", expected: "ERROR: <input>:1:14: expected type of field 'foo' is '' but provided type is 'int'\n | JSONPatch{foo: 1}\n | .............^" },
  { name: "unknown struct type", expr: "Foo{a: 1}", expected: "ERROR: <input>:1:4: undeclared reference to 'Foo' (in container '')\n | Foo{a: 1}\n | ...^" },
  { name: "primitive type is not a message", expr: "int{}", expected: "ERROR: <input>:1:4: 'int' is not a message type\n | int{}\n | ...^" },
  { name: "mixed list literal", expr: "[1, 'a', 2]", expected: "ERROR: <input>:1:5: expected type 'int' but found 'string'\n | [1, 'a', 2]\n | ....^" },
  { name: "mixed list literal allowed without Kubernetes validators", expr: "[1, 'a']", env: "plain", expected: "type: list(dyn)" },
  { name: "dyn element in a literal", expr: "[1, dyn(2)]", expected: "ERROR: <input>:1:8: expected type 'int' but found 'dyn'\n | [1, dyn(2)]\n | .......^" },
  { name: "null element in a literal", expr: "['a', null]", expected: "ERROR: <input>:1:7: expected type 'string' but found 'null'\n | ['a', null]\n | ......^" },
  { name: "mixed map keys and values", expr: "{'a': 1, 2: 'b'}", expected: "ERROR: <input>:1:10: expected type 'string' but found 'int'\n | {'a': 1, 2: 'b'}\n | .........^\nERROR: <input>:1:13: expected type 'int' but found 'string'\n | {'a': 1, 2: 'b'}\n | ............^" },
  { name: "format arguments are exempt", expr: "'%s and %d'.format(['a', 1])", expected: "type: string" },
  { name: "optional list entries unwrap", expr: "[?optional.of(1), 2]", expected: "type: list(int)" },
  { name: "optional entry must be optional", expr: "[?1]", expected: "ERROR: <input>:1:3: expected type 'optional_type(int)' but found 'int'\n | [?1]\n | ..^" },
  // optionals
  { name: "optional select", expr: "object.?spec.replicas", expected: "type: optional_type(dyn)" },
  { name: "optional index", expr: "{'a': 1}[?'a']", expected: "type: optional_type(int)" },
  { name: "index of an optional map", expr: "optional.of({'a': 1})['a']", expected: "type: optional_type(int)" },
  { name: "orValue", expr: "request.?namespace.orValue('default')", expected: "type: string" },
  // comprehensions
  { name: "map over dyn", expr: "object.spec.containers.map(c, c.name)", expected: "type: list(dyn)" },
  { name: "two-variable all on a map", expr: "{'a': 1}.all(k, v, k != '' && v > 0)", expected: "type: bool" },
  { name: "transformList index is int", expr: "['a'].transformList(i, v, v + string(i))", expected: "type: list(string)" },
  { name: "transformMap", expr: "{'a': 1}.transformMap(k, v, v * 2)", expected: "type: map(string, int)" },
  { name: "filter keeps the element type", expr: "variables.names.filter(n, n.startsWith('x'))", expected: "type: list(string)" },
  { name: "range must be a list or map", expr: "variables.a.all(e, e)", expected: "ERROR: <input>:1:10: expression of type 'int' cannot be range of a comprehension (must be list, map, or dynamic)\n | variables.a.all(e, e)\n | .........^" },
  { name: "comprehension variable is scoped", expr: "[1].exists(e, e > 0) && e < 5", env: "plain", expected: "ERROR: <input>:1:25: undeclared reference to 'e' (in container '')\n | [1].exists(e, e > 0) && e < 5\n | ........................^" },
  // literal validators
  { name: "invalid duration literal", expr: "duration('1x')", expected: "ERROR: <input>:1:10: invalid duration argument\n | duration('1x')\n | .........^" },
  { name: "valid duration literal", expr: "duration('1h30m')", expected: "type: google.protobuf.Duration" },
  { name: "invalid timestamp literal", expr: "timestamp('yesterday')", expected: "ERROR: <input>:1:11: invalid timestamp argument\n | timestamp('yesterday')\n | ..........^" },
  { name: "invalid regex literal", expr: "'abc'.matches('[')", expected: "ERROR: <input>:1:15: invalid matches argument\n | 'abc'.matches('[')\n | ..............^" },
  { name: "global matches validates its first argument (as cel-go)", expr: "matches('[', 'a')", expected: "ERROR: <input>:1:9: invalid matches argument\n | matches('[', 'a')\n | ........^" },
  { name: "RE2 syntax, not JavaScript", expr: "'abc'.matches('(?<name>a)')", expected: "type: bool" },
  { name: "validators off without Kubernetes libraries", expr: "duration('1x')", env: "plain", expected: "type: google.protobuf.Duration" },
  // cel-go binds an unbound type variable to the first overload, in its declaration order, that accepts it
  { name: "unbound element bound by `+` to bytes (cel-go's first _+_ overload)", expr: "[].map(v0, v0 + v0)", expected: "type: list(bytes)" },
  { name: "unbound element bound by `-` to double", expr: "[].map(v0, v0 - v0)", expected: "type: list(double)" },
  { name: "unbound element bound by `*`, `/` and unary `-` to double", expr: "[[].map(v0, v0 * v0), [].map(v0, v0 / v0), [].map(v0, -v0)]", expected: "type: list(list(double))" },
  { name: "unbound element bound by size() to bytes", expr: "[].filter(v0, size(v0) == 0)", expected: "type: list(bytes)" },
  { name: "validators run only on well-typed expressions", expr: "duration('1x') + 1", expected: "ERROR: <input>:1:16: found no matching overload for '_+_' applied to '(duration, int)'\n | duration('1x') + 1\n | ...............^" },
];

for (const row of rows) {
  test(row.name, () => {
    assert.equal(outcome(row.env === "plain" ? plain : k8s, row.expr), row.expected);
  });
}
