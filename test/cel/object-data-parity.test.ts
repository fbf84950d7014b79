// Object values read as data where cel-go's adaptation shows through: library values that cannot be
// adapted back, errors held as field values, optionals met mid-attribute. Each row's outcome (value
// or exact error text, actual cost) is what oracle-bin (cel-go v0.26.0, 1.36 env, mutation) printed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { kmutateOutcome, type DiffOutcome } from "./differential/kmutate-view.js";
import { differences } from "./differential/compare.js";

type Want = { value: DiffOutcome["value"] } | { error: string };
const cases: { name: string; expr: string; want: Want; cost: number }[] = [
  // A typed field read adapts the field's native value: Kubernetes library values have none cel-go adapts.
  { name: "a quantity field fails the read", expr: "Object{spec: quantity('1')}.spec", want: { error: "unsupported conversion to ref.Val: (*resource.Quantity)1" }, cost: 43 },
  { name: "an IP field fails the read", expr: "Object{spec: ip('1.2.3.4')}.spec", want: { error: "unsupported conversion to ref.Val: (netip.Addr)1.2.3.4" }, cost: 43 },
  { name: "a CIDR field fails the read", expr: "Object{spec: cidr('1.2.3.0/24')}.spec", want: { error: "unsupported conversion to ref.Val: (netip.Prefix)1.2.3.0/24" }, cost: 43 },
  { name: "a URL field fails the read", expr: "Object{spec: url('https://x')}.spec", want: { error: "unsupported conversion to ref.Val: (*url.URL)https://x" }, cost: 43 },
  { name: "a semver field fails the read", expr: "Object{spec: semver('1.0.0')}.spec", want: { error: "unsupported conversion to ref.Val: (semver.Version)1.0.0" }, cost: 43 },
  { name: "an optional quantity field fails the read", expr: "Object{spec: optional.of(quantity('1'))}.spec", want: { error: "unsupported conversion to ref.Val: (*resource.Quantity)1" }, cost: 44 },
  { name: "a duration field adapts", expr: "Object{spec: duration('1s')}.spec", want: { value: "1s" }, cost: 42 },
  { name: "a quantity field is still present", expr: "has(Object{spec: quantity('1')}.spec)", want: { value: true }, cost: 42 },
  { name: "a quantity two lists deep stays a quantity", expr: "Object{spec: [[quantity('1')]]}.spec", want: { value: [["<kubernetes.Quantity 1>"]] }, cost: 63 },
  // An error a field read yields as the field's value: the next plain qualifier still runs (cost 1).
  { name: "a select past an unconvertible field costs 1", expr: "Object{spec: quantity('1')}.spec.x", want: { error: "unsupported conversion to ref.Val: (*resource.Quantity)1" }, cost: 44 },
  { name: "only the next select costs", expr: "Object{spec: quantity('1')}.spec.x.y", want: { error: "unsupported conversion to ref.Val: (*resource.Quantity)1" }, cost: 44 },
  { name: "an index past an unconvertible field costs 1", expr: "Object{spec: quantity('1')}.spec[0]", want: { error: "unsupported conversion to ref.Val: (*resource.Quantity)1" }, cost: 44 },
  { name: "a presence test past an unconvertible field costs 1", expr: "has(Object{spec: quantity('1')}.spec.x)", want: { error: "unsupported conversion to ref.Val: (*resource.Quantity)1" }, cost: 43 },
  { name: "an optional select past it costs nothing", expr: "Object{spec: quantity('1')}.spec.?x", want: { error: "unsupported conversion to ref.Val: (*resource.Quantity)1" }, cost: 43 },
  { name: "through a conditional the next select costs 1", expr: "(true ? Object{spec: quantity('1')}.spec : 1).y", want: { error: "unsupported conversion to ref.Val: (*resource.Quantity)1" }, cost: 43 },
  { name: "an unconvertible nested object alone", expr: "Object{spec: Object.spec{x: {1: 2}}}.spec", want: { error: `fail to convert field "x": map key '\\x01' is of type types.Int, not string` }, cost: 82 },
  { name: "a select past an unconvertible nested object costs 1", expr: "Object{spec: Object.spec{x: {1: 2}}}.spec.x", want: { error: `fail to convert field "x": map key '\\x01' is of type types.Int, not string` }, cost: 83 },
  { name: "a key index past it costs 1", expr: "Object{spec: Object.spec{x: {1: 2}}}.spec['x']", want: { error: `fail to convert field "x": map key '\\x01' is of type types.Int, not string` }, cost: 83 },
  { name: "a field that cannot be got is a failed read", expr: "Object{spec: {1: 2}}.spec.x", want: { error: 'cannot get field "spec"' }, cost: 42 },
  // An optional met mid-attribute (a list or map element) is a plain value cel-go does not unwrap.
  { name: "a select on an optional list element is no such key", expr: "[optional.of(Object{spec: 1})][0].spec", want: { error: "no such key: spec" }, cost: 54 },
  { name: "a select on an optional map element is no such key", expr: "{'a': optional.of(Object{spec: 1})}.a.spec", want: { error: "no such key: spec" }, cost: 74 },
  { name: "and so is one on an optional map held in a list", expr: "[optional.of({'spec': 1})][0].spec", want: { error: "no such key: spec" }, cost: 14 },
  { name: "a select on an empty optional element costs too", expr: "[optional.none()][0].spec", want: { error: "no such key: spec" }, cost: 14 },
  { name: "a longer chain stops at the first field", expr: "[optional.of(Object{spec: Object.spec{x: 1}})][0].spec.x", want: { error: "no such key: spec" }, cost: 94 },
  { name: "a presence test on an optional element is false", expr: "has([optional.of(Object{spec: 1})][0].spec)", want: { value: false }, cost: 53 },
  { name: "an optional select on an optional element is none", expr: "[optional.of(Object{spec: 1})][0].?spec", want: { value: { "<optional>": "none" } }, cost: 53 },
  { name: "an optional base still chains", expr: "optional.of(Object{spec: 1}).spec", want: { value: { "<optional>": 1 } }, cost: 43 },
  { name: "a chain over an optional base still chains", expr: "optional.of({'a': {'b': 1}}).a.b", want: { value: { "<optional>": 1 } }, cost: 4 },
  { name: "after an optional qualifier the chain is optional", expr: "[{'b': 1}][?0].b", want: { value: { "<optional>": 1 } }, cost: 3 },
];

for (const c of cases) {
  test(`Object data parity: ${c.name}`, () => {
    const expect: DiffOutcome = "error" in c.want ? { ok: false, error: c.want.error, phase: "eval", cost: c.cost } : { ok: true, value: c.want.value, cost: c.cost };
    assert.deepEqual(differences(expect, kmutateOutcome({ id: c.name, expr: c.expr, mutation: true })), []);
  });
}
