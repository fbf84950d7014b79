// Writing changed items into the input text: texts whose item boundaries indentation alone gets
// wrong (issue 22 items 1–3) come out as exactly the edited list — in place where the block reader
// proved the spans, re-serialised where a guessed splice does not read back as intended.
import { test } from "node:test";
import assert from "node:assert/strict";
import yaml from "js-yaml";
import { defaultAdmitOptions } from "../../../src/admission/index.js";
import { deepClone, deepEqual, type JsonObject } from "../../../src/data/index.js";
import { readDocument, runFunction, type Admitter } from "../../../src/krm/index.js";
import { loadSchema } from "../../../src/krm/yaml/fast-yaml-schema.js";
import { rlYaml } from "../fixtures.js";

/** An admitter that rewrites the item named `target` with `f` (on a copy) and reports nothing. */
function onTarget(f: (o: JsonObject) => JsonObject): Admitter {
  return (items) => ({ items: items.map((o) => ((o.metadata as JsonObject).name === "target" ? f(deepClone(o)) : o)), results: [] });
}

/** A ConfigMap item at column 0 with the given lines after its name. */
const cm = (name: string, rest = ""): string => `- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: ${name}\n${rest}`;

const addKey = onTarget((o) => ({ ...o, data: { ...(o.data as JsonObject), checked: "true" } }));
/** A change the in-place patcher declines (the key order changes), so the item is re-serialised. */
const reorder = onTarget((o) => ({ data: { ...(o.data as JsonObject), x: "1" }, apiVersion: o.apiVersion, kind: o.kind, metadata: o.metadata }));
const label = onTarget((o) => ({ ...o, metadata: { ...(o.metadata as JsonObject), labels: { team: "shop" } } }));

const rows: { name: string; input: string; admit: Admitter; want: string }[] = [
  {
    name: "a `#` line ending a block scalar in the last item stays in it when the item is patched",
    input: rlYaml(cm("target", "  data:\n    run.sh: |\n      #!/bin/sh\n      echo start\n      # the last line is a shell comment\n")),
    admit: addKey,
    want: rlYaml(cm("target", "  data:\n    run.sh: |\n      #!/bin/sh\n      echo start\n      # the last line is a shell comment\n    checked: \"true\"\n")),
  },
  {
    name: "a `#` line ending a block scalar in the last item is written once when the item is re-serialised",
    input: rlYaml(cm("target", "  data:\n    run.sh: |\n      echo start\n      # done\n"), "functionConfig:\n  apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: fc\n"),
    admit: reorder,
    want: rlYaml("- data:\n    run.sh: |\n      echo start\n      # done\n    x: \"1\"\n  apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: target\n", "functionConfig:\n  apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: fc\n"),
  },
  {
    name: "the kept blank lines of a `|+` scalar ending the last item do not grow",
    input: rlYaml(cm("target", "  data:\n    k: |+\n      x\n\n\n")),
    admit: addKey,
    want: rlYaml(cm("target", "  data:\n    k: |+\n      x\n\n\n    checked: \"true\"\n")),
  },
  {
    name: "results after a `|+` scalar ending the last item leave its blank lines as they were",
    input: rlYaml(cm("target", "  data:\n    k: |+\n      x\n\n")),
    admit: (items) => ({ items, results: [{ severity: "info", message: "seen" }] }),
    want: rlYaml(cm("target", "  data:\n    k: |+\n      x\n\n"), "results:\n- message: seen\n  severity: info\n"),
  },
  {
    name: "a comment indented into the last item is not taken into a block scalar written after it",
    input: rlYaml(cm("target", "      # about the name\n")),
    admit: onTarget((o) => ({ ...o, data: "#!/bin/sh\n\n" })),
    want: rlYaml("- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: target\n  data: |+\n    #!/bin/sh\n\n"),
  },
  {
    name: "a value kept with its blank lines (`|+`) is not written before the blank lines after an entry",
    input: rlYaml(cm("target", "\n") + cm("next")),
    admit: onTarget((o) => ({ ...o, data: { k: "x\n\n" } })),
    want: rlYaml("- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: target\n  data:\n    k: |+\n      x\n\n" + cm("next")),
  },
  {
    name: "an anchored item that changes while another item aliases it: the list is re-serialised",
    input: rlYaml(cm("target", "  data: &shared\n    k: v\n") + cm("other", "  data: *shared\n")),
    admit: label,
    want: rlYaml(cm("target", "    labels:\n      team: shop\n  data:\n    k: v\n") + cm("other", "  data:\n    k: v\n")),
  },
  {
    name: "an anchor redefined in a changed item: the alias after it keeps its value",
    input: rlYaml(cm("first", "  data: &d\n    k: one\n") + cm("target", "  data: &d\n    k: two\n") + cm("last", "  data: *d\n")),
    admit: label,
    want: rlYaml(cm("first", "  data:\n    k: one\n") + cm("target", "    labels:\n      team: shop\n  data:\n    k: two\n") + cm("last", "  data:\n    k: two\n")),
  },
  {
    name: "an item aliasing an unchanged item's anchor changes: spliced, the alias written out",
    input: rlYaml(cm("first", "  data: &d\n    k: one\n") + cm("target", "  data: *d\n")),
    admit: label,
    want: rlYaml(cm("first", "  data: &d\n    k: one\n") + cm("target", "    labels:\n      team: shop\n  data:\n    k: one\n")),
  },
  {
    // The block reader reads quoted scalars over lines: the spans are proven, the decoy is copied.
    name: "an under-indented quoted continuation holding a copy of the next item: the real item is mutated",
    input: rlYaml(cm("decoy", "  data:\n    note: \"see\n" + cm("target") + "end\"\n") + cm("target")),
    admit: label,
    want: rlYaml(cm("decoy", "  data:\n    note: \"see\n" + cm("target") + "end\"\n") + cm("target", "    labels:\n      team: shop\n")),
  },
  {
    name: "an under-indented quoted continuation that looks like an item, before the changed item",
    input: rlYaml(cm("a", "  data:\n    x: \"foo\n- bar\nbaz\"\n") + cm("target")),
    admit: label,
    want: rlYaml(cm("a", "  data:\n    x: \"foo\n- bar\nbaz\"\n") + cm("target", "    labels:\n      team: shop\n")),
  },
  {
    name: "a changed item holding a multi-line quoted scalar is re-serialised whole (not patched)",
    input: rlYaml(cm("target", "  data:\n    x: \"foo\n  k: v\nbaz\"\n")),
    admit: label,
    want: rlYaml(cm("target", "    labels:\n      team: shop\n  data:\n    x: \"foo k: v baz\"\n")),
  },
];

for (const row of rows) {
  test(`splice: ${row.name}`, () => {
    const run = runFunction(row.input, row.admit);
    assert.equal(run.exitCode, 0, run.stderr);
    assert.equal(run.stdout, row.want);
    // the expected text holds the edited items, as js-yaml reads the input
    const input = (yaml.load(row.input, { schema: loadSchema }) as { items: JsonObject[] }).items;
    const back = readDocument(run.stdout);
    assert.ok(back.ok && deepEqual((back.value as JsonObject).items, row.admit(input, defaultAdmitOptions).items));
  });
}
