// fn mode's optimising compilers turned off for a small input and back on after the time budget:
// V8's flags come back to what they were, which V8's flag hash shows (cachedDataVersionTag
// covers TurboFan's and Maglev's flags). Its own file: the flags change in the test process.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cachedDataVersionTag } from "node:v8";
import { optimisersOffForSmallInput } from "../../src/cli/small-input.js";

test("optimisersOffForSmallInput: off until the budget, then back on as they were (the flag hash of the start)", () => {
  const start = cachedDataVersionTag();
  let now = 0;
  const back = optimisersOffForSmallInput(100, [], "", 50, () => now);
  assert.ok(back !== undefined);
  const off = cachedDataVersionTag();
  assert.notEqual(off, start);
  now = 49;
  back();
  assert.equal(cachedDataVersionTag(), off, "before the budget: still off");
  now = 50;
  back();
  assert.equal(cachedDataVersionTag(), start, "at the budget: the flags of the start");
  now = 1000;
  back();
  assert.equal(cachedDataVersionTag(), start);
});
