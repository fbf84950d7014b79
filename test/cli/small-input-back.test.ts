// fn mode's optimising compilers turned off for a small input (TurboFan alone for a mid-sized one
// on V8 13) and back on after the time budget:
// V8's flags come back to what they were, which V8's flag hash shows (cachedDataVersionTag
// covers TurboFan's and Maglev's flags). Its own file: the flags change in the test process.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cachedDataVersionTag, setFlagsFromString } from "node:v8";
import { optimisersOffForSmallInput, smallInputBytes, turboFanOffBelowBytes } from "../../src/cli/small-input.js";

// Node 22's V8 (12.4) stamps a different flag hash after `--no-opt` then `--opt` than at the start
// (measured in a bare process, without kmutate): the compilers do come back there (the bin test
// with expensive policies takes the time it takes on Node 20 and 24), but the hash cannot show it.
const hashComesBack = Number(process.versions.v8.split(".")[0]) !== 12;

/**
 * Turns the compilers off for `inputBytes` on V8 `v8Version` with a 50 ms budget, checks they stay
 * off before it and come back at it; returns the flag hash they had while off.
 */
function offUntilBudget(inputBytes: number, v8Version: string): number {
  const start = cachedDataVersionTag();
  let now = 0;
  const back = optimisersOffForSmallInput(inputBytes, [], "", 50, () => now, v8Version);
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
  return off;
}

const skip = hashComesBack ? false : `V8 ${process.versions.v8}'s flag hash does not come back after --no-opt, --opt`;

test("optimisersOffForSmallInput: off until the budget, then back on as they were (the flag hash of the start)", { skip }, () => {
  offUntilBudget(100, process.versions.v8);
});

test("optimisersOffForSmallInput: from 1 to 3 MiB on V8 13, TurboFan alone off until the budget; elsewhere nothing", { skip }, () => {
  const start = cachedDataVersionTag();
  assert.equal(optimisersOffForSmallInput(smallInputBytes, [], "", 50, () => 0, "12.4.254.21"), undefined);
  assert.equal(optimisersOffForSmallInput(turboFanOffBelowBytes, [], "", 50, () => 0, "13.6.233.17"), undefined);
  assert.equal(optimisersOffForSmallInput(smallInputBytes, ["--maglev"], "", 50, () => 0, "13.6.233.17"), undefined);
  assert.equal(cachedDataVersionTag(), start, "nothing was set");
  const off = offUntilBudget(turboFanOffBelowBytes - 1, "13.6.233.17");
  // What was off is TurboFan alone: the same hash as `--no-opt` by itself.
  setFlagsFromString("--no-opt");
  assert.equal(cachedDataVersionTag(), off);
  setFlagsFromString("--opt");
  assert.equal(cachedDataVersionTag(), start);
});
