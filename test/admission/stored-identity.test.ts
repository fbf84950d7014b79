// The storage layer's identity rules after mutating admission (rest.BeforeCreate/BeforeUpdate and
// the custom resource validator): the exact texts, and what is silently set right.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { JsonObject } from "../../src/data/index.js";
import { namespaceMismatch, storedIdentity, type StoredRequest } from "../../src/admission/mutating/stored-identity.js";

const cmReq: StoredRequest = { operation: "CREATE", kind: { group: "", version: "v1", kind: "ConfigMap" }, namespace: "default", namespaced: true, name: "cm", custom: false };
const pandaReq: StoredRequest = { operation: "CREATE", kind: { group: "awesome.bears.com", version: "v1", kind: "Panda" }, namespace: "", namespaced: false, name: "p", custom: true };
const cm = (meta: JsonObject, kind = "ConfigMap"): JsonObject => ({ apiVersion: "v1", kind, metadata: meta });
const panda = (meta: JsonObject, kind = "Panda"): JsonObject => ({ apiVersion: "awesome.bears.com/v1", kind, metadata: meta });

const cases: { name: string; object: JsonObject; req: StoredRequest; expected: { object: JsonObject } | { error: string } }[] = [
  { name: "an unchanged identity passes as is", object: cm({ name: "cm", namespace: "default" }), req: cmReq, expected: { object: cm({ name: "cm", namespace: "default" }) } },
  { name: "another namespace is refused", object: cm({ name: "cm", namespace: "other" }), req: cmReq, expected: { error: namespaceMismatch } },
  { name: "a removed namespace is the request's again", object: cm({ name: "cm" }), req: cmReq, expected: { object: cm({ name: "cm", namespace: "default" }) } },
  { name: "a namespace set on a cluster-scoped object is dropped", object: panda({ name: "p", namespace: "x" }), req: pandaReq, expected: { object: panda({ name: "p" }) } },
  { name: "a removed name is required", object: cm({ namespace: "default" }), req: cmReq, expected: { error: 'ConfigMap "" is invalid: metadata.name: Required value: name or generateName is required' } },
  {
    name: "a removed name with generateName cannot be generated offline",
    object: cm({ generateName: "cm-", namespace: "default" }), req: cmReq,
    expected: { error: 'ConfigMap "" is invalid: metadata.name: Required value: kmutate cannot generate a name from generateName "cm-" offline' },
  },
  { name: "a rename on CREATE passes (collisions are checked across items)", object: cm({ name: "new", namespace: "default" }), req: cmReq, expected: { object: cm({ name: "new", namespace: "default" }) } },
  {
    name: "a rename on UPDATE is immutable",
    object: cm({ name: "new", namespace: "default" }), req: { ...cmReq, operation: "UPDATE" },
    expected: { error: 'ConfigMap "new" is invalid: metadata.name: Invalid value: "new": field is immutable' },
  },
  {
    name: "a removed name on UPDATE is both required and immutable",
    object: cm({ namespace: "default" }), req: { ...cmReq, operation: "UPDATE" },
    expected: { error: 'ConfigMap "" is invalid: [metadata.name: Required value: name or generateName is required, metadata.name: Invalid value: "": field is immutable]' },
  },
  {
    name: "a custom resource of another kind is invalid (and nothing else is checked)",
    object: panda({}, "Bear"), req: pandaReq,
    expected: { error: 'Panda.awesome.bears.com "" is invalid: kind: Invalid value: "Bear": must be Panda' },
  },
  { name: "the namespace check comes first", object: cm({ namespace: "other" }), req: cmReq, expected: { error: namespaceMismatch } },
];

for (const c of cases) {
  test(`stored identity: ${c.name}`, () => {
    assert.deepEqual(storedIdentity(c.object, c.req), c.expected);
  });
}
