// Laws of the structured merge (fast-check): applying a patch twice equals applying it once,
// merging an object's own granular sub-tree changes nothing, inputs are never modified (the
// result may share their untouched sub-trees), and the reported rewrites give `changedPaths`.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { changedPaths, deepClone, isObject, rewrittenPaths, type FieldPath, type JsonObject, type JsonValue } from "../../src/data/index.js";
import { builtinSchema, type TypeRef } from "../../src/schema/index.js";
import { applyConfiguration, applyConfigurationDeduced, type ApplyResult } from "../../src/patch/apply.js";
import { smdSchema, UNTYPED_TYPES } from "../schema/fixtures.js";

const schema = smdSchema(`types:
- name: root
  map:
    fields:
    - name: list
      type:
        list:
          elementType: {namedType: item}
          elementRelationship: associative
          keys: [key, id]
    - name: tags
      type:
        list:
          elementType: {scalar: string}
          elementRelationship: associative
    - name: labels
      type:
        map:
          elementType: {scalar: string}
    - name: n
      type: {scalar: numeric}
    - name: free
      type: {namedType: __untyped_deduced_}
- name: item
  map:
    fields:
    - name: key
      type: {scalar: string}
    - name: id
      type: {scalar: numeric}
    - name: nv
      type: {scalar: numeric}
    - name: labels
      type:
        map:
          elementType: {scalar: string}
${UNTYPED_TYPES}`);
const ROOT: TypeRef = { schema, spec: { named: "root" } };

const small = fc.constantFrom("a", "b", "c", "d", "e");
const labels = fc.dictionary(small, small, { maxKeys: 3, noNullPrototype: true });
const item = fc.record(
  { key: small, id: fc.integer({ min: 0, max: 2 }), nv: fc.integer({ min: 0, max: 9 }), labels },
  { requiredKeys: ["key"], noNullPrototype: true },
);
const free: fc.Arbitrary<JsonValue> = fc.letrec((tie) => ({
  v: fc.oneof({ depthSize: "small" }, small, fc.integer(), fc.dictionary(small, tie("v"), { maxKeys: 2, noNullPrototype: true })),
})).v as fc.Arbitrary<JsonValue>;
const itemId = (x: JsonObject): string => `${String(x.key)}/${String(x.id)}`;

/** Live objects may hold duplicates; patches may not (schema validation refuses them). */
const live = fc.record(
  { list: fc.array(item, { maxLength: 6 }), tags: fc.array(small, { maxLength: 6 }), labels, n: fc.integer(), free },
  { requiredKeys: [], noNullPrototype: true },
) as fc.Arbitrary<JsonObject>;
const patch = fc.record(
  {
    list: fc.uniqueArray(item, { maxLength: 5, selector: (x) => itemId(x as JsonObject) }),
    tags: fc.uniqueArray(small, { maxLength: 5 }),
    labels,
    n: fc.integer(),
    free: free.filter((v) => isObject(v)),
  },
  { requiredKeys: [], noNullPrototype: true },
) as fc.Arbitrary<JsonObject>;

function apply(l: JsonObject, p: JsonObject, t: TypeRef = ROOT): JsonObject {
  const r = applyConfiguration(l, p, t);
  assert.ok(r.ok, r.ok ? "" : r.message);
  return r.object;
}

test("property: applying a patch twice equals applying it once (same order, same keys)", () => {
  fc.assert(
    fc.property(live, patch, (l, p) => {
      const once = apply(l, p);
      // Not only equal: a merge that changes nothing returns the live object itself.
      assert.equal(apply(once, p), once);
    }),
    { numRuns: 500 },
  );
});

/** A sub-tree of a duplicate-free object: some keys and list items dropped, order kept. */
function subTree(v: JsonObject, pick: () => boolean): JsonObject {
  const out: JsonObject = {};
  for (const k of Object.keys(v)) {
    if (!pick()) continue;
    const x = v[k];
    if (Array.isArray(x)) out[k] = x.filter(() => pick()).map((e) => (isObject(e) ? subTreeKeepKeys(e, pick) : e));
    else if (isObject(x)) out[k] = subTree(x, pick);
    else out[k] = x;
  }
  return out;
}
function subTreeKeepKeys(e: JsonObject, pick: () => boolean): JsonObject {
  const s = subTree(e, pick);
  for (const k of ["key", "id"]) if (k in e) s[k] = e[k];
  return s;
}

test("property: merging an object's own granular sub-tree changes nothing", () => {
  fc.assert(
    fc.property(patch, fc.infiniteStream(fc.boolean()), (obj, bits) => {
      const it = bits[Symbol.iterator]();
      const sub = subTree(obj, () => it.next().value as boolean);
      assert.equal(apply(obj, sub), obj);
    }),
    { numRuns: 500 },
  );
});

test("property: inputs are never modified; sharing their sub-trees does not change the result", () => {
  // The result may share untouched sub-trees with its inputs (nothing in kmutate mutates data in
  // place): it must equal the merge of private copies; its root is never the patch, and is the
  // live object only when the merge changed nothing.
  fc.assert(
    fc.property(live, patch, (l, p) => {
      const l0 = deepClone(l);
      const p0 = deepClone(p);
      const out = apply(l, p);
      assert.deepEqual(l, l0);
      assert.deepEqual(p, p0);
      assert.ok(out !== p, "the result root is the patch");
      if (out === l) assert.equal(JSON.stringify(apply(deepClone(l0), deepClone(p0))), JSON.stringify(l0));
      assert.equal(JSON.stringify(out), JSON.stringify(apply(deepClone(l0), deepClone(p0))));
    }),
    { numRuns: 300 },
  );
});

test("property: a Pod's own container list re-applied changes nothing (built-in schema)", () => {
  const pod: TypeRef = { schema: builtinSchema(), spec: { named: "io.k8s.api.core.v1.Pod" } };
  const container = fc.record({ name: small, image: small, env: fc.uniqueArray(fc.record({ name: small, value: small }), { selector: (e) => e.name, maxLength: 3 }) });
  fc.assert(
    fc.property(fc.uniqueArray(container, { selector: (x) => x.name, minLength: 1, maxLength: 4 }), (cs) => {
      const l: JsonObject = { apiVersion: "v1", kind: "Pod", metadata: { name: "p" }, spec: { containers: cs } };
      const p: JsonObject = { spec: { containers: cs.map((x) => ({ name: x.name, env: x.env })) } };
      assert.equal(apply(l, p, pod), l);
    }),
    { numRuns: 200 },
  );
});

/** The node at `at` (undefined when a step is missing). */
function nodeAt(v: JsonValue | undefined, at: FieldPath): JsonValue | undefined {
  let cur = v;
  for (const k of at) {
    if (typeof k === "number") cur = Array.isArray(cur) ? cur[k] : undefined;
    else cur = isObject(cur) && Object.prototype.hasOwnProperty.call(cur, k) ? cur[k] : undefined;
  }
  return cur;
}

/** The rewrite law on one successful apply: each rewrite is the live/result node at its path, and together they give `changedPaths`. */
function assertRewrites(l: JsonObject, r: ApplyResult): void {
  if (!r.ok) return;
  for (const w of r.rewrites) {
    assert.equal(nodeAt(l, w.at), w.before, `before at ${JSON.stringify(w.at)}`);
    assert.equal(nodeAt(r.object, w.at), w.after, `after at ${JSON.stringify(w.at)}`);
  }
  assert.deepEqual(rewrittenPaths(r.rewrites), changedPaths(l, r.object));
}

const number = fc.oneof(fc.integer({ min: -2, max: 2 }), fc.bigInt({ min: -2n, max: 2n }));
const anyFree: fc.Arbitrary<JsonValue> = fc.letrec((tie) => ({
  v: fc.oneof({ depthSize: "small" }, small, number, fc.constant(null), fc.dictionary(small, tie("v"), { maxKeys: 3, noNullPrototype: true })),
})).v as fc.Arbitrary<JsonValue>;

test("property: the rewrites a merge reports give changedPaths(live, result)", () => {
  const patchN = fc.record({ n: number, labels, free: anyFree, list: fc.uniqueArray(item, { maxLength: 3, selector: (x) => itemId(x as JsonObject) }) }, { requiredKeys: [], noNullPrototype: true });
  fc.assert(
    fc.property(live, fc.oneof(patch, patchN as fc.Arbitrary<JsonObject>), (l, p) => assertRewrites(l, applyConfiguration(l, p, ROOT))),
    { numRuns: 1000 },
  );
});

test("property: the rewrites of a merge onto its own result, and of deduced-type merges, give changedPaths", () => {
  const obj = fc.dictionary(small, anyFree, { maxKeys: 4, noNullPrototype: true }) as fc.Arbitrary<JsonObject>;
  fc.assert(
    fc.property(live, patch, patch, (l, p, q) => {
      const once = applyConfiguration(l, p, ROOT);
      if (once.ok) assertRewrites(once.object, applyConfiguration(once.object, q, ROOT));
    }),
    { numRuns: 300 },
  );
  fc.assert(fc.property(obj, obj, (l, p) => assertRewrites(l, applyConfigurationDeduced(l, p))), { numRuns: 1000 });
});
