// The progress line: nothing on a pipe or in the first 2 s, then one line rewritten in place at
// most every 100 ms, cleared at the end; apply shows it while admitting a long run on a TTY.
import { test } from "node:test";
import assert from "node:assert/strict";
import { progressLine } from "../../src/cli/progress.js";
import { applyCommand } from "../../src/cli/apply.js";
import { memoryIo } from "./io.js";

function clock(...times: number[]): () => number {
  let i = 0;
  return () => times[Math.min(i++, times.length - 1)];
}

function tty(): ReturnType<typeof memoryIo> {
  const io = memoryIo();
  (io.stderr as unknown as { isTTY: boolean }).isTTY = true;
  return io;
}

test("progress: nothing on a pipe, however long the run", () => {
  const io = memoryIo();
  const p = progressLine(io.stderr, clock(0, 5000, 6000));
  p.update("admitting", 1, 2);
  p.update("admitting", 2, 2);
  p.end();
  assert.equal(io.err(), "");
});

test("progress: nothing during the first 2 s on a TTY, and nothing to clear", () => {
  const io = tty();
  const p = progressLine(io.stderr, clock(0, 1999));
  p.update("admitting", 1, 10);
  p.end();
  assert.equal(io.err(), "");
});

test("progress: after 2 s one line rewritten in place, repainted at most every 100 ms, cleared at the end", () => {
  const io = tty();
  const p = progressLine(io.stderr, clock(0, 2000, 2050, 2100, 2300));
  p.update("admitting", 1200, 10000);
  p.update("admitting", 1300, 10000); // 50 ms later: skipped
  p.update("admitting", 1400, 10000);
  p.update("writing");
  p.end();
  assert.equal(io.err(), "\r\x1b[Kkmutate: admitting 1,200/10,000 objects\r\x1b[Kkmutate: admitting 1,400/10,000 objects\r\x1b[Kkmutate: writing\r\x1b[K");
});

test("progress: apply on a TTY shows the admitting line once the run is past 2 s, then the results", async () => {
  const io = { ...tty(), cwd: new URL("../../../test/cli/fixtures/", import.meta.url).pathname, now: clock(0, 0, 2500, 2700, 2900) };
  const code = await applyCommand({ filename: ["app.yaml"], output: "yaml", quiet: false }, io);
  assert.equal(code, 0);
  assert.equal(io.err(), "\r\x1b[Kkmutate: admitting 1/2 objects\r\x1b[Kkmutate: admitting 2/2 objects\r\x1b[Kkmutate: writing\r\x1b[Kinfo: 2 objects read, 0 changed by 0 invocations, 0 warnings, 0 errors\n");
});

test("progress: fn mode on a TTY stderr shows the admitting line too, cleared before anything else", async () => {
  const { fnCommand } = await import("../../src/cli/fn.js");
  const list = "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: a}\n";
  const io = { ...memoryIo(list), now: clock(0, 2500) };
  (io.stderr as unknown as { isTTY: boolean }).isTTY = true;
  assert.equal(await fnCommand(io, undefined, { quiet: true }), 0);
  assert.equal(io.err(), "\r\x1b[Kkmutate: admitting 1/1 objects\r\x1b[K");
  assert.equal(io.out(), list);
});
