// Issue 17 items 8–12, one row per behaviour: the answers (value or error, actual cost) are facts
// printed by the CEL oracle (cel-go v0.26.0 with Kubernetes 1.36's environment). Each row failed on
// kmutate before the item was fixed; the differential test (differential.test.ts) covers many more.
import { test } from "node:test";
import assert from "node:assert/strict";
import { kmutateOutcome } from "./differential/kmutate-view.js";
import type { JsonValue } from "../../src/data/index.js";

const rows: { item: number; expr: string; object?: JsonValue; mutation?: boolean; want: string; cost?: number }[] = [
  { item: 8, expr: "has(object.x.y)", object: {"x":null}, want: "false", cost: 2 },
  { item: 8, expr: "object.x.?y", object: {"x":"s"}, want: "{\"<optional>\":\"none\"}", cost: 2 },
  { item: 8, expr: "object.x[?'k']", object: {"x":7}, want: "{\"<optional>\":\"none\"}", cost: 2 },
  { item: 8, expr: "optional.of(null).value()", want: "null", cost: 2 },
  { item: 8, expr: "has(object.metadata.labels.app)", object: {"metadata":{"labels":null}}, want: "false", cost: 3 },
  { item: 9, expr: "'%.2f'.format([1234567.891])", want: "\"1,234,567.89\"", cost: 1 },
  { item: 9, expr: "'%s'.format([['a', 1, 2.5]])", want: "\"[\\\"a\\\", 1, 2.500000]\"", cost: 1 },
  { item: 9, expr: "'%e'.format([1234.5])", want: "\"1.234500×10⁰³\"", cost: 1 },
  { item: 9, expr: "'%d'.format([1, 2])", want: "compile: ERROR: <input>:1:12: too many arguments supplied to string.format (expected 1, got 2)" },
  { item: 9, expr: "'%s'.format([duration('1.5s')])", want: "\"1.5s\"", cost: 1 },
  { item: 10, expr: "[1, 2, 3].first()", want: "{\"<optional>\":1}", cost: 1 },
  { item: 10, expr: "[].last()", want: "{\"<optional>\":\"none\"}", cost: 1 },
  { item: 10, expr: "optional.unwrap([optional.of(1), optional.none()])", want: "[1]", cost: 13 },
  { item: 10, expr: "[optional.none(), optional.of('a')].unwrapOpt()", want: "[\"a\"]", cost: 13 },
  { item: 11, expr: "object.spec.containers.exists(c, c.name in ['a', 'b', 'c'])", object: {"spec":{"containers":[{"name":"x"},{"name":"y"},{"name":"z"}]}}, want: "false", cost: 22 },
  { item: 11, expr: "timestamp('2024-01-01T00:00:00Z') + duration('1h')", want: "\"2024-01-01T01:00:00Z\"", cost: 1 },
  { item: 11, expr: "'abcdefghijklmnopqrstuvwxyz'.indexOf('z')", want: "25", cost: 2 },
  { item: 11, expr: "sets.equivalent([1, 2, 3], [3, 2, 1, 1])", want: "true", cost: 25 },
  { item: 12, expr: "int('abc')", want: "program: type conversion error from 'string' to 'int'" },
  { item: 12, expr: "string(timestamp('2020-06-15T12:00:00+05:30'))", want: "\"2020-06-15T12:00:00+05:30\"", cost: 0 },
  { item: 12, expr: "timestamp('2024-01-01t00:00:00z')", want: "compile: ERROR: <input>:1:11: invalid timestamp argument" },
  { item: 12, expr: "type(ip('1.2.3.4')) == net.IP", want: "true", cost: 3 },
  { item: 12, expr: "optional.ofNonZeroValue(timestamp(0)).hasValue()", want: "true", cost: 2 },
  { item: 12, expr: "{'a': 1, 'a': 2}", want: "{\"a\":2}", cost: 0 },
  { item: 12, expr: "'abc'.indexOf('', 4)", want: "4", cost: 0 },
  { item: 12, expr: "[[1], [2]].sort()", want: "compile: ERROR: <input>:1:16: found no matching overload for 'sort' applied to 'list(list(int)).()'" },
  { item: 12, expr: "double('0x1p3')", want: "8", cost: 0 },
  { item: 12, expr: "'abc'.find('(')", want: "program: error parsing regexp: missing closing ): `(`" },
  // The differential test's findings: an index by a conditional keeps its qualifier's cost; the type
  // of a Kubernetes object value is the type of types.
  { item: 11, expr: "[1, 2][[1].exists(v0, false) ? 1 : 0]", want: "1", cost: 7 },
  { item: 11, expr: "{'a': 1}[?([1].exists(v0, false) ? 'b' : 'a')]", want: "{\"<optional>\":1}", cost: 7 },
  { item: 11, expr: "'Hello World'.lowerAscii().substring(1/0)", want: "error: division by zero", cost: 5 },
  { item: 11, expr: "'Hello World'.replace('a', string(1/0))", want: "error: division by zero", cost: 5 },
  { item: 11, expr: "[[1]][?0][?([1][5])]", want: "error: index out of bounds: 5", cost: 3 },
  { item: 11, expr: "cidr('10.0.0.0/8').containsIP(dyn('10.1.2.3'))", want: "true", cost: 2 },
  { item: 11, expr: "cidr('10.0.0.0/8').containsCIDR(dyn('10.1.0.0/16'))", want: "true", cost: 4 },
  { item: 12, expr: "type(Object{}) == type(type(1))", mutation: true, want: "true", cost: 42 },
  { item: 12, expr: "type(JSONPatch{})", mutation: true, want: "\"<type type>\"", cost: 41 },
];

for (const r of rows) {
  test(`issue 17 item ${r.item}: ${r.expr}`, () => {
    const o = kmutateOutcome({ id: "", expr: r.expr, ...(r.object !== undefined ? { object: r.object } : {}), ...(r.mutation ? { mutation: true } : {}) });
    const got = o.ok ? JSON.stringify(o.value) : o.phase === "compile" || o.phase === "program" ? `${o.phase}: ${(o.error ?? "").split("\n")[0]}` : `error: ${o.error}`;
    assert.equal(got, r.want);
    if (r.cost !== undefined) assert.equal(o.cost, r.cost);
  });
}
