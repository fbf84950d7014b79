// The kubernetes.io/metadata.name label of an admitted Namespace: set to the name during
// admission (SetDefaults_Namespace), written out as the author had it.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { JsonObject } from "../../src/data/index.js";
import { defaultNamespaceLabel, withInputNamespaceLabel } from "../../src/admission/mutating/namespace-defaults.js";

const L = "kubernetes.io/metadata.name";
const ns = (meta: JsonObject): JsonObject => ({ apiVersion: "v1", kind: "Namespace", metadata: meta });

const defaults: { name: string; input: JsonObject; expected: JsonObject }[] = [
  { name: "adds the label and a labels map", input: ns({ name: "a" }), expected: ns({ name: "a", labels: { [L]: "a" } }) },
  { name: "keeps other labels", input: ns({ name: "a", labels: { x: "1" } }), expected: ns({ name: "a", labels: { x: "1", [L]: "a" } }) },
  { name: "overwrites another value with the name", input: ns({ name: "a", labels: { [L]: "b" } }), expected: ns({ name: "a", labels: { [L]: "a" } }) },
  { name: "leaves a nameless Namespace alone", input: ns({ generateName: "a-" }), expected: ns({ generateName: "a-" }) },
];
for (const c of defaults) {
  test(`namespace label default: ${c.name}`, () => assert.deepEqual(defaultNamespaceLabel(c.input), c.expected));
}

const outputs: { name: string; admitted: JsonObject; input: JsonObject; expected: JsonObject }[] = [
  { name: "an added label and labels map go", admitted: ns({ name: "a", labels: { [L]: "a" }, annotations: { x: "1" } }), input: ns({ name: "a" }), expected: ns({ name: "a", annotations: { x: "1" } }) },
  { name: "an emptied labels map the input had stays", admitted: ns({ name: "a", labels: { [L]: "a" } }), input: ns({ name: "a", labels: {} }), expected: ns({ name: "a", labels: {} }) },
  { name: "labels a policy added stay, in place", admitted: ns({ labels: { p: "1", [L]: "a" }, name: "a" }), input: ns({ name: "a" }), expected: ns({ labels: { p: "1" }, name: "a" }) },
  { name: "the author's own value is kept", admitted: ns({ name: "a", labels: { [L]: "a" } }), input: ns({ name: "a", labels: { [L]: "mine" } }), expected: ns({ name: "a", labels: { [L]: "mine" } }) },
];
for (const c of outputs) {
  test(`namespace label output: ${c.name}`, () => assert.deepEqual(withInputNamespaceLabel(c.admitted, c.input), c.expected));
}
