// Library tables, table-driven through the evaluator: cel-go strings v2, lists v3, sets, optional,
// math/encoders/bindings (conformance env only), Kubernetes lists, regex, authz, jsonpatch.
import { test } from "node:test";
import assert from "node:assert/strict";
import { celEnv, compile, kubernetesLibraries, authorizerValue, requestResourceValue, type Authorizer, type AuthzAttributes } from "../../src/cel/index.js";
import { show, envOf } from "./eval-helpers.js";

const k8sRows: [string, string][] = [
  ["'hello'.charAt(1)", '"e"'],
  ["'hello'.charAt(5)", '""'],
  ["'hello'.charAt(6)", "error: index out of range: 6"],
  ["'héllo'.indexOf('l')", "2"],
  ["'hello'.indexOf('l', 3)", "3"],
  ["'hello'.lastIndexOf('l')", "3"],
  ["'hello'.lastIndexOf('')", "5"],
  ["'Hello ÀB'.lowerAscii()", '"hello Àb"'],
  ["'Hello'.upperAscii()", '"HELLO"'],
  ["'a-b-c'.replace('-', '+')", '"a+b+c"'],
  ["'a-b-c'.replace('-', '+', 1)", '"a+b-c"'],
  // Go's strings.Replace: non-overlapping, left to right, at most n (n < 0: all); `$` is no pattern.
  ["'aaa'.replace('aa', 'b')", '"ba"'],
  ["'aaaa'.replace('aa', 'b', 1)", '"baa"'],
  ["'abc'.replace('b', 'x', 5)", '"axc"'],
  ["'abc'.replace('b', 'x', 0)", '"abc"'],
  ["'abc'.replace('x', 'yy')", '"abc"'],
  ["'a$b'.replace('$', '$&')", '"a$&b"'],
  ["'abc'.replace('', '-')", '"-a-b-c-"'],
  ["'abc'.replace('', '-', 2)", '"-a-bc"'],
  ["'a,b,c'.split(',')", '["a","b","c"]'],
  ["'a,b,c'.split(',', 2)", '["a","b,c"]'],
  ["'a,b,c'.split(',', 0)", "[]"],
  ["'abc'.split('')", '["a","b","c"]'],
  ["'hello'.substring(1, 3)", '"el"'],
  ["'hello'.substring(3, 1)", "error: invalid substring range. start: 3, end: 1"],
  ["'  x \\t'.trim()", '"x"'],
  ["['a', 'b'].join('-')", '"a-b"'],
  ["['a', 'b'].join()", '"ab"'],
  ["strings.quote('a\"b\\n')", '"\\"a\\\\\\"b\\\\n\\""'],
  ["'%s is %d years, %.2f%%'.format(['x', 3, 99.555])", '"x is 3 years, 99.56%"'],
  ["'%x %X %o %b'.format([255, 255, 8, 5])", '"ff FF 10 101"'],
  // strings v2 as Kubernetes enables it (cel-go's version 1–3 formatter, en_US): facts of the CEL oracle.
  ["'%e'.format([1234.5])", '"1.234500×10⁰³"'],
  ["'%.2f'.format([1234567.891])", '"1,234,567.89"'],
  ["'%f'.format(['-Infinity'])", '"-∞"'],
  ["'%s'.format([[1, 'a', {'k': 2.5}]])", '"[1, \\"a\\", {\\"k\\":2.500000}]"'],
  ["'%d'.format(dyn(['x']))", "error: error during formatting: decimal clause can only be used on integers, was given string"],
  ["'%d'.format(['x'])", "compile: ERROR: <input>:1:14: error during formatting: decimal clause can only be used on integers, was given string\n | '%d'.format(['x'])\n | .............^"],
  ["'%d %d'.format([1, 2, 3])", "compile: ERROR: <input>:1:15: too many arguments supplied to string.format (expected 2, got 3)\n | '%d %d'.format([1, 2, 3])\n | ..............^"],
  ["[1, 2, 3, 4].slice(1, 3)", "[2,3]"],
  ["[[1], [2, 3]].flatten()", "[1,2,3]"],
  ["[3, 1, 2].sort()", "[1,2,3]"],
  ["['bb', 'a', 'ccc'].sortBy(s, size(s))", '["a","bb","ccc"]'],
  ["lists.range(4)", "[0,1,2,3]"],
  ["[1, 2, 3].reverse()", "[3,2,1]"],
  ["[1, 2, 1, 3, 2].distinct()", "[1,2,3]"],
  ["sets.contains([1, 2, 3], [3, 1])", "true"],
  ["sets.equivalent([1, 2], [2, 1, 1])", "true"],
  ["sets.intersects([1, 2], [3])", "false"],
  ["[1, 2, 3].isSorted() && !['b', 'a'].isSorted()", "true"],
  ["[1, 2, 3].sum()", "6"],
  ["[1.5, 2.5].sum()", '"4.0"'],
  ["[duration('1s'), duration('2s')].sum()", '"3s"'],
  ["[1.5].filter(x, x > 2.0).sum()", '"0.0"'],
  ["[duration('1s')].filter(x, false).sum()", '"0s"'],
  ["[3, 1, 2].min()", "1"],
  ["['b', 'c', 'a'].max()", '"c"'],
  ["dyn([]).max()", "error: max called on empty list"],
  ["[1, 2, 1].indexOf(1)", "0"],
  ["[1, 2, 1].lastIndexOf(1)", "2"],
  ["[1, 2, 1].indexOf(5)", "-1"],
  ["'abc 123 def 456'.find('[0-9]+')", '"123"'],
  ["'abc'.find('[0-9]+')", '""'],
  ["'abc 123 def 456'.findAll('[0-9]+')", '["123","456"]'],
  ["'a1b2c3'.findAll('[0-9]', 2)", '["1","2"]'],
  ["'abc'.findAll('x*')", '["","","",""]'],
  ["jsonpatch.escapeKey('k8s.io/x~y')", '"k8s.io~1x~0y"'],
  ["optional.of(2).optMap(x, x * 2).value()", "4"],
  ["optional.none().optFlatMap(x, optional.of(x)).hasValue()", "false"],
];
for (const [expr, want] of k8sRows) test(`k8s env: ${expr}`, () => assert.equal(show(expr), want));

const confRows: [string, string][] = [
  ["[[1], [2, [3]]].flatten(2)", "[1,2,3]"],
  ["[[1], [2, [3]]].flatten()", "[1,2,[3]]"],
  ["math.greatest(1, 5, 3)", "5"],
  ["math.least([2.5, -1.0])", '"-1.0"'],
  ["math.ceil(1.2)", '"2.0"'],
  ["math.round(-2.5)", '"-3.0"'],
  ["math.abs(-5)", "5"],
  ["math.bitShiftRight(-1, 60)", "15"],
  ["math.bitShiftLeft(1, 64)", "0"],
  ["math.isNaN(0.0 / 0.0)", "true"],
  ["base64.encode(b'hello')", '"aGVsbG8="'],
  ["base64.decode('aGVsbG8=') == b'hello'", "true"],
  ["cel.bind(x, 3, x * x)", "9"],
  ["'abc'.reverse()", '"cba"'],
];
for (const [expr, want] of confRows) test(`conformance env: ${expr}`, () => assert.equal(show(expr, null, envOf("conformance")), want));

const notInK8s = ["math.greatest(1, 2)", "base64.encode(b'a')", "cel.bind(x, 1, x)", "'abc'.reverse()"];
for (const expr of notInK8s) {
  test(`not declared in the Kubernetes env: ${expr}`, () => assert.match(show(expr), /^compile: ERROR/));
}

test("authz library asks the injected authorizer", () => {
  const seen: AuthzAttributes[] = [];
  const authorizer: Authorizer = {
    authorize(a) {
      seen.push(a);
      return a.resource === "secrets" ? { decision: "deny", reason: "no secrets" } : { decision: "allow", reason: "ok" };
    },
  };
  const env = celEnv({
    variables: { authorizer: { kind: "opaque", name: "kubernetes.authorization.Authorizer" }, "authorizer.requestResource": { kind: "opaque", name: "kubernetes.authorization.ResourceCheck" } },
    ...kubernetesLibraries(),
  });
  const user = { username: "alice", groups: ["dev"] };
  const act = { authorizer: authorizerValue(authorizer, user), "authorizer.requestResource": requestResourceValue(authorizer, user, { group: "apps", resource: "deployments", namespace: "prod" }) };
  const evalText = (e: string): unknown => {
    const c = compile(env, e);
    assert.ok(c.ok, c.ok ? "" : c.message);
    const r = c.program.eval(act);
    return r.error ? `error: ${r.error.message}` : r.value;
  };
  assert.equal(evalText("authorizer.group('').resource('secrets').namespace('prod').check('get').allowed()"), false);
  assert.equal(evalText("authorizer.group('').resource('secrets').check('get').reason()"), "no secrets");
  assert.equal(evalText("authorizer.requestResource.check('update').allowed()"), true);
  assert.equal(evalText("authorizer.path('/healthz').check('get').errored()"), false);
  assert.equal(evalText("authorizer.serviceAccount('prod', 'builder').group('').resource('pods').check('list').allowed()"), true);
  assert.equal(evalText("authorizer.serviceAccount('Bad_NS', 'x').group('').resource('pods').check('list').allowed()"), "error: Invalid service account namespace");
  assert.deepEqual(seen.map((a) => [a.user?.username, a.verb, a.resource ?? a.path, a.namespace ?? ""]), [
    ["alice", "get", "secrets", "prod"],
    ["alice", "get", "secrets", ""],
    ["alice", "update", "deployments", "prod"],
    ["alice", "get", "/healthz", ""],
    ["system:serviceaccount:prod:builder", "list", "pods", ""],
  ]);
  const c = compile(env, "authorizer.group('').resource('pods').check('get').allowed()");
  assert.ok(c.ok);
  assert.equal(c.program.eval(act).cost >= 350000, true);
});
