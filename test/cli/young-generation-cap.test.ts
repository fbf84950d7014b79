// The young generation's cap as fn mode drives it: the growth factor V8 reads at each growth goes
// to 1 once the new space has reached the cap, and back when the cap is raised (an input found
// larger as stdin is read); and its hold while a bundle initialises. V8's flag hash covers the
// growth factor. Its own file: the flags change in the test process.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cachedDataVersionTag } from "node:v8";
import { heldYoungGeneration, youngGenerationCap } from "../../src/cli/young-generation.js";

/** Spins until `ms` have passed: the cap looks at most once a millisecond. */
function spin(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

test("youngGenerationCap: stops the growth at the cap, lets it grow again when the cap is raised, and lifts it", () => {
  const start = cachedDataVersionTag();
  let cap = 1;
  let beforeSet = 0;
  const look = youngGenerationCap(() => cap, () => beforeSet++, [], "");
  spin(2);
  look();
  const capped = cachedDataVersionTag();
  assert.notEqual(capped, start, "growth factor 1");
  assert.equal(beforeSet, 1);
  spin(2);
  look();
  assert.equal(beforeSet, 1, "nothing more while the cap stays");
  cap = 2 ** 40;
  spin(2);
  look();
  assert.equal(cachedDataVersionTag(), start, "a raised cap: V8's own growth factor again");
  assert.equal(beforeSet, 2);
  look.lift();
  assert.equal(cachedDataVersionTag(), start);
  cap = 1;
  spin(2);
  look();
  assert.equal(cachedDataVersionTag(), capped);
  look.lift();
  assert.equal(cachedDataVersionTag(), start, "lifted at the run's end");
});

test("youngGenerationCap: a user's young-generation option leaves V8 alone", () => {
  const start = cachedDataVersionTag();
  const look = youngGenerationCap(() => 1, () => assert.fail("no flag is set"), ["--max-semi-space-size=8"], "");
  spin(2);
  look();
  look.lift();
  assert.equal(cachedDataVersionTag(), start);
});

test("heldYoungGeneration: growth factor 1 while the initialisation runs, V8's own after it, even when it throws", () => {
  const start = cachedDataVersionTag();
  let during: number | undefined;
  assert.equal(heldYoungGeneration(() => { during = cachedDataVersionTag(); return 7; }, [], ""), 7);
  assert.ok(during !== undefined && during !== start, "held while it ran");
  assert.equal(cachedDataVersionTag(), start);
  assert.throws(() => heldYoungGeneration(() => { throw new Error("init failed"); }, [], ""), /init failed/);
  assert.equal(cachedDataVersionTag(), start);
  heldYoungGeneration(() => assert.equal(cachedDataVersionTag(), start, "the user's option: left alone"), [], "--semi-space-growth-factor=3");
});
