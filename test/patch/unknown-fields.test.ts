// strictDecodingError after a JSON patch: exact messages, equality with the definition (unknown
// fields of `after` minus those of `before`, as path strings), and no reads of shared sub-trees.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { applyJsonPatch, type JsonPatchOperation } from "../../src/patch/jsonpatch.js";
import { strictDecodingError, unknownFields } from "../../src/patch/unknown-fields.js";
import { escapeToken } from "../../src/patch/json-pointer.js";
import { createSchemaRegistry, type TypeRef } from "../../src/schema/index.js";
import { deepClone, isObject, setKey, type JsonObject, type JsonValue } from "../../src/data/index.js";

const deploymentType: TypeRef = (() => {
  const t = createSchemaRegistry().registry.resolveKind("apps/v1", "Deployment")?.schema;
  assert.ok(t, "built-in Deployment schema");
  return t;
})();

/** The definition the fast path must keep: after's unknown paths not among before's, in order. */
function reference(type: TypeRef, before: JsonValue, after: JsonValue): string | undefined {
  const known = new Set(unknownFields(type, before));
  const added = unknownFields(type, after).filter((p) => !known.has(p));
  return added.length === 0 ? undefined : `strict decoding error: ${added.map((p) => `unknown field ${JSON.stringify(p)}`).join(", ")}`;
}

const op = (o: string, path: string, value?: JsonValue): JsonPatchOperation =>
  value === undefined ? { op: o, path, hasValue: false } : { op: o, path, value, hasValue: true };
const move = (from: string, path: string): JsonPatchOperation => ({ op: "move", from, path, hasValue: false });

function deployment(extra: { container0?: JsonObject; container1?: JsonObject; spec?: JsonObject; metadata?: JsonObject } = {}): JsonObject {
  return {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: { name: "web", labels: { app: "web" }, ...extra.metadata },
    spec: {
      replicas: 1,
      template: { spec: { containers: [{ name: "c0", image: "i0", ...extra.container0 }, { name: "c1", image: "i1", ...extra.container1 }] } },
      ...extra.spec,
    },
  };
}

interface Row {
  name: string;
  before: JsonObject;
  ops: JsonPatchOperation[];
  expected: string | undefined;
}

const containers = "spec.template.spec.containers";
const rows: Row[] = [
  { name: "a patch beside a shared sub-tree with an old unknown field reports nothing",
    before: deployment({ container0: { bogus: 1 } }), ops: [op("add", "/metadata/annotations", { a: "b" })], expected: undefined },
  { name: "a patch under the sub-tree holding an old unknown field reports nothing",
    before: deployment({ container0: { bogus: 1 } }), ops: [op("replace", "/spec/template/spec/containers/0/image", "i9")], expected: undefined },
  { name: "a new unknown field next to an old one is the only one reported",
    before: deployment({ container0: { x1: 1 } }), ops: [op("add", "/spec/template/spec/containers/0/x2", 2)],
    expected: `strict decoding error: unknown field "${containers}[0].x2"` },
  { name: "a replaced unknown field is still known",
    before: deployment({ container0: { x1: 1 } }), ops: [op("replace", "/spec/template/spec/containers/0/x1", { deep: true })], expected: undefined },
  { name: "inserting at the front shifts an old unknown field to a new path, which is reported",
    before: deployment({ container0: { x: 1 } }), ops: [op("add", "/spec/template/spec/containers/0", { name: "n", y: 1 })],
    expected: `strict decoding error: unknown field "${containers}[0].y", unknown field "${containers}[1].x"` },
  { name: "removing the front element shifts an unknown field onto a path that had one: nothing reported",
    before: deployment({ container0: { x: 1 }, container1: { x: 2 } }), ops: [op("remove", "/spec/template/spec/containers/0")], expected: undefined },
  { name: "removing the front element shifts an unknown field onto a path that had none",
    before: deployment({ container1: { x: 2 } }), ops: [op("remove", "/spec/template/spec/containers/0")],
    expected: `strict decoding error: unknown field "${containers}[0].x"` },
  { name: "moving an unknown field reports it at its new path",
    before: deployment({ metadata: { bogus: 1 } }), ops: [move("/metadata/bogus", "/spec/bogus")], expected: 'strict decoding error: unknown field "spec.bogus"' },
  { name: "fields under an unknown field are not walked",
    before: deployment(), ops: [op("add", "/spec/extra", { a: { b: 1 } })], expected: 'strict decoding error: unknown field "spec.extra"' },
  { name: "a new path equal to an old dotted key's path is known (path strings are compared)",
    before: deployment({ spec: { "template.spec.zzz": 1 } }), ops: [op("add", "/spec/template/spec/zzz", 1)], expected: undefined },
  { name: "twin: without the dotted key the same field is reported",
    before: deployment(), ops: [op("add", "/spec/template/spec/zzz", 1)], expected: 'strict decoding error: unknown field "spec.template.spec.zzz"' },
  { name: "several new fields come in document order",
    before: deployment(), ops: [op("add", "/spec/template/spec/containers/1/b", 1), op("add", "/metadata/a", 1), op("add", "/spec/template/spec/containers/0/c", 1)],
    expected: `strict decoding error: unknown field "metadata.a", unknown field "${containers}[0].c", unknown field "${containers}[1].b"` },
];

for (const row of rows) {
  test(`strictDecodingError: ${row.name}`, () => {
    const got = applyJsonPatch(row.before, row.ops, { shareInput: true });
    assert.equal(got.kind, "applied");
    if (got.kind !== "applied") return;
    assert.equal(strictDecodingError(deploymentType, row.before, got.doc), row.expected);
    assert.equal(reference(deploymentType, row.before, got.doc), row.expected);
    assert.equal(strictDecodingError(deploymentType, row.before, deepClone(got.doc)), row.expected, "same without sharing");
    if (got.rewrites) assert.equal(strictDecodingError(deploymentType, row.before, got.doc, got.rewrites), row.expected, "same from the rewrites");
  });
}

/** An object any read of which throws (its owner must only be compared by identity). */
function untouchable(): JsonObject {
  const boom = (): never => {
    throw new Error("a shared sub-tree was read");
  };
  return new Proxy({}, { get: boom, has: boom, ownKeys: boom, getOwnPropertyDescriptor: boom, getPrototypeOf: boom }) as JsonObject;
}

test("strictDecodingError never reads a sub-tree after shares with before", () => {
  const before: JsonObject = { apiVersion: "apps/v1", kind: "Deployment", metadata: { name: "web" }, spec: untouchable() };
  const got = applyJsonPatch(before, [op("add", "/metadata/labels", { a: "b" })], { shareInput: true });
  assert.equal(got.kind, "applied");
  if (got.kind !== "applied") return;
  assert.equal(strictDecodingError(deploymentType, before, got.doc), undefined);
  assert.equal(strictDecodingError(deploymentType, before, before), undefined);
});

const keyArb = fc.constantFrom("x", "name", "image", "spec", "template", "a.b", "spec.x", "containers", "labels", "replicas");
const valueArb: fc.Arbitrary<JsonValue> = fc.letrec<{ v: JsonValue }>((tie) => ({
  v: fc.oneof({ depthSize: "small" }, fc.constantFrom<JsonValue>(1, "s", null),
    fc.array(tie("v"), { maxLength: 2 }),
    fc.array(fc.tuple(keyArb, tie("v")), { maxLength: 3 }).map((es) => {
      const o: JsonObject = {};
      for (const [k, v] of es) setKey(o, k, v);
      return o;
    })),
})).v;

function pointers(v: JsonValue, prefix = ""): string[] {
  const out = [prefix];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...pointers(x, `${prefix}/${i}`)));
  else if (isObject(v)) for (const k of Object.keys(v)) out.push(...pointers(v[k], `${prefix}/${escapeToken(k)}`));
  return out;
}

test("property: strictDecodingError equals the before/after set difference of unknownFields", () => {
  const docArb = fc.record({ c0: fc.dictionary(keyArb, valueArb, { maxKeys: 2 }), c1: fc.dictionary(keyArb, valueArb, { maxKeys: 2 }), s: fc.dictionary(keyArb, valueArb, { maxKeys: 2 }) })
    .map(({ c0, c1, s }) => deployment({ container0: c0, container1: c1, spec: s }));
  const arb = docArb.chain((doc) => {
    const known = pointers(doc).filter((p) => p !== "");
    const path = fc.oneof(fc.constantFrom(...known), fc.tuple(fc.constantFrom(...known), keyArb).map(([p, k]) => `${p}/${escapeToken(k)}`));
    const one = fc.record({ op: fc.constantFrom("add", "remove", "replace", "move", "copy", "add", "replace"), path, from: path, value: valueArb })
      .map((o): JsonPatchOperation => ({ op: o.op, path: o.path, from: o.from, value: o.value, hasValue: o.op !== "remove" }));
    return fc.tuple(fc.constant(doc), fc.array(one, { minLength: 1, maxLength: 4 }));
  });
  let checked = 0;
  let fromRewrites = 0;
  fc.assert(fc.property(arb, ([before, ops]) => {
    const got = applyJsonPatch(before, ops, { shareInput: true });
    if (got.kind !== "applied") return;
    checked++;
    const expected = reference(deploymentType, before, got.doc);
    assert.equal(strictDecodingError(deploymentType, before, got.doc), expected);
    if (got.rewrites === undefined) return;
    fromRewrites++;
    assert.equal(strictDecodingError(deploymentType, before, got.doc, got.rewrites), expected, "from the rewrites");
  }), { numRuns: 1000 });
  assert.ok(checked > 100, `only ${checked} patches applied`);
  assert.ok(fromRewrites > 50, `only ${fromRewrites} patches had rewrites`);
});
