// Snapshot tests of the built bin (the one built beside this test): each case spawns it and compares command,
// exit code, stdout and stderr with test/cli/snapshots/<case>.md (UPDATE_SNAPSHOTS=1 rewrites).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const bin = fileURLToPath(new URL("../../src/cli/kmutate.cjs", import.meta.url));
const fixtures = root + "test/cli/fixtures/";
const snapshots = root + "test/cli/snapshots/";

const cases: Array<{ name: string; args: string[]; stdin?: string }> = [
  { name: "help", args: ["--help"] },
  { name: "fn-help", args: ["fn", "--help"] },
  { name: "apply-help", args: ["apply", "--help"] },
  { name: "test-help", args: ["test", "--help"] },
  { name: "version", args: ["version"] },
  { name: "fn-passthrough", args: [], stdin: "resource-list.yaml" },
  { name: "fn-empty-stdin", args: [], stdin: "/dev/null" },
  { name: "fn-binary-stdin", args: [], stdin: "binary.yaml" },
  { name: "fn-two-documents", args: [], stdin: "app.yaml" },
  { name: "fn-bad-function-config", args: [], stdin: "rl-bad-config.yaml" },
  { name: "apply-unchanged", args: ["apply", "-f", "app.yaml"] },
  { name: "apply-dir-json", args: ["apply", "-f", "dir", "-o", "json"] },
  { name: "apply-bad-config", args: ["apply", "-f", "app.yaml", "--config", "config-bad.yaml"] },
  { name: "unknown-command-option", args: ["apply", "--nope"] },
];

function render(c: (typeof cases)[number], status: number | null, stdout: string, stderr: string): string {
  const cmd = ["kmutate", ...c.args].join(" ") + (c.stdin ? ` < ${c.stdin}` : "");
  const block = (s: string): string => "````text\n" + s + (s.endsWith("\n") || s === "" ? "" : "\n[no final newline]\n") + "````\n";
  return `# ${c.name}\n\nCommand (in test/cli/fixtures): \`${cmd}\`\n\nExit code: ${status}\n\n## stdout\n\n${block(stdout)}\n## stderr\n\n${block(stderr)}`;
}

for (const c of cases) {
  test(`snapshot: ${c.name}`, () => {
    const input = c.stdin ? readFileSync(c.stdin.startsWith("/") ? c.stdin : fixtures + c.stdin) : Buffer.alloc(0);
    const r = spawnSync(process.execPath, [bin, ...c.args], { cwd: fixtures, input, encoding: "utf8" });
    const actual = render(c, r.status, r.stdout, r.stderr);
    const file = snapshots + c.name + ".md";
    if (process.env.UPDATE_SNAPSHOTS === "1") writeFileSync(file, actual);
    assert.ok(existsSync(file), `missing snapshot ${file}; run with UPDATE_SNAPSHOTS=1 and review it`);
    assert.equal(actual, readFileSync(file, "utf8"));
  });
}

test("a reader that closes the pipe early (EPIPE) gets no stack trace", async () => {
  const items = Array.from({ length: 20000 }, (_, i) => `- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: cm-${i}\n`).join("");
  const child = spawn(process.execPath, [bin], { stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  child.stdout.once("data", () => child.stdout.destroy());
  child.stdin.on("error", () => undefined); // the child may exit before reading all of stdin
  child.stdin.end("apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n" + items);
  const code = await new Promise<number | null>((resolve) => child.on("close", (c) => resolve(c)));
  assert.equal(stderr, "");
  assert.ok(code === 0 || code === 1, `exit code ${code}`);
});
