// Go renderings used verbatim in SMD messages (floats, quoting, %v / %#v of values), and
// list-item identity (numeric equality across int and float, partial keys).
import { test } from "node:test";
import assert from "node:assert/strict";
import { JsonFloat, goFloatG, type JsonValue } from "../../src/data/index.js";
import { goQuote, goSharpV, goType, goV, smdToString } from "../../src/patch/merge-values.js";
import { canonical } from "../../src/patch/merge-keys.js";

const floats: [number, string][] = [
  [1.5, "1.5"], [80, "80"], [100000, "100000"], [1e6, "1e+06"], [1234567, "1.234567e+06"],
  [0.0001, "0.0001"], [0.00001, "1e-05"], [1.5e-7, "1.5e-07"], [1e21, "1e+21"], [-2.5e100, "-2.5e+100"], [0, "0"],
];
for (const [f, s] of floats) test(`Go %v of float64 ${f} is ${s}`, () => assert.equal(goFloatG(f), s));

const quotes: [string, string][] = [
  ["abc", '"abc"'], ['a"b\\c', '"a\\"b\\\\c"'], ["tab\there\n", '"tab\\there\\n"'], ["\x01", '"\\x01"'], ["héllo ✓", '"héllo ✓"'], ["\u200b", '"\\u200b"'],
];
for (const [s, q] of quotes) test(`Go %q of ${JSON.stringify(s)}`, () => assert.equal(goQuote(s), q));

const renders: { v: JsonValue; v_: string; sharp: string; type: string; smd: string }[] = [
  { v: 5, v_: "5", sharp: "5", type: "int64", smd: "5" },
  { v: new JsonFloat(80), v_: "80", sharp: "80", type: "float64", smd: "80" },
  { v: 2n ** 60n, v_: "1152921504606846976", sharp: "1152921504606846976", type: "int64", smd: "1152921504606846976" },
  { v: "x", v_: "x", sharp: '"x"', type: "string", smd: '"x"' },
  { v: true, v_: "true", sharp: "true", type: "bool", smd: "true" },
  { v: null, v_: "<nil>", sharp: "interface {}(nil)", type: "<nil>", smd: "null" },
  { v: ["a", 1], v_: "[a 1]", sharp: '[]interface {}{"a", 1}', type: "[]interface {}", smd: '["a",1]' },
  { v: { b: 1, a: ["x"] }, v_: "map[a:[x] b:1]", sharp: 'map[string]interface {}{"a":[]interface {}{"x"}, "b":1}', type: "map[string]interface {}", smd: 'b=1a=["x"]' },
];
for (const r of renders) {
  test(`Go renderings of ${JSON.stringify(r.v, (_k, x: unknown) => (typeof x === "bigint" ? String(x) : x))}`, () => {
    assert.deepEqual([goV(r.v), goSharpV(r.v), goType(r.v), smdToString(r.v)], [r.v_, r.sharp, r.type, r.smd]);
  });
}

const same: [JsonValue, JsonValue, boolean][] = [
  [80, new JsonFloat(80), true],
  [80, 80.5, false],
  [80, "80", false],
  [2n ** 60n, 2 ** 60, true],
  [{ a: 1, b: 2 }, { b: 2, a: new JsonFloat(1) }, true],
  [[1, 2], [2, 1], false],
  [true, "true", false],
];
for (const [a, b, eq] of same) {
  test(`identity: ${String(a)} ${eq ? "==" : "!="} ${String(b)}`, () => assert.equal(canonical(a) === canonical(b), eq));
}
