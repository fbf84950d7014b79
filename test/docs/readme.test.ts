// The README is for users: about 150 lines, one section per way to use kmutate, no project diary
// (rounds, issues, sessions, commit hashes), `npm test` as its test command (CI runs it), and
// every relative link leads to a file (and heading) that exists.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const readme = readFileSync(root + "README.md", "utf8");

test("README: no rounds, issues, sessions or commit hashes", () => {
  const words = [...readme.matchAll(/\b(rounds?|issues?|sessions?)\b/gi)].map((m) => m[0]);
  assert.deepEqual(words, []);
  assert.deepEqual(readme.match(/\b(?:commit|at) [0-9a-f]{7,40}\b/g) ?? [], []);
});

test("README: about 150 lines", () => {
  const lines = readme.split("\n").length;
  assert.ok(lines >= 100 && lines <= 200, `${lines} lines`);
});

test("README: one section per tool, plus install, quick start, configuration, limits, differences, links", () => {
  const headings = [...readme.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
  assert.deepEqual(headings, ["Install", "Quick start", "kpt", "kustomize", "Argo CD", "CLI", "Library", "Configuration", "Limits", "Known differences from a live apiserver", "Links"]);
});

test("README: `npm test` is its test command (what .ci/run runs)", () => {
  assert.match(readme, /^npm test\s+#/m);
  assert.match(readFileSync(root + ".ci/run", "utf8"), /^npm test$/m);
});

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to dashes. */
function anchor(heading: string): string {
  return heading.toLowerCase().replace(/[^\w\- ]/g, "").replace(/ /g, "-");
}

test("README and docs: every relative link leads to an existing file and heading", () => {
  const files = ["README.md", "CHANGELOG.md", "docs/design.md", "docs/performance.md", "docs/01_usage.md", "docs/02_krm.md", "docs/03_cli.md", "docs/04_library.md", "docs/05_errors.md", "docs/06_reliability.md", "docs/07_playground.md", "docs/08_testing.md", "docs/09_server_view.md", "docs/10_validation.md", "docs/11_check.md"];
  for (const file of files) {
    const text = readFileSync(root + file, "utf8");
    const dir = file.includes("/") ? file.slice(0, file.lastIndexOf("/") + 1) : "";
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1];
      if (/^[a-z]+:/.test(target)) continue;
      const [path, hash] = target.split("#");
      const resolved = path === "" ? file : new URL(path, "file:///" + dir).pathname.slice(1);
      assert.ok(existsSync(root + resolved), `${file}: ${target} (${resolved}) does not exist`);
      if (hash !== undefined && resolved.endsWith(".md")) {
        const anchors = [...readFileSync(root + resolved, "utf8").matchAll(/^#+ (.+)$/gm)].map((h) => anchor(h[1]));
        assert.ok(anchors.includes(hash), `${file}: #${hash} is not a heading of ${resolved}`);
      }
    }
  }
});
