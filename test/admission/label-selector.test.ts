// Label selectors: every operator, empty vs nil, apimachinery error texts at compile time and
// the create-time validation messages.
import { test } from "node:test";
import assert from "node:assert/strict";
import { compileLabelSelector, labelsOf } from "../../src/admission/match/label-selector.js";
import type { LabelSelectorSpec } from "../../src/admission/policy/policy-model.js";
import { validateLabelSelector } from "../../src/admission/policy/validate-label-selector.js";
import { fieldErrorText } from "../../src/admission/policy/field-error.js";

const keyMsg =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const valueMsg =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

const matchCases: { name: string; selector: LabelSelectorSpec | undefined; labels: Record<string, string>; expected: boolean }[] = [
  { name: "empty selector matches an object without labels", selector: {}, labels: {}, expected: true },
  { name: "absent (nil) selector matches nothing", selector: undefined, labels: { a: "1" }, expected: false },
  { name: "matchLabels matches equal value", selector: { matchLabels: { app: "web" } }, labels: { app: "web", x: "y" }, expected: true },
  { name: "matchLabels does not match other value", selector: { matchLabels: { app: "web" } }, labels: { app: "db" }, expected: false },
  { name: "matchLabels does not match missing key", selector: { matchLabels: { app: "web" } }, labels: {}, expected: false },
  { name: "In matches one of the values", selector: { matchExpressions: [{ key: "env", operator: "In", values: ["dev", "prod"] }] }, labels: { env: "prod" }, expected: true },
  { name: "In does not match other value", selector: { matchExpressions: [{ key: "env", operator: "In", values: ["dev", "prod"] }] }, labels: { env: "qa" }, expected: false },
  { name: "In does not match missing key", selector: { matchExpressions: [{ key: "env", operator: "In", values: ["dev"] }] }, labels: {}, expected: false },
  { name: "NotIn matches missing key", selector: { matchExpressions: [{ key: "env", operator: "NotIn", values: ["dev"] }] }, labels: {}, expected: true },
  { name: "NotIn matches other value", selector: { matchExpressions: [{ key: "env", operator: "NotIn", values: ["dev"] }] }, labels: { env: "prod" }, expected: true },
  { name: "NotIn does not match listed value", selector: { matchExpressions: [{ key: "env", operator: "NotIn", values: ["dev"] }] }, labels: { env: "dev" }, expected: false },
  { name: "Exists matches present key with empty value", selector: { matchExpressions: [{ key: "team", operator: "Exists" }] }, labels: { team: "" }, expected: true },
  { name: "Exists does not match missing key", selector: { matchExpressions: [{ key: "team", operator: "Exists" }] }, labels: {}, expected: false },
  { name: "DoesNotExist matches missing key", selector: { matchExpressions: [{ key: "legacy", operator: "DoesNotExist" }] }, labels: { team: "a" }, expected: true },
  { name: "DoesNotExist does not match present key", selector: { matchExpressions: [{ key: "legacy", operator: "DoesNotExist" }] }, labels: { legacy: "x" }, expected: false },
  {
    name: "all requirements must hold (labels and expressions ANDed)",
    selector: { matchLabels: { app: "web" }, matchExpressions: [{ key: "team", operator: "Exists" }, { key: "legacy", operator: "DoesNotExist" }] },
    labels: { app: "web", team: "a" },
    expected: true,
  },
  {
    name: "one failing requirement fails the selector",
    selector: { matchLabels: { app: "web" }, matchExpressions: [{ key: "team", operator: "Exists" }, { key: "legacy", operator: "DoesNotExist" }] },
    labels: { app: "web", team: "a", legacy: "1" },
    expected: false,
  },
  { name: "prefixed keys are valid and compared exactly", selector: { matchLabels: { "example.com/tier": "gold" } }, labels: { "example.com/tier": "gold" }, expected: true },
  { name: "__proto__ as label key is an ordinary key", selector: { matchExpressions: [{ key: "proto", operator: "DoesNotExist" }] }, labels: JSON.parse('{"__proto__":"x"}') as Record<string, string>, expected: true },
];

for (const c of matchCases) {
  test(`selector: ${c.name}`, () => {
    const compiled = compileLabelSelector(c.selector);
    assert.ok("selector" in compiled, JSON.stringify(compiled));
    assert.equal(compiled.selector.matches(c.labels), c.expected);
  });
}

test("selector: {} is empty and nil is not (empty selectors skip lookups)", () => {
  const e = compileLabelSelector({});
  const n = compileLabelSelector(undefined);
  assert.ok("selector" in e && "selector" in n);
  assert.equal(e.selector.empty, true);
  assert.equal(n.selector.empty, false);
  const m = compileLabelSelector({ matchLabels: {}, matchExpressions: [] });
  assert.ok("selector" in m && m.selector.empty);
});

const errorCases: { name: string; selector: LabelSelectorSpec; expected: string }[] = [
  { name: "invalid label key", selector: { matchLabels: { "a b": "x" } }, expected: `key: Invalid value: "a b": ${keyMsg}` },
  { name: "invalid label value", selector: { matchLabels: { app: "bad value" } }, expected: `values[0][app]: Invalid value: "bad value": ${valueMsg}` },
  { name: "In without values", selector: { matchExpressions: [{ key: "env", operator: "In" }] }, expected: "values: Invalid value: null: for 'in', 'notin' operators, values set can't be empty" },
  { name: "NotIn with empty values list", selector: { matchExpressions: [{ key: "env", operator: "NotIn", values: [] }] }, expected: "values: Invalid value: null: for 'in', 'notin' operators, values set can't be empty" },
  { name: "Exists with values", selector: { matchExpressions: [{ key: "env", operator: "Exists", values: ["x"] }] }, expected: 'values: Invalid value: ["x"]: values set must be empty for exists and does not exist' },
  { name: "unknown operator", selector: { matchExpressions: [{ key: "env", operator: "Gt", values: ["1"] }] }, expected: '"Gt" is not a valid label selector operator' },
  {
    name: "several problems in one requirement are aggregated",
    selector: { matchExpressions: [{ key: "a b", operator: "In" }] },
    expected: `[key: Invalid value: "a b": ${keyMsg}, values: Invalid value: null: for 'in', 'notin' operators, values set can't be empty]`,
  },
  {
    name: "key with two slashes",
    selector: { matchLabels: { "a/b/c": "x" } },
    expected: `key: Invalid value: "a/b/c": a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
  },
  {
    name: "key longer than 63 bytes",
    selector: { matchLabels: { ["k".repeat(64)]: "x" } },
    expected: `key: Invalid value: "${"k".repeat(64)}": name part must be no more than 63 bytes`,
  },
];

for (const c of errorCases) {
  test(`selector error: ${c.name}`, () => {
    assert.deepEqual(compileLabelSelector(c.selector), { error: c.expected });
  });
}

test("selector error: a valid selector compiles (twin of the error cases)", () => {
  assert.ok("selector" in compileLabelSelector({ matchLabels: { app: "web" }, matchExpressions: [{ key: "env", operator: "In", values: ["a"] }] }));
});

const validationCases: { name: string; selector: LabelSelectorSpec; expected: string[] }[] = [
  { name: "valid selector has no errors", selector: { matchLabels: { a: "b" }, matchExpressions: [{ key: "x", operator: "NotIn", values: ["y"] }] }, expected: [] },
  { name: "In needs values", selector: { matchExpressions: [{ key: "x", operator: "In" }] }, expected: ["p.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'"] },
  { name: "DoesNotExist forbids values", selector: { matchExpressions: [{ key: "x", operator: "DoesNotExist", values: ["y"] }] }, expected: ["p.matchExpressions[0].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'"] },
  { name: "unknown operator", selector: { matchExpressions: [{ key: "x", operator: "Equals", values: ["y"] }] }, expected: ['p.matchExpressions[0].operator: Invalid value: "Equals": not a valid selector operator'] },
  { name: "bad matchLabels key reported at matchLabels", selector: { matchLabels: { "a b": "c" } }, expected: [`p.matchLabels: Invalid value: "a b": ${keyMsg}`] },
  { name: "bad matchLabels value reported at matchLabels", selector: { matchLabels: { a: "-c" } }, expected: [`p.matchLabels: Invalid value: "-c": ${valueMsg}`] },
  {
    name: "bad key prefix",
    selector: { matchExpressions: [{ key: "Example.com/x", operator: "Exists" }] },
    expected: [
      "p.matchExpressions[0].key: Invalid value: \"Example.com/x\": prefix part a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
    ],
  },
  { name: "bad expression value", selector: { matchExpressions: [{ key: "x", operator: "In", values: ["ok", "not ok"] }] }, expected: [`p.matchExpressions[0].values[1]: Invalid value: "not ok": ${valueMsg}`] },
  { name: "empty prefix", selector: { matchExpressions: [{ key: "/x", operator: "Exists" }] }, expected: ['p.matchExpressions[0].key: Invalid value: "/x": prefix part must be non-empty'] },
];

for (const c of validationCases) {
  test(`selector validation: ${c.name}`, () => {
    assert.deepEqual(validateLabelSelector(c.selector, "p").map(fieldErrorText), c.expected);
  });
}

test("labelsOf: reads metadata.labels, empty when absent or when a value is not a string", () => {
  assert.deepEqual(labelsOf({ metadata: { labels: { a: "1" } } }), { a: "1" });
  assert.deepEqual(labelsOf({ metadata: {} }), {});
  assert.deepEqual(labelsOf(null), {});
  assert.deepEqual(labelsOf({ metadata: { labels: { a: "1", b: 2 } } }), {});
});
