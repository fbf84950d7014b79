// docs/05_errors.md matches the real output: every stderr message of its first table is printed by
// the bin for a sample input, every `tags.code` of its code tables appears in a result for a sample
// input, and every code the program can put in a result is documented.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { runNoticeCodes } from "../../src/admission/index.js";
import { runFunction } from "../../src/krm/index.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const bin = fileURLToPath(new URL("../../src/cli/kmutate.cjs", import.meta.url));
const doc = readFileSync(root + "docs/05_errors.md", "utf8");

/** The first-column backticked texts of the table under the heading starting with `heading`. */
function firstColumn(heading: string): string[] {
  const start = doc.indexOf(`## ${heading}`);
  assert.ok(start >= 0, `heading ${heading}`);
  const section = doc.slice(start, doc.indexOf("\n## ", start + 3) >>> 0 || undefined);
  return [...section.matchAll(/^\| ([^|]*`[^|]*)\|.*\n(?!\|[-|]+\n)/gm)].flatMap((m) => [...m[1].matchAll(/`([^`]+)`/g)].map((t) => t[1]).slice(0, m[1].includes("(or") ? 1 : undefined));
}

const rl = (items: string): string => `apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n${items}`;
// A valid policy needs a mutation of static type list(JSONPatch): a bare `[]` is list(dyn), which API validation refuses.
const noOp = "'[JSONPatch{op: \"test\", path: \"/kind\", value: object.kind}].filter(p, false)'";
const policy = (name: string, spec = `  failurePolicy: Fail\n  reinvocationPolicy: Never\n  matchConstraints: {resourceRules: [{apiGroups: [""], apiVersions: [v1], operations: [CREATE], resources: [configmaps]}]}\n  mutations: [{patchType: JSONPatch, jsonPatch: {expression: ${noOp}}}]\n`, version = "v1"): string =>
  `- apiVersion: admissionregistration.k8s.io/${version}\n  kind: MutatingAdmissionPolicy\n  metadata: {name: ${name}}\n  spec:\n${spec.replace(/^ {2}/gm, "    ")}`;
const binding = (name: string, policyName: string): string => `- apiVersion: admissionregistration.k8s.io/v1\n  kind: MutatingAdmissionPolicyBinding\n  metadata: {name: ${name}}\n  spec: {policyName: ${policyName}}\n`;
const cm = "- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: c, namespace: default}\n";

const stderrSamples: Record<string, string | Buffer> = {
  "input is empty": "",
  "input is binary": Buffer.from([0x61, 0, 0x62]),
  "YAML syntax error": "a: [\n",
  "JSON syntax error": '{"a": \n',
  "input has N YAML documents": "a: 1\n---\nb: 2\n",
  "YAML aliases expand": "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n",
  "input is not a ResourceList": "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\n",
  "cannot write NaN": "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\nx: .nan\n",
};

test("docs/05_errors.md: every stderr message of the first table is what the bin prints for a sample", () => {
  const documented = firstColumn("Input that cannot be read");
  assert.deepEqual(documented.sort(), Object.keys(stderrSamples).sort());
  for (const [prefix, input] of Object.entries(stderrSamples)) {
    const args = prefix === "cannot write NaN" ? ["apply", "-o", "json", "-f", "-"] : [];
    const r = spawnSync(process.execPath, [bin, ...args], { input, encoding: "utf8" });
    assert.equal(r.status, 1, prefix);
    assert.equal(r.stdout, "", prefix);
    const message = r.stderr.replace(/^kmutate: (?:stdin|output)(?::\d+:\d+)?: /, "");
    const pattern = new RegExp("^" + prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\bN\b/, "\\d+"));
    assert.match(message, pattern, `${prefix}: ${r.stderr}`);
  }
});

const resultSamples: Record<string, string> = {
  ITEMS_MISSING: "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\n",
  ITEMS_NOT_LIST: "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems: {}\n",
  ITEM_NOT_MAPPING: rl("- just a string\n"),
  ITEM_MISSING_FIELD: rl("- apiVersion: v1\n  kind: ConfigMap\n"),
  FUNCTION_CONFIG: rl(cm) + "functionConfig: {apiVersion: v1, kind: ConfigMap, metadata: {name: f}, data: {operation: PATCH}}\n",
  SIDE_INPUT: rl(cm + "- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: s, annotations: {fn.kmutate.dev/side-input: live}}\n"),
  invalid: rl(policy("p", "  failurePolicy: Fail\n  matchConstraints: {resourceRules: [{apiGroups: [\"\"], apiVersions: [v1], operations: [CREATE], resources: [configmaps]}]}\n  mutations: [{patchType: JSONPatch, jsonPatch: {expression: \"[]\"}}]\n") + binding("b", "p") + cm),
  decode: rl(policy("p", "  failurePolicy: [Fail]\n") + cm),
  duplicate: rl(policy("p") + policy("p") + binding("b", "p") + cm),
  version: rl(policy("p", undefined, "v2") + cm),
  "unbound-policy": rl(policy("p") + cm),
  "missing-policy": rl(binding("b", "nope") + cm),
  "unmatched-policy": rl(policy("p") + binding("b", "p") + "- apiVersion: v1\n  kind: Secret\n  metadata: {name: s, namespace: default}\n"),
  "unhandled-operation": rl(policy("p") + binding("b", "p") + cm) + "functionConfig: {apiVersion: v1, kind: ConfigMap, metadata: {name: f}, data: {operation: UPDATE}}\n",
};

test("docs/05_errors.md: every documented tags.code is in a result for a sample input", () => {
  const documented = [...firstColumn("Input errors as results"), ...firstColumn("Policies and bindings that cannot be loaded"), ...firstColumn("Runs that would otherwise")];
  assert.deepEqual([...documented].sort(), Object.keys(resultSamples).sort());
  for (const [code, input] of Object.entries(resultSamples)) {
    const run = runFunction(input);
    assert.ok(run.results.some((r) => r.tags?.code === code), `${code}: ${JSON.stringify(run.results)}`);
  }
});

test("docs/05_errors.md: every run notice code and the summary are documented", () => {
  for (const code of runNoticeCodes) assert.ok(firstColumn("Runs that would otherwise").includes(code), code);
  assert.match(doc, /`tags\.code: summary`/);
  assert.equal(runFunction(rl(cm)).results.at(-1)?.tags?.code, "summary");
});

test("docs/05_errors.md: every tag name a result can carry is in the tags table", () => {
  const tags = firstColumn("Tags");
  const seen = new Set<string>();
  for (const input of Object.values(resultSamples)) for (const r of runFunction(input).results) for (const k of Object.keys(r.tags ?? {})) seen.add(k);
  for (const k of seen) assert.ok(tags.includes(k), `tag ${k} is not documented`);
});
