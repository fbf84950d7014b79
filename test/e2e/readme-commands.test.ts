// Every shell command of the README runs as written (in a scratch copy of the files it names, with
// the built kmutate first on PATH and a test-only `docker` for the container form). Commands whose
// tool is missing here are skipped visibly; install commands are tested elsewhere (see the skips).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathWith, repoRoot, tempDir, toolFound, writeFakeDocker, writeKmutateWrapper } from "./harness.js";

const readme = readFileSync(join(repoRoot, "README.md"), "utf8");

/** The lines of every ```sh block, without their trailing `# comment`. */
function readmeCommands(): string[] {
  const out: string[] = [];
  for (const block of readme.matchAll(/```sh\n([\s\S]*?)```/g)) {
    for (const line of block[1].split("\n")) {
      const cmd = line.replace(/\s+#.*$/, "").trim();
      if (cmd !== "") out.push(cmd);
    }
  }
  return out;
}

const tools: Record<string, boolean> = {
  kpt: toolFound("kpt", ["version"]),
  kubectl: toolFound("kubectl", ["version", "--client"]),
  kustomize: toolFound("kustomize", ["version"]),
};

test("the README has shell commands to run", () => {
  assert.ok(readmeCommands().length >= 10);
});

for (const cmd of readmeCommands()) {
  test(`README command: ${cmd}`, (t) => {
    if (cmd.startsWith("npm ")) return t.skip("npm: CI runs npm ci / npm test (.ci/run), install.test.ts packs and installs, readme.test.ts runs the example");
    if (cmd.startsWith("git clone ")) return t.skip("git clone: needs the network; the clone is this repository");
    if (cmd.startsWith("docker build ")) return t.skip("docker build: needs a Docker engine; container-runtime.test.ts assembles and runs the image the Dockerfile describes");
    const tool = cmd.split(/\s+/)[0];
    if (tool in tools && !tools[tool]) return t.skip(`${tool} not found`);
    const work = tempDir("readme");
    for (const dir of ["examples", "krm", "test/cli/fixtures"]) cpSync(join(repoRoot, dir), join(work, dir), { recursive: true });
    const bin = tempDir("readme-bin");
    writeKmutateWrapper(bin);
    writeFakeDocker(bin, join(work, "docker.log"), "ghcr.io/kmutate/kmutate");
    const r = spawnSync("sh", ["-c", cmd], { cwd: work, encoding: "utf8", env: { ...process.env, PATH: pathWith(bin) } });
    assert.equal(r.status, 0, `${cmd}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`);
    assert.notEqual(r.stdout + r.stderr, "", "the command printed nothing");
  });
}
