// Structured merge (reference §6.4): every worked ordering example, SMD's merge triplets for
// sets, list-maps, empty/null promotion and untyped values, key defaults, numeric key equality.
import { test } from "node:test";
import assert from "node:assert/strict";
import { JsonFloat, type JsonObject, type JsonValue } from "../../src/data/index.js";
import { builtinSchema, type Schema, type TypeSpec } from "../../src/schema/index.js";
import { mergeValues } from "../../src/patch/merge.js";
import { smdSchema, UNTYPED_TYPES } from "../schema/fixtures.js";

// A root with a list keyed by (key, id), an atomic list, sets of strings, bools and numbers.
const schema = smdSchema(`types:
- name: root
  map:
    fields:
    - name: list
      type:
        namedType: keyedList
    - name: atomicList
      type:
        list:
          elementType:
            scalar: string
          elementRelationship: atomic
    - name: setStr
      type:
        list:
          elementType:
            scalar: string
          elementRelationship: associative
    - name: setBool
      type:
        list:
          elementType:
            scalar: boolean
          elementRelationship: associative
    - name: setNumeric
      type:
        list:
          elementType:
            scalar: numeric
          elementRelationship: associative
    - name: pair
      type:
        namedType: pair
    - name: innerMap
      type:
        map:
          elementType:
            namedType: __untyped_atomic_
    - name: innerStruct
      type:
        map:
          fields:
          - name: value
            type:
              namedType: __untyped_atomic_
    - name: innerList
      type:
        list:
          elementType:
            namedType: __untyped_atomic_
          elementRelationship: atomic
- name: keyedList
  list:
    elementType:
      namedType: item
    elementRelationship: associative
    keys: [key, id]
- name: item
  map:
    fields:
    - name: key
      type: {scalar: string}
    - name: id
      type: {scalar: numeric}
    - name: value
      type:
        map:
          elementType: {scalar: string}
    - name: bv
      type: {scalar: boolean}
    - name: nv
      type: {scalar: numeric}
- name: pair
  map:
    fields:
    - name: key
      type: {scalar: string}
    - name: value
      type:
        namedType: __untyped_atomic_
${UNTYPED_TYPES}`);

const ROOT: TypeSpec = { named: "root" };

/** `a1` → {key: "a", id: 1}; `a` → {key: "a"}; `a1{"nv":3}` adds fields. */
function item(s: string): JsonObject {
  const m = /^([a-z])(\d*)(\{.*\})?$/.exec(s);
  if (m === null) throw new Error(s);
  const o: JsonObject = { key: m[1] };
  if (m[2] !== "") o.id = Number(m[2]);
  if (m[3]) Object.assign(o, JSON.parse(m[3]) as JsonObject);
  return o;
}
const items = (xs: string): JsonValue[] => (xs === "" ? [] : xs.split(" ").map(item));

function merge(s: Schema, spec: TypeSpec, l: JsonValue, r: JsonValue): JsonValue | undefined {
  const res = mergeValues(s, spec, l, r);
  assert.deepEqual(res.errs, []);
  return res.out;
}

// Reference §6.4 "worked examples", one row each (items written as key+id).
const worked: { name: string; live: string; patch: string; out: string }[] = [
  { name: "a new item goes after the existing ones", live: "a", patch: "b", out: "a b" },
  { name: "a new item listed before a shared one is placed before it", live: "a b", patch: "x a", out: "x a b" },
  { name: "new item before the only live item", live: "a", patch: "x a", out: "x a" },
  { name: "new item after a shared one, unshared live item first", live: "a b", patch: "b x", out: "a b x" },
  { name: "shared items re-ordered by the patch, unshared stays first", live: "a1 b2 c3", patch: "c3 b2", out: "a1 c3 b2" },
  { name: "shared items re-ordered around an unshared one", live: "a1 b2 c3", patch: "c3 a1", out: "b2 c3 a1" },
  { name: "new items around a shared one", live: "b2", patch: "a1 b2 c3", out: "a1 b2 c3" },
  { name: "partial keys: same key different id are different items", live: "a1 b1", patch: "a1 a2", out: "a1 b1 a2" },
  {
    name: "duplicate live key: merged item has only the patch's fields, one copy kept",
    live: 'a1{"bv":true} b2 a1{"bv":false,"nv":2}',
    patch: 'a1{"nv":3} c3 b2',
    out: 'a1{"nv":3} c3 b2',
  },
  { name: "same item, same value: unchanged", live: 'a1{"value":{"a":"a"}}', patch: 'a1{"value":{"a":"a"}}', out: 'a1{"value":{"a":"a"}}' },
  { name: "same key different id appends", live: 'a1{"value":{"a":"a"}}', patch: 'a2{"value":{"a":"a"}}', out: 'a1{"value":{"a":"a"}} a2{"value":{"a":"a"}}' },
  { name: "merged item keeps live fields the patch omits", live: 'a1{"bv":true,"value":{"x":"1"}}', patch: 'a1{"nv":5,"value":{"y":"2"}}', out: 'a1{"bv":true,"value":{"x":"1","y":"2"},"nv":5}' },
  { name: "empty patch list keeps live duplicates", live: 'a1{"nv":1} a1{"nv":2}', patch: "", out: 'a1{"nv":1} a1{"nv":2}' },
];
for (const c of worked) {
  test(`list-map order: ${c.name} (L [${c.live}] R [${c.patch}])`, () => {
    const out = merge(schema, ROOT, { list: items(c.live) }, { list: items(c.patch) });
    assert.deepEqual(out, { list: items(c.out) });
  });
}

test("list-map: patch without the list keeps live duplicates", () => {
  const live = { list: items('a1{"nv":1} a1{"nv":2}') };
  assert.deepEqual(merge(schema, ROOT, live, {}), live);
});

test("list-map: duplicate env names on the live side (§6.4 env example)", () => {
  const live = { env: [{ name: "test", value: "a" }, { name: "test", value: "b" }, { name: "foo", value: "bar" }] };
  const patch = { env: [{ name: "test", value: "c" }] };
  const out = merge(builtinSchema(), { named: "io.k8s.api.core.v1.Container" }, live, patch);
  assert.deepEqual(out, { env: [{ name: "test", value: "c" }, { name: "foo", value: "bar" }] });
});

// SMD merge_test "struct grab bag" set triplets (sets of strings: letters are items).
const sets: [string, string, string][] = [
  ["a b c", "a b", "a b c"],
  ["a b", "a b c", "a b c"],
  ["a b c", "", "a b c"],
  ["", "a b c", "a b c"],
  ["a b", "b a", "b a"],
  ["a b c", "d e f", "a b c d e f"],
  ["a b c", "c d e f", "a b c d e f"],
  ["a b c g f", "c d e f", "a b c g d e f"],
  ["a b c", "d e f x y z", "a b c d e f x y z"],
  ["c d e f", "a c e", "a c d e f"],
  ["a b c x y z", "d e f", "a b c x y z d e f"],
  ["a b c x y z", "d e f x y z", "a b c d e f x y z"],
  ["c a g f", "c f a g", "c f a g"],
  ["a b c d", "d e f a", "b c d e f a"],
  ["c d e f g h i j", "2 h 3 e 4 k l", "c d f g 2 h i j 3 e 4 k l"],
  ["a b c d e f g h i j", "1 b 2 h 3 e 4 k l", "a 1 b c d f g 2 h i j 3 e 4 k l"],
  ["a b b", "c", "a b b c"],
  ["a b b", "b", "a b"],
  ["a b b", "a", "a b b"],
  ["a b c d e c", "1 b 2 e d", "a 1 b c 2 e c d"],
  ["a b c d e c", "1 b 2 c e d", "a 1 b 2 c e d"],
  ["a a b b", "b c d", "a a b c d"],
  ["a a b b", "", "a a b b"],
  ["c a g f c a", "c f a g", "c f a g"],
];
const strs = (s: string): string[] => (s === "" ? [] : s.split(" "));
for (const [l, r, o] of sets) {
  test(`set order: L [${l}] R [${r}] → [${o}]`, () => {
    assert.deepEqual(merge(schema, ROOT, { setStr: strs(l) }, { setStr: strs(r) }), { setStr: strs(o) });
  });
}

// Other SMD triplets: bool/numeric sets (ints and floats), atomic lists, empty/null promotion.
const triplets: { name: string; l: string; r: string; o: string }[] = [
  { name: "bool set appends", l: '{"setBool":[true]}', r: '{"setBool":[false]}', o: '{"setBool":[true,false]}' },
  { name: "bool set with live duplicates untouched", l: '{"setBool":[true,false,true]}', r: '{"setBool":[false]}', o: '{"setBool":[true,false,true]}' },
  { name: "bool set duplicate re-listed is collapsed", l: '{"setBool":[true,false,true]}', r: '{"setBool":[true]}', o: '{"setBool":[true,false]}' },
  { name: "numeric set: float stays, int appended", l: '{"setNumeric":[1,2,3.14159]}', r: '{"setNumeric":[1,2,3]}', o: '{"setNumeric":[1,2,3.14159,3]}' },
  { name: "numeric set with live duplicates", l: '{"setNumeric":[1,2,3.14159,1,2]}', r: '{"setNumeric":[1,2,3]}', o: '{"setNumeric":[1,2,3.14159,3]}' },
  { name: "atomic list replaced by null", l: '{"atomicList":["a","a","a"]}', r: '{"atomicList":null}', o: '{"atomicList":null}' },
  { name: "atomic list replaced by []", l: '{"atomicList":["a","b","c"]}', r: '{"atomicList":[]}', o: '{"atomicList":[]}' },
  { name: "atomic list replaced wholesale", l: '{"atomicList":["a","a","a"]}', r: '{"atomicList":["a","a"]}', o: '{"atomicList":["a","a"]}' },
  { name: "untyped {} replaced by scalar", l: '{"pair":{"key":"foo","value":{}}}', r: '{"pair":{"key":"foo","value":1}}', o: '{"pair":{"key":"foo","value":1}}' },
  { name: "untyped scalar replaced by {}", l: '{"pair":{"key":"foo","value":1}}', r: '{"pair":{"key":"foo","value":{}}}', o: '{"pair":{"key":"foo","value":{}}}' },
  { name: "untyped null replaced by {}", l: '{"pair":{"key":"foo","value":null}}', r: '{"pair":{"key":"foo","value":{}}}', o: '{"pair":{"key":"foo","value":{}}}' },
  { name: "struct fields union", l: '{"pair":{"key":"foo"}}', r: '{"pair":{"value":true}}', o: '{"pair":{"key":"foo","value":true}}' },
];
for (const inner of ["innerMap", "innerStruct", "innerList"]) {
  const empty = inner === "innerList" ? "[]" : "{}";
  triplets.push(
    { name: `${inner}: absent + ${empty} → ${empty}`, l: "{}", r: `{"${inner}":${empty}}`, o: `{"${inner}":${empty}}` },
    { name: `${inner}: absent + null → null`, l: "{}", r: `{"${inner}":null}`, o: `{"${inner}":null}` },
    { name: `${inner}: null + ${empty} → ${empty}`, l: `{"${inner}":null}`, r: `{"${inner}":${empty}}`, o: `{"${inner}":${empty}}` },
    { name: `${inner}: ${empty} + null → null`, l: `{"${inner}":${empty}}`, r: `{"${inner}":null}`, o: `{"${inner}":null}` },
    { name: `${inner}: ${empty} + ${empty} → ${empty}`, l: `{"${inner}":${empty}}`, r: `{"${inner}":${empty}}`, o: `{"${inner}":${empty}}` },
  );
}
for (const c of triplets) {
  test(`merge triplet: ${c.name}`, () => {
    assert.deepEqual(merge(schema, ROOT, JSON.parse(c.l) as JsonValue, JSON.parse(c.r) as JsonValue), JSON.parse(c.o));
  });
}

const CONTAINER: TypeSpec = { named: "io.k8s.api.core.v1.Container" };
const keyCases: { name: string; live: JsonValue[]; patch: JsonValue[]; out: JsonValue[] }[] = [
  {
    name: "missing protocol key takes its default TCP",
    live: [{ containerPort: 80 }],
    patch: [{ containerPort: 80, protocol: "TCP", name: "http" }],
    out: [{ containerPort: 80, name: "http", protocol: "TCP" }],
  },
  {
    name: "UDP is a different item from the defaulted TCP",
    live: [{ containerPort: 53 }],
    patch: [{ containerPort: 53, protocol: "UDP" }],
    out: [{ containerPort: 53 }, { containerPort: 53, protocol: "UDP" }],
  },
  {
    name: "int and float keys are equal (80 == 80.0)",
    live: [{ containerPort: 80, name: "a" }],
    patch: [{ containerPort: new JsonFloat(80), name: "b" }],
    out: [{ containerPort: new JsonFloat(80), name: "b" }],
  },
  {
    name: "80.5 is not 80",
    live: [{ containerPort: 80 }],
    patch: [{ containerPort: 80.5 }],
    out: [{ containerPort: 80 }, { containerPort: 80.5 }],
  },
];
for (const c of keyCases) {
  test(`list-map keys: ${c.name}`, () => {
    assert.deepEqual(merge(builtinSchema(), CONTAINER, { ports: c.live }, { ports: c.patch }), { ports: c.out });
  });
}

test("map keys: live order kept, new keys appended in patch order", () => {
  const out = merge(builtinSchema(), { named: "io.k8s.api.core.v1.ConfigMap" },
    { data: { b: "1", a: "2" }, metadata: { name: "x" } },
    { data: { z: "3", a: "4", c: "5" }, apiVersion: "v1" }) as JsonObject;
  assert.deepEqual(Object.keys(out), ["data", "metadata", "apiVersion"]);
  assert.deepEqual(Object.keys(out.data as JsonObject), ["b", "a", "z", "c"]);
  assert.deepEqual(out.data, { b: "1", a: "4", z: "3", c: "5" });
});

test("granular struct: patch null keeps a non-empty live value", () => {
  assert.deepEqual(merge(schema, ROOT, { pair: { key: "k" } }, { pair: null }), { pair: { key: "k" } });
});
