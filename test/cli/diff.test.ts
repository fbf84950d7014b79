// `kmutate apply --diff`: line diff and hunks, changed paths and line paths, hunk attribution to
// mutation steps, colour only on a TTY, and snapshots of the built bin (UPDATE_SNAPSHOTS=1 rewrites).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { admit, defaultAdmitOptions } from "../../src/admission/index.js";
import { applyCommand } from "../../src/cli/apply.js";
import { changedPaths, linePaths, pathText, plainPaint, renderObjectDiff, stepsFromChanges, streamDiff, unifiedHunks } from "../../src/authoring/index.js";
import { readStream } from "../../src/krm/index.js";
import { deepClone, type JsonObject, type JsonValue } from "../../src/data/index.js";
import { memoryIo } from "./io.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const inputs = root + "test/cli/snapshots/inputs/";
const snapshots = root + "test/cli/snapshots/";
const bin = fileURLToPath(new URL("../../src/cli/kmutate.cjs", import.meta.url));

const L = (s: string): string[] => s.split("");
const hunkRows: Array<{ name: string; a: string; b: string; expected: string[] }> = [
  { name: "identical texts have no hunks", a: "abcdef", b: "abcdef", expected: [] },
  { name: "an appended line", a: "abcdef", b: "abcdefg", expected: ["-4,3 +4,4: def+g"] },
  { name: "a replaced line: removal before addition", a: "abcdef", b: "abXdef", expected: ["-1,6 +1,6: ab-c+Xdef"] },
  { name: "changes far apart are two hunks", a: "abcdefghijklmnop", b: "Abcdefghijklmnop".slice(0, 15) + "P", expected: ["-1,4 +1,4: -a+Abcd", "-13,4 +13,4: mno-p+P"] },
  { name: "changes close together are one hunk", a: "abcdefgh", b: "Abcdefgh".replace("h", "H"), expected: ["-1,8 +1,8: -a+Abcdefg-h+H"] },
  { name: "into an empty text", a: "", b: "ab", expected: ["-0,0 +1,2: +a+b"] },
  { name: "a removed first line", a: "abcd", b: "bcd", expected: ["-1,4 +1,3: -abcd"] },
];

for (const r of hunkRows) {
  test(`hunks: ${r.name}`, () => {
    const got = unifiedHunks(L(r.a), L(r.b)).map((h) => {
      const side = (start: number, len: number): string => `${len === 0 ? start : start + 1},${len}`;
      return `-${side(h.aStart, h.aLength)} +${side(h.bStart, h.bLength)}: ${h.lines.map((l) => (l.tag === " " ? "" : l.tag) + l.text).join("")}`;
    });
    assert.deepEqual(got, r.expected);
  });
}

const pathRows: Array<{ name: string; before: JsonValue; after: JsonValue; expected: string[] }> = [
  { name: "equal values", before: { a: { b: 1 } }, after: { a: { b: 1 } }, expected: [] },
  { name: "an added key", before: { a: {} }, after: { a: { b: 1 } }, expected: ["a.b"] },
  { name: "a removed key", before: { a: { b: 1, c: 2 } }, after: { a: { c: 2 } }, expected: ["a.b"] },
  { name: "a changed list element", before: { l: [{ n: 1 }, { n: 2 }] }, after: { l: [{ n: 1 }, { n: 3 }] }, expected: ["l[1].n"] },
  { name: "a list that grew is changed as a whole", before: { l: [1] }, after: { l: [1, 2] }, expected: ["l"] },
  { name: "a scalar replaced by a map", before: { a: 1 }, after: { a: { b: 1 } }, expected: ["a"] },
];

for (const r of pathRows) {
  test(`changedPaths: ${r.name}`, () => {
    assert.deepEqual(changedPaths(r.before, r.after).map(pathText), r.expected);
  });
}

test("linePaths: each line shows its deepest node", () => {
  const text = "metadata:\n  labels:\n    app: web\nspec:\n  containers:\n  - name: a\n    image: x\n";
  assert.deepEqual(linePaths(text).map((p) => (p ? pathText(p) : "")), [
    "metadata", "metadata.labels", "metadata.labels.app", "spec", "spec.containers", "spec.containers[0].name", "spec.containers[0].image", "",
  ]);
});

test("each hunk names only the steps whose paths its lines show", () => {
  const before = "metadata:\n  labels:\n    app: web\nspec:\n  a: 1\n  b: 2\n  c: 3\n  d: 4\n  e: 5\n  f: 6\n  g: 7\n  containers:\n  - name: app\n";
  const after = before.replace("    app: web\n", "    app: web\n    team: a\n").replace("  - name: app\n", "  - name: app\n  - name: proxy\n");
  const out = renderObjectDiff({
    file: "f.yaml", object: "Deployment default/web", before, after, beforeLine: 10, afterLine: 10,
    steps: [
      { label: "policy 'label' with binding 'b1'", paths: [["metadata", "labels", "team"]] },
      { label: "policy 'sidecar' with binding 'b2'", paths: [["spec", "containers"]] },
    ],
  }, plainPaint);
  assert.equal(out, [
    "--- a/f.yaml\tDeployment default/web",
    "+++ b/f.yaml\tDeployment default/web",
    "@@ -11,6 +11,7 @@ policy 'label' with binding 'b1'",
    " metadata:", "   labels:", "     app: web", "+    team: a", " spec:", "   a: 1", "   b: 2",
    "@@ -21,3 +22,4 @@ policy 'sidecar' with binding 'b2'",
    "   g: 7", "   containers:", "   - name: app", "+  - name: proxy",
    "",
  ].join("\n"));
});

test("a hunk no step's paths explain names every step", () => {
  const out = renderObjectDiff({
    file: "f.yaml", object: "ConfigMap x", before: "a: 1\n", after: "a: 2\n", beforeLine: 0, afterLine: 0,
    steps: [{ label: "one", paths: [["b"]] }, { label: "two", paths: [["c"]] }],
  }, plainPaint);
  assert.match(out, /^@@ -1 \+1 @@ one; two$/m);
});

const colourRows: Array<{ name: string; color?: "auto" | "always" | "never"; tty: boolean; env?: Record<string, string>; coloured: boolean }> = [
  { name: "auto on a pipe: plain", tty: false, coloured: false },
  { name: "auto on a TTY: coloured", tty: true, coloured: true },
  { name: "auto on a TTY with NO_COLOR set: plain", tty: true, env: { NO_COLOR: "1" }, coloured: false },
  { name: "auto on a TTY with NO_COLOR empty: coloured (NO_COLOR counts only when non-empty)", tty: true, env: { NO_COLOR: "" }, coloured: true },
  { name: "auto on a TTY with TERM=dumb: plain", tty: true, env: { TERM: "dumb" }, coloured: false },
  { name: "always on a pipe, even with NO_COLOR: coloured", color: "always", tty: false, env: { NO_COLOR: "1" }, coloured: true },
  { name: "never on a TTY: plain", color: "never", tty: true, coloured: false },
];

for (const row of colourRows) {
  test(`--color ${row.name}; exit 1 because the diff is not empty`, async () => {
    const io = { ...memoryIo("", inputs), env: row.env ?? {} };
    (io.stdout as unknown as { isTTY: boolean }).isTTY = row.tty;
    const code = await applyCommand({ filename: ["diff-app.yaml", "diff-policies.yaml"], output: "yaml", diff: true, ...(row.color ? { color: row.color } : {}) }, io);
    assert.equal(code, 1, io.err());
    const out = io.out();
    assert.equal(out.includes("\x1b["), row.coloured);
    if (row.coloured) assert.ok(out.includes("\x1b[32m+    team: payments\x1b[0m"));
  });
}

test("apply --diff exits 0 when nothing changed and 2 on an error (as kubectl diff)", async () => {
  const none = memoryIo("", inputs);
  assert.equal(await applyCommand({ filename: ["diff-app.yaml"], output: "yaml", diff: true }, none), 0);
  assert.equal(none.out(), "");
  const missing = memoryIo("", inputs);
  assert.equal(await applyCommand({ filename: ["nope.yaml"], output: "yaml", diff: true }, missing), 2);
  assert.equal(missing.err(), "kmutate: nope.yaml: cannot read: ENOENT\n");
  const policy = 'apiVersion: admissionregistration.k8s.io/v1\nkind: MutatingAdmissionPolicy\nmetadata: {name: p}\nspec:\n  matchConstraints: {resourceRules: [{apiGroups: [""], apiVersions: [v1], operations: [CREATE], resources: [configmaps]}]}\n  failurePolicy: Fail\n  reinvocationPolicy: Never\n  mutations: [{patchType: JSONPatch, jsonPatch: {expression: "[JSONPatch{op: \\"remove\\", path: \\"/data\\"}]"}}]\n---\napiVersion: admissionregistration.k8s.io/v1\nkind: MutatingAdmissionPolicyBinding\nmetadata: {name: b}\nspec: {policyName: p}\n';
  const io = memoryIo("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c, namespace: default}\n---\n" + policy, inputs);
  assert.equal(await applyCommand({ filename: ["-"], output: "yaml", diff: true }, io), 2, io.err());
  assert.match(io.err(), /^error: stdin#0: ConfigMap default\/c: policy 'p' with binding 'b' denied request: JSON Patch: /m);
});

test("with a per-invocation change list each hunk names its own invocation", async () => {
  const sources = ["diff-app.yaml", "diff-policies.yaml"].map((f) => ({ path: f, text: readFileSync(inputs + f, "utf8") }));
  const stream = readStream(sources);
  assert.ok(stream.ok);
  const out = admit(stream.items, defaultAdmitOptions);
  const web = 0;
  const final = out.items[web];
  // The sidecar policy runs first (policies in name order): its step ends before the label is added.
  const afterSidecar = deepClone(final) as JsonObject;
  delete ((afterSidecar.metadata as JsonObject).labels as JsonObject).team;
  const steps = stepsFromChanges([
    { policy: "sidecar", binding: "sidecar-all", pass: 1, paths: changedPaths(stream.items[web], afterSidecar) },
    { policy: "team-label", binding: "team-label-payments", param: "default/team", pass: 1, paths: changedPaths(afterSidecar, final) },
  ]);
  const text = streamDiff(stream.files, stream.items, out.items, out.results, plainPaint, (_item, i) => (i === web ? steps : []));
  const headers = text.split("\n").filter((l) => l.startsWith("@@"));
  assert.deepEqual(headers, [
    "@@ -5,7 +5,8 @@ policy 'team-label' with binding 'team-label-payments' and param 'default/team'",
    "@@ -19,6 +20,8 @@ policy 'sidecar' with binding 'sidecar-all'",
    "@@ -36,7 +39,7 @@",
    "@@ -47,3 +50,5 @@",
  ]);
});

const cases: Array<{ name: string; args: string[] }> = [
  { name: "apply-diff", args: ["apply", "--diff", "-f", "diff-app.yaml", "-f", "diff-policies.yaml"] },
  { name: "apply-diff-unchanged", args: ["apply", "--diff", "-f", "diff-app.yaml"] },
  { name: "apply-diff-json-conflict", args: ["apply", "--diff", "-o", "json", "-f", "diff-app.yaml"] },
  { name: "apply-vap", args: ["apply", "-f", "vap-app.yaml", "-f", "vap-policies.yaml"] },
  { name: "apply-diff-vap", args: ["apply", "--diff", "-f", "vap-app.yaml", "-f", "vap-policies.yaml"] },
];

function render(c: (typeof cases)[number], status: number | null, stdout: string, stderr: string): string {
  const block = (s: string): string => "````text\n" + s + (s.endsWith("\n") || s === "" ? "" : "\n[no final newline]\n") + "````\n";
  return `# ${c.name}\n\nCommand (in test/cli/snapshots/inputs): \`kmutate ${c.args.join(" ")}\`\n\nExit code: ${status}\n\n## stdout\n\n${block(stdout)}\n## stderr\n\n${block(stderr)}`;
}

for (const c of cases) {
  test(`snapshot: ${c.name}`, () => {
    const r = spawnSync(process.execPath, [bin, ...c.args], { cwd: inputs, encoding: "utf8" });
    const actual = render(c, r.status, r.stdout, r.stderr);
    const file = snapshots + c.name + ".md";
    if (process.env.UPDATE_SNAPSHOTS === "1") writeFileSync(file, actual);
    assert.ok(existsSync(file), `missing snapshot ${file}; run with UPDATE_SNAPSHOTS=1 and review it`);
    assert.equal(actual, readFileSync(file, "utf8"));
  });
}
