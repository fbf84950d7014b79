// Unit tables for the Go-compatible helpers behind the applier: pointer splitting and unescaping,
// strconv.Atoi, encoding/json text, strconv.Quote and the Quote → json.Unmarshal round trip.
import { test } from "node:test";
import assert from "node:assert/strict";
import { escapeToken, goAtoi, splitPointer, unescapeToken } from "../../src/patch/json-pointer.js";
import { goJsonText, goQuote, quotedStringDecodeError } from "../../src/patch/jsonpatch-gojson.js";
import { JsonFloat, type JsonValue } from "../../src/data/index.js";

const splitRows: [string, ReturnType<typeof splitPointer>][] = [
  ["", undefined],
  ["a", undefined],
  ["/", { parents: [], key: "" }],
  ["/a", { parents: [], key: "a" }],
  ["/a/b/c", { parents: ["a", "b"], key: "c" }],
  ["x/a", { parents: [], key: "a" }],
  ["/a//b", { parents: ["a", ""], key: "b" }],
  ["/a~1b/c~0d", { parents: ["a/b"], key: "c~d" }],
];
for (const [path, expected] of splitRows) {
  test(`splitPointer(${JSON.stringify(path)})`, () => assert.deepEqual(splitPointer(path), expected));
}

const unescapeRows: [string, string][] = [
  ["~0~1", "~/"], ["~01", "~1"], ["~10", "/0"], ["~", "~"], ["~2", "~2"], ["a~0~0b", "a~~b"], ["~~1", "~/"],
];
for (const [token, expected] of unescapeRows) {
  test(`unescapeToken(${JSON.stringify(token)}) = ${JSON.stringify(expected)}`, () => {
    assert.equal(unescapeToken(token), expected);
    assert.equal(unescapeToken(escapeToken(expected)), expected);
  });
}

const atoiRows: [string, bigint | string][] = [
  ["0", 0n], ["7", 7n], ["007", 7n], ["+1", 1n], ["-1", -1n], ["-0", 0n],
  ["9223372036854775807", 9223372036854775807n], ["-9223372036854775808", -9223372036854775808n],
  ["9223372036854775808", 'strconv.Atoi: parsing "9223372036854775808": value out of range'],
  ["-9223372036854775809", 'strconv.Atoi: parsing "-9223372036854775809": value out of range'],
  ["18446744073709551616x", 'strconv.Atoi: parsing "18446744073709551616x": value out of range'],
  ["", 'strconv.Atoi: parsing "": invalid syntax'],
  ["-", 'strconv.Atoi: parsing "-": invalid syntax'],
  ["+", 'strconv.Atoi: parsing "+": invalid syntax'],
  [" 1", 'strconv.Atoi: parsing " 1": invalid syntax'],
  ["1_000", 'strconv.Atoi: parsing "1_000": invalid syntax'],
  ["0x10", 'strconv.Atoi: parsing "0x10": invalid syntax'],
  ["--1", 'strconv.Atoi: parsing "--1": invalid syntax'],
  ["١", 'strconv.Atoi: parsing "١": invalid syntax'],
  ['a"b', 'strconv.Atoi: parsing "a\\"b": invalid syntax'],
];
for (const [s, expected] of atoiRows) {
  test(`goAtoi(${JSON.stringify(s)})`, () => {
    assert.deepEqual(goAtoi(s), typeof expected === "bigint" ? { ok: true, value: expected } : { ok: false, error: expected });
  });
}

const textRows: [string, JsonValue, string][] = [
  ["null", null, "null"],
  ["true", true, "true"],
  ["int", 42, "42"],
  ["negative int", -7, "-7"],
  ["bigint", -9223372036854775808n, "-9223372036854775808"],
  ["double", 0.1, "0.1"],
  ["integral double", new JsonFloat(3), "3"],
  ["negative zero double", new JsonFloat(-0), "-0"],
  ["double just below 1e21", new JsonFloat(1e20), "100000000000000000000"],
  ["double at 1e21", new JsonFloat(1e21), "1e+21"],
  ["double at 1e-6", 0.000001, "0.000001"],
  ["double below 1e-6", 1e-7, "1e-7"],
  ["2^60 as a double (shortest digits)", new JsonFloat(2 ** 60), "1152921504606847000"],
  ["NaN (protojson form)", Number.NaN, '"NaN"'],
  ["HTML-safe string", "<a href='x'>&</a>", '"\\u003ca href=\'x\'\\u003e\\u0026\\u003c/a\\u003e"'],
  ["control characters", "\u0000\t\u001f\u007f", '"\\u0000\\t\\u001f\u007f"'],
  ["line separators", "\u2028\u2029", '"\\u2028\\u2029"'],
  ["non-ASCII stays literal", "é😀", '"é😀"'],
  ["nested", { a: [1, { b: null }], "k\"": "v" }, '{"a":[1,{"b":null}],"k\\"":"v"}'],
];
for (const [name, v, expected] of textRows) {
  test(`goJsonText: ${name}`, () => assert.equal(goJsonText(v), expected));
}

const quoteRows: [string, string, string | undefined][] = [
  ["plain", '"plain"', undefined],
  ["a\"b\\c", '"a\\"b\\\\c"', undefined],
  ["\n\t\b\f\r", '"\\n\\t\\b\\f\\r"', undefined],
  ["\u0007", '"\\a"', "invalid character 'a' in string escape code"],
  ["\u000b", '"\\v"', "invalid character 'v' in string escape code"],
  ["\u0001", '"\\x01"', "invalid character 'x' in string escape code"],
  ["\u007f", '"\\x7f"', "invalid character 'x' in string escape code"],
  ["\u00a0", '"\\u00a0"', undefined],
  ["\u00ad", '"\\u00ad"', undefined],
  ["\u{e0001}", '"\\U000e0001"', "invalid character 'U' in string escape code"],
  ["é😀", '"é😀"', undefined],
  ["\\a", '"\\\\a"', undefined],
];
for (const [s, quoted, decodeError] of quoteRows) {
  test(`goQuote(${JSON.stringify(s)}) and its JSON round trip`, () => {
    assert.equal(goQuote(s), quoted);
    assert.equal(quotedStringDecodeError(s), decodeError);
  });
}
