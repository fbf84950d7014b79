// In-process CLI tests: each command run through runCli with memory streams.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { runCli } from "../../src/cli/program.js";
import { packageVersion } from "../../src/cli/version.js";
import { memoryIo } from "./io.js";

const fixtures = fileURLToPath(new URL("../../../test/cli/fixtures/", import.meta.url));
const fixture = (name: string): string => readFileSync(fixtures + name, "utf8");

async function run(argv: string[], stdin = ""): Promise<{ code: number; out: string; err: string }> {
  const io = memoryIo(stdin, fixtures);
  const code = await runCli(argv, io);
  return { code, out: io.out(), err: io.err() };
}

/** The summary line `apply` prints on stderr for a run over `n` objects that changes nothing. */
const unchanged = (n: number): string => `info: ${n} object${n === 1 ? "" : "s"} read, 0 changed by 0 invocations, 0 warnings, 0 errors\n`;
/** The same summary as the `results` fn mode appends to a ResourceList. */
const unchangedResults = (n: number): string => `results:\n- message: ${unchanged(n).slice(6, -1)}\n  severity: info\n  tags:\n    code: summary\n`;

const rows: Array<{ name: string; argv: string[]; stdin?: string; code: number; out: string | RegExp; err: string | RegExp }> = [
  { name: "fn is the default command", argv: [], stdin: fixture("resource-list.yaml"), code: 0, out: fixture("resource-list.yaml") + unchangedResults(1), err: "" },
  { name: "fn by name", argv: ["fn"], stdin: fixture("resource-list.yaml"), code: 0, out: fixture("resource-list.yaml") + unchangedResults(1), err: "" },
  { name: "fn -q leaves out the summary (the input comes back byte for byte)", argv: ["fn", "-q"], stdin: fixture("resource-list.yaml"), code: 0, out: fixture("resource-list.yaml"), err: "" },
  { name: "-q reaches the default command", argv: ["--quiet"], stdin: fixture("resource-list.yaml"), code: 0, out: fixture("resource-list.yaml"), err: "" },
  { name: "fn with empty stdin", argv: ["fn"], stdin: "", code: 1, out: "", err: "kmutate: stdin: input is empty: expected a ResourceList (YAML or JSON)\n" },
  { name: "version", argv: ["version"], code: 0, out: `kmutate ${packageVersion()}\n`, err: "" },
  { name: "--version", argv: ["--version"], code: 0, out: `${packageVersion()}\n`, err: "" },
  { name: "--help starts with the summary line and explains the streams", argv: ["--help"], code: 0, out: /^Usage: kmutate \[options\] \[command\]\n\nkmutate applies Kubernetes MutatingAdmissionPolicies[\s\S]*stdin {3}a ResourceList[\s\S]*Examples:/, err: "" },
  { name: "fn --help", argv: ["fn", "--help"], code: 0, out: /^Usage: kmutate fn \[options\]\n\nRun as a KRM function[\s\S]*Examples:\n {2}\$ kmutate fn < resource-list.yaml/, err: "" },
  { name: "apply --help", argv: ["apply", "--help"], code: 0, out: /^Usage: kmutate apply \[options\][\s\S]*--output <format>[\s\S]*Examples:\n {2}\$ kmutate apply -f deploy.yaml/, err: "" },
  { name: "unknown option", argv: ["--bogus"], code: 1, out: "", err: "error: unknown option '--bogus'\n(run kmutate --help for usage)\n" },
  { name: "a mistyped command says so and suggests the closest", argv: ["chek"], code: 1, out: "", err: "error: unknown command 'chek' (did you mean 'check'?)\n(run kmutate --help for usage)\n" },
  { name: "a transposed command is one edit away", argv: ["aplpy", "-f", "app.yaml"], code: 1, out: "", err: "error: unknown command 'aplpy' (did you mean 'apply'?)\n(run kmutate --help for usage)\n" },
  { name: "an unknown command far from every command gets no suggestion", argv: ["frobnicate"], code: 1, out: "", err: "error: unknown command 'frobnicate'\n(run kmutate --help for usage)\n" },
  { name: "apply with an unknown option names the option, not the missing -f", argv: ["apply", "--nope"], code: 1, out: "", err: "error: unknown option '--nope'\n(run kmutate --help for usage)\n" },
  { name: "apply --diff with an unknown option exits 2 (1 means changes there)", argv: ["apply", "--diff", "--nope"], code: 2, out: "", err: "error: unknown option '--nope'\n(run kmutate --help for usage)\n" },
  { name: "apply without -f", argv: ["apply"], code: 1, out: "", err: "error: required option '-f, --filename <path...>' not specified\n(run kmutate --help for usage)\n" },
  { name: "apply with a bad -o", argv: ["apply", "-f", "app.yaml", "-o", "xml"], code: 1, out: "", err: /^error: option '-o, --output <format>' argument 'xml' is invalid\. Allowed choices are yaml, json\./ },
  { name: "apply on an unchanged commented file prints it byte for byte", argv: ["apply", "-f", "app.yaml"], code: 0, out: fixture("app.yaml"), err: unchanged(2) },
  { name: "apply -q leaves out the summary line", argv: ["apply", "-q", "-f", "app.yaml"], code: 0, out: fixture("app.yaml"), err: "" },
  { name: "apply on stdin", argv: ["apply", "-f", "-"], stdin: fixture("app.yaml"), code: 0, out: fixture("app.yaml"), err: unchanged(2) },
  {
    name: "apply on a directory reads *.yaml, *.yml, *.json recursively in name order, skipping hidden files and folders",
    argv: ["apply", "-f", "dir"],
    code: 0,
    out: fixture("dir/a.yml") + "---\n" + fixture("dir/nested/b.json"),
    err: unchanged(2),
  },
  { name: "apply with a valid --config", argv: ["apply", "-f", "app.yaml", "--config", "config-update.yaml"], code: 0, out: fixture("app.yaml"), err: unchanged(2) },
  {
    name: "apply with an invalid --config",
    argv: ["apply", "-f", "app.yaml", "--config", "config-bad.yaml"],
    code: 1,
    out: "",
    err: 'kmutate: config-bad.yaml: functionConfig spec.authorizer.decision: "Maybe" is not allowed; allowed values: NoOpinion, Allow, Deny\n',
  },
  { name: "apply on a missing file", argv: ["apply", "-f", "missing.yaml"], code: 1, out: "", err: "kmutate: missing.yaml: cannot read: ENOENT\n" },
  { name: "apply on a binary file", argv: ["apply", "-f", "binary.yaml"], code: 1, out: "", err: "kmutate: binary.yaml: input is binary (NUL byte at offset 8), not YAML or JSON text\n" },
  { name: "apply -o json prints a v1 List", argv: ["apply", "-f", "dir", "-o", "json"], code: 0, out: /^\{\n {2}"apiVersion": "v1",\n {2}"kind": "List",\n {2}"items": \[\n[\s\S]*"ratio": "1\.0"/, err: unchanged(2) },
];

for (const row of rows) {
  test(`cli: ${row.name}`, async () => {
    const r = await run(row.argv, row.stdin);
    assert.equal(r.code, row.code, r.err);
    if (typeof row.out === "string") assert.equal(r.out, row.out);
    else assert.match(r.out, row.out);
    if (typeof row.err === "string") assert.equal(r.err, row.err);
    else assert.match(r.err, row.err);
  });
}

test("cli: fn on a TTY explains itself instead of waiting", async () => {
  const io = memoryIo("");
  Object.assign(io.stdin, { isTTY: true });
  const code = await runCli([], io);
  assert.equal(code, 1);
  assert.equal(io.err(), "kmutate: expected a ResourceList on stdin (pipe one in, or see kmutate --help)\n");
});

test("cli: apply prints results on stderr with file#index and exits 1 on an error result; changed documents keep comments", async () => {
  const { applyCommand } = await import("../../src/cli/apply.js");
  const io = memoryIo("", fixtures);
  const code = await applyCommand({ filename: ["app.yaml"], output: "yaml" }, io, (items) => ({
    items: items.map((it) => (it.kind === "ConfigMap" ? { ...it, data: { enabled: "yes", added: "1" } } : it)),
    results: [
      { severity: "error", message: "denied", resourceRef: { apiVersion: "apps/v1", kind: "Deployment", name: "web", namespace: "shop" } },
      { severity: "info", message: "mutated", resourceRef: { apiVersion: "v1", kind: "ConfigMap", name: "settings", namespace: "shop" }, field: { path: "data.added" } },
    ],
  }));
  assert.equal(code, 1);
  assert.equal(io.err(), "error: app.yaml#0: Deployment shop/web: denied\ninfo: app.yaml#1: ConfigMap shop/settings: data.added: mutated\n");
  assert.equal(io.out(), fixture("app.yaml").replace('  enabled: "yes"\n', '  enabled: "yes"\n  added: "1"\n'));
});

test("cli: an invalid policy is one stderr line in the apiserver's shape, the field path not repeated", async () => {
  const policy = "apiVersion: admissionregistration.k8s.io/v1\nkind: MutatingAdmissionPolicy\nmetadata: {name: p1}\nspec:\n  failurePolicy: Fail\n  matchConstraints: {resourceRules: [{apiGroups: [\"\"], apiVersions: [v1], operations: [CREATE], resources: [configmaps]}]}\n  mutations: [{patchType: JSONPatch, jsonPatch: {expression: \"[]\"}}]\n";
  const r = await run(["apply", "-q", "-f", "-"], policy);
  assert.equal(r.code, 1);
  assert.equal(r.err, 'error: stdin#0: MutatingAdmissionPolicy p1: spec.reinvocationPolicy: Required value (supported values: "IfNeeded", "Never")\n');
});
