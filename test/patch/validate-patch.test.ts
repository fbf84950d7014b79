// validatePatch (one walk: schema validation of a patch, then its atomic nodes) against its two
// separate steps, validateValue then findAtomics, on random patches (fast-check), with and
// without the no-schema rule that descends undeclared keys too, and CEL or JSON nulls.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import type { JsonObject, JsonValue } from "../../src/data/index.js";
import { builtinSchema, DEDUCED_TYPE } from "../../src/schema/index.js";
import { validatePatch, validateValue, type NullReading } from "../../src/patch/apply-validate.js";
import { findAtomics } from "../../src/patch/apply-atomics.js";
import { smdSchema, UNTYPED_TYPES } from "../schema/fixtures.js";

const schema = smdSchema(`types:
- name: root
  map:
    fields:
    - name: items
      type:
        list:
          elementType: {namedType: item}
          elementRelationship: associative
          keys: [name]
    - name: args
      type:
        list:
          elementType: {scalar: string}
          elementRelationship: atomic
    - name: sel
      type: {namedType: selector}
    - name: labels
      type:
        map:
          elementType: {scalar: string}
    - name: extra
      type:
        map:
          elementType: {namedType: selector}
    - name: free
      type: {namedType: __untyped_deduced_}
- name: item
  map:
    fields:
    - name: name
      type: {scalar: string}
    - name: ports
      type:
        list:
          elementType: {scalar: numeric}
          elementRelationship: atomic
    - name: sel
      type: {namedType: selector}
- name: selector
  map:
    fields:
    - name: a
      type: {scalar: string}
    - name: m
      type:
        map:
          elementType: {scalar: string}
          elementRelationship: atomic
    elementRelationship: atomic
${UNTYPED_TYPES}`);

const key = fc.constantFrom("items", "args", "sel", "labels", "extra", "free", "name", "ports", "a", "m", "x");
// Mostly valid selectors and items too, so that valid patches with atomic nodes are common.
const selector = fc.record({ a: fc.constantFrom("s", "t"), m: fc.dictionary(fc.constantFrom("p", "q"), fc.constant("v"), { maxKeys: 2, noNullPrototype: true }) }, { requiredKeys: [], noNullPrototype: true });
const item = fc.record({ name: fc.constantFrom("n", "o"), ports: fc.array(fc.constant(1), { maxLength: 2 }), sel: selector }, { requiredKeys: ["name"], noNullPrototype: true });
const value: fc.Arbitrary<JsonValue> = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom<JsonValue>("s", "t", 1, 2.5, true, null),
    selector,
    fc.array(item, { maxLength: 2 }),
    fc.dictionary(fc.constantFrom("k", "l"), selector, { maxKeys: 2, noNullPrototype: true }),
    fc.array(tie("v"), { maxLength: 3 }),
    fc.dictionary(key, tie("v"), { maxKeys: 4, noNullPrototype: true }),
  ),
})).v as fc.Arbitrary<JsonValue>;
const patch = fc.dictionary(key, value, { maxKeys: 5, noNullPrototype: true }) as fc.Arbitrary<JsonObject>;
const specs = [{ named: "root" }, { named: "selector" }];

test("validatePatch gives validateValue's errors, else findAtomics' paths (property)", () => {
  fc.assert(
    fc.property(patch, fc.constantFrom(...specs), fc.boolean(), fc.constantFrom<NullReading>("json", "cel"), (p, spec, everyKey, nulls) => {
      const errs = validateValue(schema, spec, p, false, undefined, nulls);
      const expected = errs.length > 0 ? { errs } : { atomics: findAtomics(schema, spec, p, { everyKey }) };
      assert.deepEqual(validatePatch(schema, spec, p, everyKey, nulls), expected);
    }),
    { numRuns: 2000 },
  );
});

test("validatePatch under the deduced type finds every list when undeclared keys count (property)", () => {
  const spec = { named: DEDUCED_TYPE };
  fc.assert(
    fc.property(patch, (p) => {
      const errs = validateValue(builtinSchema(), spec, p, false);
      const expected = errs.length > 0 ? { errs } : { atomics: findAtomics(builtinSchema(), spec, p, { everyKey: true }) };
      assert.deepEqual(validatePatch(builtinSchema(), spec, p, true), expected);
    }),
    { numRuns: 500 },
  );
});

test("validatePatch reports atomic nodes by path, in walk order", () => {
  const p = { args: ["a"], items: [{ name: "n", ports: [1], sel: { a: "x" } }], extra: { k: { a: "y" } }, labels: { l: "v" } };
  assert.deepEqual(validatePatch(schema, { named: "root" }, p, false), { atomics: [".args", ".items[0].ports", ".items[0].sel"] });
  assert.deepEqual(validatePatch(schema, { named: "root" }, p, true), { atomics: [".args", ".items[0].ports", ".items[0].sel", ".extra.k"] });
});
