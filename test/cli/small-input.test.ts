// fn mode's V8 settings for small inputs: which node options leave the optimising compilers to the
// user, the inputs that turn them off, and the young generation's cap per input size (the flags
// the bin sets: v8-flags-bin.test.ts).
import { test } from "node:test";
import assert from "node:assert/strict";
import { optimisersOffForSmallInput, optimisersSet, smallInputBytes, turboFanOffBelowBytes } from "../../src/cli/small-input.js";
import { mediumCapBelowBytes, mediumInputNewSpaceCapBytes, newSpaceCap, newSpaceCapBytes, smallCapBelowBytes, smallestNewSpaceCapBytes, smallInputNewSpaceCapBytes } from "../../src/cli/young-generation.js";

test("optimisersSet: node options about TurboFan, Maglev or the JIT, in argv or NODE_OPTIONS", () => {
  assert.equal(optimisersSet([], ""), false);
  assert.equal(optimisersSet(["--optimize-for-size", "--max-old-space-size=512", "--opt-foo"], "--no-warnings"), false);
  for (const option of ["--opt", "--no-opt", "--turbofan", "--no-turbofan", "--maglev", "--no-maglev", "--always-turbofan", "--jitless"]) {
    assert.equal(optimisersSet([option], ""), true, option);
  }
  assert.equal(optimisersSet([], "--no-warnings --jitless"), true);
});

test("optimisersOffForSmallInput: nothing from 1 MiB of input up (3 MiB on V8 13), nor when the user set the compilers", () => {
  assert.deepEqual([smallInputBytes, turboFanOffBelowBytes], [1 << 20, 3 << 20]);
  assert.equal(optimisersOffForSmallInput(smallInputBytes, [], "", undefined, undefined, "11.3.244.8"), undefined);
  assert.equal(optimisersOffForSmallInput(turboFanOffBelowBytes, [], "", undefined, undefined, "13.6.233.17"), undefined);
  assert.equal(optimisersOffForSmallInput(0, ["--no-opt"], ""), undefined);
  assert.equal(optimisersOffForSmallInput(100, ["--maglev"], ""), undefined);
});

test("newSpaceCap: two 1 MiB semi-spaces below 1 MiB of input, two 2 MiB ones below 8 MiB, two 4 MiB ones below 40 MiB, two 8 MiB ones from there or when not tuned", () => {
  assert.deepEqual(
    [smallestNewSpaceCapBytes, smallInputNewSpaceCapBytes, mediumInputNewSpaceCapBytes, newSpaceCapBytes, smallCapBelowBytes, mediumCapBelowBytes],
    [2 << 20, 4 << 20, 8 << 20, 16 << 20, 8 << 20, 40 << 20],
  );
  assert.equal(newSpaceCap(undefined), newSpaceCapBytes);
  assert.equal(newSpaceCap(0), smallestNewSpaceCapBytes);
  assert.equal(newSpaceCap(smallInputBytes - 1), smallestNewSpaceCapBytes);
  assert.equal(newSpaceCap(smallInputBytes), smallInputNewSpaceCapBytes);
  assert.equal(newSpaceCap(smallCapBelowBytes - 1), smallInputNewSpaceCapBytes);
  assert.equal(newSpaceCap(smallCapBelowBytes), mediumInputNewSpaceCapBytes);
  assert.equal(newSpaceCap(mediumCapBelowBytes - 1), mediumInputNewSpaceCapBytes);
  assert.equal(newSpaceCap(mediumCapBelowBytes), newSpaceCapBytes);
});
