// collectGarbage: a full collection on request that frees a dropped large string, without
// leaving `gc` on the global object.
import { test } from "node:test";
import assert from "node:assert/strict";
import { collectGarbage } from "../../src/cli/util-collect-garbage.js";

test("collectGarbage frees a dropped 32 MB string and exposes no global gc", () => {
  const hadGc = "gc" in globalThis;
  // Decoded, as stdin is: one flat string in V8's heap (a repeat would be a small rope).
  let big: string | undefined = new TextDecoder().decode(new Uint8Array(32 * 1024 * 1024).fill(0x78));
  collectGarbage();
  const before = process.memoryUsage().heapUsed;
  assert.equal(big.length, 32 * 1024 * 1024);
  big = undefined;
  collectGarbage();
  assert.ok(before - process.memoryUsage().heapUsed > 30 * 1024 * 1024);
  assert.equal("gc" in globalThis, hadGc);
});
