// The written output under the server view, end to end through the KRM function and the
// comment-keeping file writer: a policy's change into a struct the manifest lacks adds exactly
// that change (no zero values, no defaults), untouched items stay byte for byte.
import { test } from "node:test";
import assert from "node:assert/strict";
import { admit, defaultAdmitOptions } from "../../src/admission/index.js";
import { readStream, runFunction, writeStream } from "../../src/krm/index.js";
import { rlYaml } from "./fixtures.js";

const policy = `- apiVersion: admissionregistration.k8s.io/v1
  kind: MutatingAdmissionPolicy
  metadata:
    name: limits
  spec:
    matchConstraints:
      resourceRules:
      - apiGroups: [apps]
        apiVersions: [v1]
        operations: [CREATE]
        resources: [deployments]
    failurePolicy: Fail
    reinvocationPolicy: Never
    matchConditions:
    - name: no-limits-yet
      expression: "!has(object.spec.template.spec.containers[0].resources.limits) && has(object.spec.strategy)"
    mutations:
    - patchType: JSONPatch
      jsonPatch:
        expression: '[JSONPatch{op: "add", path: "/spec/template/spec/containers/0/resources/limits", value: {"cpu": "500m"}}]'
- apiVersion: admissionregistration.k8s.io/v1
  kind: MutatingAdmissionPolicyBinding
  metadata:
    name: limits
  spec:
    policyName: limits
`;

const deployment = `- apiVersion: apps/v1
  kind: Deployment
  metadata:
    name: web
    namespace: shop
    labels: {}
    creationTimestamp: null
  spec:
    selector:
      matchLabels: {app: web}
    template:
      metadata:
        labels: {app: web}
      spec:
        containers:
        - name: web
          image: "nginx:1.27"
`;

const untouched = `- apiVersion: v1 # not matched
  kind: ConfigMap
  metadata:
    name: settings
  data:
    mode: 'fast'
`;

for (const defaulting of ["none", "builtin"]) {
  test(`KRM function, server view (defaulting ${defaulting}): the written item is the manifest plus the patched field only`, () => {
    const config = `functionConfig:\n  apiVersion: fn.kmutate.dev/v1alpha1\n  kind: MutationConfig\n  spec:\n    defaulting: ${defaulting}\n    results: objects\n`;
    const input = rlYaml(policy + deployment + untouched, config);
    const run = runFunction(input);
    assert.equal(run.exitCode, 0, run.stdout);
    const changed = deployment.replace('          image: "nginx:1.27"\n', '          image: "nginx:1.27"\n          resources:\n            limits:\n              cpu: 500m\n');
    const expected = rlYaml(policy + changed + untouched, config);
    assert.equal(run.stdout.slice(0, expected.length), expected);
    assert.match(run.stdout.slice(expected.length), /^results:\n- message: mutated by policy 'limits' with binding 'limits' \(spec\.template\.spec\.containers\[0\]\.resources\.limits\)\n/);
  });
}

test("files, server view: a changed document keeps its comments, empty labels and null timestamp; only the change is added", () => {
  const file = `# the web tier
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web # the name
  namespace: shop
  labels: {}
  creationTimestamp: null
spec:
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: web
        image: "nginx:1.27" # pinned
`;
  const policyDocs = policy.replace(/^- /gm, "---\n").replace(/^ {2}/gm, "").replace(/^---\n/, "");
  const text = `${policyDocs}---\n${file}`;
  const read = readStream([{ path: "app.yaml", text }]);
  assert.ok(read.ok, JSON.stringify(read));
  const out = admit(read.items, { ...defaultAdmitOptions });
  assert.deepEqual(out.results.filter((r) => r.severity === "error"), []);
  const written = writeStream(read.files, out.items);
  assert.equal(written, text.replace('        image: "nginx:1.27" # pinned\n', '        image: "nginx:1.27" # pinned\n        resources:\n          limits:\n            cpu: 500m\n'));
});
