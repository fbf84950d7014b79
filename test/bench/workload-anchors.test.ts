// The anchored workload variant: Deployments and StatefulSets select their pod template's labels
// through an anchor and an alias within the item, nothing else changes, and kmutate's block reader
// reads the text on its fast path with exactly those items marked as holding anchors.
import { test } from "node:test";
import assert from "node:assert/strict";
import yaml from "js-yaml";
import { deepEqual, isObject, type JsonObject } from "../../src/data/index.js";
import { readBlockDocument } from "../../src/krm/yaml/block-yaml.js";
import { generateWorkload } from "../../bench/workload.js";
import { serialiseAnchored, withAnchoredLabels } from "../../bench/workload-anchors.js";

test("the anchored variant shares labels only within Deployments and StatefulSets and reads on the fast path", () => {
  const { list } = generateWorkload({ objects: 200, policies: 4, seed: 3 });
  const anchored = withAnchoredLabels(list);
  const text = serialiseAnchored(anchored);
  const kinds = anchored.items.map((item) => String(item.kind));
  const want = kinds.map((k) => k === "Deployment" || k === "StatefulSet");
  assert.ok(want.filter(Boolean).length > 20, "enough anchored items");
  assert.equal((text.match(/&ref_\d+/g) ?? []).length, want.filter(Boolean).length);
  anchored.items.forEach((item, i) => {
    const spec = item.spec as JsonObject;
    const labels = isObject(spec?.template) ? (spec.template.metadata as JsonObject).labels : undefined;
    if (want[i]) assert.equal((spec.selector as JsonObject).matchLabels, labels, "one object: written as an alias");
    else assert.ok(deepEqual(item, list.items[i]), `${kinds[i]} unchanged`);
  });
  const read = readBlockDocument(text);
  assert.ok(read !== undefined, "read by the block reader");
  assert.deepEqual(read.items?.anchored, want);
  assert.ok(deepEqual(read.value, yaml.load(text) as JsonObject), "as js-yaml reads it");
});
