// End to end through the real kpt: `kpt fn eval --exec` and `kpt fn render --allow-exec` run the
// built bin on a commented package; files must match the expected ones byte for byte.
import { test, type TestContext } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { builtBin, repoRoot } from "./harness.js";

const root = repoRoot;
const bin = builtBin;
const fixture = root + "test/e2e/fixtures/pkg";
const expectedDir = root + "test/e2e/fixtures/pkg-expected";
const kptFound = !spawnSync("kpt", ["version"], { encoding: "utf8" }).error;

/** A temp copy of `dir` whose Kptfile runs the built bin. */
function tempPackage(dir: string): string {
  const tmp = mkdtempSync(join(tmpdir(), "kmutate-e2e-"));
  const pkg = join(tmp, "pkg");
  cpSync(dir, pkg, { recursive: true });
  pointAtBin(join(pkg, "Kptfile"));
  return pkg;
}

function pointAtBin(kptfile: string): void {
  writeFileSync(kptfile, readFileSync(kptfile, "utf8").replace("exec: kmutate ", `exec: ${bin} `));
}

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath ?? e.path, e.name).slice(dir.length + 1))
    .sort();
}

/** Asserts that `actual` holds exactly the files of the expected package, byte for byte. */
function assertSamePackage(actual: string): void {
  const expected = tempPackage(expectedDir);
  try {
    assert.deepEqual(files(actual), files(expected));
    for (const f of files(expected)) assert.equal(readFileSync(join(actual, f), "utf8"), readFileSync(join(expected, f), "utf8"), f);
  } finally {
    rmSync(join(expected, ".."), { recursive: true, force: true });
  }
}

function kpt(t: TestContext, args: string[], cwd?: string): ReturnType<typeof spawnSync> | undefined {
  if (!kptFound) {
    t.skip("kpt not found");
    return undefined;
  }
  return spawnSync("kpt", args, { encoding: "utf8", cwd });
}

test("kpt fn eval --exec leaves the commented package byte-identical", (t) => {
  const pkg = tempPackage(fixture);
  try {
    const r = kpt(t, ["fn", "eval", "--exec", bin, pkg]);
    if (!r) return;
    assert.equal(r.status, 0, String(r.stderr));
    assertSamePackage(pkg);
  } finally {
    rmSync(join(pkg, ".."), { recursive: true, force: true });
  }
});

test("kpt fn render --allow-exec leaves the commented package byte-identical", (t) => {
  const pkg = tempPackage(fixture);
  try {
    const r = kpt(t, ["fn", "render", "--allow-exec", "."], pkg);
    if (!r) return;
    assert.equal(r.status, 0, String(r.stderr));
    assertSamePackage(pkg);
  } finally {
    rmSync(join(pkg, ".."), { recursive: true, force: true });
  }
});

test("kpt fn eval with ConfigMap arguments (-- key=value) is accepted", (t) => {
  const pkg = tempPackage(fixture);
  try {
    const r = kpt(t, ["fn", "eval", "--exec", bin, pkg, "--", "operation=UPDATE", "groups=dev,ops", "dryRun=true"]);
    if (!r) return;
    assert.equal(r.status, 0, String(r.stderr));
    assertSamePackage(pkg);
  } finally {
    rmSync(join(pkg, ".."), { recursive: true, force: true });
  }
});

test("kpt fn eval with a bad functionConfig fails with the error result and changes nothing", (t) => {
  const pkg = tempPackage(fixture);
  try {
    const r = kpt(t, ["fn", "eval", "--exec", bin, pkg, "--", "operation=PATCH"]);
    if (!r) return;
    assert.notEqual(r.status, 0);
    assert.match(String(r.stderr) + String(r.stdout), /\[error\] functionConfig\.data\.operation: functionConfig data\.operation: "PATCH" is not allowed; allowed values: CREATE, UPDATE, DELETE/);
    assertSamePackage(pkg);
  } finally {
    rmSync(join(pkg, ".."), { recursive: true, force: true });
  }
});

test("the published krm/kpt/exec pipeline (configPath MutationConfig) renders a package unchanged", (t) => {
  const tmp = mkdtempSync(join(tmpdir(), "kmutate-e2e-"));
  const pkg = join(tmp, "exec");
  try {
    cpSync(root + "krm/kpt/exec", pkg, { recursive: true });
    cpSync(fixture + "/deployment.yaml", join(pkg, "deployment.yaml"));
    const kptfile = join(pkg, "Kptfile");
    writeFileSync(kptfile, readFileSync(kptfile, "utf8").replace("    - exec: kmutate\n", `    - exec: ${bin}\n`));
    const before = files(pkg).map((f) => readFileSync(join(pkg, f), "utf8"));
    const r = kpt(t, ["fn", "render", "--allow-exec", "."], pkg);
    if (!r) return;
    assert.equal(r.status, 0, String(r.stderr));
    assert.deepEqual(files(pkg).map((f) => readFileSync(join(pkg, f), "utf8")), before);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});

test("kpt fn render from outside the package: oldObjectsPath resolves against the config file's directory in the package", (t) => {
  const tmp = mkdtempSync(join(tmpdir(), "kmutate-e2e-"));
  const pkg = join(tmp, "pkg");
  const sides = root + "test/cli/fixtures/side-inputs/";
  try {
    mkdirSync(join(pkg, "fn"), { recursive: true });
    writeFileSync(join(pkg, "Kptfile"), `apiVersion: kpt.dev/v1\nkind: Kptfile\nmetadata:\n  name: pkg\n  annotations:\n    config.kubernetes.io/local-config: "true"\npipeline:\n  mutators:\n    - exec: ${bin}\n      configPath: fn/mutation-config.yaml\n`);
    writeFileSync(join(pkg, "fn/mutation-config.yaml"), `apiVersion: fn.kmutate.dev/v1alpha1\nkind: MutationConfig\nmetadata:\n  name: update\n  annotations:\n    config.kubernetes.io/local-config: "true"\nspec:\n  operation: UPDATE\n  oldObjectsPath: live\n`);
    writeFileSync(join(pkg, ".krmignore"), "fn/live\n");
    cpSync(sides + "old", join(pkg, "fn/live"), { recursive: true });
    cpSync(sides + "app.yaml", join(pkg, "app.yaml"));
    const r = kpt(t, ["fn", "render", "--allow-exec", pkg], tmpdir());
    if (!r) return;
    assert.equal(r.status, 0, String(r.stderr));
    assert.match(readFileSync(join(pkg, "app.yaml"), "utf8"), /data:\n {2}k: new # the desired state\n {2}previousTier: gold\n$/);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});

test("kpt fn eval: a shell script whose last line is a `#` comment keeps it when its ConfigMap is mutated", (t) => {
  const tmp = mkdtempSync(join(tmpdir(), "kmutate-e2e-"));
  try {
    const local = "  annotations:\n    config.kubernetes.io/local-config: \"true\"\n";
    writeFileSync(join(tmp, "Kptfile"), `apiVersion: kpt.dev/v1\nkind: Kptfile\nmetadata:\n  name: pkg\n${local}`);
    writeFileSync(
      join(tmp, "policy.yaml"),
      `apiVersion: admissionregistration.k8s.io/v1\nkind: MutatingAdmissionPolicy\nmetadata:\n  name: mark-scripts\n${local}spec:\n` +
        `  matchConstraints:\n    resourceRules:\n      - apiGroups: [""]\n        apiVersions: ["v1"]\n        operations: ["CREATE"]\n        resources: ["configmaps"]\n` +
        `  failurePolicy: Fail\n  reinvocationPolicy: Never\n  mutations:\n    - patchType: ApplyConfiguration\n      applyConfiguration:\n` +
        `        expression: 'Object{data: {"checked": "true"}}'\n---\n` +
        `apiVersion: admissionregistration.k8s.io/v1\nkind: MutatingAdmissionPolicyBinding\nmetadata:\n  name: mark-scripts\n${local}spec:\n  policyName: mark-scripts\n`,
    );
    const script = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: script\n  namespace: shop\ndata:\n  run.sh: |\n    #!/bin/sh\n    echo start\n    # the last line is a shell comment\n";
    // the last file, so its ConfigMap is the last item kpt sends
    writeFileSync(join(tmp, "zz-script.yaml"), script);
    const r = kpt(t, ["fn", "eval", "--exec", bin, tmp]);
    if (!r) return;
    assert.equal(r.status, 0, String(r.stderr));
    assert.equal(readFileSync(join(tmp, "zz-script.yaml"), "utf8"), script + '  checked: "true"\n');
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});
