// fn mode's V8 settings for small inputs: which node options leave the optimising compilers to the
// user, the inputs that turn them off, and the young generation's cap per input size (the flags
// the bin sets: v8-flags-bin.test.ts).
import { test } from "node:test";
import assert from "node:assert/strict";
import { optimisersOffForSmallInput, optimisersSet, smallInputBytes } from "../../src/cli/small-input.js";
import { newSpaceCap, newSpaceCapBytes, smallCapBelowBytes, smallInputNewSpaceCapBytes } from "../../src/cli/young-generation.js";

test("optimisersSet: node options about TurboFan, Maglev or the JIT, in argv or NODE_OPTIONS", () => {
  assert.equal(optimisersSet([], ""), false);
  assert.equal(optimisersSet(["--optimize-for-size", "--max-old-space-size=512", "--opt-foo"], "--no-warnings"), false);
  for (const option of ["--opt", "--no-opt", "--turbofan", "--no-turbofan", "--maglev", "--no-maglev", "--always-turbofan", "--jitless"]) {
    assert.equal(optimisersSet([option], ""), true, option);
  }
  assert.equal(optimisersSet([], "--no-warnings --jitless"), true);
});

test("optimisersOffForSmallInput: nothing from 1 MiB of input up, nor when the user set the compilers", () => {
  assert.equal(smallInputBytes, 1024 * 1024);
  assert.equal(optimisersOffForSmallInput(smallInputBytes, [], ""), undefined);
  assert.equal(optimisersOffForSmallInput(0, ["--no-opt"], ""), undefined);
  assert.equal(optimisersOffForSmallInput(100, ["--maglev"], ""), undefined);
});

test("newSpaceCap: two 2 MiB semi-spaces below 8 MiB of input, two 8 MiB ones from there or while the size is unknown", () => {
  assert.deepEqual([smallInputNewSpaceCapBytes, newSpaceCapBytes, smallCapBelowBytes], [4 << 20, 16 << 20, 8 << 20]);
  assert.equal(newSpaceCap(undefined), newSpaceCapBytes);
  assert.equal(newSpaceCap(0), smallInputNewSpaceCapBytes);
  assert.equal(newSpaceCap(smallCapBelowBytes - 1), smallInputNewSpaceCapBytes);
  assert.equal(newSpaceCap(smallCapBelowBytes), newSpaceCapBytes);
});
