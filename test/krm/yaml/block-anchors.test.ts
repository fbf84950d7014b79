// Anchors, aliases and merge keys on the block reader against js-yaml (loadSchema): what it
// accepts reads exactly as js-yaml reads it (same values, same key order), aliases copied (no
// collection shared); an alias across items, into an open node or past the copy budget is left
// to js-yaml. Table rows, the alias-expansion bound on this path, then a differential property
// over generated documents with anchors, aliases and merge keys in maps, lists and scalars.
import { test } from "node:test";
import assert from "node:assert/strict";
import { inspect, isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import yaml from "js-yaml";
import { ALIAS_COPY_BUDGET } from "../../../src/krm/yaml/alias-bound.js";
import { readBlockDocument } from "../../../src/krm/yaml/block-yaml.js";
import { loadSchema } from "../../../src/krm/yaml/fast-yaml-schema.js";
import { readDocument } from "../../../src/krm/yaml/read.js";
import { anchoredList, rl } from "./anchored-lists.js";

/** js-yaml's reading of one document, or its error. */
function reference(text: string): { value: unknown } | { error: string } {
  try {
    const docs = yaml.loadAll(text, undefined, { schema: loadSchema, maxDepth: 1000 } as yaml.LoadOptions);
    return docs.length === 1 ? { value: docs[0] } : { error: `${docs.length} documents` };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

/** Every collection of `v` reached twice (aliases must be copies, not shared). */
function sharedCollections(v: unknown, seen = new Set<object>()): number {
  if (typeof v !== "object" || v === null || !(Array.isArray(v) || Object.getPrototypeOf(v) === Object.prototype)) return 0;
  if (seen.has(v)) return 1;
  seen.add(v);
  return Object.values(v).reduce((n: number, c) => n + sharedCollections(c, seen), 0);
}

/** The law: an accepted text reads as js-yaml reads it, key order included, with nothing shared. */
function agrees(text: string): boolean {
  const mine = readBlockDocument(text);
  if (mine === undefined) return false;
  const ref = reference(text);
  assert.ok("value" in ref, `accepted, but js-yaml: ${"error" in ref ? ref.error : ""}\n${text}`);
  // inspect shows key order and number kinds; shared subtrees print in full.
  assert.equal(inspect(mine.value, { depth: Infinity }), inspect(ref.value, { depth: Infinity }), `differs from js-yaml:\n${text}`);
  assert.equal(sharedCollections(mine.value), 0, `a collection is shared:\n${text}`);
  return true;
}


const accepted: { name: string; text: string; anchored?: boolean[] }[] = [
  { name: "an anchored scalar and its aliases in a map, a list and a flow collection", text: "a: &x 1\nb: *x\nc:\n- *x\n- [*x, {k: *x}]\n" },
  { name: "anchored maps and lists below their key, aliased", text: "a: &m\n  p: 1\n  q: [1, 2]\nb: &l\n- x\n- y: z\nc: *m\nd: *l\ne:\n  - *m\n" },
  { name: "anchored flow collections, quoted and block scalars", text: "a: &f {p: [1, 2]}\nb: &q 'it''s'\nc: &s |\n  line\nd: [*f, *q, *s]\n" },
  { name: "anchors inside flow collections", text: "a: [&x 1, &y [2, 3], *x, *y]\nb: {k: &z v, j: *z}\nc: *y\n" },
  { name: "an anchored sequence entry (compact sequence and mapping below)", text: "a:\n- &e\n  k: v\n- &f\n  - 1\n- *e\n- *f\n" },
  { name: "an anchor redefined: aliases take the latest", text: "a: &x 1\nb: *x\nc: &x 2\nd: *x\n" },
  { name: "anchor names with colons and odd characters", text: "a: &x:y 1\nb: &é.1 2\nc: [*x:y, *é.1]\n" },
  { name: "aliases of null, bools and floats keep their kinds", text: "a: &n ~\nb: &t true\nc: &f 1.0\nd: &i 0x1F\ne: [*n, *t, *f, *i]\n" },
  { name: "a merge key with an alias; later keys override merged ones, earlier ones stay", text: "base: &b {p: 1, q: 2, r: 3}\nm:\n  q: 9\n  <<: *b\n  r: 8\n" },
  { name: "a merge key with a list of aliases: the first source wins", text: "x: &x {p: 1}\ny: &y {p: 2, z: 3}\nm:\n  <<: [*x, *y]\n  w: 0\n" },
  { name: "merge keys with an inline map, a block map below and twice in one map", text: "m:\n  <<: {a: 1}\n  <<:\n    b: 2\n    a: 5\n  c: 3\n" },
  { name: "a merged map holding collections (copied)", text: "b: &b {env: [{name: A, value: '1'}], labels: {app: x}}\nc:\n  <<: *b\nd:\n  <<: *b\n  labels: {app: y}\n" },
  { name: "merge key written with spaces before its colon", text: "b: &b {p: 1}\nc:\n  << : *b\n" },
  { name: "a quoted '<<' is a plain key", text: "c:\n  '<<': {q: 2}\n" },
  { name: "an anchored merge source", text: "c:\n  <<: &s {p: 1}\nd: *s\n" },
  { name: "alias followed by a comment", text: "a: &x 1\nb: *x # same\n" },
  {
    name: "a ResourceList whose items each anchor and alias within themselves (names reused)",
    text: rl("- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: a\n    labels: &l {app: a}\n  data: *l\n- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: b\n- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: c\n    labels: &l\n      app: c\n  spec:\n    <<: *l\n    x: 1\n"),
    anchored: [true, false, true],
  },
  { name: "anchors outside the items, aliased outside them", text: rl("- apiVersion: v1\n  kind: A\n  metadata: {name: a}\n", "x: &h {a: 1}\ny: *h\n") + "functionConfig: *h\n", anchored: undefined },
];
for (const row of accepted) {
  test(`block reader reads as js-yaml: ${row.name}`, () => {
    assert.ok(agrees(row.text), "accepted");
    if ("anchored" in row) assert.deepEqual(readBlockDocument(row.text)?.items?.anchored, row.anchored);
  });
}

const declined: { name: string; text: string }[] = [
  { name: "an alias of another item's anchor", text: rl("- a: &x 1\n- b: *x\n") },
  { name: "an item's alias of an anchor outside the items", text: rl("- b: *x\n", "h: &x 1\n") },
  { name: "an alias after the items of an anchor outside them, redefined in an item", text: rl("- a: &x 2\n", "h: &x 1\n") + "t: *x\n" },
  { name: "an alias after the items of an item's anchor", text: rl("- a: &x 2\n") + "t: *x\n" },
  { name: "an anchored items list", text: "items: &i\n- a: 1\nx: *i\n" },
  { name: "an alias inside its own anchored node (a cycle in js-yaml)", text: "a: &x\n  b: *x\n" },
  { name: "an alias inside a node that redefines its name", text: "a: &x 1\nb: &x [*x]\n" },
  { name: "an anchored empty node", text: "a: &x\nb: *x\n" },
  { name: "an anchor on an implicit key", text: "a:\n- &x b: 1\n  c: *x\n" },
  { name: "an alias as a key", text: "a: &x k\n*x : 2\n" },
  { name: "an unknown alias", text: "a: *x\n" },
  { name: "an alias with an anchor", text: "a: &x 1\nb: &y *x\n" },
  { name: "two anchors on one node", text: "a: &x &y 1\n" },
  { name: "a tag on an alias", text: "a: &x 1\nb: !!str *x\n" },
  { name: "a comment after an anchor", text: "a: &x # c\n  b: 1\n" },
  { name: "a merge of a scalar", text: "c:\n  <<: 3\n" },
  { name: "a merge of a list", text: "a: &x [1]\nc:\n  <<: *x\n" },
  { name: "a merge of a list holding a list", text: "c:\n  <<: [{p: 1}, [2]]\n" },
  { name: "a key written twice around a merge", text: "a: &x {p: 1}\nc:\n  p: 5\n  <<: *x\n  p: 6\n" },
  { name: "a merge key in a flow mapping", text: "a: &x {p: 1}\nc: {<<: *x}\n" },
  { name: "an alias name followed by a flow indicator in block context", text: "a: &x 1\nb: *x,\n" },
];
for (const row of declined) {
  test(`block reader declines (js-yaml reads or refuses it): ${row.name}`, () => {
    assert.equal(readBlockDocument(row.text), undefined);
  });
}

// ---- the alias-expansion bound on the fast path ---------------------------------------------

/** A list anchored once (`n` scalars) and aliased `k` times: the reader copies k × (n + 1) nodes. */
const aliased = (n: number, k: number): string => `a: &x [${Array(n).fill("s").join(", ")}]\n` + Array.from({ length: k }, (_, i) => `b${i}: *x\n`).join("");

test("copies up to the alias budget are read on the fast path, as js-yaml reads them", () => {
  const k = Math.floor(ALIAS_COPY_BUDGET / 1001);
  assert.ok(agrees(aliased(1000, k)), `${k} aliases of 1,001 nodes: accepted`);
  // One more alias passes the budget: js-yaml reads it (within its own bound, far above).
  const over = aliased(1000, k + 1);
  assert.equal(readBlockDocument(over), undefined);
  const read = readDocument(over);
  const ref = reference(over);
  assert.ok(read.ok && read.itemSpans === undefined && "value" in ref, "read by js-yaml");
  assert.ok(isDeepStrictEqual(read.value, ref.value));
});

test("an alias bomb inside an item is left to js-yaml at once and refused with ALIAS_EXPANSION", () => {
  const levels = Array.from({ length: 9 }, (_, i) => `    l${i + 1}: &a${i + 1} [${Array(10).fill(`*a${i}`).join(", ")}]\n`).join("");
  const text = rl(`- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: bomb\n  data:\n    l0: &a0 [x, x, x, x, x, x, x, x, x, x]\n${levels}`);
  const start = process.cpuUsage();
  assert.equal(readBlockDocument(text), undefined);
  const read = readDocument(text);
  const ms = (process.cpuUsage(start).user + process.cpuUsage(start).system) / 1000;
  assert.ok(!read.ok && read.errors[0].code === "ALIAS_EXPANSION", inspect(read));
  assert.ok(ms < 2000, `took ${ms} ms of CPU`);
});

test("an alias inside its own node (a cycle in js-yaml) is refused with ALIAS_EXPANSION, not an internal error", () => {
  for (const text of [rl("- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: c\n  data: &a [*a]\n"), "a: &x\n  b: *x\n"]) {
    assert.equal(readBlockDocument(text), undefined);
    const read = readDocument(text);
    assert.ok(!read.ok && read.errors[0].code === "ALIAS_EXPANSION", inspect(read));
  }
});

test("merges past js-yaml's maxTotalMergeKeys are left to js-yaml, which refuses them", () => {
  const text = "b: &b {" + Array.from({ length: 100 }, (_, i) => `k${i}: ${i}`).join(", ") + "}\n" + Array.from({ length: 100 }, (_, i) => `m${i}:\n  <<: *b\n`).join("");
  assert.equal(readBlockDocument(text), undefined);
  assert.match("error" in reference(text) ? (reference(text) as { error: string }).error : "", /maxTotalMergeKeys/);
  const under = "b: &b {" + Array.from({ length: 100 }, (_, i) => `k${i}: ${i}`).join(", ") + "}\n" + Array.from({ length: 98 }, (_, i) => `m${i}:\n  <<: *b\n`).join("");
  assert.ok(agrees(under), "98 merges of 100 keys: accepted");
});

// ---- differential property -----------------------------------------------------------------

test("property: lists with anchors, aliases and merge keys are read as js-yaml reads them, or declined", () => {
  let valid = 0, took = 0, merged = 0;
  fc.assert(
    fc.property(anchoredList, (text) => {
      if ("value" in reference(text)) valid++;
      if (agrees(text)) {
        took++;
        if (/<<:/.test(text)) merged++;
      }
    }),
    { seed: process.env.FUZZ ? undefined : 0x616e63, numRuns: Number(process.env.FUZZ ?? 4000) },
  );
  // Undefined and cross-item aliases make many texts invalid; of the valid ones most are taken.
  assert.ok(took / valid > 0.6 && merged > took * 0.1, `accepted ${took} of ${valid} valid texts (${merged} with merge keys)`);
  if (process.env.FUZZ) console.log(`anchors: accepted ${took} of ${valid} valid texts (${merged} with merge keys)`);
});
