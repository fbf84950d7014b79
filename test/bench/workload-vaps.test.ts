// Tests of the VAP benchmark workload: the VAPs leave the generated objects and params unchanged
// (the list without VAPs is the rest of the list, up to running ids), every template validates some objects, and the
// workload passes: no error or warning result, only the audit annotations as info.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mutate, type JsonObject } from "../../src/index.js";
import { generateWorkload } from "../../bench/workload.js";
import { vapBundle, vapTemplates } from "../../bench/workload-vaps.js";

const vapKinds = new Set(["ValidatingAdmissionPolicy", "ValidatingAdmissionPolicyBinding"]);
const kindOf = (item: JsonObject): string => String(item.kind);
const nameOf = (item: JsonObject): string => String((item.metadata as JsonObject).name);
/** The item without its `internal.config.kubernetes.io/id` (a running number over the whole list). */
function withoutId(item: JsonObject): JsonObject {
  const metadata = { ...(item.metadata as JsonObject) };
  const { "internal.config.kubernetes.io/id": _, ...annotations } = metadata.annotations as JsonObject;
  return { ...item, metadata: { ...metadata, annotations } };
}

test("adding VAPs adds only their policies, bindings and params", () => {
  const without = generateWorkload({ objects: 300, policies: 8, seed: 4 });
  const withVaps = generateWorkload({ objects: 300, policies: 8, vaps: 10, seed: 4 });
  const vapParams = new Set(Array.from({ length: 10 }, (_, i) => vapBundle(i).params.map(nameOf)).flat());
  const rest = withVaps.list.items.filter((i) => !vapKinds.has(kindOf(i)) && !vapParams.has(nameOf(i)));
  assert.deepEqual(rest.map(withoutId), without.list.items.map(withoutId));
  assert.equal(withVaps.list.items.filter((i) => kindOf(i) === "ValidatingAdmissionPolicy").length, 10);
  assert.deepEqual(withVaps.stats.vapsByTemplate, {
    "team-label": 2, "replica-ceiling": 2, "image-registry": 1, probes: 1, "namespace-env": 1, "service-ports": 1, "configmap-size": 1, "audit-owner": 1,
  });
  assert.throws(() => generateWorkload({ objects: 300, policies: 8, vaps: -1 }), /vaps must be a non-negative integer/);
});

test("the VAP workload passes: no error or warning, audit annotations only", () => {
  const { list } = generateWorkload({ objects: 400, policies: 8, vaps: vapTemplates.length });
  const out = mutate(list.items);
  assert.deepEqual(out.results.filter((r) => r.severity !== "info").map((r) => r.message).slice(0, 3), []);
  const annotations = out.results.filter((r) => r.tags?.policy === "bench-vap-audit-owner-7");
  assert.ok(annotations.length > 100, `${annotations.length} audit annotations`);
  for (const r of annotations) assert.match(r.message, /^bench-vap-audit-owner-7\/owner: [a-z]+$/);
  assert.equal(out.items.length, list.items.length);
});

for (const [i, template] of vapTemplates.entries()) {
  test(`VAP template ${template} validates generated objects`, () => {
    const { list } = generateWorkload({ objects: 400, policies: 0, vaps: vapTemplates.length });
    const own = `bench-vap-${template}-${i}`;
    const items = list.items.filter((item) => !vapKinds.has(kindOf(item)) || nameOf(item) === own || nameOf(item) === `${own}-binding`);
    const out = mutate(items);
    assert.ok((out.summary.validation?.validated ?? 0) > 10, `${template}: ${out.summary.validation?.validated} objects validated`);
    assert.equal(out.summary.validation?.denied, 0);
    assert.equal(out.summary.validation?.warned, 0);
  });
}
