// The files a functionConfig names (old objects for UPDATE, OpenAPI documents): in fn mode relative
// to the functionConfig's directory in the package and confined to the package; and the same side
// inputs carried by ConfigMap items marked fn.kmutate.dev/side-input (for containers).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import yaml from "js-yaml";
import { fnSideInputs, loadSideInputs, sideInputContext, type SideInputContext } from "../../src/cli/side-inputs.js";
import { runFunction } from "../../src/krm/index.js";
import type { JsonObject, JsonValue } from "../../src/data/index.js";
import { defaultAdmitOptions } from "../../src/admission/index.js";

const dir = fileURLToPath(new URL("../../../test/cli/fixtures/side-inputs/", import.meta.url));
const bin = fileURLToPath(new URL("../../src/cli/kmutate.cjs", import.meta.url));

test("oldObjectsPath: a directory's manifests (hidden entries skipped) become the old objects", () => {
  const r = loadSideInputs({ oldObjectsPath: "old", openapiPaths: [] }, defaultAdmitOptions, { cwd: dir });
  assert.ok(r.ok);
  assert.deepEqual(r.options.oldObjects?.map((o) => (o.metadata as { name: string }).name), ["settings"]);
});

test("a path outside the working directory is refused in fn mode, and allowed when not confined", () => {
  const r = loadSideInputs({ oldObjectsPath: "../configmaps.yaml", openapiPaths: [] }, defaultAdmitOptions, { cwd: dir + "old/.hidden" });
  assert.deepEqual(r.ok ? [] : r.errors.map((e) => e.message), [
    `functionConfig spec.oldObjectsPath: "../configmaps.yaml" is outside the package directory ${dir}old/.hidden; in fn mode files must be inside it`,
  ]);
  const free = loadSideInputs({ oldObjectsPath: "../configmaps.yaml", openapiPaths: [] }, defaultAdmitOptions, { cwd: dir + "old/.hidden", confine: false });
  assert.ok(free.ok);
});

test("a missing file is an error naming the field", () => {
  const r = loadSideInputs({ openapiPaths: ["nope.json"] }, defaultAdmitOptions, { cwd: dir });
  assert.deepEqual(r.ok ? [] : r.errors.map((e) => e.message), [`functionConfig spec.openapiPaths[0]: "nope.json" does not exist (relative paths start at ${dir})`]);
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

const withAnnotations = (annotations: Record<string, string>): JsonValue => ({ apiVersion: "v1", kind: "ConfigMap", metadata: { name: "c", annotations }, data: {} });

const contextRows: Array<{ name: string; fc: JsonValue | undefined; expected: SideInputContext }> = [
  { name: "no functionConfig: the working directory", fc: undefined, expected: { cwd: "/work/run", root: "/work/run" } },
  { name: "kpt fn eval (function-input, no annotations): the working directory", fc: withAnnotations({}), expected: { cwd: "/work/run", root: "/work/run" } },
  {
    name: "kpt fn render: the package path annotation, and the config file's directory inside it",
    fc: withAnnotations({ "internal.config.kubernetes.io/package-path": "/repo/pkg", "internal.config.kubernetes.io/path": "fn/mutation-config.yaml" }),
    expected: { cwd: "/repo/pkg/fn", root: "/repo/pkg" },
  },
  { name: "a path annotation only (legacy name): relative to the working directory as the package", fc: withAnnotations({ "config.kubernetes.io/path": "cfg/c.yaml" }), expected: { cwd: "/work/run/cfg", root: "/work/run" } },
  { name: "a config at the package root", fc: withAnnotations({ "internal.config.kubernetes.io/package-path": "/repo/pkg", "internal.config.kubernetes.io/path": "mutation-config.yaml" }), expected: { cwd: "/repo/pkg", root: "/repo/pkg" } },
];
for (const row of contextRows) {
  test(`sideInputContext: ${row.name}`, () => assert.deepEqual(sideInputContext(row.fc, "/work/run"), row.expected));
}

/** The UPDATE ResourceList of the fixture, with `functionConfig` and extra items. */
function updateList(functionConfig: JsonObject | undefined, extra: JsonObject[] = []): string {
  const app = yaml.loadAll(readFileSync(dir + "app.yaml", "utf8")) as JsonObject[];
  const list: JsonObject = { apiVersion: "config.kubernetes.io/v1", kind: "ResourceList", items: [...app, ...extra] };
  if (functionConfig) list.functionConfig = functionConfig;
  return yaml.dump(list);
}

test("fn mode from outside the package: oldObjectsPath resolves against kpt's package path, not the working directory", () => {
  const pkg = mkdtempSync(join(tmpdir(), "kmutate-pkg-"));
  try {
    cpSync(dir + "old", join(pkg, "fn/old"), { recursive: true });
    const fc = {
      apiVersion: "fn.kmutate.dev/v1alpha1", kind: "MutationConfig",
      metadata: { name: "c", annotations: { "internal.config.kubernetes.io/package-path": pkg, "internal.config.kubernetes.io/path": "fn/mutation-config.yaml" } },
      spec: { operation: "UPDATE", oldObjectsPath: "old" },
    };
    const r = spawnSync(process.execPath, [bin, "-q"], { cwd: tmpdir(), input: updateList(fc), encoding: "utf8" });
    assert.equal(r.status, 0, r.stdout);
    const out = yaml.load(r.stdout) as { items: { data?: Record<string, string> }[] };
    assert.deepEqual(out.items[2].data, { k: "new", previousTier: "gold" });
  } finally {
    rmSync(pkg, { recursive: true, force: true });
  }
});

test("fn mode: a path leaving the package is refused, naming the package", () => {
  const fc = { apiVersion: "fn.kmutate.dev/v1alpha1", kind: "MutationConfig", metadata: { name: "c", annotations: { "internal.config.kubernetes.io/package-path": dir + "old" } }, spec: { operation: "UPDATE", oldObjectsPath: "../app.yaml" } };
  const run = runFunction(updateList(fc), undefined, { sideInputs: fnSideInputs });
  assert.equal(run.exitCode, 1);
  assert.deepEqual(run.results.map((r) => r.message), [`functionConfig spec.oldObjectsPath: "../app.yaml" is outside the package directory ${dir}old; in fn mode files must be inside it`]);
});

const live = readFileSync(dir + "old/configmaps.yaml", "utf8");
const carrier = (kind: string, data: Record<string, JsonValue>, extra: Partial<JsonObject> = {}): JsonObject => ({
  apiVersion: "v1", kind: "ConfigMap",
  metadata: { name: "live", namespace: "default", annotations: { "fn.kmutate.dev/side-input": kind, "config.kubernetes.io/local-config": "true" } },
  data, ...extra,
});
const update = { apiVersion: "fn.kmutate.dev/v1alpha1", kind: "MutationConfig", metadata: { name: "c" }, spec: { operation: "UPDATE" } };

test("side-input items: a ConfigMap marked old-objects carries the old objects (each data value a YAML stream)", () => {
  const run = runFunction(updateList(update, [carrier("old-objects", { "live.yaml": live })]), undefined, { quiet: true });
  assert.equal(run.exitCode, 0, JSON.stringify(run.results));
  const out = yaml.load(run.stdout) as { items: JsonObject[] };
  assert.deepEqual(out.items[2].data, { k: "new", previousTier: "gold" });
  assert.deepEqual(out.items[3], carrier("old-objects", { "live.yaml": live }), "the carrier comes out unchanged, never admitted");
});

test("side-input items: the carrier is not admitted even without local-config", () => {
  const stamp = {
    apiVersion: "admissionregistration.k8s.io/v1", kind: "MutatingAdmissionPolicy", metadata: { name: "stamp" },
    spec: {
      matchConstraints: { resourceRules: [{ apiGroups: [""], apiVersions: ["v1"], operations: ["CREATE"], resources: ["configmaps"] }] },
      failurePolicy: "Fail", reinvocationPolicy: "Never",
      mutations: [{ patchType: "JSONPatch", jsonPatch: { expression: '[JSONPatch{op: "add", path: "/data/stamped", value: "yes"}]' } }],
    },
  };
  const plain = carrier("old-objects", { "live.yaml": live });
  delete ((plain.metadata as JsonObject).annotations as JsonObject)["config.kubernetes.io/local-config"];
  const items = [stamp, { apiVersion: "admissionregistration.k8s.io/v1", kind: "MutatingAdmissionPolicyBinding", metadata: { name: "b" }, spec: { policyName: "stamp" } }, plain];
  const run = runFunction(yaml.dump({ apiVersion: "config.kubernetes.io/v1", kind: "ResourceList", items }), undefined, { quiet: true });
  assert.deepEqual((yaml.load(run.stdout) as { items: JsonObject[] }).items[2], plain);
});

test("side-input items: a ConfigMap marked openapi carries a schema (the apply configuration merges by it, without the untyped warning)", () => {
  const schema = {
    openapi: "3.0.0",
    paths: { "/apis/example.com/v1/namespaces/{namespace}/gadgets/{name}": { get: { "x-kubernetes-group-version-kind": { group: "example.com", version: "v1", kind: "Gadget" } } } },
    components: { schemas: { "com.example.v1.Gadget": {
      type: "object", "x-kubernetes-group-version-kind": [{ group: "example.com", version: "v1", kind: "Gadget" }],
      properties: { apiVersion: { type: "string" }, kind: { type: "string" }, metadata: { type: "object" }, spec: { type: "object", properties: { size: { type: "integer" } } } },
    } } },
  };
  const items = [
    {
      apiVersion: "admissionregistration.k8s.io/v1", kind: "MutatingAdmissionPolicy", metadata: { name: "size" },
      spec: {
        matchConstraints: { resourceRules: [{ apiGroups: ["example.com"], apiVersions: ["v1"], operations: ["CREATE"], resources: ["gadgets"] }] },
        failurePolicy: "Fail", reinvocationPolicy: "Never",
        mutations: [{ patchType: "ApplyConfiguration", applyConfiguration: { expression: "Object{spec: Object.spec{size: 3}}" } }],
      },
    },
    { apiVersion: "admissionregistration.k8s.io/v1", kind: "MutatingAdmissionPolicyBinding", metadata: { name: "b" }, spec: { policyName: "size" } },
    { apiVersion: "example.com/v1", kind: "Gadget", metadata: { name: "g", namespace: "default" }, spec: {} },
  ];
  const without = runFunction(yaml.dump({ apiVersion: "config.kubernetes.io/v1", kind: "ResourceList", items }), undefined, { quiet: true });
  assert.ok(without.results.some((r) => r.severity === "warning" && r.message.startsWith("no schema for example.com/v1, Kind=Gadget")), JSON.stringify(without.results));
  const carried = [...items, carrier("openapi", { "gadgets.json": JSON.stringify(schema) })];
  const run = runFunction(yaml.dump({ apiVersion: "config.kubernetes.io/v1", kind: "ResourceList", items: carried }), undefined, { quiet: true });
  assert.deepEqual(run.results.filter((r) => r.severity !== "info"), []);
  assert.deepEqual((yaml.load(run.stdout) as { items: JsonObject[] }).items[2].spec, { size: 3 });
});

const badCarriers: Array<{ name: string; item: JsonObject; field: string; message: RegExp }> = [
  { name: "an unknown kind of side input", item: carrier("live", { a: "x" }), field: "items[3].metadata.annotations.fn.kmutate.dev/side-input", message: /^"live" is not a side-input kind; allowed values: old-objects, openapi$/ },
  { name: "a carrier that is not a ConfigMap", item: { ...carrier("openapi", {}), kind: "Secret" }, field: "items[3]", message: /^a fn\.kmutate\.dev\/side-input item must be a v1 ConfigMap whose data values are file texts$/ },
  { name: "an old-objects value that is not YAML", item: carrier("old-objects", { "live.yaml": "a: [\n" }), field: "items[3]", message: /^data\.live\.yaml:\d+:\d+: YAML syntax error/ },
  { name: "an openapi value that is not YAML or JSON", item: carrier("openapi", { "x.json": "{" }), field: "items[3].data.x.json", message: /JSON|YAML/ },
];
for (const row of badCarriers) {
  test(`side-input items: ${row.name} is an error result naming the item and field`, () => {
    const run = runFunction(updateList(update, [row.item]), undefined, { quiet: true });
    assert.equal(run.exitCode, 1);
    assert.equal(run.results.length, 1);
    const [r] = run.results;
    assert.equal(r.field?.path, row.field);
    assert.equal(r.resourceRef?.name, "live");
    assert.match(r.message, row.message);
  });
}

test("apply: a side-input ConfigMap among the files carries old objects too, and stays out of the output (local config)", async () => {
  const { runCli } = await import("../../src/cli/program.js");
  const { memoryIo } = await import("../cli/io.js");
  const io = memoryIo(yaml.dump(carrier("old-objects", { "live.yaml": live })), dir);
  const code = await runCli(["apply", "-q", "-f", "app.yaml", "-f", "-", "--config", "update-config.yaml"], io);
  assert.equal(code, 0, io.err());
  assert.match(io.out(), /previousTier: gold\n$/);
  assert.doesNotMatch(io.out(), /side-input/);
});
