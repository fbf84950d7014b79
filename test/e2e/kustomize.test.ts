// kustomize end to end: `kubectl kustomize --enable-alpha-plugins` runs kmutate as a container
// function through a test-only `docker` (arguments checked and recorded); `kubectl kustomize`
// silently ignores `exec:` functions; standalone `kustomize build --enable-exec` runs them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import jsYaml from "js-yaml";
import { pathWith, repoRoot, tempDir, toolFound, writeFakeDocker, writeKmutateWrapper, writeScript } from "./harness.js";

const example = join(repoRoot, "examples/kustomize-sidecar");
const kubectlFound = toolFound("kubectl", ["version", "--client"]);
const kustomizeFound = toolFound("kustomize", ["version"]);

/** The function image published in krm/metadata.yaml (no tag). */
const metadataImage = (jsYaml.load(readFileSync(join(repoRoot, "krm/metadata.yaml"), "utf8")) as { image: string }).image;

/** The image named by the example's transformer config. */
function exampleImage(): string {
  const cfg = jsYaml.load(readFileSync(join(example, "kmutate.yaml"), "utf8")) as {
    metadata: { annotations: Record<string, string> };
  };
  const fn = jsYaml.load(cfg.metadata.annotations["config.kubernetes.io/function"]) as { container: { image: string } };
  return fn.container.image;
}

/** A temp copy of the example whose function runs as `exec: path: <a kmutate wrapper that logs its calls>`. */
function execVariant(tmp: string, log: string): string {
  const dir = join(tmp, "app");
  cpSync(example, dir, { recursive: true });
  const bin = join(tmp, "bin");
  mkdirSync(bin);
  const real = writeKmutateWrapper(bin);
  const logged = writeScript(bin, "kmutate-logged", `echo called >> '${log}'\nexec '${real}' "$@"`);
  const cfg = join(dir, "kmutate.yaml");
  const text = readFileSync(cfg, "utf8");
  const replaced = text.replace(/ {6}container:\n {8}image: \S+\n/, `      exec:\n        path: ${logged}\n`);
  assert.notEqual(replaced, text, "function annotation not found in kmutate.yaml");
  writeFileSync(cfg, replaced);
  return dir;
}

test("the example's function image is the one published in krm/metadata.yaml", () => {
  assert.match(exampleImage(), new RegExp(`^${metadataImage.replace(/[.]/g, "\\.")}:v\\d+\\.\\d+\\.\\d+$`));
});

test("kubectl kustomize --enable-alpha-plugins runs kmutate as a container function: output equals expected.yaml", (t) => {
  if (!kubectlFound) return t.skip("kubectl not found");
  const tmp = tempDir("kustomize");
  try {
    const log = join(tmp, "docker-args.jsonl");
    writeFakeDocker(tmp, log, metadataImage);
    const r = spawnSync("kubectl", ["kustomize", "--enable-alpha-plugins", example], {
      encoding: "utf8",
      env: { ...process.env, PATH: pathWith(tmp) },
    });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, readFileSync(join(example, "expected.yaml"), "utf8"));
    const calls = readFileSync(log, "utf8").trim().split("\n").map((l) => JSON.parse(l) as string[]);
    assert.equal(calls.length, 1, "docker calls");
    const args = calls[0];
    t.diagnostic(`docker ${args.join(" ")}`);
    assert.deepEqual(args.slice(0, 3), ["run", "--rm", "-i"]);
    const net = args.indexOf("--network");
    assert.ok(net > 0 && args[net + 1] === "none", "--network none");
    assert.equal(args[args.length - 1], exampleImage());
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});

test("kubectl kustomize ignores exec: functions (exit 0, objects not mutated, kmutate never runs)", (t) => {
  if (!kubectlFound) return t.skip("kubectl not found");
  const tmp = tempDir("kustomize");
  try {
    const log = join(tmp, "exec-calls.log");
    const dir = execVariant(tmp, log);
    const r = spawnSync("kubectl", ["kustomize", "--enable-alpha-plugins", dir], { encoding: "utf8" });
    assert.equal(r.status, 0, r.stderr);
    assert.doesNotMatch(r.stdout, /log-shipper/);
    assert.match(r.stdout, /name: cart/);
    assert.equal(existsSync(log), false, "kmutate was run");
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});

test("kustomize build --enable-alpha-plugins --enable-exec runs kmutate as an exec function", (t) => {
  if (!kustomizeFound) return t.skip("kustomize not found (standalone; kubectl kustomize cannot run exec functions)");
  const tmp = tempDir("kustomize");
  try {
    const log = join(tmp, "exec-calls.log");
    const dir = execVariant(tmp, log);
    const r = spawnSync("kustomize", ["build", "--enable-alpha-plugins", "--enable-exec", dir], { encoding: "utf8" });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, readFileSync(join(example, "expected.yaml"), "utf8"));
    assert.equal(readFileSync(log, "utf8"), "called\n");
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});

test("kustomize build --enable-alpha-plugins --enable-exec krm/kustomize runs the published exec config", (t) => {
  if (!kustomizeFound) return t.skip("kustomize not found (standalone; kubectl kustomize cannot run exec functions)");
  const tmp = tempDir("kustomize");
  try {
    writeKmutateWrapper(tmp);
    const r = spawnSync("kustomize", ["build", "--enable-alpha-plugins", "--enable-exec", join(repoRoot, "krm/kustomize")], {
      encoding: "utf8",
      env: { ...process.env, PATH: pathWith(tmp) },
    });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /kind: Deployment/);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});
