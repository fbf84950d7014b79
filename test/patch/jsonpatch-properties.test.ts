// fast-check laws of applyJsonPatch: a failed `test` skips the patch and leaves the object as it
// was; add-then-remove of a new key restores the object; inputs are never mutated or shared.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { applyJsonPatch, type JsonPatchOperation } from "../../src/patch/jsonpatch.js";
import { escapeToken } from "../../src/patch/json-pointer.js";
import { JsonFloat, deepClone, isObject, setKey, type JsonObject, type JsonValue } from "../../src/data/index.js";

const keyArb = fc.oneof(
  fc.string({ maxLength: 4 }),
  fc.constantFrom("__proto__", "constructor", "a/b", "~", "~1", "-", "0", "1", ""),
);

const scalarArb = (withNull: boolean): fc.Arbitrary<JsonValue> =>
  fc.oneof(
    ...(withNull ? [fc.constant<JsonValue>(null)] : []),
    fc.boolean(),
    fc.string({ maxLength: 6 }),
    fc.integer({ min: -1000, max: 1000 }),
    fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Number.isInteger(d)),
    fc.integer({ min: -5, max: 5 }).map((n) => new JsonFloat(n)),
    fc.bigInt({ min: 2n ** 53n, max: 2n ** 63n - 1n }),
  );

function objectOf(entries: [string, JsonValue][]): JsonObject {
  const o: JsonObject = {};
  for (const [k, v] of entries) setKey(o, k, v);
  return o;
}

const valueArb = (withNull: boolean): fc.Arbitrary<JsonValue> =>
  fc.letrec<{ value: JsonValue }>((tie) => ({
    value: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      scalarArb(withNull),
      fc.array(tie("value"), { maxLength: 4 }),
      fc.array(fc.tuple(keyArb, tie("value")), { maxLength: 4 }).map(objectOf),
    ),
  })).value;

const jsonArb = valueArb(true);
const docArb: fc.Arbitrary<JsonObject> = fc.array(fc.tuple(keyArb, jsonArb), { maxLength: 6 }).map(objectOf);
const nonEmptyDocArb = docArb.filter((d) => Object.keys(d).length > 0);

/** Every pointer into `v` (escaped), with the node it addresses. */
function pointers(v: JsonValue, prefix = ""): [string, JsonValue][] {
  const out: [string, JsonValue][] = [[prefix, v]];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...pointers(x, `${prefix}/${i}`)));
  else if (isObject(v)) for (const k of Object.keys(v)) out.push(...pointers(v[k], `${prefix}/${escapeToken(k)}`));
  return out;
}

/** A random operation aimed mostly at places that exist in `doc`. */
function opArb(doc: JsonValue): fc.Arbitrary<JsonPatchOperation> {
  const known = pointers(doc).map(([p]) => p);
  const pathArb = fc.oneof(
    fc.constantFrom(...known),
    fc.tuple(fc.constantFrom(...known), fc.constantFrom("/-", "/-1", "/0", "/01", "/x", "/new", "/~1", "")).map(([a, b]) => a + b),
    fc.string({ maxLength: 5 }),
  );
  return fc.record({
    op: fc.constantFrom("add", "remove", "replace", "move", "copy", "test", "bogus"),
    path: pathArb,
    from: fc.option(pathArb, { nil: undefined }),
    value: jsonArb,
    hasValue: fc.boolean(),
  }).map((o) => ({ op: o.op, path: o.path, ...(o.from === undefined ? {} : { from: o.from }), value: o.value, hasValue: o.hasValue }));
}

const docWithOpsArb = docArb.chain((doc) => fc.tuple(fc.constant(doc), fc.array(opArb(doc), { maxLength: 6 })));

/** Writes into every object and array of `v` (to prove the result shares nothing). */
function scribble(v: JsonValue): void {
  if (Array.isArray(v)) {
    v.forEach(scribble);
    v.push("scribbled");
  } else if (isObject(v)) {
    for (const k of Object.keys(v)) scribble(v[k]);
    setKey(v, "scribbled", true);
  }
}

test("property: a failed test skips the whole patch and leaves the object unchanged", () => {
  const arb = docWithOpsArb.chain(([doc, after]) => {
    const existing = Object.keys(doc);
    const missing = fc.string({ maxLength: 4 }).filter((k) => !existing.includes(k));
    const failing: fc.Arbitrary<JsonPatchOperation> = existing.length === 0
      ? missing.map((k) => ({ op: "test", path: `/${escapeToken(k)}`, value: 1, hasValue: true }))
      : fc.oneof(
          missing.map((k): JsonPatchOperation => ({ op: "test", path: `/${escapeToken(k)}`, value: null, hasValue: true })),
          fc.constantFrom(...existing).map((k): JsonPatchOperation => ({ op: "test", path: `/${escapeToken(k)}`, value: { wrap: doc[k] }, hasValue: true })),
        );
    const before = fc.array(fc.tuple(fc.string({ maxLength: 3 }), jsonArb), { maxLength: 3 }).map((adds) =>
      adds.map(([k, v]): JsonPatchOperation => ({ op: "add", path: `/fresh-${escapeToken(k)}`, value: v, hasValue: true })));
    return fc.tuple(fc.constant(doc), before, failing, fc.constant(after));
  });
  fc.assert(fc.property(arb, ([doc, before, failing, after]) => {
    const snapshot = deepClone(doc);
    const got = applyJsonPatch(doc, [...before, failing, ...after]);
    assert.deepEqual(got, { kind: "testFailed", index: before.length });
    assert.deepEqual(doc, snapshot);
  }), { numRuns: 300 });
});

test("property: add then remove of a new object key restores the object", () => {
  const arb = docArb.chain((doc) => {
    const objects = pointers(doc).filter(([, v]) => isObject(v)) as [string, JsonObject][];
    return fc.tuple(fc.constant(doc), fc.constantFrom(...objects), keyArb, jsonArb)
      .filter(([, [, obj], key]) => !Object.prototype.hasOwnProperty.call(obj, key));
  });
  fc.assert(fc.property(arb, ([doc, [where], key, value]) => {
    const path = `${where}/${escapeToken(key)}`;
    const got = applyJsonPatch(doc, [{ op: "add", path, value, hasValue: true }, { op: "remove", path, hasValue: false }]);
    assert.deepEqual(got, { kind: "applied", doc });
  }), { numRuns: 300 });
});

test("property: add then remove at an array index restores the array", () => {
  const arb = fc.tuple(fc.array(jsonArb, { maxLength: 5 }), fc.nat(), jsonArb, fc.boolean())
    .map(([list, n, value, negative]) => {
      const idx = n % (list.length + 1);
      // A negative add index i means len+1+i; the element then sits at len-(len+1+i)… resolved here.
      const addAt = negative ? String(idx - (list.length + 1)) : String(idx);
      return { doc: { list } as JsonValue, addAt, removeAt: String(idx), value };
    });
  fc.assert(fc.property(arb, ({ doc, addAt, removeAt, value }) => {
    const got = applyJsonPatch(doc, [
      { op: "add", path: `/list/${addAt}`, value, hasValue: true },
      { op: "remove", path: `/list/${removeAt}`, hasValue: false },
    ]);
    assert.deepEqual(got, { kind: "applied", doc });
  }), { numRuns: 300 });
});

test("property: replace then test of the same (null-free) value passes", () => {
  const arb = nonEmptyDocArb.chain((doc) => fc.tuple(fc.constant(doc), fc.constantFrom(...pointers(doc).map(([p]) => p).filter((p) => p !== "")), valueArb(false)));
  fc.assert(fc.property(arb, ([doc, path, value]) => {
    const got = applyJsonPatch(doc, [{ op: "replace", path, value, hasValue: true }, { op: "test", path, value, hasValue: true }]);
    assert.equal(got.kind, "applied");
  }), { numRuns: 300 });
});

test("property: the input document and operations are never mutated, the result shares nothing", () => {
  fc.assert(fc.property(docWithOpsArb, ([doc, ops]) => {
    const docBefore = deepClone(doc);
    const opsBefore = ops.map((o) => ({ ...o, value: o.value === undefined ? undefined : deepClone(o.value) }));
    const got = applyJsonPatch(doc, ops);
    assert.deepEqual(doc, docBefore);
    assert.deepEqual(ops, opsBefore);
    if (got.kind === "applied") {
      scribble(got.doc);
      assert.deepEqual(doc, docBefore);
      assert.deepEqual(ops, opsBefore);
    }
  }), { numRuns: 500 });
});
