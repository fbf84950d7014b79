// Object types are declared through env options (types.ts `ObjectTypeDecl`): closed field sets, zero
// values, presence rules and unknown-field texts. The engine's core knows no type of its own: the
// Kubernetes mutation types are one such declaration (lib/k8s/mutation.ts), checked here like any other.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { celEnv, compile, conformanceLibraries, kubernetesLibraries, toJson, isCelError, type ObjectTypeDecl } from "../../src/cel/index.js";

const point: ObjectTypeDecl = {
  fields: { x: { kind: "int" }, y: { kind: "int" }, label: { kind: "string" } },
  zeroValues: { x: 0n, label: "" },
  presentWhenNonZero: ["x"],
  unknownField: { construct: "no field in Point: ", select: "cannot read Point field: ", test: "cannot test Point field: " },
};
const open: ObjectTypeDecl = { fields: {}, open: true, otherZeroValue: "unset" };
const env = celEnv({ types: { "example.Point": point, "example.Bag": open }, libraries: conformanceLibraries() });

function run(expr: string, check = true): string {
  const c = compile(env, expr, { check });
  if (!c.ok) return `${c.code}: ${c.message.split("\n")[0]}`;
  const r = c.program.eval({});
  if (r.error) return `error: ${r.error.message}`;
  const j = toJson(r.value);
  return isCelError(j) ? `unconvertible: ${j.message}` : JSON.stringify(j);
}

const cases: { name: string; expr: string; check?: boolean; want: string }[] = [
  { name: "unset field with a zero value reads as it", expr: "example.Point{}.x", want: "0" },
  { name: "unset field without a zero value is no such key", expr: "example.Point{}.y", want: "error: no such key: y" },
  { name: "set field reads as set", expr: "example.Point{y: 2}.y", want: "2" },
  { name: "presentWhenNonZero: zero value is absent", expr: "has(example.Point{x: 0}.x)", want: "false" },
  { name: "presentWhenNonZero: non-zero value is present", expr: "has(example.Point{x: 1}.x)", want: "true" },
  { name: "other fields: present when set, even to zero", expr: "has(example.Point{y: 0}.y)", want: "true" },
  { name: "optional select follows presence", expr: "example.Point{x: 0}.?x.hasValue()", want: "false" },
  { name: "closed type: unknown field is a type error", expr: "example.Point{z: 1}", want: "type: ERROR: <input>:1:16: undefined field 'z'" },
  { name: "closed type: unknown field built without checking", expr: "example.Point{z: 1}", check: false, want: "error: no field in Point: z" },
  { name: "closed type: unknown field read through dyn", expr: "dyn(example.Point{}).z", want: "error: cannot read Point field: z" },
  { name: "closed type: unknown field tested through dyn", expr: "has(dyn(example.Point{}).z)", want: "error: cannot test Point field: z" },
  { name: "open type: any unset field reads as otherZeroValue", expr: "example.Bag{}.anything", want: '"unset"' },
  { name: "open type: any field may be set", expr: "example.Bag{a: 1}.a", want: "1" },
  { name: "open type: unset field is absent", expr: "has(example.Bag{}.a)", want: "false" },
];
for (const c of cases) test(`declared object types: ${c.name}`, () => assert.equal(run(c.expr, c.check), c.want));

const k8s = celEnv({ ...kubernetesLibraries({ mutation: true }) });
const k8sCases: { expr: string; want: string }[] = [
  { expr: "Object{}.spec", want: "null" },
  { expr: "has(Object{}.spec)", want: "false" },
  { expr: "JSONPatch{}.op", want: '""' },
  { expr: "JSONPatch{}.value", want: "null" },
  { expr: "has(JSONPatch{op: ''}.op)", want: "false" },
  { expr: "has(JSONPatch{value: null}.value)", want: "true" },
  { expr: "dyn(JSONPatch{}).foo", want: "error: unsupported indexer: foo" },
  { expr: "has(dyn(JSONPatch{}).foo)", want: "error: unsupported field: foo" },
];
for (const c of k8sCases) {
  test(`Kubernetes mutation types as declared: ${c.expr}`, () => {
    const r = compile(k8s, c.expr);
    assert.ok(r.ok);
    const v = r.program.eval({});
    assert.equal(v.error ? `error: ${v.error.message}` : JSON.stringify(toJson(v.value)), c.want);
  });
}

test("the engine's core names no Kubernetes type", () => {
  const root = join(import.meta.dirname, "../../../src/cel");
  const core = [
    ...["planner.ts", "plan-ops.ts", "plan.ts", "checker.ts", "check.ts", "compile.ts", "env.ts"].map((f) => join(root, f)),
    ...readdirSync(join(root, "check")).map((f) => join(root, "check", f)),
    ...readdirSync(join(root, "values")).map((f) => join(root, "values", f)),
  ];
  const found: string[] = [];
  for (const file of core) {
    const code = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
    for (const m of code.matchAll(/JSONPatch|["'`]Object\b|kubernetes/g)) found.push(`${file.slice(root.length + 1)}: ${m[0]}`);
  }
  assert.deepEqual(found, []);
});
