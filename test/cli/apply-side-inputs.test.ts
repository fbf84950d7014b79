// `kmutate apply --old-objects` / `--config` with UPDATE: oldObject comes from the given files.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { runCli } from "../../src/cli/program.js";
import { memoryIo } from "./io.js";

const dir = fileURLToPath(new URL("../../../test/cli/fixtures/side-inputs/", import.meta.url));

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = memoryIo("", dir);
  const code = await runCli(argv, io);
  return { code, out: io.out(), err: io.err() };
}

test("apply --config (UPDATE) --old-objects: the policy reads the old object; comments survive", async () => {
  const r = await run(["apply", "-f", "app.yaml", "--config", "update-config.yaml", "--old-objects", "old"]);
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /data:\n {2}k: new # the desired state\n {2}previousTier: gold\n$/);
  assert.equal(r.err, "info: policy 'remember-tier' with binding 'remember-tier' changed 1 object: ConfigMap default/settings\n" +
    "info: 3 objects read, 1 changed by 1 invocation, 0 warnings, 0 errors\n");
});

test("apply --old-objects on a missing path is an error naming the option's file", async () => {
  const r = await run(["apply", "-f", "app.yaml", "--config", "update-config.yaml", "--old-objects", "missing"]);
  assert.equal(r.code, 1);
  assert.equal(r.out, "");
  assert.match(r.err, /functionConfig spec\.oldObjectsPath: "missing" does not exist/);
});

test("apply on UPDATE without old objects: the item is its own old object", async () => {
  const r = await run(["apply", "-f", "app.yaml", "--config", "update-config.yaml"]);
  assert.equal(r.code, 1);
  assert.match(r.err, /resulted in error: no such key: labels/);
});
