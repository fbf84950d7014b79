// The files a functionConfig names: old objects for UPDATE and OpenAPI documents, confined to the
// working directory in fn mode.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import yaml from "js-yaml";
import { loadSideInputs } from "../../src/cli/side-inputs.js";
import { defaultAdmitOptions } from "../../src/admission/index.js";

const dir = fileURLToPath(new URL("../../../test/cli/fixtures/side-inputs/", import.meta.url));
const bin = fileURLToPath(new URL("../../src/cli/bin.js", import.meta.url));

test("oldObjectsPath: a directory's manifests (hidden entries skipped) become the old objects", () => {
  const r = loadSideInputs({ oldObjectsPath: "old", openapiPaths: [] }, defaultAdmitOptions, { cwd: dir });
  assert.ok(r.ok);
  assert.deepEqual(r.options.oldObjects?.map((o) => (o.metadata as { name: string }).name), ["settings"]);
});

test("a path outside the working directory is refused in fn mode, and allowed when not confined", () => {
  const r = loadSideInputs({ oldObjectsPath: "../configmaps.yaml", openapiPaths: [] }, defaultAdmitOptions, { cwd: dir + "old/.hidden" });
  assert.deepEqual(r.ok ? [] : r.errors.map((e) => e.message), [
    'functionConfig spec.oldObjectsPath: "../configmaps.yaml" is outside the working directory; in fn mode files must be inside it',
  ]);
  const free = loadSideInputs({ oldObjectsPath: "../configmaps.yaml", openapiPaths: [] }, defaultAdmitOptions, { cwd: dir + "old/.hidden", confine: false });
  assert.ok(free.ok);
});

test("a missing file is an error naming the field", () => {
  const r = loadSideInputs({ openapiPaths: ["nope.json"] }, defaultAdmitOptions, { cwd: dir });
  assert.deepEqual(r.ok ? [] : r.errors.map((e) => e.message), ['functionConfig spec.openapiPaths[0]: "nope.json" does not exist']);
});

test("fn mode, UPDATE: oldObject comes from spec.oldObjectsPath", () => {
  const list = {
    apiVersion: "config.kubernetes.io/v1",
    kind: "ResourceList",
    functionConfig: { apiVersion: "fn.kmutate.dev/v1alpha1", kind: "MutationConfig", metadata: { name: "c" }, spec: { operation: "UPDATE", oldObjectsPath: "old" } },
    items: [
      {
        apiVersion: "admissionregistration.k8s.io/v1", kind: "MutatingAdmissionPolicy", metadata: { name: "remember-tier" },
        spec: {
          matchConstraints: { resourceRules: [{ apiGroups: [""], apiVersions: ["v1"], operations: ["UPDATE"], resources: ["configmaps"] }] },
          failurePolicy: "Fail", reinvocationPolicy: "Never",
          mutations: [{ patchType: "JSONPatch", jsonPatch: { expression: '[JSONPatch{op: "add", path: "/data/previousTier", value: oldObject.metadata.labels["tier"]}]' } }],
        },
      },
      { apiVersion: "admissionregistration.k8s.io/v1", kind: "MutatingAdmissionPolicyBinding", metadata: { name: "b" }, spec: { policyName: "remember-tier" } },
      { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "settings", namespace: "default" }, data: { k: "new" } },
    ],
  };
  const r = spawnSync(process.execPath, [bin], { cwd: dir, input: yaml.dump(list), encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  const out = yaml.load(r.stdout) as { items: { data?: Record<string, string> }[] };
  assert.deepEqual(out.items[2].data, { k: "new", previousTier: "gold" });
});
