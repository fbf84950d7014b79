// Every kpt package under examples/ rendered two ways: by the real `kpt fn render --allow-exec`
// (files must equal `.expected/` byte for byte, and a second render must change nothing), and
// by the built bin on a ResourceList annotated as kpt builds it (no kpt needed). A package whose
// render is refused (a ValidatingAdmissionPolicy denies an object) holds kpt's output in
// `.expected/kpt-fn-render.txt`: kpt then changes no file, and prints the function's results.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import jsYaml from "js-yaml";
import { builtBin, listFiles, pathWith, repoRoot, tempDir, toolFound, writeKmutateWrapper } from "./harness.js";

const examplesDir = join(repoRoot, "examples");
const kptFound = toolFound("kpt", ["version"]);

/** Example packages: directories of examples/ holding a Kptfile. */
const packages = readdirSync(examplesDir, { withFileTypes: true })
  .filter((e) => e.isDirectory() && existsSync(join(examplesDir, e.name, "Kptfile")))
  .map((e) => e.name)
  .sort();

/** The package files kpt reads, in kpt's order: the Kptfile, then the yaml files by name, minus `.krmignore`d ones. */
function packageFiles(dir: string): string[] {
  const ignored = readFileSync(join(dir, ".krmignore"), "utf8").split("\n").map((l) => l.trim().replace(/\/$/, "")).filter((l) => l !== "");
  const kept = (f: string): boolean => !ignored.some((i) => f === i || f.startsWith(i + "/"));
  const yamls = listFiles(dir).filter((f) => kept(f) && /\.ya?ml$/.test(f));
  return ["Kptfile", ...yamls];
}

/** kpt's output of a refused render, kept in `.expected/` (durations replaced by `<duration>`). */
const refusedRender = "kpt-fn-render.txt";

/** The expected kpt output when the package's render is refused, else undefined. */
function expectedRefusal(name: string): string | undefined {
  const file = join(examplesDir, name, ".expected", refusedRender);
  return existsSync(file) ? readFileSync(file, "utf8") : undefined;
}

/** Yaml files of a rendered package directory (the ones `.expected/` mirrors; the policy tests are not rendered). */
function yamlFiles(dir: string): string[] {
  return listFiles(dir).filter((f) => !f.startsWith(".expected/") && !/(?:^|\.)kmutate-test\.yaml$/.test(f) && /\.ya?ml$/.test(f));
}

function snapshot(dir: string): Map<string, string> {
  return new Map(listFiles(dir).map((f) => [f, readFileSync(join(dir, f), "utf8")]));
}

test("examples/ holds kpt packages, each with a .expected/ and a .krmignore that hides it", () => {
  assert.ok(packages.length >= 4, `found only ${packages.join(", ")}`);
  for (const name of packages) {
    const dir = join(examplesDir, name);
    assert.ok(existsSync(join(dir, ".expected")), `${name}/.expected`);
    assert.match(readFileSync(join(dir, ".krmignore"), "utf8"), /^\.expected$/m, `${name}/.krmignore`);
    assert.match(readFileSync(join(dir, "Kptfile"), "utf8"), /^ {4}- exec: kmutate$/m, `${name}/Kptfile mutator`);
  }
});

/** A temp copy of example `name` without `.expected/`, and a bin dir whose `kmutate` is the built one. */
function stage(name: string): { tmp: string; pkg: string; bin: string } {
  const tmp = tempDir("example");
  const pkg = join(tmp, name);
  cpSync(join(examplesDir, name), pkg, { recursive: true, filter: (src) => !src.includes("/.expected") });
  const bin = join(tmp, "bin");
  mkdirSync(bin);
  writeKmutateWrapper(bin);
  return { tmp, pkg, bin };
}

/** Renders `pkg`; with `refusal`, the render must fail with exactly that output. */
function render(pkg: string, bin: string, refusal?: string): void {
  const r = spawnSync("kpt", ["fn", "render", ".", "--allow-exec"], {
    cwd: pkg,
    encoding: "utf8",
    env: { ...process.env, PATH: pathWith(bin) },
  });
  if (refusal !== undefined) {
    assert.equal(r.status, 1, `kpt fn render should have been refused:\n${r.stdout}\n${r.stderr}`);
    assert.equal((r.stdout + r.stderr).replace(/ in [0-9.]+m?s$/gm, " in <duration>"), refusal);
    return;
  }
  assert.equal(r.status, 0, `kpt fn render failed:\n${r.stdout}\n${r.stderr}`);
  assert.match(r.stdout + r.stderr, /\[PASS\] "kmutate"/);
}

for (const name of packages) {
  test(`kpt fn render --allow-exec: examples/${name} equals .expected/ byte for byte, and is stable`, (t) => {
    if (!kptFound) {
      t.skip("kpt not found");
      return;
    }
    const { tmp, pkg, bin } = stage(name);
    try {
      const kptfileBefore = readFileSync(join(pkg, "Kptfile"), "utf8");
      const refusal = expectedRefusal(name);
      render(pkg, bin, refusal);
      const expectedDir = join(examplesDir, name, ".expected");
      const expectedFiles = listFiles(expectedDir).filter((f) => f !== refusedRender);
      assert.deepEqual(yamlFiles(pkg), expectedFiles, "rendered yaml files vs .expected/");
      for (const f of expectedFiles) {
        assert.equal(readFileSync(join(pkg, f), "utf8"), readFileSync(join(expectedDir, f), "utf8"), f);
      }
      assert.equal(readFileSync(join(pkg, "Kptfile"), "utf8"), kptfileBefore, "Kptfile");
      const once = snapshot(pkg);
      render(pkg, bin, refusal);
      assert.deepEqual(snapshot(pkg), once, "a second render changed the package");
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
}

type Obj = Record<string, unknown>;

const kptAnnotations = [
  "config.kubernetes.io/index",
  "config.kubernetes.io/path",
  "internal.config.kubernetes.io/index",
  "internal.config.kubernetes.io/path",
  "config.k8s.io/id",
] as const;

function annotations(o: Obj): Record<string, string> {
  const md = (o.metadata ?? {}) as Obj;
  return (md.annotations ?? {}) as Record<string, string>;
}

/** `o` without the annotations kpt adds (and without an emptied `annotations` map). */
function stripKpt(o: Obj): Obj {
  const copy = structuredClone(o);
  const md = copy.metadata as Obj;
  const ann = { ...annotations(copy) };
  for (const k of kptAnnotations) delete ann[k];
  if (Object.keys(ann).length === 0) delete md.annotations;
  else md.annotations = ann;
  return copy;
}

function loadDocs(text: string): Obj[] {
  return jsYaml.loadAll(text).filter((d): d is Obj => d !== null && typeof d === "object");
}

/** The ResourceList kpt would send for a package: each document with path/index/id annotations. */
function resourceListOf(dir: string): { text: string; items: Obj[] } {
  const items: Obj[] = [];
  let id = 0;
  for (const file of packageFiles(dir)) {
    loadDocs(readFileSync(join(dir, file), "utf8")).forEach((doc, index) => {
      const md = (doc.metadata ?? (doc.metadata = {})) as Obj;
      id++;
      md.annotations = {
        ...annotations(doc),
        "config.kubernetes.io/index": String(index),
        "config.kubernetes.io/path": file,
        "internal.config.kubernetes.io/index": String(index),
        "internal.config.kubernetes.io/path": file,
        "config.k8s.io/id": String(id),
      };
      items.push(doc);
    });
  }
  const text = jsYaml.dump({ apiVersion: "config.kubernetes.io/v1", kind: "ResourceList", items }, { lineWidth: -1 });
  return { text, items };
}

for (const name of packages) {
  if (expectedRefusal(name) !== undefined) continue;
  test(`the bin on examples/${name} as a kpt ResourceList: every item back in order, mutated as .expected/`, () => {
    const dir = join(examplesDir, name);
    const { text, items } = resourceListOf(dir);
    const r = spawnSync(process.execPath, [builtBin], { input: text, encoding: "utf8" });
    assert.equal(r.status, 0, `exit ${r.status}\n${r.stdout}\n${r.stderr}`);
    assert.equal(r.stderr, "");
    const out = jsYaml.load(r.stdout) as Obj;
    assert.equal(out.kind, "ResourceList");
    const results = (out.results ?? []) as Obj[];
    assert.deepEqual(results.filter((x) => x.severity === "error"), []);
    const outItems = out.items as Obj[];
    assert.equal(outItems.length, items.length, "item count");
    outItems.forEach((item, i) => {
      for (const k of kptAnnotations) assert.equal(annotations(item)[k], annotations(items[i])[k], `item ${i} ${k}`);
    });
    const byFile = new Map<string, Obj[]>();
    for (const item of outItems) {
      const path = annotations(item)["internal.config.kubernetes.io/path"];
      byFile.set(path, [...(byFile.get(path) ?? []), stripKpt(item)]);
    }
    for (const [file, got] of byFile) {
      const want = file === "Kptfile" ? join(dir, "Kptfile") : join(dir, ".expected", file);
      assert.deepEqual(got, loadDocs(readFileSync(want, "utf8")), file);
    }
  });
}

/** The bin's output items and results on `text` (a ResourceList) with a MutationConfig of `spec`. */
function renderWith(text: string, spec: Obj): Obj {
  const list = jsYaml.load(text) as Obj;
  list.functionConfig = { apiVersion: "fn.kmutate.dev/v1alpha1", kind: "MutationConfig", metadata: { name: "view" }, spec };
  const r = spawnSync(process.execPath, [builtBin], { input: JSON.stringify(list), encoding: "utf8" });
  assert.ok(r.status === 0 || r.status === 1, `exit ${r.status}\n${r.stdout}\n${r.stderr}`);
  const out = JSON.parse(r.stdout) as Obj;
  return { status: r.status, items: out.items, results: out.results };
}

for (const name of packages) {
  test(`the server view changes nothing the policies did not: examples/${name} renders the same with view raw and server`, () => {
    const { text } = resourceListOf(join(examplesDir, name));
    const server = renderWith(text, { view: "server" });
    assert.deepEqual(server, renderWith(text, { view: "raw" }));
    assert.deepEqual(server, renderWith(text, {}), "server is the default view");
  });
}

for (const name of packages) {
  const refusal = expectedRefusal(name);
  if (refusal === undefined) continue;
  test(`the bin on examples/${name} as a kpt ResourceList: exit 1 with kpt's error results; denied items come back as they came in`, () => {
    const { text, items } = resourceListOf(join(examplesDir, name));
    const r = spawnSync(process.execPath, [builtBin], { input: text, encoding: "utf8" });
    assert.equal(r.status, 1, `exit ${r.status}\n${r.stderr}`);
    const out = jsYaml.load(r.stdout) as Obj;
    const outItems = out.items as Obj[];
    assert.equal(outItems.length, items.length, "item count");
    const errors = ((out.results ?? []) as Obj[]).filter((x) => x.severity === "error");
    const kptErrors = [...refusal.matchAll(/^ {4}\[error\] [^:]+: (.*)$/gm)].map((m) => m[1]);
    assert.deepEqual(errors.map((x) => x.message), kptErrors);
    assert.ok(errors.length > 0, "the example denies an object");
    for (const e of errors) {
      const ref = e.resourceRef as Obj;
      const i = outItems.findIndex((o) => o.kind === ref.kind && (o.metadata as Obj).name === ref.name);
      assert.deepEqual(outItems[i], items[i], `denied ${String(ref.kind)} ${String(ref.name)} comes back unchanged`);
    }
  });
}
