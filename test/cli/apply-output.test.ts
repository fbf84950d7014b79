// `kmutate apply` output fit for `kubectl apply`: local-config objects and function configs left
// out (unless --keep-local-config), kpt/kustomize configuration in directories skipped,
// --output-dir (one file per input) and --in-place (comments kept).
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../../src/cli/program.js";
import { memoryIo } from "./io.js";

const local = `    config.kubernetes.io/local-config: "true"\n`;
const policy = `apiVersion: admissionregistration.k8s.io/v1
kind: MutatingAdmissionPolicy
metadata:
  name: team
  annotations:
${local}spec:
  matchConstraints:
    resourceRules: [{apiGroups: [""], apiVersions: [v1], operations: [CREATE], resources: [configmaps]}]
  failurePolicy: Fail
  reinvocationPolicy: Never
  mutations:
  - patchType: JSONPatch
    jsonPatch:
      expression: '[JSONPatch{op: "add", path: "/data/team", value: "a"}]'
---
apiVersion: admissionregistration.k8s.io/v1
kind: MutatingAdmissionPolicyBinding
metadata:
  name: team
  annotations:
${local}spec:
  policyName: team
`;
const app = `# the app
apiVersion: v1
kind: ConfigMap
metadata:
  name: settings # keep
  namespace: default
data:
  k: v
`;
const secret = `apiVersion: v1
kind: Secret
metadata:
  name: token
  namespace: default
`;
const fnConfig = `apiVersion: fn.kmutate.dev/v1alpha1
kind: MutationConfig
metadata:
  name: kmutate
  annotations:
    config.kubernetes.io/function: |
      exec:
        path: kmutate
spec:
  operation: CREATE
`;

/** A package directory written by the test; returns its path. */
function pkg(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "kmutate-apply-"));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

async function run(cwd: string, argv: string[], stdin = ""): Promise<{ code: number; out: string; err: string }> {
  const io = memoryIo(stdin, cwd);
  const code = await runCli(argv, io);
  return { code, out: io.out(), err: io.err() };
}

const mutatedApp = app.replace("  k: v\n", "  k: v\n  team: a\n");
/** The default `info` result: one per invocation, with the count of objects it changed. */
const mutatedLine = "info: policy 'team' with binding 'team' changed 1 object: ConfigMap default/settings\n";
/** With `--explain`: one per changed object, located in its file, with the paths each invocation changed. */
const explainLine = "info: app/app.yaml#0: ConfigMap default/settings: data.team: mutated by policy 'team' with binding 'team' (data.team)\n";

test("apply: local-config objects are left out of the stream by default (the policy and binding here)", async () => {
  const dir = pkg({ "app.yaml": app, "policy.yaml": policy });
  try {
    const r = await run(dir, ["apply", "-q", "-f", "app.yaml", "-f", "policy.yaml"]);
    assert.equal(r.code, 0, r.err);
    assert.equal(r.out, mutatedApp);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("apply --keep-local-config prints them too, byte for byte", async () => {
  const dir = pkg({ "app.yaml": app, "policy.yaml": policy });
  try {
    const r = await run(dir, ["apply", "-q", "--keep-local-config", "-f", "app.yaml", "-f", "policy.yaml"]);
    assert.equal(r.out, mutatedApp + "---\n" + policy);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("apply -o json: the List leaves out local config and function configs as well", async () => {
  const dir = pkg({ "all.yaml": app + "---\n" + policy + "---\n" + fnConfig });
  try {
    const r = await run(dir, ["apply", "-q", "-o", "json", "-f", "all.yaml"]);
    const list = JSON.parse(r.out) as { items: Array<{ kind: string }> };
    assert.deepEqual(list.items.map((i) => i.kind), ["ConfigMap"]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("apply -f DIR skips kustomization.yaml, Kptfile, the function configs they name and .krmignore'd files, and says so for function configs", async () => {
  const dir = pkg({
    "app/kustomization.yaml": "resources: [app.yaml]\ntransformers: [kmutate.yaml]\n",
    "app/Kptfile": "apiVersion: kpt.dev/v1\nkind: Kptfile\nmetadata: {name: app}\npipeline:\n  mutators:\n  - exec: kmutate\n    configPath: mutation-config.yaml\n",
    "app/mutation-config.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cfg}\ndata: {operation: UPDATE}\n",
    "app/kmutate.yaml": fnConfig,
    "app/expected.yaml": app,
    "app/.krmignore": "expected.yaml\n",
    "app/app.yaml": app,
    "app/policy.yaml": policy,
  });
  try {
    const r = await run(dir, ["apply", "-f", "app"]);
    assert.equal(r.code, 0, r.err);
    assert.equal(r.out, mutatedApp);
    assert.equal(r.err, [
      "info: app/kmutate.yaml: skipped: the function config named by app/kustomization.yaml (give it with --config to use its options)\n",
      "info: app/mutation-config.yaml: skipped: the function config named by app/Kptfile (give it with --config to use its options)\n",
      mutatedLine,
      "info: 3 objects read, 1 changed by 1 invocation, 0 warnings, 0 errors\n",
    ].join(""));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("apply --output-dir: one file per input file at its relative path; files left with no object are not written", async () => {
  const dir = pkg({ "app/base/app.yaml": app, "app/policy.yaml": policy, "app/secret.yaml": secret, "extra.yaml": secret.replace("token", "other") });
  try {
    const r = await run(dir, ["apply", "-q", "-f", "app", "-f", "extra.yaml", "--output-dir", "out"]);
    assert.equal(r.code, 0, r.err);
    assert.equal(r.out, "");
    assert.equal(readFileSync(join(dir, "out/base/app.yaml"), "utf8"), mutatedApp);
    assert.equal(readFileSync(join(dir, "out/secret.yaml"), "utf8"), secret);
    assert.equal(readFileSync(join(dir, "out/extra.yaml"), "utf8"), secret.replace("token", "other"));
    assert.equal(existsSync(join(dir, "out/policy.yaml")), false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("apply --output-dir refuses two inputs that would land on the same file, and writes nothing", async () => {
  const dir = pkg({ "a/app.yaml": app, "b/app.yaml": app.replace("settings", "other") });
  try {
    const r = await run(dir, ["apply", "-f", "a", "-f", "b", "--output-dir", "out"]);
    assert.equal(r.code, 1);
    assert.equal(r.err, `kmutate: --output-dir: a/app.yaml and b/app.yaml would both be written to ${join(dir, "out/app.yaml")}\n`);
    assert.equal(existsSync(join(dir, "out")), false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("apply --in-place --explain rewrites the changed files with their comments, leaves the others untouched, and says which paths changed", async () => {
  const dir = pkg({ "app/app.yaml": app, "app/policy.yaml": policy, "app/secret.yaml": secret });
  try {
    const before = statSync(join(dir, "app/secret.yaml")).mtimeMs;
    const r = await run(dir, ["apply", "--in-place", "--explain", "-f", "app"]);
    assert.equal(r.code, 0, r.err);
    assert.equal(r.out, "");
    assert.equal(r.err, explainLine + "info: 4 objects read, 1 changed by 1 invocation, 0 warnings, 0 errors\n");
    assert.equal(readFileSync(join(dir, "app/app.yaml"), "utf8"), mutatedApp);
    assert.equal(readFileSync(join(dir, "app/policy.yaml"), "utf8"), policy);
    assert.equal(statSync(join(dir, "app/secret.yaml")).mtimeMs, before);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("apply --in-place cannot rewrite stdin", async () => {
  const r = await run(tmpdir(), ["apply", "--in-place", "-f", "-"], app);
  assert.equal(r.code, 1);
  assert.equal(r.err, "kmutate: --in-place cannot rewrite stdin (-f -)\n");
});

test("apply --in-place with -o json is a usage error", async () => {
  const r = await run(tmpdir(), ["apply", "--in-place", "-o", "json", "-f", "x.yaml"]);
  assert.equal(r.code, 1);
  assert.match(r.err, /^error: option '--in-place' cannot be used with option '-o, --output <format>'/);
});
