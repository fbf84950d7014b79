// The open-resolution table (open-resolution.ts `OpenResolutions`) keys resolutions by a hash of
// their key tokens: keys whose hashes collide stay apart, a key recorded again replaces its entry.
import { test } from "node:test";
import assert from "node:assert/strict";
import { OpenResolutions, type OpenResolution } from "../../src/cel/check/open-resolution.js";

const resolution = (name: string): OpenResolution => ({ matched: [], result: { kind: "object", name }, bindings: [], openResult: false, fresh: [] });

test("keys with colliding hashes are kept apart; prefixes and other lengths do not match", () => {
  const t = new OpenResolutions();
  // Same hash: (2·31 + a)·31 + b is the same for (a, b) and (a + 1, b − 31).
  const k1 = [10002, 9040], k2 = [10003, 9009];
  t.set(k1, 2, resolution("one"));
  t.set(k2, 2, resolution("two"));
  assert.equal(t.size, 2);
  assert.deepEqual(t.get(k1, 2)?.result, { kind: "object", name: "one" });
  assert.deepEqual(t.get(k2, 2)?.result, { kind: "object", name: "two" });
  assert.equal(t.get([10002, 9041], 2), undefined);
  assert.equal(t.get(k1, 1), undefined);
  assert.equal(t.get([10002, 9040, 1], 3), undefined);
});

test("recording a key again replaces its resolution (single and collided entries)", () => {
  const t = new OpenResolutions();
  t.set([1, 2, 3], 3, resolution("a"));
  t.set([1, 2, 3, 99], 3, resolution("b")); // only the first 3 tokens count
  assert.equal(t.size, 1);
  assert.deepEqual(t.get([1, 2, 3], 3)?.result, { kind: "object", name: "b" });
  t.set([10002, 9040], 2, resolution("c"));
  t.set([10003, 9009], 2, resolution("d"));
  t.set([10003, 9009], 2, resolution("e"));
  assert.equal(t.size, 3);
  assert.deepEqual(t.get([10003, 9009], 2)?.result, { kind: "object", name: "e" });
  assert.deepEqual(t.get([10002, 9040], 2)?.result, { kind: "object", name: "c" });
});
