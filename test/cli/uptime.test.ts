// fn mode's clock: milliseconds since the process started, on process.hrtime.
import { test } from "node:test";
import assert from "node:assert/strict";
import { uptimeMs } from "../../src/cli/uptime.js";

test("uptimeMs counts from the process's start, as process.uptime does", () => {
  const before = process.uptime() * 1000;
  const t = uptimeMs();
  const after = process.uptime() * 1000;
  // process.uptime has microsecond resolution and its own reading of the start: within 5 ms.
  assert.ok(t >= before - 5 && t <= after + 5, `${before} <= ${t} <= ${after}`);
});

test("uptimeMs never goes back and follows elapsed time", () => {
  let last = uptimeMs();
  const start = last;
  while (last - start < 20) {
    const now = uptimeMs();
    assert.ok(now >= last, `${now} after ${last}`);
    last = now;
  }
  assert.ok(last - start >= 20);
});
