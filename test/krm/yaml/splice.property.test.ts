// Differential property of the fast output path: for generated ResourceList texts — block
// scalars with `#` lines and every chomping, comment and blank lines anywhere, anchors shared
// across items (also one name redefined), quoted scalars with under-indented continuation lines
// that look like items, comments or keys — and random edits of random items, the KRM function's
// output read by js-yaml (the full parser) is exactly the input as js-yaml reads it with the
// edited items and the results. Seeded; FUZZ=<runs> runs longer with a random seed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { inspect } from "node:util";
import fc from "fast-check";
import yaml from "js-yaml";
import { deepEqual, isObject, type JsonObject, type JsonValue } from "../../../src/data/index.js";
import type { KrmResult } from "../../../src/admission/index.js";
import { readBlockDocument } from "../../../src/krm/yaml/block-yaml.js";
import { dumpSchema, loadSchema } from "../../../src/krm/yaml/fast-yaml-schema.js";
import { outputDocument, runFunction } from "../../../src/krm/index.js";

// ---- texts ---------------------------------------------------------------------------------

const scriptLine = fc.constantFrom("#!/bin/sh", "# comment", "  # indented comment", "echo hi", "- x", "key: v", "", "  ", "---", "...", "items:", "\tx");
/** Multi-line strings ending in 0–3 newlines: js-yaml writes them as `|-`, `|` or `|+` blocks. */
const script = fc.tuple(fc.array(scriptLine, { minLength: 1, maxLength: 5 }), fc.nat(3)).map(([lines, nl]) => lines.join("\n") + "\n".repeat(nl));
const word = fc.stringMatching(/^[a-z][a-z0-9-]{0,6}$/);
const str = fc.oneof(word, script, fc.constantFrom("", "yes", "1.0", "a: b", "# x", "- y", "@q"));
const scalar: fc.Arbitrary<JsonValue> = fc.oneof(fc.integer(), str, fc.boolean(), fc.constant(null));
const value: fc.Arbitrary<JsonValue> = fc.letrec<{ v: JsonValue }>((tie) => ({
  v: fc.oneof({ depthSize: "small" }, scalar, fc.array(tie("v"), { maxLength: 3 }), fc.dictionary(word, tie("v"), { maxKeys: 3, noNullPrototype: true }) as fc.Arbitrary<JsonValue>),
})).v;
const body = fc.dictionary(word.filter((k) => !["apiVersion", "kind", "metadata"].includes(k)), value, { maxKeys: 4, noNullPrototype: true });

/** Lines put inside a double-quoted scalar at column 0 (js-yaml folds them into the value). */
const continuation = fc.array(fc.constantFrom("- x", "- apiVersion: v1", "-", "# c", "items:", "results:", "functionConfig:", "x: y", "  - y", ""), { minLength: 1, maxLength: 3 });

interface Shape {
  bodies: JsonObject[];
  /** Items that take item 0's first value (the same object: an anchor and aliases when dumped). */
  shared: number[];
  /** Rename every anchor to one name, so later anchors redefine it. */
  oneAnchorName: boolean;
  /** Items that get a quoted value with under-indented continuation lines. */
  quoted: Array<[number, string[]]>;
  style: { noArrayIndent: boolean; indent: number; flowLevel: number };
  comments: Array<[number, number, boolean]>;
  tail: "" | "functionConfig" | "comment";
}
const shape: fc.Arbitrary<Shape> = fc.record({
  bodies: fc.array(body, { minLength: 1, maxLength: 4 }),
  shared: fc.array(fc.nat(3), { maxLength: 2 }),
  oneAnchorName: fc.boolean(),
  quoted: fc.array(fc.tuple(fc.nat(3), continuation), { maxLength: 2 }),
  style: fc.record({ noArrayIndent: fc.boolean(), indent: fc.constantFrom(2, 2, 4), flowLevel: fc.constantFrom(-1, -1, -1, 3) }),
  comments: fc.array(fc.tuple(fc.nat(), fc.nat(8), fc.boolean()), { maxLength: 3 }),
  tail: fc.constantFrom<Shape["tail"]>("", "", "functionConfig", "comment"),
});

function listText(s: Shape): string {
  const items: JsonObject[] = s.bodies.map((b, i) => ({ apiVersion: "v1", kind: "ConfigMap", metadata: { name: `c${i}` }, ...b }));
  const first = Object.keys(s.bodies[0])[0];
  if (first !== undefined && typeof s.bodies[0][first] === "object" && s.bodies[0][first] !== null) {
    for (const i of s.shared) if (i < items.length && i > 0) items[i][`shared${i}`] = s.bodies[0][first];
  }
  s.quoted.forEach(([i, _], k) => {
    if (i < items.length) items[i][`quoted${k}`] = `@@Q${k}@@`;
  });
  const doc: JsonObject = { apiVersion: "config.kubernetes.io/v1", kind: "ResourceList", items };
  if (s.tail === "functionConfig") doc.functionConfig = { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "fc" } };
  let text = yaml.dump(doc, { schema: dumpSchema, noRefs: false, lineWidth: -1, ...s.style });
  if (s.oneAnchorName) text = text.replace(/([&*])ref_\d+/g, "$1a");
  s.quoted.forEach(([_, lines], k) => {
    text = text.replace(new RegExp(`(['"])@@Q${k}@@\\1`), () => `"w1\n${lines.join("\n")}\nw2"`);
  });
  const lines = text.split("\n");
  for (const [line, col, trailing] of s.comments) {
    const i = 3 + (line % Math.max(1, lines.length - 3));
    if (trailing && lines[i] !== undefined && lines[i] !== "") lines[i] += " # t";
    else lines.splice(i, 0, col === 8 ? "" : " ".repeat(col) + "# c");
  }
  return lines.join("\n") + (s.tail === "comment" ? "# the end\n" : "");
}

// ---- edits ---------------------------------------------------------------------------------

type Edit = { item: number; how: "data" | "top" | "delete" | "label" | "reorder" | "script"; key: string; value: JsonValue };
const edit: fc.Arbitrary<Edit> = fc.record({ item: fc.nat(), how: fc.constantFrom("data", "top", "delete", "label", "reorder", "script"), key: word, value });

/** `o` with the edit applied, copied (as admission writes copies). */
function applied(o: JsonObject, e: Edit): JsonObject {
  const keys = Object.keys(o).filter((k) => !["apiVersion", "kind", "metadata"].includes(k));
  switch (e.how) {
    case "data":
      return { ...o, data: { ...(isObject(o.data) ? o.data : {}), [e.key]: e.value } };
    case "top":
      return { ...o, [`x-${e.key}`]: e.value };
    case "delete": {
      const out = { ...o };
      if (keys.length > 0) delete out[keys[e.key.length % keys.length]];
      return out;
    }
    case "label":
      return { ...o, metadata: { ...(o.metadata as JsonObject), labels: { [e.key]: "v" } } };
    case "reorder": // the first key moved last: the in-place patcher declines, the item is re-serialised
      return { ...Object.fromEntries(Object.entries(o).slice(1)), [Object.keys(o)[0]]: o[Object.keys(o)[0]] };
    case "script":
      return { ...o, [keys[0] ?? "data"]: "#!/bin/sh\n# set\n\n" };
  }
}

// ---- the law -------------------------------------------------------------------------------

test("property: the fast output path writes exactly the edited list (js-yaml reads it back)", () => {
  let cases = 0, blockRead = 0;
  fc.assert(
    fc.property(shape, fc.array(edit, { minLength: 1, maxLength: 3 }), fc.boolean(), (s, edits, withResult) => {
      const text = listText(s);
      let ref: JsonObject;
      try {
        ref = yaml.load(text, { schema: loadSchema }) as JsonObject;
      } catch {
        return; // the generated text is not YAML (a continuation line js-yaml refuses)
      }
      const items = ref.items as JsonObject[];
      const after = items.slice();
      for (const e of edits) after[e.item % after.length] = applied(after[e.item % after.length], e);
      const results: KrmResult[] = withResult ? [{ severity: "info", message: "seen" }] : [];
      cases++;
      if (readBlockDocument(text) !== undefined) blockRead++;
      const run = runFunction(text, (read) => {
        assert.ok(deepEqual(read, items), "the fast reader reads the items as js-yaml does");
        return { items: after, results };
      });
      assert.equal(run.exitCode, 0, run.stderr);
      let out: JsonValue;
      try {
        out = yaml.load(run.stdout, { schema: loadSchema }) as JsonValue;
      } catch (e) {
        assert.fail(`output does not read: ${String(e)}\ninput:\n${text}\noutput:\n${run.stdout}`);
      }
      const want = outputDocument(ref, after, results);
      assert.ok(deepEqual(out, want), `input:\n${text}\noutput:\n${run.stdout}\nwant: ${inspect(want, { depth: 9 })}`);
    }),
    { seed: process.env.FUZZ ? undefined : 0x73706c, numRuns: Number(process.env.FUZZ ?? 1500) },
  );
  // both output paths are exercised: proven spans (block reader) and guessed ones (js-yaml read)
  assert.ok(blockRead > cases * 0.2 && blockRead < cases * 0.9, `block-read ${blockRead} of ${cases}`);
  if (process.env.FUZZ) console.log(`cases ${cases}, block-read ${blockRead}`);
});
