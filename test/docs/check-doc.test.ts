// docs/11_check.md lists every finding code `kmutate check` can report, each once, with its
// severity as the lint gives it; and its silencing annotation is the one the lint reads.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { IGNORE_ANNOTATION, lintCodes } from "../../src/admission/index.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const doc = readFileSync(root + "docs/11_check.md", "utf8");

test("docs/11_check.md: the findings table has one row per lint code, and no other", () => {
  const rows = [...doc.matchAll(/^\| `([a-z-]+)` \| (error|warning) \|/gm)].map((m) => m[1]);
  assert.deepEqual([...rows].sort(), [...lintCodes].sort());
});

test("docs/11_check.md: shows the annotation that silences findings", () => {
  assert.ok(doc.includes(`${IGNORE_ANNOTATION}: param-not-found`));
});
