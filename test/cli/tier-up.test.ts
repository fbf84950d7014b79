// fn mode's later tier-up: which node options leave it to the user, and the flag per input size
// and V8 version (the flags the bin sets: v8-flags-bin.test.ts).
import { test } from "node:test";
import assert from "node:assert/strict";
import { smallInputBytes } from "../../src/cli/small-input.js";
import { tierUpFactor, turboFanTierUpBelowBytes, tierUpFlag, tierUpSet } from "../../src/cli/tier-up.js";

test("tierUpSet: node options about V8's tier-up thresholds, in argv or NODE_OPTIONS, any spelling", () => {
  assert.equal(tierUpSet([], ""), false);
  assert.equal(tierUpSet(["--max-old-space-size=512", "--budget-for-feedback-vector-allocation=940"], "--no-warnings"), false);
  for (const option of ["--interrupt-budget=1000", "--interrupt_budget=1000", "--invocation-count-for-maglev=100", "--invocation-count-for-turbofan=9000", "--ticks-before-optimization=5"]) {
    assert.equal(tierUpSet([option], ""), true, option);
  }
  assert.equal(tierUpSet([], "--no-warnings --invocation-count-for-maglev-osr=10"), true);
});

test("tierUpFlag: four times V8's threshold from 1 MiB, below 4 MiB for TurboFan (Node 20, 22), at any size for Maglev (Node 24)", () => {
  assert.equal(tierUpFactor, 4);
  assert.equal(turboFanTierUpBelowBytes, 4 << 20);
  const node20 = "11.3.244.8-node.38";
  const node22 = "12.4.254.21-node.57";
  const node24 = "13.6.233.17-node.63";
  assert.equal(tierUpFlag(smallInputBytes - 1, node20), undefined);
  assert.equal(tierUpFlag(smallInputBytes, node20), "--interrupt-budget=270336");
  assert.equal(tierUpFlag(turboFanTierUpBelowBytes - 1, node20), "--interrupt-budget=270336");
  assert.equal(tierUpFlag(turboFanTierUpBelowBytes, node20), undefined);
  assert.equal(tierUpFlag(smallInputBytes - 1, node22), undefined);
  assert.equal(tierUpFlag(smallInputBytes, node22), "--invocation-count-for-turbofan=12000");
  assert.equal(tierUpFlag(turboFanTierUpBelowBytes, node22), undefined);
  assert.equal(tierUpFlag(smallInputBytes - 1, node24), undefined);
  assert.equal(tierUpFlag(smallInputBytes, node24), "--invocation-count-for-maglev=1600");
  assert.equal(tierUpFlag(256 << 20, node24), "--invocation-count-for-maglev=1600");
  // Not measured there, or flags V8 may not know: nothing.
  for (const version of ["10.2.154.26-node.36", "14.1.146.11-node.2"]) assert.equal(tierUpFlag(2 << 20, version), undefined, version);
});
