// `kmutate test` in-process (src/cli/test.ts): finding test files, golden files written by
// --update (and the cases that cannot write theirs), colour only on a terminal, the JUnit file.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testCommand, type TestOptions } from "../../src/cli/test.js";
import { findTestFiles } from "../../src/cli/test-files.js";
import { configMap, teamLabelPolicy, testFile } from "../authoring/fixtures.js";
import { memoryIo } from "./io.js";

/** A temp folder holding `files`; removed after `fn`. */
async function inFolder(files: Record<string, string>, fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "kmutate-test-command-"));
  try {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(join(dir, name, ".."), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    await fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const text: TestOptions = { output: "text" };

test("findTestFiles: test files under folders in name order, hidden folders and node_modules skipped; a named file as it is", async () => {
  await inFolder({
    "b/kmutate-test.yaml": "", "a/x.kmutate-test.yaml": "", "a/kmutate-test.yml": "", "a/other.yaml": "", "a/not-kmutate-test.yaml": "",
    ".hidden/kmutate-test.yaml": "", "node_modules/p/kmutate-test.yaml": "", "mine.yaml": "",
  }, async (dir) => {
    assert.deepEqual(findTestFiles(["."], dir), { files: ["a/kmutate-test.yml", "a/x.kmutate-test.yaml", "b/kmutate-test.yaml"], errors: [] });
    assert.deepEqual(findTestFiles(["b/", "mine.yaml", "b/kmutate-test.yaml", "gone"], dir), { files: ["b/kmutate-test.yaml", "mine.yaml"], errors: ["gone: cannot read: ENOENT"] });
  });
});

test("--update writes each golden file once; a second case wanting another content for it fails", async () => {
  const cases = `  - name: first\n    object: ${configMap("c")}\n    expect: {objectFile: golden/c.yaml}\n  - name: second\n    object: ${configMap("c", "web")}\n    expect: {objectFile: golden/c.yaml}\n`;
  await inFolder({ "policy.yaml": teamLabelPolicy, "kmutate-test.yaml": testFile(cases) }, async (dir) => {
    const io = memoryIo("", dir);
    assert.equal(await testCommand([], { ...text, update: true }, io), 1);
    assert.equal(io.out(), `PASS  kmutate-test.yaml:7  first (updated golden/c.yaml)
FAIL  kmutate-test.yaml:10  second
    --update: golden/c.yaml: another case updated it with a different object
1 passed, 1 failed
`);
    assert.match(readFileSync(join(dir, "golden/c.yaml"), "utf8"), /labels:\n {4}team: shop\n/);
  });
});

test("--update: a golden file that cannot be written fails its case", async () => {
  const cases = `  - name: blocked\n    object: ${configMap("c")}\n    expect: {objectFile: blocker/c.yaml}\n`;
  await inFolder({ "policy.yaml": teamLabelPolicy, "kmutate-test.yaml": testFile(cases), blocker: "a file, not a folder" }, async (dir) => {
    const io = memoryIo("", dir);
    assert.equal(await testCommand([], { ...text, update: true }, io), 1);
    assert.equal(io.out(), "FAIL  kmutate-test.yaml:7  blocked\n    --update: blocker/c.yaml: cannot write: EEXIST\n0 passed, 1 failed\n");
  });
});

test("colour only on a terminal: PASS green, FAIL red, diff lines coloured", async () => {
  const cases = `  - name: ok\n    object: ${configMap("a")}\n  - name: differs\n    object: ${configMap("b")}\n    expect: {unchanged: true}\n`;
  await inFolder({ "policy.yaml": teamLabelPolicy, "kmutate-test.yaml": testFile(cases) }, async (dir) => {
    const plain = memoryIo("", dir);
    await testCommand([], text, plain);
    assert.doesNotMatch(plain.out(), /\x1b\[/);
    const tty = memoryIo("", dir);
    (tty.stdout as { isTTY?: boolean }).isTTY = true;
    await testCommand([], text, tty);
    assert.ok(tty.out().startsWith("\x1b[32mPASS\x1b[0m  kmutate-test.yaml:7  ok\n\x1b[31mFAIL\x1b[0m  kmutate-test.yaml:9  differs\n"), tty.out());
    assert.match(tty.out(), /\x1b\[32m\+ {2}labels:\x1b\[0m/);
  });
});

test("--junit writes the report even when cases fail; an unwritable --junit file is an error", async () => {
  const cases = `  - name: denied\n    object: ${configMap("a", null)}\n`;
  await inFolder({ "policy.yaml": teamLabelPolicy, "kmutate-test.yaml": testFile(cases), blocker: "" }, async (dir) => {
    const io = memoryIo("", dir);
    assert.equal(await testCommand([], { ...text, junit: "out/junit.xml" }, io), 1);
    assert.match(readFileSync(join(dir, "out/junit.xml"), "utf8"), /<failure message="unexpected error: policy 'team-label' with binding 'team-label' denied request: /);
    const bad = memoryIo("", dir);
    assert.equal(await testCommand([], { ...text, junit: "blocker/junit.xml" }, bad), 1);
    assert.equal(bad.err(), "kmutate: --junit: blocker/junit.xml: cannot write: EEXIST\n");
  });
});
