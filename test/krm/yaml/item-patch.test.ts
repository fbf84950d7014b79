// Changed items patched in their source text: the patched text reads (by js-yaml) as exactly the
// new item, unchanged entries keep their bytes, and shapes the patcher does not follow are left
// to the re-serialising writer. Table rows, then a property over generated items, dump styles
// and random edits (copy-on-write like admission, and deep copies without shared sub-trees).
import { test } from "node:test";
import assert from "node:assert/strict";
import { inspect, isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import yaml from "js-yaml";
import { deepClone, isObject, setKey, type JsonObject, type JsonValue } from "../../../src/data/index.js";
import { emitEntry, emitItems } from "../../../src/krm/yaml/emit-items.js";
import { readBlockDocument, readBlockYaml } from "../../../src/krm/yaml/block-yaml.js";
import { dumpSchema, loadSchema } from "../../../src/krm/yaml/fast-yaml-schema.js";
import { patchItemText } from "../../../src/krm/yaml/item-patch.js";

/** The one item of a ResourceList text, patched to `after`; the whole text, or undefined. */
function patchOnly(list: string, after: JsonObject): string | undefined {
  const read = readBlockDocument(list);
  const doc = read?.value as { items: JsonObject[] };
  const found = read?.items;
  assert.ok(found);
  const [start, end] = found.spans[0];
  const patched = patchItemText(list.slice(start, end), found.indent, doc.items[0], after);
  return patched === undefined ? undefined : list.slice(0, start) + patched + list.slice(end);
}

function itemOf(text: string): unknown {
  return (yaml.load(text, { schema: loadSchema }) as { items: unknown[] }).items[0];
}

const head = "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n";
const rows: { name: string; item: string; edit: (o: JsonObject) => void; want: string }[] = [
  {
    name: "a label added after the last one, comments and quotes kept",
    item: "- apiVersion: v1 # core\n  kind: ConfigMap\n  metadata:\n    name: 'c'\n    labels:\n      a: \"1\" # one\n    # about data\n  data: {k: v}\n",
    edit: (o) => { ((o.metadata as JsonObject).labels as JsonObject).b = "2"; },
    want: "- apiVersion: v1 # core\n  kind: ConfigMap\n  metadata:\n    name: 'c'\n    labels:\n      a: \"1\" # one\n      b: \"2\"\n    # about data\n  data: {k: v}\n",
  },
  {
    name: "a key appended to the item",
    item: "- kind: ConfigMap\n  data:\n    k: v\n",
    edit: (o) => { o.extra = { x: [1, "two"] }; },
    want: "- kind: ConfigMap\n  data:\n    k: v\n  extra:\n    x:\n    - 1\n    - two\n",
  },
  {
    name: "an init container prepended to an indented list; the others copied",
    item: "- kind: Pod\n  spec:\n    containers:\n      - name: app # main\n        image: nginx\n",
    edit: (o) => { const s = o.spec as JsonObject; s.containers = [{ name: "proxy", image: "envoy" }, ...(s.containers as JsonValue[])]; },
    want: "- kind: Pod\n  spec:\n    containers:\n      - name: proxy\n        image: envoy\n      - name: app # main\n        image: nginx\n",
  },
  {
    name: "a changed scalar rewritten (its comment goes), its neighbours kept",
    item: "- kind: Deployment\n  spec:\n    replicas: 1 # few\n    paused: false\n",
    edit: (o) => { (o.spec as JsonObject).replicas = 3; },
    want: "- kind: Deployment\n  spec:\n    replicas: 3\n    paused: false\n",
  },
  {
    name: "a key removed, the others kept",
    item: "- kind: Deployment\n  spec:\n    replicas: 1\n    paused: false\n",
    edit: (o) => { delete (o.spec as JsonObject).replicas; },
    want: "- kind: Deployment\n  spec:\n    paused: false\n",
  },
  {
    name: "a map emptied is written {}",
    item: "- kind: Deployment\n  spec:\n    replicas: 1\n",
    edit: (o) => { delete (o.spec as JsonObject).replicas; },
    want: "- kind: Deployment\n  spec: {}\n",
  },
  {
    name: "a field of a compact list-item mapping",
    item: "- kind: Pod\n  spec:\n    containers:\n    - name: a\n      image: x\n    - name: b\n      image: y\n",
    edit: (o) => { (((o.spec as JsonObject).containers as JsonObject[])[1]).image = "z"; },
    want: "- kind: Pod\n  spec:\n    containers:\n    - name: a\n      image: x\n    - name: b\n      image: z\n",
  },
];
for (const r of rows) {
  test(`item patch: ${r.name}`, () => {
    const list = head + r.item;
    const after = deepClone(itemOf(list) as JsonValue) as JsonObject;
    r.edit(after);
    const out = patchOnly(list, after);
    assert.equal(out, head + r.want);
    assert.ok(isDeepStrictEqual(itemOf(out), after));
  });
}

test("item patch: the first key on the dash line removed, or preceded by a new key", () => {
  const list = head + "- kind: ConfigMap\n  data:\n    k: v\n";
  const item = itemOf(list) as JsonObject;
  assert.equal(patchOnly(list, { data: item.data }), head + "- data:\n    k: v\n");
  assert.equal(patchOnly(list, { apiVersion: "v1", ...item }), head + "- apiVersion: v1\n  kind: ConfigMap\n  data:\n    k: v\n");
  assert.equal(patchOnly(list, {}), undefined); // `- {}`: the writer's
});

test("item patch: emitted text with a keep-chomping header (or a line end like one) is left to the writer", () => {
  const list = head + "- kind: ConfigMap\n  data:\n    k: v\n\n  x: 1\n";
  const withK = (k: JsonValue): JsonObject => ({ kind: "ConfigMap", data: { k }, x: 1 });
  // `k: |+` before the copied blank line would take it into its value
  assert.equal(patchOnly(list, withK("a\n\n")), undefined);
  assert.equal(patchOnly(list, withK(["a\n\n"])), undefined);
  // plain values ending like a header are refused too; other `+`s are not
  assert.equal(patchOnly(list, withK("x|+")), undefined);
  assert.equal(patchOnly(list, withK(["x>2+"])), undefined);
  assert.equal(patchOnly(list, withK("x+")), head + "- kind: ConfigMap\n  data:\n    k: x+\n\n  x: 1\n");
  assert.equal(patchOnly(list, withK("a\n")), head + "- kind: ConfigMap\n  data:\n    k: |\n      a\n\n  x: 1\n");
});

// ---- property ------------------------------------------------------------------------------

const word = fc.stringMatching(/^[a-z][a-z0-9./-]{0,8}$/);
const str = fc.oneof(fc.stringMatching(/^[a-zA-Z0-9 :#'"@*&!,./{}[\]-]{0,12}$/), fc.constantFrom("multi\nline\n", "a\n\nb", "yes", "1.0", "", " x"));
const scalar: fc.Arbitrary<JsonValue> = fc.oneof(fc.integer(), str, fc.boolean(), fc.constant(null));
const value: fc.Arbitrary<JsonValue> = fc.letrec<{ v: JsonValue }>((tie) => ({
  v: fc.oneof({ depthSize: "small" }, scalar, fc.array(tie("v"), { maxLength: 4 }), fc.dictionary(word, tie("v"), { maxKeys: 4, noNullPrototype: true }) as fc.Arbitrary<JsonValue>),
})).v;
const item = fc.dictionary(word, value, { minKeys: 1, maxKeys: 5, noNullPrototype: true });

type Edit = { path: number[]; how: "set" | "delete" | "insert" | "add"; key: string; value: JsonValue };
const edit: fc.Arbitrary<Edit> = fc.record({ path: fc.array(fc.nat(), { maxLength: 4 }), how: fc.constantFrom("set", "delete", "insert", "add"), key: word, value });

/** `v` with one edit at the node picked by `path` (indexes into keys or elements); copies only along the path. */
function edited(v: JsonValue, e: Edit, depth = 0): JsonValue {
  const step = e.path[depth];
  if (Array.isArray(v)) {
    if (step === undefined || v.length === 0 || depth >= e.path.length) {
      const at = v.length === 0 ? 0 : (step ?? 0) % (v.length + 1);
      if (e.how === "delete" && v.length > 0) return v.filter((_, i) => i !== at % v.length);
      if (e.how === "set" && v.length > 0) return v.map((x, i) => (i === at % v.length ? e.value : x));
      return [...v.slice(0, at), e.value, ...v.slice(at)];
    }
    const i = step % v.length;
    return v.map((x, j) => (j === i ? edited(x, e, depth + 1) : x));
  }
  if (isObject(v)) {
    const keys = Object.keys(v);
    if (step === undefined || keys.length === 0 || depth >= e.path.length) {
      const out: JsonObject = { ...v };
      const k = keys.length > 0 ? keys[(step ?? 0) % keys.length] : e.key;
      if (e.how === "delete" && keys.length > 0) delete out[k];
      else if (e.how === "set" && keys.length > 0) out[k] = e.value;
      else if (!(e.key in out)) out[e.key] = e.value;
      return out;
    }
    const k = keys[step % keys.length];
    return { ...v, [k]: edited(v[k], e, depth + 1) };
  }
  return e.value;
}

const styles = fc.record({ noArrayIndent: fc.boolean(), indent: fc.constantFrom(2, 2, 4), flowLevel: fc.constantFrom(-1, -1, 3, 4), quotingType: fc.constantFrom<"'" | '"'>("'", '"') });

/** Comment lines (at any indentation) and trailing comments put into a dumped text. */
const comments = fc.array(fc.tuple(fc.nat(), fc.nat(8), fc.boolean()), { maxLength: 4 });
function commented(text: string, where: [number, number, boolean][]): string {
  const lines = text.split("\n");
  for (const [line, col, trailing] of where) {
    const i = 3 + (line % Math.max(1, lines.length - 4)); // after `items:`
    if (trailing) lines[i] += " # t";
    else lines.splice(i, 0, " ".repeat(col) + "# c");
  }
  return lines.join("\n");
}

test("property: a patched item reads as the edited item; most edits are patched", () => {
  let tried = 0, patched = 0;
  fc.assert(
    fc.property(item, fc.array(edit, { minLength: 1, maxLength: 3 }), styles, fc.boolean(), comments, (before, edits, style, share, where) => {
      const list = commented(yaml.dump({ apiVersion: "config.kubernetes.io/v1", kind: "ResourceList", items: [{ kind: "X", ...before }] }, { schema: dumpSchema, noRefs: true, lineWidth: -1, ...style }), where);
      const doc = readBlockYaml(list) as { items: JsonObject[] } | undefined;
      fc.pre(doc !== undefined);
      let after: JsonValue = doc.items[0];
      for (const e of edits) after = edited(after, e);
      fc.pre(isObject(after));
      if (!share) after = deepClone(after);
      tried++;
      const out = patchOnly(list, after);
      if (out === undefined) return;
      patched++;
      const got = itemOf(out);
      assert.ok(isDeepStrictEqual(got, after), `patched text:\n${out}\ngot: ${inspect(got, { depth: 9 })}\nwant: ${inspect(after, { depth: 9 })}`);
    }),
    { numRuns: Number(process.env.FUZZ ?? 3000) },
  );
  assert.ok(patched / tried > 0.85, `patched ${patched} of ${tried}`);
  if (process.env.FUZZ) console.log(`patched ${patched} of ${tried}`);
});

test("property: emitEntry writes what emitItems writes for the one-entry mapping", () => {
  fc.assert(
    fc.property(fc.oneof(word, fc.string({ maxLength: 6 }), fc.constantFrom("__proto__", "yes", "a: b", "")), value, fc.nat(6), (k, v, indent) => {
      const one: JsonObject = {};
      setKey(one, k, v);
      const hooks = { pad: " ".repeat(indent), keyText: () => undefined, verbatim: () => undefined };
      assert.equal(emitEntry(k, v, hooks), emitItems(one, hooks));
    }),
    { numRuns: 2000 },
  );
});
