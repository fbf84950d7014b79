// `kmutate completion bash|zsh|fish`: the scripts name every command and option of the parser; the
// bash script is run by bash with simulated command lines; zsh and fish check their scripts' syntax
// when installed (a visible skip otherwise).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../../src/cli/program.js";
import { memoryIo } from "./io.js";

async function script(shell: string): Promise<string> {
  const io = memoryIo();
  assert.equal(await runCli(["completion", shell], io), 0, io.err());
  return io.out();
}

const commands = ["fn", "apply", "eval", "check", "version", "completion"];
const applyOptions = ["--filename", "--config", "--old-objects", "--openapi", "--output", "--keep-local-config", "--output-dir", "--in-place", "--quiet", "--diff", "--color"];

for (const shell of ["bash", "zsh", "fish"]) {
  test(`completion ${shell}: names every command and every apply option`, async () => {
    const text = await script(shell);
    for (const c of commands) assert.ok(new RegExp(`\\b${c}\\b`).test(text), `${shell}: command ${c}`);
    for (const o of applyOptions) assert.ok(shell === "fish" ? text.includes(`-l ${o.slice(2)} `) : text.includes(o), `${shell}: option ${o}`);
  });
}

test("completion of an unknown shell: commander's choices error", async () => {
  const io = memoryIo();
  assert.equal(await runCli(["completion", "tcsh"], io), 1);
  assert.match(io.err(), /^error: command-argument value 'tcsh' is invalid for argument 'shell'\. Allowed choices are bash, zsh, fish\./);
});

const bashFound = !spawnSync("bash", ["--version"]).error;

const bashRows: Array<{ line: string[]; expected: string[] }> = [
  { line: ["kmutate", "ap"], expected: ["apply"] },
  { line: ["kmutate", "c"], expected: ["check", "completion"] },
  { line: ["kmutate", "apply", "--ou"], expected: ["--output", "--output-dir"] },
  { line: ["kmutate", "apply", "-o", ""], expected: ["yaml", "json"] },
  { line: ["kmutate", "apply", "-f", "x.yaml", "--color", "a"], expected: ["auto", "always"] },
  { line: ["kmutate", "completion", ""], expected: ["bash", "zsh", "fish"] },
  { line: ["kmutate", "apply", "-f", "man"], expected: ["manifest.yaml"] },
  { line: ["kmutate", "check", "man"], expected: ["manifest.yaml"] },
  { line: ["kmutate", "eval", "--ob"], expected: ["--object"] },
];

for (const row of bashRows) {
  test(`completion bash: ${row.line.join(" ")}| → ${row.expected.join(" ")}`, { skip: bashFound ? false : "bash is not installed" }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "kmutate-completion-"));
    try {
      writeFileSync(join(dir, "completion.bash"), await script("bash"));
      writeFileSync(join(dir, "manifest.yaml"), "");
      const words = row.line.map((w) => `'${w}'`).join(" ");
      const body = `source completion.bash; COMP_WORDS=(${words}); COMP_CWORD=${row.line.length - 1}; _kmutate; printf '%s\\n' "\${COMPREPLY[@]}"`;
      const r = spawnSync("bash", ["--norc", "-c", body], { cwd: dir, encoding: "utf8" });
      assert.equal(r.stderr, "");
      assert.deepEqual(r.stdout.split("\n").filter((l) => l !== ""), row.expected);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

for (const shell of ["zsh", "fish"]) {
  const found = !spawnSync(shell, ["--version"]).error;
  test(`completion ${shell}: the script parses (${shell} -n)`, { skip: found ? false : `${shell} is not installed` }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "kmutate-completion-"));
    try {
      writeFileSync(join(dir, `kmutate.${shell}`), await script(shell));
      const r = spawnSync(shell, ["-n", join(dir, `kmutate.${shell}`)], { encoding: "utf8" });
      assert.equal(r.status, 0, r.stderr);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

test("completion zsh: options with values complete files or their choices", async () => {
  const text = await script("zsh");
  assert.ok(text.includes(`'(-o --output)'{-o,--output}'[output format]:value:(yaml json)'`), text);
  assert.ok(text.includes(`'*'{-f,--filename}'`), "repeatable -f");
  assert.ok(text.includes(`'--diff[`), "a flag without value");
  assert.ok(text.includes(`'1:shell:(bash zsh fish)'`), "completion's argument");
});

test("completion fish: values complete files (-r -F) or their choices (-x -a)", async () => {
  const text = await script("fish");
  assert.ok(text.includes("complete -c kmutate -n '__fish_seen_subcommand_from apply' -s o -l output -x -a 'yaml json' -d 'output format'"), text);
  assert.ok(text.includes("complete -c kmutate -n '__fish_seen_subcommand_from apply' -s f -l filename -r -F -d "), text);
  assert.ok(text.includes("complete -c kmutate -n '__fish_seen_subcommand_from completion' -x -a 'bash zsh fish'"), text);
});
