// Writing changed items that hold anchors, aliases or merge keys: an unchanged item is copied byte
// for byte; a changed one is patched in place when its patched text reads back as its new value
// (anchors kept), else re-serialised whole (aliases expanded); anchors across items keep the
// whole-list path, whose output reads as the full parser's.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import yaml from "js-yaml";
import { defaultAdmitOptions, type KrmResult } from "../../../src/admission/index.js";
import { deepClone, deepEqual, isObject, type JsonObject, type JsonValue } from "../../../src/data/index.js";
import { outputDocument, runFunction, writeValue, type Admitter } from "../../../src/krm/index.js";
import { readBlockDocument } from "../../../src/krm/yaml/block-yaml.js";
import { loadSchema } from "../../../src/krm/yaml/fast-yaml-schema.js";
import { rlYaml } from "../fixtures.js";
import { anchoredList } from "./anchored-lists.js";

/** An admitter that rewrites the item named `target` with `f` (on a copy) and reports nothing. */
function onTarget(f: (o: JsonObject) => JsonObject): Admitter {
  return (items) => ({ items: items.map((o) => ((o.metadata as JsonObject).name === "target" ? f(deepClone(o)) : o)), results: [] });
}

const obj = (o: JsonObject, k: string): JsonObject => o[k] as JsonObject;

/** A Deployment whose labels are anchored and aliased by its selector and pod template. */
const deploy = (name: string): string =>
  `- apiVersion: apps/v1\n  kind: Deployment\n  metadata:\n    name: ${name}\n    labels: &labels\n      app: web # the app\n  spec:\n    # pods of the app\n    selector:\n      matchLabels: *labels\n    template:\n      metadata:\n        labels: *labels\n`;
/** A ConfigMap whose data merges an anchored map. */
const merged = (name: string): string =>
  `- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: ${name}\n  common: &common\n    LOG: info\n    REGION: eu\n  data:\n    <<: *common\n    NAME: x\n`;
const plain = (name: string): string => `- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: ${name}\n  data:\n    k: v\n`;

const replicas = onTarget((o) => ({ ...o, spec: { ...obj(o, "spec"), replicas: 3 } }));
/** Adds a label to metadata.labels only: the anchored node changes, its aliases must not. */
const labelOnly = onTarget((o) => ({ ...o, metadata: { ...obj(o, "metadata"), labels: { ...obj(obj(o, "metadata"), "labels"), tier: "fe" } } }));
/** Adds the label everywhere the labels are aliased, as one policy could. */
const labelEverywhere = onTarget((o) => {
  const labels = { ...obj(obj(o, "metadata"), "labels"), tier: "fe" };
  const spec = obj(o, "spec");
  return { ...o, metadata: { ...obj(o, "metadata"), labels }, spec: { ...spec, selector: { matchLabels: { ...labels } }, template: { ...obj(spec, "template"), metadata: { labels: { ...labels } } } } };
});

const rows: { name: string; input: string; admit: Admitter; want: string }[] = [
  {
    name: "an unchanged item with anchors is copied byte for byte beside a changed one",
    input: rlYaml(deploy("web") + plain("target")),
    admit: onTarget((o) => ({ ...o, data: { k: "w" } })),
    want: rlYaml(deploy("web") + plain("target").replace("k: v", "k: w")),
  },
  {
    name: "a change away from the anchored nodes is patched in place, anchors and comments kept",
    input: rlYaml(deploy("target")),
    admit: replicas,
    want: rlYaml(deploy("target") + "    replicas: 3\n"),
  },
  {
    name: "a change of an anchored node whose aliases keep the old value re-serialises the item (aliases expanded)",
    input: rlYaml(deploy("target") + plain("next")),
    admit: labelOnly,
    want: rlYaml(
      "- apiVersion: apps/v1\n  kind: Deployment\n  metadata:\n    name: target\n    labels:\n      app: web\n      tier: fe\n  spec:\n    selector:\n      matchLabels:\n        app: web\n    template:\n      metadata:\n        labels:\n          app: web\n" + plain("next"),
    ),
  },
  {
    name: "the same change at the anchor and every alias is patched in place: those entries rewritten, aliases expanded",
    input: rlYaml(deploy("target")),
    admit: labelEverywhere,
    want: rlYaml("- apiVersion: apps/v1\n  kind: Deployment\n  metadata:\n    name: target\n    labels:\n      app: web\n      tier: fe\n  spec:\n    # pods of the app\n    selector:\n      matchLabels:\n        app: web\n        tier: fe\n    template:\n      metadata:\n        labels:\n          app: web\n          tier: fe\n"),
  },
  {
    name: "a change beside a merge key is patched in place, the merge kept",
    input: rlYaml(merged("target")),
    admit: onTarget((o) => ({ ...o, checked: "yes" })),
    want: rlYaml(merged("target") + '  checked: "yes"\n'),
  },
  {
    name: "a change inside a map with a merge key re-serialises the item (the merge expanded)",
    input: rlYaml(merged("target") + plain("next")),
    admit: onTarget((o) => ({ ...o, data: { ...obj(o, "data"), NAME: "y" } })),
    want: rlYaml("- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: target\n  common:\n    LOG: info\n    REGION: eu\n  data:\n    LOG: info\n    REGION: eu\n    NAME: \"y\"\n" + plain("next")),
  },
  {
    name: "a re-serialised item keeps a string key '<<' quoted though its source has a merge key `<<`",
    input: rlYaml("- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: target\n  base: &b {k: 1}\n  data:\n    <<: *b\n  other:\n    '<<': q\n"),
    admit: onTarget(({ apiVersion, ...rest }) => ({ ...rest, apiVersion, x: "1" })), // moved: the patcher declines
    want: rlYaml("- kind: ConfigMap\n  metadata:\n    name: target\n  base:\n    k: 1\n  data:\n    k: 1\n  other:\n    '<<': q\n  apiVersion: v1\n  x: \"1\"\n"),
  },
];
for (const row of rows) {
  test(`anchors in items: ${row.name}`, () => {
    assert.ok(readBlockDocument(row.input)?.items?.anchored?.some(Boolean), "read by the block reader, with anchors");
    const run = runFunction(row.input, row.admit, { quiet: true });
    assert.equal(run.exitCode, 0, run.stderr);
    assert.equal(run.stdout, row.want);
    // the output reads as the full parser reads the edited list
    const ref = yaml.load(row.input, { schema: loadSchema }) as JsonObject;
    const after = row.admit(ref.items as JsonObject[], defaultAdmitOptions).items;
    assert.ok(deepEqual(yaml.load(run.stdout, { schema: loadSchema }) as JsonValue, outputDocument(ref, after, [])));
  });
}

test("anchors across items: a changed anchored item gives the full path's list, never an output that does not parse", () => {
  const input = rlYaml(
    "- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: target\n    labels: &shared\n      team: shop\n" +
    "- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: other\n    labels: *shared\n",
  );
  assert.equal(readBlockDocument(input), undefined, "an alias of another item's anchor: js-yaml reads the list");
  for (const admit of [labelOnly, onTarget((o) => ({ ...o, data: { k: "v" } }))]) {
    const run = runFunction(input, admit, { quiet: true });
    assert.equal(run.exitCode, 0, run.stderr);
    const ref = yaml.load(input, { schema: loadSchema }) as JsonObject;
    const full = writeValue(outputDocument(ref, admit(ref.items as JsonObject[], defaultAdmitOptions).items, []), "yaml");
    assert.ok(full.ok);
    assert.ok(deepEqual(yaml.load(run.stdout, { schema: loadSchema }) as JsonValue, yaml.load(full.text, { schema: loadSchema }) as JsonValue), run.stdout);
  }
});

// ---- differential property -----------------------------------------------------------------

/** A change at the `at`-th collection of an item (in document order, identity excepted), copied on write. */
type Edit = { item: number; at: number; how: "set" | "add" | "delete"; value: JsonValue };
const edit: fc.Arbitrary<Edit> = fc.record({
  item: fc.nat(),
  at: fc.nat(),
  how: fc.constantFrom("set", "add", "delete"),
  value: fc.oneof(fc.constantFrom<JsonValue>("v", 7, null, true, "1.0", { p: 1 }, ["x"], {}), fc.string({ maxLength: 4 })),
});

/** Paths of every collection of `v` below the root (the identity fields left out). */
function collections(v: JsonValue, path: Array<string | number> = [], out: Array<Array<string | number>> = []): Array<Array<string | number>> {
  if (Array.isArray(v)) v.forEach((c, i) => collections(c, [...path, i], out));
  else if (isObject(v)) {
    for (const k of Object.keys(v)) {
      if (path.length > 0 || !["apiVersion", "kind", "metadata"].includes(k)) collections(v[k], [...path, k], out);
    }
  } else return out;
  if (path.length > 0) out.push(path);
  return out;
}

/** `v` with `e` applied at `path` (new collections along it; the rest shared, as admission writes). */
function editAt(v: JsonValue, path: ReadonlyArray<string | number>, e: Edit): JsonValue {
  if (path.length > 0) {
    const [head, ...rest] = path;
    if (Array.isArray(v)) return v.map((c, i) => (i === head ? editAt(c, rest, e) : c));
    const o = v as JsonObject;
    return { ...o, [head]: editAt(o[head as string], rest, e) };
  }
  if (Array.isArray(v)) {
    if (e.how === "add" || v.length === 0) return [...v, e.value];
    const i = e.at % v.length;
    return e.how === "set" ? v.map((c, j) => (j === i ? e.value : c)) : v.filter((_, j) => j !== i);
  }
  const o = v as JsonObject;
  const keys = Object.keys(o);
  if (e.how === "add" || keys.length === 0) return { ...o, [`x${e.at % 3}`]: e.value };
  const k = keys[e.at % keys.length];
  if (e.how === "set") return { ...o, [k]: e.value };
  const { [k]: _, ...rest } = o;
  return rest;
}

/** Whether a collection of `v` contains itself. */
function cyclic(v: JsonValue, open = new Set<object>()): boolean {
  if (!Array.isArray(v) && !isObject(v)) return false;
  if (open.has(v)) return true;
  open.add(v);
  const found = Object.values(v).some((c) => cyclic(c, open));
  open.delete(v);
  return found;
}

test("property: lists with anchors in items, random edits anywhere: the output reads as the full parser's, unchanged items copied", () => {
  let cases = 0, fast = 0, checkedCopies = 0, changedAnchored = 0, keptAnchors = 0;
  fc.assert(
    fc.property(anchoredList, fc.array(edit, { minLength: 1, maxLength: 3 }), fc.boolean(), (text, edits, withResult) => {
      let ref: JsonObject;
      try {
        ref = yaml.load(text, { schema: loadSchema }) as JsonObject;
      } catch {
        return; // an alias of an unknown name, a merge js-yaml refuses…
      }
      if (cyclic(ref)) return; // an alias inside its own node: js-yaml builds a cycle
      const items = ref.items as JsonObject[];
      const after: JsonValue[] = items.slice();
      for (const e of edits) {
        const i = e.item % after.length;
        const paths = collections(after[i]);
        const path = paths.length === 0 ? [] : paths[e.at % paths.length];
        after[i] = editAt(after[i], path, e);
      }
      const results: KrmResult[] = withResult ? [{ severity: "info", message: "seen" }] : [];
      cases++;
      const read = readBlockDocument(text);
      if (read !== undefined) fast++;
      const run = runFunction(text, (seen) => {
        assert.ok(deepEqual(seen, items), "the items are read as js-yaml reads them");
        return { items: after as JsonObject[], results };
      });
      assert.equal(run.exitCode, 0, run.stderr);
      let out: JsonValue;
      try {
        out = yaml.load(run.stdout, { schema: loadSchema }) as JsonValue;
      } catch (e) {
        assert.fail(`output does not read: ${String(e)}\ninput:\n${text}\noutput:\n${run.stdout}`);
      }
      assert.ok(deepEqual(out, outputDocument(ref, after, run.results)), `input:\n${text}\noutput:\n${run.stdout}`);
      if (read?.items === undefined) return;
      // On the fast path every unchanged item keeps its bytes (found where the block reader reads the output).
      const back = readBlockDocument(run.stdout)?.items;
      if (back === undefined) return;
      const source = (s: readonly [number, number][], t: string, i: number): string => t.slice(s[i][0], s[i][1]);
      for (let i = 0; i < items.length; i++) {
        if (deepEqual(items[i], after[i])) {
          assert.equal(source(back.spans, run.stdout, i), source(read.items.spans, text, i), `item ${i} copied`);
          checkedCopies++;
        } else if (read.items.anchored?.[i]) {
          changedAnchored++;
          if (back.anchored?.[i]) keptAnchors++;
        }
      }
    }),
    { seed: process.env.FUZZ ? undefined : 0x737061, numRuns: Number(process.env.FUZZ ?? 1500), includeErrorInReport: true },
  );
  // Both paths for a changed item with anchors are exercised: patched (anchors kept) and re-serialised.
  assert.ok(fast > cases * 0.5 && checkedCopies > 50 && keptAnchors > 20 && changedAnchored - keptAnchors > 20,
    `${cases} lists, ${fast} read fast, ${checkedCopies} copies checked, ${changedAnchored} changed items with anchors, ${keptAnchors} kept them`);
  if (process.env.FUZZ) console.log(`${cases} lists, ${fast} read fast, ${checkedCopies} copies checked, ${changedAnchored} changed items with anchors, ${keptAnchors} kept them`);
});
