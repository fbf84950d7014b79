// Field error texts (apimachinery field.Error / aggregate formatting) and name-format checks.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  aggregateText, duplicate, fieldErrorText, forbidden, goQuote, internalError, invalid, notSupported, required, tooMany, type FieldError,
} from "../../src/admission/policy/field-error.js";
import { isDNS1035Label, isDNS1123Subdomain, isLabelKey, isLabelValue, isPathSegmentName } from "../../src/admission/policy/validate-names.js";

const textCases: { name: string; error: FieldError; expected: string }[] = [
  { name: "Required without detail", error: required("spec.x"), expected: "spec.x: Required value" },
  { name: "Required with detail", error: required("spec.x", "why"), expected: "spec.x: Required value: why" },
  { name: "Invalid string value is Go-quoted", error: invalid("spec.x", 'a"b', "bad"), expected: 'spec.x: Invalid value: "a\\"b": bad' },
  { name: "Invalid list value is JSON", error: invalid("spec.x", ["a", "b"], "bad"), expected: 'spec.x: Invalid value: ["a","b"]: bad' },
  { name: "Invalid null value", error: invalid("spec.x", null, "bad"), expected: "spec.x: Invalid value: null: bad" },
  { name: "Invalid JSON escapes HTML characters like Go", error: invalid("spec.x", ["<a&b>"], "bad"), expected: 'spec.x: Invalid value: ["\\u003ca\\u0026b\\u003e"]: bad' },
  { name: "NotSupported lists quoted values in the given order", error: notSupported("spec.x", "Q", ["Deny", "Allow"]), expected: 'spec.x: Unsupported value: "Q": supported values: "Deny", "Allow"' },
  { name: "NotSupported without values has no detail", error: notSupported("spec.x", "Q", []), expected: 'spec.x: Unsupported value: "Q"' },
  { name: "Forbidden prints no value", error: forbidden("spec.x", "no"), expected: "spec.x: Forbidden: no" },
  { name: "Duplicate prints the value only", error: duplicate("spec.x[1]", "a"), expected: 'spec.x[1]: Duplicate value: "a"' },
  { name: "TooMany prints the count and the limit", error: tooMany("spec.x", 65, 64), expected: "spec.x: Too many: 65: must have at most 64 items" },
  { name: "Internal error prints no value", error: internalError("spec.x", "program instantiation failed: bad"), expected: "spec.x: Internal error: program instantiation failed: bad" },
  { name: "TooMany with a limit of one says item", error: tooMany("spec.x", 2, 1), expected: "spec.x: Too many: 2: must have at most 1 item" },
];

for (const c of textCases) {
  test(`field error text: ${c.name}`, () => {
    assert.equal(fieldErrorText(c.error), c.expected);
  });
}

test("aggregateText: one message as is, several in brackets, duplicates dropped", () => {
  assert.equal(aggregateText(["a"]), "a");
  assert.equal(aggregateText(["a", "b"]), "[a, b]");
  assert.equal(aggregateText(["a", "a"]), "a");
  assert.equal(aggregateText(["a", "b", "a"]), "[a, b]");
});

test("goQuote: escapes quotes, backslashes, control characters; keeps non-ASCII", () => {
  assert.equal(goQuote('a"\\\n\t\r\x01\x7f'), '"a\\"\\\\\\n\\t\\r\\x01\\x7f"');
  assert.equal(goQuote("é✓"), '"é✓"');
});

const nameCases: { name: string; check: (s: string) => string[]; value: string; valid: boolean }[] = [
  { name: "label key simple", check: isLabelKey, value: "app", valid: true },
  { name: "label key prefixed", check: isLabelKey, value: "example.com/app", valid: true },
  { name: "label key empty", check: isLabelKey, value: "", valid: false },
  { name: "label key starting with dash", check: isLabelKey, value: "-app", valid: false },
  { name: "label key 63 bytes", check: isLabelKey, value: "a".repeat(63), valid: true },
  { name: "label key 64 bytes", check: isLabelKey, value: "a".repeat(64), valid: false },
  { name: "label value empty", check: isLabelValue, value: "", valid: true },
  { name: "label value with slash", check: isLabelValue, value: "a/b", valid: false },
  { name: "subdomain", check: isDNS1123Subdomain, value: "a.b-c", valid: true },
  { name: "subdomain upper case", check: isDNS1123Subdomain, value: "A.b", valid: false },
  { name: "subdomain 254 bytes", check: isDNS1123Subdomain, value: "a".repeat(254), valid: false },
  { name: "DNS-1035 label", check: isDNS1035Label, value: "v1beta1", valid: true },
  { name: "DNS-1035 label starting with a digit", check: isDNS1035Label, value: "1v", valid: false },
  { name: "path segment", check: isPathSegmentName, value: "a.b", valid: true },
  { name: "path segment '.'", check: isPathSegmentName, value: ".", valid: false },
  { name: "path segment with %", check: isPathSegmentName, value: "a%b", valid: false },
];

for (const c of nameCases) {
  test(`name format: ${c.name} is ${c.valid ? "valid" : "invalid"}`, () => {
    assert.equal(c.check(c.value).length === 0, c.valid, JSON.stringify(c.check(c.value)));
  });
}

test("name format: messages name every problem (length and pattern)", () => {
  assert.deepEqual(isLabelValue("-" + "a".repeat(63)), [
    "must be no more than 63 bytes",
    "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
  ]);
  assert.deepEqual(isPathSegmentName("a/%"), ["may not contain '/'", "may not contain '%'"]);
  assert.deepEqual(isLabelKey(""), [
    "name part must be non-empty",
    "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
  ]);
});
