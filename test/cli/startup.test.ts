// Startup cost (issue 7): the built bin, run with a module-recording `--import` hook, must not load
// the `yaml` Document API or re2js in fn mode unless a policy needs them, nor commander when run
// without arguments (which must answer exactly as `kmutate fn`); `apply` still works. js-yaml is
// bundled into the bin's bundles (scripts/post-build.mjs), so it is never loaded from node_modules.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runWithLoads } from "./io.js";

const bin = fileURLToPath(new URL("../../src/cli/kmutate.cjs", import.meta.url));
const recorder = fileURLToPath(new URL("../../../test/cli/fixtures/startup-record.mjs", import.meta.url));

const EMPTY = "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems: []\n";
const EMPTY_OUT = /^apiVersion: config\.kubernetes\.io\/v1\nkind: ResourceList\nitems: \[\]\nresults:\n- message: 0 objects read, 0 changed by 0 invocations, 0 warnings, 0 errors\n {2}severity: info\n {2}tags:\n {4}code: summary\n$/;

/** A ResourceList with one ConfigMap and a policy labelling ConfigMaps when `condition` holds. */
function policyList(condition: string): string {
  return `apiVersion: config.kubernetes.io/v1
kind: ResourceList
items:
- apiVersion: v1
  kind: ConfigMap
  metadata:
    name: settings
  data:
    a: "1"
- apiVersion: admissionregistration.k8s.io/v1
  kind: MutatingAdmissionPolicy
  metadata:
    name: label
  spec:
    matchConstraints:
      resourceRules:
      - apiGroups: [""]
        apiVersions: [v1]
        operations: [CREATE]
        resources: [configmaps]
    matchConditions:
    - name: picked
      expression: '${condition}'
    failurePolicy: Fail
    reinvocationPolicy: Never
    mutations:
    - patchType: ApplyConfiguration
      applyConfiguration:
        expression: 'Object{metadata: Object.metadata{labels: {"picked": "yes"}}}'
- apiVersion: admissionregistration.k8s.io/v1
  kind: MutatingAdmissionPolicyBinding
  metadata:
    name: label
  spec:
    policyName: label
`;
}

/** Runs the bin with `args` and `stdin`; returns its output and the packages it loaded. */
function run(args: string[], stdin: string, cwd?: string): { status: number | null; stdout: string; stderr: string; packages: Set<string> } {
  const dir = mkdtempSync(join(tmpdir(), "kmutate-startup-"));
  try {
    const log = join(dir, "loaded.txt");
    writeFileSync(log, "");
    const r = spawnSync(process.execPath, ["--import", recorder, bin, ...args], {
      input: stdin,
      cwd: cwd ?? dir,
      encoding: "utf8",
      env: { ...process.env, KMUTATE_LOADED_LOG: log },
    });
    const packages = new Set<string>();
    for (const url of readFileSync(log, "utf8").split("\n")) {
      const m = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
      if (m) packages.add(m[1]);
    }
    return { status: r.status, stdout: r.stdout, stderr: r.stderr, packages };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const rows: Array<{ name: string; args: string[]; stdin: string; out: RegExp; loads: string[]; skips: string[] }> = [
  { name: "fn on an empty list, no arguments: commander is skipped too", args: [], stdin: EMPTY, out: EMPTY_OUT, loads: [], skips: ["js-yaml", "yaml", "re2js", "commander"] },
  { name: "fn by name on an empty list", args: ["fn"], stdin: EMPTY, out: EMPTY_OUT, loads: ["commander"], skips: ["js-yaml", "yaml", "re2js"] },
  { name: "fn with a policy using no regex", args: [], stdin: policyList("object.metadata.name.startsWith(\"s\")"), out: /labels:\n\s+picked: "yes"/, loads: [], skips: ["js-yaml", "yaml", "re2js"] },
  { name: "fn with a policy using a regex loads re2js only", args: [], stdin: policyList("object.metadata.name.matches(\"^s\")"), out: /labels:\n\s+picked: "yes"/, loads: ["re2js"], skips: ["js-yaml", "yaml"] },
  { name: "apply loads the yaml Document API", args: ["apply", "-q", "-f", "-"], stdin: "# kept\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c # kept too\n", out: /^# kept\napiVersion: v1\nkind: ConfigMap\nmetadata:\n {2}name: c # kept too\n$/, loads: ["yaml"], skips: [] },
];

for (const row of rows) {
  test(`startup: ${row.name}`, () => {
    const r = run(row.args, row.stdin);
    assert.equal(r.stderr, "");
    assert.equal(r.status, 0);
    assert.match(r.stdout, row.out);
    for (const p of row.loads) assert.ok(r.packages.has(p), `expected ${p} to be loaded; loaded: ${[...r.packages].join(", ")}`);
    for (const p of row.skips) assert.ok(!r.packages.has(p), `expected ${p} not to be loaded; loaded: ${[...r.packages].join(", ")}`);
  });
}

const sameAsFn: Array<{ name: string; stdin: string }> = [
  { name: "a policy list", stdin: policyList("object.metadata.name.startsWith(\"s\")") },
  { name: "a YAML syntax error", stdin: "apiVersion: [\n" },
  { name: "a list with a bad item", stdin: "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n- 3\n" },
];

for (const row of sameAsFn) {
  test(`startup: no arguments answers as \`kmutate fn\` on ${row.name}`, () => {
    const bare = run([], row.stdin);
    const named = run(["fn"], row.stdin);
    assert.deepEqual({ status: bare.status, stdout: bare.stdout, stderr: bare.stderr }, { status: named.status, stdout: named.stdout, stderr: named.stderr });
  });
}

test("startup: the bin is a CommonJS main, started without perf_hooks; kmutate.js, its path before, runs it", () => {
  const stdin = policyList('object.metadata.name.startsWith("s")');
  const cjs = runWithLoads(bin, [], stdin);
  assert.equal(cjs.status, 0, cjs.stderr);
  assert.equal(cjs.commonJsMain, bin);
  // fn mode's clock is process.hrtime from the process's start (src/cli/uptime.ts), not `performance`.
  assert.ok(!cjs.loaded.includes("NativeModule perf_hooks"), "perf_hooks was loaded");
  const before = fileURLToPath(new URL("../../src/cli/kmutate.js", import.meta.url));
  for (const args of [[], ["--version"], ["fn", "-q"]]) {
    const a = runWithLoads(bin, args, stdin);
    const b = runWithLoads(before, args, stdin);
    assert.equal(b.commonJsMain, undefined, "kmutate.js is an ES module");
    assert.deepEqual({ status: b.status, stdout: b.stdout, stderr: b.stderr }, { status: a.status, stdout: a.stdout, stderr: a.stderr }, args.join(" "));
  }
});
