// The bin's young-generation cap: when the user's node options or NODE_OPTIONS already size the
// young generation, the cap leaves it alone (see test/limits/rss-per-mb.test.ts for the bin).
import { test } from "node:test";
import assert from "node:assert/strict";
import { youngGenerationSet } from "../../src/cli/young-generation.js";

test("youngGenerationSet: node options that size or grow the young generation, in argv or NODE_OPTIONS", () => {
  assert.equal(youngGenerationSet([], ""), false);
  assert.equal(youngGenerationSet(["--max-old-space-size=512", "--enable-source-maps"], "--no-warnings"), false);
  assert.equal(youngGenerationSet(["--max-semi-space-size=8"], ""), true);
  assert.equal(youngGenerationSet(["--max_semi_space_size=8"], ""), true);
  assert.equal(youngGenerationSet(["--min-semi-space-size=4"], ""), true);
  assert.equal(youngGenerationSet(["--semi-space-growth-factor=1"], ""), true);
  assert.equal(youngGenerationSet([], "--no-warnings  --max-semi-space-size=32"), true);
});
