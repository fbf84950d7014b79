// docs/03_cli.md shows real output: its `apply --diff` example is a verbatim part of the snapshot
// the built bin produces (test/cli/snapshots/apply-diff.md).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../../", import.meta.url));

test("docs/03_cli.md: the --diff example (headers, hunk attribution, lines) is in the apply-diff snapshot", () => {
  const doc = readFileSync(root + "docs/03_cli.md", "utf8");
  const example = /```diff\n([\s\S]*?)```/.exec(doc);
  assert.ok(example, "a diff example");
  const [headers, hunk] = [example[1].split("\n").slice(0, 2).join("\n"), example[1].split("\n").slice(2).join("\n")];
  const snapshot = readFileSync(root + "test/cli/snapshots/apply-diff.md", "utf8");
  assert.ok(snapshot.includes(headers), headers);
  assert.ok(snapshot.includes(hunk), hunk);
});
