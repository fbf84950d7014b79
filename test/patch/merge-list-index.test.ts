// List-merge identity per merge (merge-list.ts): several patches merged into one live list, and
// one list under list types with other keys, each as against that list alone (no index from an
// earlier merge may leak into a later one).
import { test } from "node:test";
import assert from "node:assert/strict";
import type { JsonObject, JsonValue } from "../../src/data/index.js";
import type { TypeSpec } from "../../src/schema/index.js";
import { mergeValues } from "../../src/patch/merge.js";
import { smdSchema, UNTYPED_TYPES } from "../schema/fixtures.js";

// The same item type listed by `key` and by `id`.
const schema = smdSchema(`types:
- name: root
  map:
    fields:
    - name: byKey
      type:
        list:
          elementType: {namedType: item}
          elementRelationship: associative
          keys: [key]
    - name: byId
      type:
        list:
          elementType: {namedType: item}
          elementRelationship: associative
          keys: [id]
- name: item
  map:
    fields:
    - name: key
      type: {scalar: string}
    - name: id
      type: {scalar: numeric}
    - name: v
      type: {scalar: string}
${UNTYPED_TYPES}`);

const ROOT: TypeSpec = { named: "root" };

function merge(live: JsonObject, patch: JsonObject): JsonValue | undefined {
  const res = mergeValues(schema, ROOT, live, patch);
  assert.deepEqual(res.errs, []);
  return res.out;
}

const a1 = { key: "a", id: 1, v: "a1" };
const b2 = { key: "b", id: 2, v: "b2" };
const a2 = { key: "a", id: 2, v: "a2" };

test("merging patches one after another into one live list: each as against a fresh index", () => {
  const list: JsonValue[] = [a1, b2];
  const rows: { patch: JsonValue[]; out: JsonValue[] }[] = [
    { patch: [{ key: "b", v: "new" }], out: [a1, { ...b2, v: "new" }] },
    { patch: [{ key: "c", v: "c" }, { key: "a" }], out: [{ key: "c", v: "c" }, a1, b2] },
    { patch: [{ key: "a", v: "x" }], out: [{ ...a1, v: "x" }, b2] },
  ];
  for (const r of rows) assert.deepEqual(merge({ byKey: list }, { byKey: r.patch }), { byKey: r.out });
});

test("one live list under two list types: items are identified by each type's own keys", () => {
  const list: JsonValue[] = [a1, a2];
  // By key the live list holds item "a" twice (duplicates allowed on the live side): the patch's
  // item replaces both with its own fields.
  assert.deepEqual(merge({ byKey: list }, { byKey: [{ key: "a", v: "k" }] }), { byKey: [{ key: "a", v: "k" }] });
  // By id the two are distinct: only id 2 is merged.
  assert.deepEqual(merge({ byId: list }, { byId: [{ id: 2, v: "i" }] }), { byId: [a1, { ...a2, v: "i" }] });
  // And by key again, after the list was indexed by id.
  assert.deepEqual(merge({ byKey: list }, { byKey: [{ key: "a", v: "k" }] }), { byKey: [{ key: "a", v: "k" }] });
});
