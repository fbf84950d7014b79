// Copy-on-write JSON patch: which sub-trees the result shares with deep-frozen inputs (shareInput),
// that writes below shared or copied nodes never leak into other places, and that both modes agree.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { applyJsonPatch, type JsonPatchOperation, type JsonPatchOutcome } from "../../src/patch/jsonpatch.js";
import { escapeToken, splitPointer } from "../../src/patch/json-pointer.js";
import { JsonFloat, changedPaths, deepClone, isObject, rewrittenPaths, setKey, type FieldPath, type JsonObject, type JsonValue } from "../../src/data/index.js";

const op = (o: string, path: string, ...rest: [JsonValue?]): JsonPatchOperation =>
  rest.length === 0 ? { op: o, path, hasValue: false } : { op: o, path, value: rest[0], hasValue: true };
const from = (o: "move" | "copy", f: string, path: string): JsonPatchOperation => ({ op: o, from: f, path, hasValue: false });

/** Freezes every object and array of `v` (a write into it then throws: modules are strict). */
function deepFreeze<T>(v: T): T {
  if (typeof v === "object" && v !== null && !(v instanceof JsonFloat)) {
    for (const k of Object.keys(v)) deepFreeze((v as Record<string, unknown>)[k]);
    Object.freeze(v);
  }
  return v;
}

/** An order-sensitive, type-tagged text of a value (deepEqual ignores key order and int/double). */
function canon(v: JsonValue): string {
  if (v === null || typeof v === "boolean" || typeof v === "string") return JSON.stringify(v);
  if (typeof v === "bigint") return `${v}n`;
  if (typeof v === "number") return Number.isInteger(v) ? `${v}i` : `${Object.is(v, -0) ? "-0" : v}d`;
  if (v instanceof JsonFloat) return `${v.value}f`;
  if (Array.isArray(v)) return `[${v.map(canon).join(",")}]`;
  return `{${Object.keys(v).map((k) => `${JSON.stringify(k)}:${canon(v[k])}`).join(",")}}`;
}
const canonOutcome = (r: JsonPatchOutcome): string => (r.kind === "applied" ? `applied ${canon(r.doc)}` : JSON.stringify(r));

/** The node `pointer` addresses (object keys and array indices only). */
function at(v: JsonValue, pointer: string): JsonValue | undefined {
  const sp = splitPointer(pointer);
  if (sp === undefined) return v;
  let cur: JsonValue | undefined = v;
  for (const t of [...sp.parents, sp.key]) cur = Array.isArray(cur) ? cur[Number(t)] : isObject(cur) ? cur[t] : undefined;
  return cur;
}

/** Every object and array in `v`. */
function containers(v: JsonValue, out = new Set<object>()): Set<object> {
  if (Array.isArray(v) || isObject(v)) {
    out.add(v);
    for (const k of Object.keys(v)) containers((v as JsonObject)[k], out);
  }
  return out;
}

const deployment = (): JsonObject => ({
  metadata: { name: "web", labels: { app: "web" }, annotations: { a: "1" } },
  spec: { replicas: 2, template: { spec: { containers: [{ name: "c0", image: "i0" }, { name: "c1", image: "i1" }] } } },
});

interface SharingRow {
  name: string;
  doc: JsonObject;
  ops: JsonPatchOperation[];
  expected: JsonValue;
  /** [pointer in doc, pointer in result] pairs that must be the very same node. */
  same: [string, string][];
  /** Pointers whose container must be a new one in the result. */
  copied: string[];
}

const sharingRows: SharingRow[] = [
  {
    name: "adding an annotation copies only the root, metadata and annotations",
    doc: deployment(), ops: [op("add", "/metadata/annotations/b", "2")],
    expected: { ...deployment(), metadata: { name: "web", labels: { app: "web" }, annotations: { a: "1", b: "2" } } },
    same: [["/spec", "/spec"], ["/metadata/labels", "/metadata/labels"]], copied: ["", "/metadata", "/metadata/annotations"],
  },
  {
    name: "replacing one container's image copies its list and that container, not its sibling",
    doc: deployment(), ops: [op("replace", "/spec/template/spec/containers/-2/image", "i9")],
    expected: { ...deployment(), spec: { replicas: 2, template: { spec: { containers: [{ name: "c0", image: "i9" }, { name: "c1", image: "i1" }] } } } },
    same: [["/metadata", "/metadata"], ["/spec/template/spec/containers/1", "/spec/template/spec/containers/1"]],
    copied: ["/spec", "/spec/template/spec/containers", "/spec/template/spec/containers/0"],
  },
  {
    name: "copy of an input sub-tree shares it in both places",
    doc: { a: { k: [1] }, b: {} }, ops: [from("copy", "/a", "/b/c")],
    expected: { a: { k: [1] }, b: { c: { k: [1] } } }, same: [["/a", "/a"], ["/a", "/b/c"]], copied: ["", "/b"],
  },
  {
    name: "move carries the node itself; only source and destination parents are copied",
    doc: { a: { k: [1] }, b: {}, c: { d: 1 } }, ops: [from("move", "/a", "/b/a")],
    expected: { b: { a: { k: [1] } }, c: { d: 1 } }, same: [["/a", "/b/a"], ["/c", "/c"]], copied: ["", "/b"],
  },
  {
    name: "a failed test leaves nothing copied",
    doc: deployment(), ops: [op("test", "/spec/replicas", 2)],
    expected: deployment(), same: [["", ""]], copied: [],
  },
];

for (const row of sharingRows) {
  test(`shareInput: ${row.name}`, () => {
    const doc = deepFreeze(row.doc);
    const got = applyJsonPatch(doc, deepFreeze(row.ops), { shareInput: true });
    assert.equal(got.kind, "applied");
    if (got.kind !== "applied") return;
    assert.equal(canon(got.doc), canon(row.expected));
    for (const [d, r] of row.same) assert.equal(at(got.doc, r), at(doc, d), `${r} is ${d} of the input`);
    for (const p of row.copied) assert.notEqual(at(got.doc, p), at(doc, p), `${p} is a new container`);
  });
}

test("shareInput: an operation value is shared, and the fresh mode shares no container at all", () => {
  const value = deepFreeze({ deep: { list: [1] } });
  const doc = deepFreeze({ keep: { inner: [1] } });
  const shared = applyJsonPatch(doc, [op("add", "/v", value)], { shareInput: true });
  assert.equal(shared.kind === "applied" && at(shared.doc, "/v") === value && at(shared.doc, "/keep") === doc.keep, true);
  const fresh = applyJsonPatch(doc, [op("add", "/v", value)]);
  assert.equal(fresh.kind, "applied");
  if (fresh.kind !== "applied") return;
  const inputs = containers(doc, containers(value));
  for (const c of containers(fresh.doc)) assert.equal(inputs.has(c), false);
});

interface AliasRow {
  name: string;
  doc: JsonObject;
  ops: JsonPatchOperation[];
  expected: JsonValue | { error: string };
}

const aliasRows: AliasRow[] = [
  { name: "writing into a copy of an object this patch already wrote into leaves the original alone",
    doc: {}, ops: [op("add", "/x", { a: 1 }), op("add", "/x/c", 3), from("copy", "/x", "/y"), op("add", "/y/b", 2), op("add", "/x/d", 4)],
    expected: { x: { a: 1, c: 3, d: 4 }, y: { a: 1, c: 3, b: 2 } } },
  { name: "writing into a copy of an added value leaves the original alone",
    doc: {}, ops: [op("add", "/x", { a: 1 }), from("copy", "/x", "/y"), op("add", "/y/b", 2), op("add", "/x/c", 3)],
    expected: { x: { a: 1, c: 3 }, y: { a: 1, b: 2 } } },
  { name: "writing into a copy of an input sub-tree leaves the source alone",
    doc: { a: { k: { n: 1 } } }, ops: [from("copy", "/a", "/b"), op("add", "/b/k/z", 1), op("remove", "/a/k/n")],
    expected: { a: { k: {} }, b: { k: { n: 1, z: 1 } } } },
  { name: "one value object added twice, then written below one of them",
    doc: {}, ops: [op("add", "/x", { k: [1] }), op("add", "/y", { k: [1] }), op("add", "/x/k/-", 2)],
    expected: { x: { k: [1, 2] }, y: { k: [1] } } },
  { name: "a copy into its own source holds the source as it was",
    doc: { a: { k: 1 } }, ops: [from("copy", "/a", "/a/self"), op("add", "/a/self/m", 2)],
    expected: { a: { k: 1, self: { k: 1, m: 2 } } } },
  { name: "a moved node can be written at its new place",
    doc: { a: { k: 1 }, b: [] }, ops: [from("move", "/a", "/b/0"), op("add", "/b/0/z", 2)],
    expected: { b: [{ k: 1, z: 2 }] } },
  { name: "a copy turns a nested value-null into a plain nil (missing when walked through)",
    doc: {}, ops: [op("add", "/x", {}), op("add", "/x/n", null), from("copy", "/x", "/y"), op("add", "/y/n/z", 1)],
    expected: { error: 'JSON Patch: add operation does not apply: doc is missing path: "/y/n/z": missing value' } },
  { name: "the original value-null still panics when written below",
    doc: {}, ops: [op("add", "/x", {}), op("add", "/x/n", null), from("copy", "/x", "/y"), op("add", "/x/n/z", 1)],
    expected: { error: 'JSON Patch: add "/x/n/z" makes kube-apiserver panic (assignment to entry in nil map); the request fails with an internal error' } },
];

for (const row of aliasRows) {
  for (const shareInput of [false, true]) {
    test(`copy-on-write (shareInput: ${shareInput}): ${row.name}`, () => {
      const value = (o: JsonPatchOperation): JsonPatchOperation => (o.value === undefined ? o : { ...o, value: deepClone(o.value) });
      const ops = deepFreeze(row.ops.map(value));
      const doc = deepFreeze(deepClone(row.doc));
      const got = applyJsonPatch(doc, ops, { shareInput });
      if (isObject(row.expected) && typeof row.expected.error === "string") assert.equal(got.kind === "error" ? got.message : canonOutcome(got), row.expected.error);
      else assert.equal(canonOutcome(got), `applied ${canon(row.expected)}`);
      assert.equal(canon(doc), canon(row.doc));
    });
  }
}

const keyArb = fc.oneof(fc.string({ maxLength: 3 }), fc.constantFrom("__proto__", "a", "b", "0", "1", "-", "~", "a/b"));
const scalarArb = fc.oneof(
  fc.constant<JsonValue>(null), fc.boolean(), fc.string({ maxLength: 3 }), fc.integer({ min: -3, max: 3 }), fc.constant(1.5),
  fc.integer({ min: -2, max: 2 }).map((n) => new JsonFloat(n)), fc.constant(2n ** 60n),
);
const objectOf = (entries: [string, JsonValue][]): JsonObject => {
  const o: JsonObject = {};
  for (const [k, v] of entries) setKey(o, k, v);
  return o;
};
const valueArb: fc.Arbitrary<JsonValue> = fc.letrec<{ v: JsonValue }>((tie) => ({
  v: fc.oneof({ depthSize: "small" }, scalarArb, fc.array(tie("v"), { maxLength: 3 }), fc.array(fc.tuple(keyArb, tie("v")), { maxLength: 3 }).map(objectOf)),
})).v;
const docArb = fc.array(fc.tuple(keyArb, valueArb), { maxLength: 5 }).map(objectOf);

function pointers(v: JsonValue, prefix = ""): string[] {
  const out = [prefix];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...pointers(x, `${prefix}/${i}`)));
  else if (isObject(v)) for (const k of Object.keys(v)) out.push(...pointers(v[k], `${prefix}/${escapeToken(k)}`));
  return out;
}

function opsArb(doc: JsonValue, names = ["add", "remove", "replace", "move", "copy", "test"]): fc.Arbitrary<JsonPatchOperation[]> {
  const known = pointers(doc);
  const pathArb = fc.oneof(fc.constantFrom(...known), fc.tuple(fc.constantFrom(...known), fc.constantFrom("/-", "/-1", "/0", "/x", "/a")).map(([a, b]) => a + b));
  const one = fc.record({ op: fc.constantFrom(...names), path: pathArb, from: pathArb, value: valueArb, hasValue: fc.boolean() })
    .map((o): JsonPatchOperation => ({ op: o.op, path: o.path, from: o.from, value: o.value, hasValue: o.hasValue }));
  return fc.array(one, { maxLength: 8 });
}

test("property: with deep-frozen inputs, shareInput gives what the fresh mode gives, also patching a shared result again", () => {
  const arb = docArb.chain((doc) => fc.tuple(fc.constant(doc), opsArb(doc), opsArb(doc)));
  fc.assert(fc.property(arb, ([doc, ops1, ops2]) => {
    const snapshot = canon(doc);
    deepFreeze(doc);
    deepFreeze(ops1);
    deepFreeze(ops2);
    const shared = applyJsonPatch(doc, ops1, { shareInput: true });
    const fresh = applyJsonPatch(doc, ops1);
    assert.equal(canonOutcome(shared), canonOutcome(fresh));
    assert.equal(canon(doc), snapshot);
    if (shared.kind !== "applied" || fresh.kind !== "applied") return;
    deepFreeze(shared.doc);
    assert.equal(canonOutcome(applyJsonPatch(shared.doc, ops2, { shareInput: true })), canonOutcome(applyJsonPatch(fresh.doc, ops2)));
  }), { numRuns: 1000 });
});

test("property: the rewrites of a shared-input patch give changedPaths(doc, result), at the nodes they name", () => {
  let withRewrites = 0;
  const arb = docArb.chain((doc) => fc.tuple(fc.constant(doc), fc.oneof(opsArb(doc, ["add", "remove", "replace", "test"]), opsArb(doc))));
  fc.assert(fc.property(arb, ([doc, ops]) => {
    const r = applyJsonPatch(doc, ops, { shareInput: true });
    if (r.kind !== "applied" || r.rewrites === undefined) return;
    withRewrites++;
    const nodeAt = (v: JsonValue, path: FieldPath): JsonValue | undefined =>
      path.reduce<JsonValue | undefined>((cur, k) => (isObject(cur) && Object.prototype.hasOwnProperty.call(cur, k) ? cur[k] : undefined), v);
    for (const w of r.rewrites) {
      assert.equal(nodeAt(doc, w.at), w.before);
      assert.equal(nodeAt(r.doc, w.at), w.after);
    }
    assert.deepEqual(rewrittenPaths(r.rewrites), changedPaths(doc, r.doc));
  }), { numRuns: 2000 });
  assert.ok(withRewrites > 200, `only ${withRewrites} patches had rewrites`);
  assert.equal(applyJsonPatch({ a: { b: 1 } }, [op("add", "/a/c", 2)]).kind === "applied" && "rewrites" in applyJsonPatch({ a: { b: 1 } }, [op("add", "/a/c", 2)]), false, "no rewrites without shareInput");
});
