// Live objects are validated only where they differ from the last version known valid
// (`LiveValidity`): a copy of a valid object that shares its untouched maps but carries a new
// invalid field is still refused, and the error names the new field; a known version of another
// type is not used.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { applyConfiguration, applyConfigurationDeduced, type LiveValidity } from "../../src/patch/index.js";
import { validateValue } from "../../src/patch/apply-validate.js";
import { builtinSchema, type TypeRef } from "../../src/schema/index.js";
import { isObject, type JsonObject, type JsonValue } from "../../src/data/index.js";

const type: TypeRef = { schema: builtinSchema(), spec: { named: "io.k8s.api.apps.v1.Deployment" } };
const template: JsonObject = { metadata: { labels: { app: "a" } }, spec: { containers: [{ name: "c", image: "i" }] } };
const live: JsonObject = {
  apiVersion: "apps/v1", kind: "Deployment", metadata: { name: "d" },
  spec: { selector: { matchLabels: { app: "a" } }, template },
};

test("a valid live object, then a copy sharing its maps with a new invalid field deep inside", () => {
  const validity: LiveValidity = {};
  const first = applyConfiguration(live, { spec: { replicas: 2 } }, type, { validity });
  assert.equal(first.ok, true);
  assert.ok(first.ok && validity.object === first.object, "the result is recorded as valid");
  const container = { name: "c", image: "i", bogus: true };
  const changed: JsonObject = { ...live, spec: { ...(live.spec as JsonObject), template: { ...template, spec: { containers: [container] } } } };
  const r = applyConfiguration(changed, { spec: { replicas: 2 } }, type, { validity });
  assert.deepEqual(r, {
    ok: false, code: "invalid-live",
    message: "error applying patch: failed to convert original object to typed object: .spec.template.spec.containers[name=\"c\"].bogus: field not declared in schema",
  });
  // The shared, valid parts are still valid; the original still applies.
  assert.equal(applyConfiguration(live, { spec: { replicas: 3 } }, type, { validity }).ok, true);
});

test("a map valid under one type is checked again under another", () => {
  const labels = { app: "a" };
  const validity: LiveValidity = {};
  const asMeta: JsonObject = { apiVersion: "apps/v1", kind: "Deployment", metadata: { name: "d", labels } };
  assert.equal(applyConfiguration(asMeta, { spec: { replicas: 1 } }, type, { validity }).ok, true);
  // The same labels object used as a Deployment spec: `app` is not a DeploymentSpec field.
  const asSpec: JsonObject = { apiVersion: "apps/v1", kind: "Deployment", metadata: { name: "d" }, spec: labels };
  const r = applyConfiguration(asSpec, { spec: { replicas: 1 } }, type, { validity });
  assert.deepEqual(r, { ok: false, code: "invalid-live", message: "error applying patch: failed to convert original object to typed object: .spec.app: field not declared in schema" });
  // A version known valid under the deduced type says nothing about the Deployment type.
  const deducedValidity: LiveValidity = {};
  const bad: JsonObject = { apiVersion: "apps/v1", kind: "Deployment", metadata: { name: "d" }, spec: { app: "a" } };
  assert.equal(applyConfigurationDeduced(bad, { metadata: { labels: { x: "y" } } }, deducedValidity).ok, true);
  assert.equal(applyConfiguration(bad, { spec: { replicas: 1 } }, type, { validity: deducedValidity }).ok, false);
});

/** A copy of `v` with the node at a path chosen by `pick` replaced by `d` (sharing the rest). */
function edit(v: JsonValue, d: JsonValue, pick: number): JsonValue {
  if (isObject(v)) {
    const keys = Object.keys(v);
    if (keys.length === 0 || pick % 5 === 4) return { ...v, [`k${pick % 3}`]: d };
    const k = keys[pick % keys.length];
    return { ...v, [k]: pick % 3 === 0 ? d : edit(v[k], d, Math.floor(pick / 3)) };
  }
  if (Array.isArray(v) && v.length > 0) {
    const i = pick % v.length;
    return v.map((x, j) => (j === i ? edit(x, d, Math.floor(pick / 3)) : x));
  }
  return d;
}

test("property: validating against a valid base gives the errors of a full validation", () => {
  const name = fc.constantFrom("a", "b", "c");
  const container = fc.record({ name, image: fc.constantFrom("x", "y"), args: fc.array(fc.constantFrom("p", "q"), { maxLength: 2 }) }, { requiredKeys: ["name"] });
  const pod = fc.record({
    metadata: fc.record({ name, labels: fc.dictionary(name, name, { maxKeys: 2 }) }, { requiredKeys: [] }),
    spec: fc.record({ containers: fc.array(container, { maxLength: 3 }), hostname: name }, { requiredKeys: [] }),
  }, { requiredKeys: [] }) as fc.Arbitrary<JsonObject>;
  const junk = fc.oneof(fc.constantFrom<JsonValue>("s", 1, true, null, [], {}), fc.dictionary(name, name, { maxKeys: 2 }) as fc.Arbitrary<JsonValue>);
  const podType: TypeRef = { schema: builtinSchema(), spec: { named: "io.k8s.api.core.v1.Pod" } };
  fc.assert(
    fc.property(pod, junk, fc.nat(), (base, d, pick) => {
      if (validateValue(podType.schema, podType.spec, base, true).length > 0) return;
      const v = edit(base, d, pick);
      assert.deepEqual(validateValue(podType.schema, podType.spec, v, true, base), validateValue(podType.schema, podType.spec, v, true));
    }),
    { numRuns: 1000 },
  );
});
