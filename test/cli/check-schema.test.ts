// `kmutate check` on files with schema-typed findings: file:line:col, field path and caret for an
// expression finding; `--openapi` documents type kinds without a CRD (and the same input without
// them is clean: an unknown kind is never guessed at).
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkFiles } from "../../src/cli/check.js";
import { memoryIo } from "./io.js";

const dir = mkdtempSync(join(tmpdir(), "kmutate-check-schema-"));

const policy = (group: string, resource: string, expression: string): string => `apiVersion: admissionregistration.k8s.io/v1
kind: MutatingAdmissionPolicy
metadata:
  name: p
spec:
  matchConstraints:
    resourceRules:
    - apiGroups: ["${group}"]
      apiVersions: ["v1"]
      operations: ["CREATE"]
      resources: ["${resource}"]
  reinvocationPolicy: Never
  mutations:
  - patchType: JSONPatch
    jsonPatch:
      expression: >
        ${expression}
---
apiVersion: admissionregistration.k8s.io/v1
kind: MutatingAdmissionPolicyBinding
metadata:
  name: b
spec:
  policyName: p
`;

test("check: a read of a misspelt field is located by file:line:col with its field path", async () => {
  const file = join(dir, "typo.yaml");
  writeFileSync(file, policy("apps", "deployments", 'object.metdata.name == "" ? [] : [JSONPatch{op: "add", path: "/spec/replicas", value: 1}]'));
  const io = memoryIo();
  assert.equal(await checkFiles([file], io), 1);
  assert.equal(io.out(), [
    `${file}:17:15: error: MutatingAdmissionPolicy p: spec.mutations[0].jsonPatch.expression: object.metdata: Deployment has no field "metdata" (did you mean "metadata"?): the read fails on every object`,
    ' 17 |         object.metdata.name == "" ? [] : [JSONPatch{op: "add", path: "/spec/replicas", value: 1}]',
    "    |               ^",
    "1 error, 0 warnings",
    "",
  ].join("\n"));
});

const openapi = {
  openapi: "3.0.0",
  paths: { "/apis/example.com/v1/namespaces/{namespace}/gadgets/{name}": { get: { "x-kubernetes-group-version-kind": { group: "example.com", version: "v1", kind: "Gadget" } } } },
  components: {
    schemas: {
      "com.example.v1.Gadget": {
        type: "object",
        "x-kubernetes-group-version-kind": [{ group: "example.com", version: "v1", kind: "Gadget" }],
        properties: { apiVersion: { type: "string" }, kind: { type: "string" }, metadata: { type: "object" }, spec: { type: "object", properties: { size: { type: "integer" } } } },
      },
    },
  },
};

const gadgetPolicy = policy("example.com", "gadgets", '[JSONPatch{op: "add", path: "/spec/sise", value: 1}]');

test("check --openapi: a document types its kinds", async () => {
  const file = join(dir, "gadget.yaml");
  const doc = join(dir, "gadget-openapi.json");
  writeFileSync(file, gadgetPolicy);
  writeFileSync(doc, JSON.stringify(openapi));
  const io = memoryIo();
  assert.equal(await checkFiles([file], io, { openapi: [doc] }), 1);
  assert.match(io.out(), /^.*gadget\.yaml:17:37: error: MutatingAdmissionPolicy p: spec\.mutations\[0\]\.jsonPatch\.expression: JSON patch path "\/spec\/sise": Gadget has no field "sise" at \/spec \(did you mean "size"\?\): the apiserver refuses the patched object\n/);
});

test("check without --openapi: a kind without a schema is not guessed at", async () => {
  const file = join(dir, "gadget.yaml");
  writeFileSync(file, gadgetPolicy);
  const io = memoryIo();
  assert.equal(await checkFiles([file], io), 0);
  assert.equal(io.out(), "no problems\n");
});

test("check --openapi: an unreadable document is an input error", async () => {
  const io = memoryIo();
  assert.equal(await checkFiles([join(dir, "gadget.yaml")], io, { openapi: [join(dir, "missing.json")] }), 1);
  assert.match(io.err(), /^kmutate: --openapi\[0\]: ".*missing\.json" does not exist/);
});
