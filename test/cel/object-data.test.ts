// Kubernetes' `Object` values are unstructured data (ObjectValueDecl.dataOnly, values/object-data.ts):
// a field read on an operand typed `Object…` sees the object converted to data, through `dyn` (or an
// optional select) no field is present. Expected texts are the CEL oracle's (cel-go v0.26.0, 1.36 env).
import { test } from "node:test";
import assert from "node:assert/strict";
import { celEnv, compile, kubernetesLibraries, toJson, isCelError } from "../../src/cel/index.js";

const env = celEnv({ ...kubernetesLibraries({ mutation: true }) });

function run(expr: string): string {
  const c = compile(env, expr);
  if (!c.ok) return `${c.code}: ${c.message.split("\n")[0]}`;
  const r = c.program.eval({});
  if (r.error) return `error: ${r.error.message}`;
  const j = toJson(r.value);
  return isCelError(j) ? `unconvertible: ${j.message}` : JSON.stringify(j);
}

const cases: { name: string; expr: string; want: string }[] = [
  { name: "through dyn an unset field is no such key", expr: "dyn(Object{}).spec", want: "error: no such key: spec" },
  { name: "through dyn a set field is no such key too", expr: "dyn(Object{spec: Object.spec{replicas: 1}}).spec", want: "error: no such key: spec" },
  { name: "through dyn a set field is absent", expr: "has(dyn(Object{spec: Object.spec{}}).spec)", want: "false" },
  { name: "through a list element read as dyn", expr: "dyn([Object{spec: Object.spec{}}][0]).spec", want: "error: no such key: spec" },
  { name: "optional select through dyn is none", expr: "dyn(Object{spec: Object.spec{}}).?spec.hasValue()", want: "false" },
  { name: "optional select on a typed operand is none as well", expr: "Object{spec: Object.spec{replicas: 1}}.?spec.hasValue()", want: "false" },
  { name: "typed read of an unset field is null", expr: "Object{}.spec", want: "null" },
  { name: "typed presence test of a set field", expr: "[Object{spec: Object.spec{}}].exists(o, has(o.spec))", want: "true" },
  { name: "typed read makes a nested object a map", expr: "Object{spec: Object.spec{replicas: 1}}.spec == {'replicas': 1}", want: "true" },
  { name: "typed read's nested object has the map type", expr: "type(Object{spec: Object.spec{}}.spec) == map", want: "true" },
  { name: "a converted nested object has no unset fields", expr: "Object{spec: Object.spec{x: Object.spec.x{}}}.spec.x.y", want: "error: no such key: y" },
  { name: "objects in a map field are converted", expr: "Object{spec: Object.spec{x: {'k': Object.spec.x{a: 1}}}}.spec.x.k.a", want: "1" },
  { name: "objects two lists deep stay objects", expr: "Object{spec: Object.spec{x: [[Object.spec.x{a: 1}]]}}.spec.x[0][0].a", want: "error: no such key: a" },
  { name: "a type value becomes its name", expr: "Object{spec: Object.spec{x: int}}.spec.x", want: '"int"' },
  { name: "an optional in a list becomes its value", expr: "Object{spec: [optional.of(1)]}.spec", want: "[1]" },
  { name: "an optional holding an object qualifies its data", expr: "optional.of(Object{spec: Object.spec{}}).spec.hasValue()", want: "true" },
  {
    name: "a nested map with a non-string key fails that field",
    expr: "Object{spec: Object.spec{x: {1: 2}}}.spec",
    want: `error: fail to convert field "x": map key '\\x01' is of type types.Int, not string`,
  },
  { name: "a map field with a non-string key fails the whole object", expr: "Object{spec: {1: 2}}.spec", want: 'error: cannot get field "spec"' },
];
for (const c of cases) test(`Object values read as data: ${c.name}`, () => assert.equal(run(c.expr), c.want));
