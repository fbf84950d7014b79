// Which items admission admits: configuration of the pipeline and its tests (kpt, kmutate's
// functionConfig and PolicyTest, kustomize) never is, even under a policy matching everything;
// an object of any other group is, with its twin rows side by side.
import { test } from "node:test";
import assert from "node:assert/strict";
import { admit, defaultAdmitOptions } from "../../src/admission/index.js";
import type { JsonObject } from "../../src/data/index.js";
import { binding, obj, policy } from "./fixtures.js";

const labelEverything = [
  policy("label-all", {
    matchConstraints: { resourceRules: [{ apiGroups: ["*"], apiVersions: ["*"], operations: ["CREATE"], resources: ["*"] }] },
    mutations: [{ patchType: "ApplyConfiguration", applyConfiguration: { expression: 'Object{metadata: Object.metadata{labels: {"seen": "yes"}}}' } }],
  }),
  binding("label-all", "label-all"),
];

const rows: Array<{ name: string; item: JsonObject; admitted: boolean }> = [
  { name: "a PolicyTest (test.kmutate.dev) is not admitted", item: obj("test.kmutate.dev/v1alpha1", "PolicyTest", "t"), admitted: false },
  { name: "a MutationConfig (fn.kmutate.dev) is not admitted", item: obj("fn.kmutate.dev/v1alpha1", "MutationConfig", "c"), admitted: false },
  { name: "a Kptfile (kpt.dev) is not admitted", item: obj("kpt.dev/v1", "Kptfile", "k"), admitted: false },
  { name: "an object of a look-alike group is admitted", item: obj("test.kmutate.dev.example.com/v1", "PolicyTest", "t"), admitted: true },
  { name: "a ConfigMap is admitted", item: obj("v1", "ConfigMap", "c", "default"), admitted: true },
];

for (const r of rows) {
  test(`admitted items: ${r.name}`, () => {
    const out = admit([...labelEverything, r.item], defaultAdmitOptions);
    const after = out.items[2];
    assert.equal((after.metadata as JsonObject).labels !== undefined, r.admitted);
    if (!r.admitted) {
      assert.equal(after, r.item);
      // Nothing about the item; the policy, having matched nothing, says so.
      assert.deepEqual(out.results.map((r) => r.tags?.code), ["unmatched-policy"]);
    }
  });
}
