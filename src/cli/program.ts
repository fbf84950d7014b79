// The kmutate program: commander wiring of every command, run against injected streams. New
// commands are one registrar in `commands`.
import { Command, CommanderError } from "commander";
import { registerApply } from "./apply.js";
import { registerCheck } from "./check.js";
import { registerEval } from "./eval.js";
import { registerFn } from "./fn.js";
import { PROGRAM_HELP } from "./help-text.js";
import { writeText, type CliIo } from "./io.js";
import { registerTest } from "./test.js";
import type { CommandRegistrar } from "./types.js";
import { packageVersion, registerVersion } from "./version.js";

/** Every command, in help order. */
export const commands = [registerFn, registerApply, registerEval, registerCheck, registerTest, registerVersion] satisfies CommandRegistrar[];

/** Runs kmutate with `argv` (arguments after the program name); resolves to the exit code. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let out = "";
  let err = "";
  let code = 0;
  const program = new Command("kmutate")
    .description("kmutate applies Kubernetes MutatingAdmissionPolicies to manifests offline, as kube-apiserver 1.36 would.")
    .version(packageVersion(), "-V, --version", "print the version")
    .addHelpText("after", PROGRAM_HELP)
    .showHelpAfterError("(run kmutate --help for usage)")
    .exitOverride()
    .configureOutput({
      writeOut: (s) => (out += s),
      writeErr: (s) => (err += s),
    });
  for (const register of commands) register(program, io, (c) => (code = c));
  try {
    await program.parseAsync([...argv], { from: "user" });
  } catch (e) {
    if (!(e instanceof CommanderError)) throw e;
    code = e.exitCode;
  }
  await writeText(io.stdout, out);
  await writeText(io.stderr, err);
  return code;
}
