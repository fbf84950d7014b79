// The library surface (`import … from "kmutate"`): partial limits default the missing ones, the
// package refuses `require()` with a message saying it is ESM-only, and the YAML helpers let
// callers that hold files read them, mutate the objects and write them back with comments kept.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { mutate, readManifests, writeManifests, type JsonObject } from "../../src/index.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));

function policyList(expression: string): JsonObject[] {
  return [
    {
      apiVersion: "admissionregistration.k8s.io/v1", kind: "MutatingAdmissionPolicy", metadata: { name: "p" },
      spec: {
        matchConstraints: { resourceRules: [{ apiGroups: [""], apiVersions: ["v1"], operations: ["CREATE"], resources: ["configmaps"] }] },
        failurePolicy: "Fail", reinvocationPolicy: "Never",
        mutations: [{ patchType: "JSONPatch", jsonPatch: { expression } }],
      },
    },
    { apiVersion: "admissionregistration.k8s.io/v1", kind: "MutatingAdmissionPolicyBinding", metadata: { name: "b" }, spec: { policyName: "p" } },
    { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "c", namespace: "default" }, data: { k: "v" } },
  ];
}

const addLabel = '[JSONPatch{op: "add", path: "/data/count", value: string(lists.range(50).map(i, i).size())}]';

test("library: partial limits are accepted; the limits not given keep their defaults", () => {
  const out = mutate(policyList(addLabel), { limits: { costPerCall: 1_000_000 } });
  assert.deepEqual(out.results.filter((r) => r.severity === "error"), []);
  assert.deepEqual(out.items[2].data, { k: "v", count: "50" });
});

test("library: a lowered partial limit is hit, with its message", () => {
  const out = mutate(policyList(addLabel), { limits: { costPerCall: 10 } });
  const errors = out.results.filter((r) => r.severity === "error").map((r) => r.message);
  assert.equal(errors.length, 1);
  assert.match(errors[0], /operation cancelled: actual cost limit exceeded/);
});

test("library: a limit given as undefined keeps its default", () => {
  const out = mutate(policyList(addLabel), { limits: { costPerCall: undefined } });
  assert.deepEqual(out.results.filter((r) => r.severity === "error"), []);
});

test("library: require('kmutate') fails with a message saying the package is ESM-only", () => {
  const r = spawnSync(process.execPath, ["-e", "require('kmutate')"], { cwd: root, encoding: "utf8" });
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /kmutate is an ES module: use `import \{ mutate \} from "kmutate"` \(or `await import\("kmutate"\)` from CommonJS\)/);
  assert.doesNotMatch(r.stderr, /ERR_PACKAGE_PATH_NOT_EXPORTED|ERR_REQUIRE_ESM/);
});

test("library: import('kmutate') by package name resolves to the built entry point", () => {
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", "const m = await import('kmutate'); console.log(typeof m.mutate, typeof m.readManifests, typeof m.writeManifests)"], { cwd: root, encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, "function function function\n");
});

test("library: package.json exports name an import entry and a require entry that exist after the build", () => {
  const pkg = JSON.parse(readFileSync(root + "package.json", "utf8")) as { exports: { ".": Record<string, string> } };
  const entry = pkg.exports["."];
  assert.deepEqual(Object.keys(entry), ["types", "import", "require"]);
  for (const k of ["types", "import", "require"]) assert.ok(spawnSync("test", ["-f", root + entry[k]]).status === 0, `${entry[k]} exists`);
});

const app = `# the app
apiVersion: v1
kind: ConfigMap
metadata:
  name: c # keep this
  namespace: default
data:
  k: v
`;

test("library: readManifests → mutate → writeManifests keeps comments and gives one text per file", () => {
  const policies = policyList(addLabel).slice(0, 2).map((o) => JSON.stringify(o)).join("\n---\n");
  const read = readManifests([{ path: "app.yaml", text: app }, { path: "policies.yaml", text: policies }]);
  assert.ok(read.ok, read.ok ? "" : read.errors.join("\n"));
  assert.equal(read.items.length, 3);
  const out = mutate(read.items);
  const files = writeManifests(read, out.items);
  assert.deepEqual(files.map((f) => f.path), ["app.yaml", "policies.yaml"]);
  assert.equal(files[0].text, app.replace("  k: v\n", "  k: v\n  count: \"50\"\n"));
  assert.equal(files[1].text, policies);
});

test("library: readManifests reports a YAML error with file, line and column, and never throws", () => {
  const read = readManifests([{ path: "bad.yaml", text: "apiVersion: v1\nkind: [\n" }]);
  assert.equal(read.ok, false);
  assert.match(read.ok ? "" : read.errors[0], /^bad\.yaml:\d+:\d+: /);
});

test("library: readManifests accepts one text (path `stdin`)", () => {
  const read = readManifests(app);
  assert.ok(read.ok);
  assert.deepEqual(read.items.map((i) => i.kind), ["ConfigMap"]);
  assert.equal(writeManifests(read, read.items)[0].text, app);
  assert.equal(writeManifests(read, read.items)[0].path, "stdin");
});
