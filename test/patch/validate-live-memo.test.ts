// Live objects are validated once per map: a copy of a valid object that shares its untouched
// maps but carries a new invalid field is still refused, and the error names the new field.
import { test } from "node:test";
import assert from "node:assert/strict";
import { applyConfiguration } from "../../src/patch/index.js";
import { builtinSchema, type TypeRef } from "../../src/schema/index.js";
import type { JsonObject } from "../../src/data/index.js";

const type: TypeRef = { schema: builtinSchema(), spec: { named: "io.k8s.api.apps.v1.Deployment" } };
const template: JsonObject = { metadata: { labels: { app: "a" } }, spec: { containers: [{ name: "c", image: "i" }] } };
const live: JsonObject = {
  apiVersion: "apps/v1", kind: "Deployment", metadata: { name: "d" },
  spec: { selector: { matchLabels: { app: "a" } }, template },
};

test("a valid live object, then a copy sharing its maps with a new invalid field deep inside", () => {
  assert.equal(applyConfiguration(live, { spec: { replicas: 2 } }, type).ok, true);
  const container = { name: "c", image: "i", bogus: true };
  const changed: JsonObject = { ...live, spec: { ...(live.spec as JsonObject), template: { ...template, spec: { containers: [container] } } } };
  const r = applyConfiguration(changed, { spec: { replicas: 2 } }, type);
  assert.deepEqual(r, {
    ok: false, code: "invalid-live",
    message: "error applying patch: failed to convert original object to typed object: .spec.template.spec.containers[name=\"c\"].bogus: field not declared in schema",
  });
  // The shared, valid parts are still valid; the original still applies.
  assert.equal(applyConfiguration(live, { spec: { replicas: 3 } }, type).ok, true);
});

test("a map valid under one type is checked again under another", () => {
  const labels = { app: "a" };
  const asMeta: JsonObject = { apiVersion: "apps/v1", kind: "Deployment", metadata: { name: "d", labels } };
  assert.equal(applyConfiguration(asMeta, { spec: { replicas: 1 } }, type).ok, true);
  // The same labels object used as a Deployment spec: `app` is not a DeploymentSpec field.
  const asSpec: JsonObject = { apiVersion: "apps/v1", kind: "Deployment", metadata: { name: "d" }, spec: labels };
  const r = applyConfiguration(asSpec, { spec: { replicas: 1 } }, type);
  assert.deepEqual(r, { ok: false, code: "invalid-live", message: "error applying patch: failed to convert original object to typed object: .spec.app: field not declared in schema" });
});
