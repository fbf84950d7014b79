// collectGarbage: a full collection on request that frees a dropped large string, without
// leaving `gc` on the global object.
import { test } from "node:test";
import assert from "node:assert/strict";
import { collectGarbage } from "../../src/cli/util-collect-garbage.js";

test("collectGarbage frees a dropped 32 MB string and exposes no global gc", () => {
  const hadGc = "gc" in globalThis;
  // Decoded, as stdin is: one flat string (a repeat would be a small rope). Node 20 and 22 keep it
  // in V8's heap, Node 24 outside it (an external string): heap and external memory are counted
  // together, and the bytes decoded stay alive so that only the string can be freed.
  const used = (): number => process.memoryUsage().heapUsed + process.memoryUsage().external;
  const bytes = new Uint8Array(32 * 1024 * 1024).fill(0x78);
  let big: string | undefined = new TextDecoder().decode(bytes);
  collectGarbage();
  const before = used();
  assert.equal(big.length, bytes.length);
  big = undefined;
  collectGarbage();
  assert.ok(before - used() > 30 * 1024 * 1024);
  assert.equal("gc" in globalThis, hadGc);
});
