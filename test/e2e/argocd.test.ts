// Argo CD end to end: the `discover` and `generate` commands of krm/argocd/plugin.yaml run as the
// CMP server runs them (command + args, cwd = app path, ARGOCD_APP_* / PARAM_* / ARGOCD_ENV_* set).
// The container runtime goes through kubectl kustomize and a test-only `docker`; the exec runtime
// needs standalone kustomize and is skipped visibly without it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import jsYaml from "js-yaml";
import { pathWith, repoRoot, tempDir, toolFound, writeFakeDocker, writeKmutateWrapper } from "./harness.js";

type Command = { command: string[]; args?: string[] };
const plugin = jsYaml.load(readFileSync(join(repoRoot, "krm/argocd/plugin.yaml"), "utf8")) as {
  metadata: { name: string };
  spec: { version: string; generate: Command; discover: { find: Command } };
};
const example = join(repoRoot, "examples/kustomize-sidecar");
const expected = readFileSync(join(example, "expected.yaml"), "utf8");
const metadataImage = (jsYaml.load(readFileSync(join(repoRoot, "krm/metadata.yaml"), "utf8")) as { image: string }).image;
const kubectlFound = toolFound("kubectl", ["version", "--client"]);
const kustomizeFound = toolFound("kustomize", ["version"]);

/** The process environment without variables a developer's shell could leak into the plugin. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const k of Object.keys(env)) if (/^(PARAM_|ARGOCD_|KMUTATE_|KUSTOMIZE)/.test(k)) delete env[k];
  return env;
}

/** Runs a CMP command as argocd-cmp-server does: argv = command + args, in `cwd`, with `env`. */
function runCmp(cmd: Command, cwd: string, env: NodeJS.ProcessEnv): SpawnSyncReturns<string> {
  const argv = [...cmd.command, ...(cmd.args ?? [])];
  return spawnSync(argv[0], argv.slice(1), { cwd, env, encoding: "utf8" });
}

/** The kustomize example as a plain app: no kmutate transformer (the plugin brings it). */
function stageApp(tmp: string, policy?: (text: string) => string): string {
  const app = join(tmp, "repo/apps/shop");
  mkdirSync(join(tmp, "repo/apps"), { recursive: true });
  cpSync(example, app, { recursive: true, filter: (src) => !/(kmutate|expected)\.yaml$/.test(src) });
  const k = join(app, "kustomization.yaml");
  const text = readFileSync(k, "utf8");
  const plain = text.replace("transformers:\n  - kmutate.yaml\n", "");
  assert.notEqual(plain, text, "transformers entry not found in the example kustomization");
  writeFileSync(k, plain);
  if (policy) writeFileSync(join(app, "policy.yaml"), policy(readFileSync(join(app, "policy.yaml"), "utf8")));
  return app;
}

interface Staged {
  tmp: string;
  app: string;
  env: NodeJS.ProcessEnv;
  dockerLog: string;
  stdinCopy: string;
  overlays: string;
}

/** App, fake docker first on PATH, the Argo CD build environment and a private TMPDIR. */
function stage(vars: Record<string, string>, policy?: (text: string) => string): Staged {
  const tmp = tempDir("argocd");
  const app = stageApp(tmp, policy);
  const bin = join(tmp, "bin");
  const overlays = join(tmp, "tmp");
  mkdirSync(bin);
  mkdirSync(overlays);
  const dockerLog = join(tmp, "docker-args.jsonl");
  const stdinCopy = join(tmp, "function-input.yaml");
  writeFakeDocker(bin, dockerLog, metadataImage, stdinCopy);
  const env: NodeJS.ProcessEnv = {
    ...cleanEnv(),
    PATH: pathWith(bin),
    TMPDIR: overlays,
    ARGOCD_APP_NAME: "shop",
    ARGOCD_APP_NAMESPACE: "shop",
    ARGOCD_APP_REVISION: "0123456789abcdef0123456789abcdef01234567",
    ARGOCD_APP_REVISION_SHORT: "0123456",
    ARGOCD_APP_SOURCE_PATH: "apps/shop",
    ARGOCD_APP_SOURCE_REPO_URL: "https://git.example.com/platform/apps.git",
    ARGOCD_APP_SOURCE_TARGET_REVISION: "HEAD",
    KUBE_VERSION: "1.36.0",
    KUBE_API_VERSIONS: "v1,apps/v1,admissionregistration.k8s.io/v1",
    ...vars,
  };
  return { tmp, app, env, dockerLog, stdinCopy, overlays };
}

/** The functionConfig data kmutate received. */
function functionConfigData(s: Staged): unknown {
  const list = jsYaml.load(readFileSync(s.stdinCopy, "utf8")) as { functionConfig: { kind: string; data: unknown } };
  assert.equal(list.functionConfig.kind, "ConfigMap");
  return list.functionConfig.data;
}

/** stdout must be only Kubernetes objects: a valid multi-document YAML stream, no ResourceList, no results. */
function assertOnlyManifests(stdout: string): void {
  const docs = jsYaml.loadAll(stdout) as Array<Record<string, unknown>>;
  assert.ok(docs.length > 0);
  for (const d of docs) {
    assert.equal(typeof d.apiVersion, "string");
    assert.equal(typeof d.kind, "string");
    assert.notEqual(d.kind, "ResourceList");
    assert.equal(d.results, undefined);
  }
  assert.doesNotMatch(stdout, /local-config|MutatingAdmissionPolicy/);
}

test("plugin.yaml is a ConfigManagementPlugin v2 whose generate uses bash with pipefail", () => {
  assert.equal(plugin.metadata.name, "kmutate");
  assert.match(plugin.spec.version, /^v\d+\.\d+\.\d+$/);
  assert.deepEqual(plugin.spec.generate.command, ["/bin/bash", "-c"]);
  assert.match(plugin.spec.generate.args?.[0] ?? "", /^set -o errexit -o nounset -o pipefail$/m);
});

test("discover: a kustomization in the app directory matches; a directory without one does not", () => {
  const tmp = tempDir("argocd");
  try {
    const app = stageApp(tmp);
    const yes = runCmp(plugin.spec.discover.find, app, cleanEnv());
    assert.equal(yes.status, 0, yes.stderr);
    assert.notEqual(yes.stdout.trim(), "");
    const empty = join(tmp, "plain");
    mkdirSync(empty);
    writeFileSync(join(empty, "deployment.yaml"), "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n");
    const no = runCmp(plugin.spec.discover.find, empty, cleanEnv());
    assert.equal(no.status, 0, no.stderr);
    assert.equal(no.stdout, "");
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});

const mutated = (stdout: string): void => assert.equal(stdout, expected);
const unmutated = (stdout: string): void => {
  assert.doesNotMatch(stdout, /log-shipper/);
  assert.match(stdout, /name: cart/);
};

const generateCases: Array<{ name: string; vars: Record<string, string>; data: Record<string, string>; check: (s: string) => void }> = [
  {
    name: "no parameters: defaults, defaultNamespace from ARGOCD_APP_NAMESPACE, output equals expected.yaml",
    vars: {},
    data: { defaultNamespace: "shop" },
    check: mutated,
  },
  {
    name: "parameter operation=UPDATE reaches functionConfig (the CREATE-only policy then leaves objects alone)",
    vars: { PARAM_OPERATION: "UPDATE" },
    data: { operation: "UPDATE", defaultNamespace: "shop" },
    check: unmutated,
  },
  {
    name: "plugin env KMUTATE_OPERATION (ARGOCD_ENV_KMUTATE_OPERATION) is used when no parameter is set",
    vars: { ARGOCD_ENV_KMUTATE_OPERATION: "UPDATE" },
    data: { operation: "UPDATE", defaultNamespace: "shop" },
    check: unmutated,
  },
  {
    name: "a parameter wins over plugin env",
    vars: { PARAM_OPERATION: "CREATE", ARGOCD_ENV_KMUTATE_OPERATION: "UPDATE" },
    data: { operation: "CREATE", defaultNamespace: "shop" },
    check: mutated,
  },
  {
    name: "every key: array groups joined by commas, quotes kept, default-namespace overrides the app namespace",
    vars: {
      PARAM_USERNAME: "alice",
      PARAM_UID: "42",
      PARAM_GROUPS_0: "dev",
      PARAM_GROUPS_1: "o'ps",
      PARAM_EXTRA: "team=payments,search;tier=gold",
      PARAM_DRY_RUN: "true",
      PARAM_DEFAULT_NAMESPACE: "other",
      PARAM_AUTHORIZER: "Allow",
      PARAM_STRICT: "false",
      PARAM_VIEW: "server",
      PARAM_DEFAULTING: "builtin",
    },
    data: {
      username: "alice",
      uid: "42",
      groups: "dev,o'ps",
      extra: "team=payments,search;tier=gold",
      dryRun: "true",
      defaultNamespace: "other",
      authorizer: "Allow",
      strict: "false",
      view: "server",
      defaulting: "builtin",
    },
    check: mutated,
  },
];

for (const c of generateCases) {
  test(`generate (container runtime, kubectl kustomize + fake docker): ${c.name}`, (t) => {
    if (!kubectlFound) return t.skip("kubectl not found");
    const s = stage({ KMUTATE_RUNTIME: "container", ...c.vars });
    try {
      const r = runCmp(plugin.spec.generate, s.app, s.env);
      assert.equal(r.status, 0, r.stderr);
      assertOnlyManifests(r.stdout);
      c.check(r.stdout);
      assert.deepEqual(functionConfigData(s), c.data);
      const calls = readFileSync(s.dockerLog, "utf8").trim().split("\n").map((l) => JSON.parse(l) as string[]);
      assert.equal(calls.length, 1);
      assert.equal(calls[0][calls[0].length - 1], `${metadataImage}:${plugin.spec.version}`);
      assert.deepEqual(readdirSync(s.overlays), [], "the overlay was not removed");
    } finally {
      rmSync(s.tmp, { recursive: true, force: true });
    }
  });
}

/** The example policy made to set an atomic list (`args`): the apiserver refuses that patch. */
const atomicArgs = (text: string): string =>
  text.replace(/ {20}env: \[[\s\S]*?\n {20}\]\n/, '                    args: ["--app=" + object.metadata.name]\n');

const failureCases: Array<{ name: string; vars: Record<string, string>; policy?: (t: string) => string; stderr: RegExp }> = [
  { name: "a policy error (failurePolicy Fail)", vars: {}, policy: atomicArgs, stderr: /kmutate plugin: rendering shop failed/ },
  { name: "a bad parameter value", vars: { PARAM_OPERATION: "PATCH" }, stderr: /kmutate plugin: rendering shop failed/ },
  { name: "a multi-line parameter", vars: { PARAM_USERNAME: "a\nb" }, stderr: /^kmutate plugin: parameter USERNAME must be a single line$/m },
  { name: "an unknown runtime", vars: { KMUTATE_RUNTIME: "podman" }, stderr: /^kmutate plugin: KMUTATE_RUNTIME must be exec or container, not 'podman'$/m },
];

for (const c of failureCases) {
  test(`generate fails on ${c.name}: non-zero exit, nothing on stdout, a message on stderr`, (t) => {
    if (!kubectlFound) return t.skip("kubectl not found");
    const s = stage({ KMUTATE_RUNTIME: "container", ...c.vars }, c.policy);
    try {
      if (c.policy) assert.match(readFileSync(join(s.app, "policy.yaml"), "utf8"), /args: \[/);
      const r = runCmp(plugin.spec.generate, s.app, s.env);
      assert.notEqual(r.status, 0);
      assert.equal(r.stdout, "");
      assert.match(r.stderr, c.stderr);
      assert.deepEqual(readdirSync(s.overlays), [], "the overlay was not removed");
    } finally {
      rmSync(s.tmp, { recursive: true, force: true });
    }
  });
}

test(
  "generate on a policy error: stderr names the object, policy and the apiserver message",
  (t) => {
    if (!kubectlFound) return t.skip("kubectl not found");
    const s = stage({ KMUTATE_RUNTIME: "container" }, atomicArgs);
    try {
      const r = runCmp(plugin.spec.generate, s.app, s.env);
      assert.notEqual(r.status, 0);
      assert.match(r.stderr, /Deployment.*cart/);
      assert.match(r.stderr, /log-shipper/);
      assert.match(r.stderr, /may not mutate atomic arrays, maps or structs: \.spec\.template\.spec\.containers\[0\]\.args/);
    } finally {
      rmSync(s.tmp, { recursive: true, force: true });
    }
  },
);

test("generate (exec runtime, the sidecar's default): standalone kustomize runs kmutate from PATH", (t) => {
  if (!kustomizeFound) return t.skip("kustomize not found (standalone; the exec runtime needs it)");
  const s = stage({});
  try {
    writeKmutateWrapper(join(s.tmp, "bin"));
    const r = runCmp(plugin.spec.generate, s.app, s.env);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, expected);
    assert.throws(() => readFileSync(s.dockerLog), "docker must not run in the exec runtime");
  } finally {
    rmSync(s.tmp, { recursive: true, force: true });
  }
});

/** An app whose policy (UPDATE) copies the old object's tier label, with the live objects beside it. */
function stageUpdateApp(s: Staged): void {
  const sides = join(repoRoot, "test/cli/fixtures/side-inputs");
  rmSync(s.app, { recursive: true, force: true });
  mkdirSync(join(s.app, "live"), { recursive: true });
  cpSync(join(sides, "app.yaml"), join(s.app, "app.yaml"));
  cpSync(join(sides, "old/configmaps.yaml"), join(s.app, "live/configmaps.yaml"));
  writeFileSync(join(s.app, "kustomization.yaml"), "resources:\n  - app.yaml\n");
}

test("generate: parameter old-objects-path reaches kmutate as a side-input ConfigMap (container runtime), and stays out of the output", (t) => {
  if (!kubectlFound) return t.skip("kubectl not found");
  const s = stage({ KMUTATE_RUNTIME: "container", PARAM_OPERATION: "UPDATE", PARAM_OLD_OBJECTS_PATH: "live" });
  try {
    stageUpdateApp(s);
    const r = runCmp(plugin.spec.generate, s.app, s.env);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /previousTier: gold/);
    assert.doesNotMatch(r.stdout, /side-input|kmutate-old-objects/);
    const input = jsYaml.load(readFileSync(s.stdinCopy, "utf8")) as { items: Array<{ metadata: { name: string; annotations?: Record<string, string> }; data?: Record<string, string> }> };
    const carrier = input.items.find((i) => i.metadata.name === "kmutate-old-objects");
    assert.equal(carrier?.metadata.annotations?.["fn.kmutate.dev/side-input"], "old-objects");
    assert.deepEqual(Object.keys(carrier?.data ?? {}), ["1-configmaps.yaml"]);
    assert.deepEqual(readdirSync(s.overlays), [], "the overlay was not removed");
  } finally {
    rmSync(s.tmp, { recursive: true, force: true });
  }
});

test("generate: a side-input path outside the app directory fails before rendering", (t) => {
  if (!kubectlFound) return t.skip("kubectl not found");
  const s = stage({ KMUTATE_RUNTIME: "container", PARAM_OPENAPI_PATHS_0: "../other.json" });
  try {
    writeFileSync(join(s.app, "../other.json"), "{}");
    const r = runCmp(plugin.spec.generate, s.app, s.env);
    assert.notEqual(r.status, 0);
    assert.equal(r.stdout, "");
    assert.match(r.stderr, /^kmutate plugin: parameter OPENAPI_PATHS: '\.\.\/other\.json' is outside the app directory$/m);
  } finally {
    rmSync(s.tmp, { recursive: true, force: true });
  }
});
