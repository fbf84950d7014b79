// `kmutate test` through the built bin: the tutorial of docs/08_testing.md run step by step as
// written there (write the test, run it, write the golden file, break the policy and read the
// diff, fix it, regenerate the golden file), the docs' other examples, every example's
// kmutate-test.yaml, the error paths, and the JUnit and JSON reports.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { builtBin, pathWith, repoRoot, tempDir, writeKmutateWrapper } from "./harness.js";

const docs = readFileSync(join(repoRoot, "docs/08_testing.md"), "utf8");
const examplesDir = join(repoRoot, "examples");

/** A scratch copy of examples/sidecar-injection, and a bin folder holding the built `kmutate`. */
function sidecarCopy(): { dir: string; bin: string; done: () => void } {
  const root = tempDir("policy-test");
  const dir = join(root, "sidecar-injection");
  cpSync(join(examplesDir, "sidecar-injection"), dir, { recursive: true });
  const bin = join(root, "bin");
  mkdirSync(bin);
  writeKmutateWrapper(bin);
  return { dir, bin, done: () => rmSync(root, { recursive: true, force: true }) };
}

function kmutate(args: string[], cwd: string): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, [builtBin, "test", ...args], { cwd, encoding: "utf8" });
}

/** The fenced block right after `marker` at `from`, and where it ends. */
function blockAfter(text: string, from: number): { info: string; body: string; end: number } {
  const m = /```([^\n]*)\n([\s\S]*?)```/g;
  m.lastIndex = from;
  const r = m.exec(text);
  assert.ok(r, "a fenced block after the marker");
  return { info: r[1], body: r[2], end: m.lastIndex };
}

type Step = { kind: "file"; name: string; body: string } | { kind: "edit"; body: string } | { kind: "run"; body: string };

/** The tutorial's steps: `<!-- tutorial file: NAME -->`, `<!-- tutorial edit -->`, `<!-- tutorial run -->`, each before a block. */
function tutorialSteps(): Step[] {
  const steps: Step[] = [];
  for (const m of docs.matchAll(/<!-- tutorial (file: (\S+)|edit|run) -->\n/g)) {
    const b = blockAfter(docs, m.index + m[0].length);
    if (m[2] !== undefined) steps.push({ kind: "file", name: m[2], body: b.body });
    else steps.push({ kind: m[1] as "edit" | "run", body: b.body });
  }
  return steps;
}

/** Applies a one-file diff block whose hunks replace lines (`-old` then `+new`) by their text. */
function applyEdit(dir: string, diff: string): void {
  const file = /^\+\+\+ b\/(.+)$/m.exec(diff)?.[1];
  assert.ok(file, "the diff names its file");
  const removed = diff.split("\n").filter((l) => l.startsWith("-") && !l.startsWith("---")).map((l) => l.slice(1));
  const added = diff.split("\n").filter((l) => l.startsWith("+") && !l.startsWith("+++")).map((l) => l.slice(1));
  assert.equal(removed.length, added.length, "one added line per removed line");
  let text = readFileSync(join(dir, file), "utf8");
  removed.forEach((old, i) => {
    assert.ok(text.includes(old + "\n"), `${file} holds the line the docs remove: ${old}`);
    text = text.replace(old + "\n", added[i] + "\n");
  });
  writeFileSync(join(dir, file), text);
}

/** Runs a console block's `$ ` commands in `dir`; each one's output must be the lines under it. */
function runConsole(dir: string, bin: string, body: string): void {
  const chunks = body.split(/^\$ /m).filter((c) => c !== "");
  for (const chunk of chunks) {
    const nl = chunk.indexOf("\n");
    const cmd = chunk.slice(0, nl);
    const expected = chunk.slice(nl + 1);
    const r = spawnSync("sh", ["-c", cmd], { cwd: dir, encoding: "utf8", env: { ...process.env, PATH: pathWith(bin) } });
    assert.equal(r.stdout + r.stderr, expected, `output of \`${cmd}\``);
    const failed = /^\d+ passed, [1-9]\d* failed/m.test(expected);
    assert.equal(r.status, failed ? 1 : 0, `exit code of \`${cmd}\``);
  }
}

test("docs/08_testing.md tutorial: write a test for the sidecar example, run it, break the policy, fix it, regenerate the golden file", () => {
  const steps = tutorialSteps();
  assert.deepEqual(steps.map((s) => s.kind), ["file", "run", "run", "edit", "run", "edit", "run", "edit", "run"]);
  const { dir, bin, done } = sidecarCopy();
  try {
    for (const s of steps) {
      if (s.kind === "file") writeFileSync(join(dir, s.name), s.body);
      else if (s.kind === "edit") applyEdit(dir, s.body);
      else runConsole(dir, bin, s.body);
    }
    assert.match(readFileSync(join(dir, ".golden/cart.yaml"), "utf8"), /image: registry\.example\.com\/mesh-proxy:1\.22\.0\n/);
  } finally {
    done();
  }
});

test("docs/08_testing.md: the compile error shown under Output is what kmutate test prints", () => {
  const at = docs.indexOf("Problems are failures with a location");
  const shown = blockAfter(docs, at).body;
  const { dir, done } = sidecarCopy();
  try {
    writeFileSync(join(dir, "sidecar.kmutate-test.yaml"), tutorialSteps()[0].body);
    writeFileSync(join(dir, "policy.yaml"), readFileSync(join(dir, "policy.yaml"), "utf8").replace("image: params.spec.proxyImage", "image: parms.spec.proxyImage"));
    const r = kmutate(["sidecar.kmutate-test.yaml"], dir);
    assert.equal(r.status, 1);
    assert.ok(r.stdout.startsWith(shown), `${r.stdout}\ndoes not start with\n${shown}`);
  } finally {
    done();
  }
});

test("docs/08_testing.md: the PolicyTest converted from a kyverno-test.yaml passes on the sidecar example", () => {
  const at = docs.indexOf("# kmutate-test.yaml\napiVersion: test.kmutate.dev");
  assert.ok(at > 0, "the converted suite is in the docs");
  const converted = docs.slice(at, docs.indexOf("```", at));
  const { dir, done } = sidecarCopy();
  try {
    writeFileSync(join(dir, "kmutate-test.yaml"), converted);
    cpSync(join(dir, ".expected/pods.yaml"), join(dir, "patched-pods.yaml"));
    const r = kmutate([], dir);
    assert.equal(r.stdout, "PASS  kmutate-test.yaml:9  cart is mutated\nPASS  kmutate-test.yaml:15  report is skipped\n2 passed, 0 failed\n");
    assert.equal(r.status, 0);
  } finally {
    done();
  }
});

test("every directory of examples/ has a kmutate-test.yaml that kpt ignores, and they all pass", () => {
  const dirs = readdirSync(examplesDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  for (const d of dirs) {
    assert.ok(existsSync(join(examplesDir, d, "kmutate-test.yaml")), `examples/${d}/kmutate-test.yaml`);
    assert.match(readFileSync(join(examplesDir, d, ".krmignore"), "utf8"), /^kmutate-test\.yaml$/m, `examples/${d}/.krmignore`);
  }
  const r = kmutate(["examples"], repoRoot);
  assert.equal(r.stderr, "");
  assert.equal(r.status, 0, r.stdout);
  const lines = r.stdout.trimEnd().split("\n");
  const passed = lines.filter((l) => l.startsWith("PASS  examples/"));
  assert.equal(lines[lines.length - 1], `${passed.length} passed, 0 failed`);
  assert.equal(passed.length, lines.length - 1, "every line but the summary is a PASS");
  for (const d of dirs) assert.ok(passed.some((l) => l.startsWith(`PASS  examples/${d}/kmutate-test.yaml:`)), `a case of examples/${d}`);
});

test("each example's tests fail when its policy changes what it writes", () => {
  // The tests must be able to fail: change one value each policy writes (or reads) and run them.
  const edits: Record<string, [file: string, from: string, to: string]> = {
    "annotate-labelled-namespaces": ["namespaces.yaml", "owner: finance-platform", "owner: someone-else"],
    "deployment-defaults": ["policy.yaml", "'\"IfNotPresent\"'", "'\"Never\"'"],
    "kustomize-sidecar": ["policy.yaml", '"LOG_APP"', '"APP"'],
    "labels-from-params": ["params.yaml", "cc-7", "cc-8"],
    "sidecar-injection": ["meshconfig.yaml", "adminPort: 15000", "adminPort: 15001"],
    "validate-after-mutate": ["policy.yaml", "' has no team label: label Namespace '", "' lacks a team label: label Namespace '"],
  };
  const dirs = readdirSync(examplesDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  assert.deepEqual(Object.keys(edits).sort(), dirs);
  const root = tempDir("policy-test-mutants");
  try {
    for (const [d, [file, from, to]] of Object.entries(edits)) {
      cpSync(join(examplesDir, d), join(root, d), { recursive: true });
      const text = readFileSync(join(root, d, file), "utf8");
      assert.ok(text.includes(from), `${d}/${file} holds ${from}`);
      writeFileSync(join(root, d, file), text.replace(from, to));
      const r = kmutate([d], root);
      assert.equal(r.status, 1, `${d}: ${r.stdout}`);
      assert.match(r.stdout, /^\d+ passed, [1-9]\d* failed\n$/m, d);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("errors are failures with file:line, never stack traces: a broken test file, a missing file", () => {
  const { dir, done } = sidecarCopy();
  try {
    writeFileSync(join(dir, "a.kmutate-test.yaml"), "apiVersion: test.kmutate.dev/v1alpha1\nkind: PolicyTest\nmetadata: {name: a}\nspec:\n  policies: [policy.yaml\n");
    writeFileSync(join(dir, "b.kmutate-test.yaml"), `apiVersion: test.kmutate.dev/v1alpha1
kind: PolicyTest
metadata: {name: b}
spec:
  policies: [policy.yaml, crd.yaml, meshconfig.yaml, namespaces.yaml]
  cases:
    - name: missing object file
      objectFile: nowhere.yaml
`);
    rmSync(join(dir, "kmutate-test.yaml"));
    const r = kmutate([], dir);
    assert.equal(r.stderr, "");
    assert.equal(r.stdout, `FAIL  a.kmutate-test.yaml
    a.kmutate-test.yaml:6:1: YAML syntax error: Flow sequence in block collection must be sufficiently indented and end with a ]
FAIL  b.kmutate-test.yaml:7  missing object file
    b.kmutate-test.yaml:8:19: objectFile: nowhere.yaml: cannot read: ENOENT
0 passed, 2 failed
`);
    assert.equal(r.status, 1);
  } finally {
    done();
  }
});

test("no test files, an unreadable path, and a bad --run pattern are one-line errors on stderr", () => {
  const empty = tempDir("policy-test-empty");
  try {
    const rows: Array<[args: string[], stderr: string]> = [
      [[], "kmutate: no test files (kmutate-test.yaml, *.kmutate-test.yaml) under .\n"],
      [["nope"], "kmutate: nope: cannot read: ENOENT\n"],
      [["--run", "("], "kmutate: --run: error parsing regexp: missing closing ): `(`\n"],
    ];
    for (const [args, stderr] of rows) {
      const r = kmutate(args, empty);
      assert.deepEqual({ status: r.status, stdout: r.stdout, stderr: r.stderr }, { status: 1, stdout: "", stderr }, args.join(" "));
    }
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
});

test("--run selects cases, --junit writes JUnit XML, -o json prints the report", () => {
  const { dir, done } = sidecarCopy();
  try {
    const r = kmutate(["--run", "outside", "--junit", "reports/junit.xml", "-o", "json"], dir);
    assert.equal(r.status, 0, r.stderr);
    const report = JSON.parse(r.stdout) as { passed: number; failed: number; skipped: number; files: Array<{ cases: Array<{ name: string; status: string }> }> };
    assert.deepEqual({ passed: report.passed, failed: report.failed, skipped: report.skipped }, { passed: 1, failed: 0, skipped: 3 });
    assert.deepEqual(report.files[0].cases.filter((c) => c.status === "passed").map((c) => c.name), ["a Pod outside the mesh is left alone"]);
    const xml = readFileSync(join(dir, "reports/junit.xml"), "utf8");
    assert.match(xml, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites name="kmutate test" tests="4" failures="0" skipped="3">\n/);
    assert.match(xml, /<testcase name="a Pod outside the mesh is left alone" classname="kmutate-test\.yaml" file="kmutate-test\.yaml" line="16"\/>/);
  } finally {
    done();
  }
});
