// The bin's inlining budget: a node option of the user's about TurboFan's inlining leaves it alone
// (the flags the bin sets: v8-flags-bin.test.ts).
import { test } from "node:test";
import assert from "node:assert/strict";
import { inliningSet } from "../../src/cli/inlining-budget.js";

test("inliningSet: node options about TurboFan's inlining, in argv or NODE_OPTIONS, any spelling", () => {
  assert.equal(inliningSet([], ""), false);
  assert.equal(inliningSet(["--max-old-space-size=512", "--max-inlined-bytecode-size=100"], "--no-warnings"), false);
  assert.equal(inliningSet(["--max-inlined-bytecode-size-cumulative=920"], ""), true);
  assert.equal(inliningSet(["--max_inlined_bytecode_size_cumulative=100"], ""), true);
  assert.equal(inliningSet(["--no-turbo-inlining"], ""), true);
  assert.equal(inliningSet(["--turbo-inlining"], ""), true);
  assert.equal(inliningSet([], "--no-warnings  --max-inlined-bytecode-size-cumulative=2000"), true);
});
