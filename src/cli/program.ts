// The kmutate program: commander wiring of every command, run against injected streams. New
// commands are one registrar in `commands`.
import { Command, CommanderError } from "commander";
import { closest } from "../data/index.js";
import { registerApply } from "./apply.js";
import { registerCheck } from "./check.js";
import { registerCompletion } from "./completion.js";
import { registerEval } from "./eval.js";
import { registerFn } from "./fn.js";
import { PROGRAM_HELP } from "./help-text.js";
import { writeText, type CliIo } from "./io.js";
import { registerTest } from "./test.js";
import type { CommandRegistrar } from "./types.js";
import { packageVersion, registerVersion } from "./version.js";

/** Every command, in help order. */
export const commands = [registerFn, registerApply, registerEval, registerCheck, registerTest, registerVersion, registerCompletion] satisfies CommandRegistrar[];

const usageHint = "(run kmutate --help for usage)";

/** Runs kmutate with `argv` (arguments after the program name); resolves to the exit code. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let out = "";
  let err = "";
  let code = 0;
  const program = new Command("kmutate")
    .description("kmutate applies Kubernetes MutatingAdmissionPolicies to manifests offline, as kube-apiserver 1.36 would.")
    .version(packageVersion(), "-V, --version", "print the version")
    .addHelpText("after", PROGRAM_HELP)
    .showHelpAfterError(usageHint)
    .exitOverride()
    .configureOutput({
      writeOut: (s) => (out += s),
      writeErr: (s) => (err += s),
    });
  for (const register of commands) register(program, io, (c) => (code = c));
  // A first word that names no command would reach the default command (fn) as an argument.
  const first = argv[0];
  const names = [...program.commands.map((c) => c.name()), "help"];
  if (first !== undefined && !first.startsWith("-") && !names.includes(first)) {
    const guess = closest(first, names);
    await writeText(io.stderr, `error: unknown command '${first}'${guess ? ` (did you mean '${guess}'?)` : ""}\n${usageHint}\n`);
    return 1;
  }
  try {
    await program.parseAsync([...argv], { from: "user" });
  } catch (e) {
    if (!(e instanceof CommanderError)) throw e;
    // `apply --diff` keeps exit 1 for "there are changes" (as kubectl diff); its usage errors are 2.
    code = e.exitCode !== 0 && first === "apply" && argv.includes("--diff") ? 2 : e.exitCode;
  }
  await writeText(io.stdout, out);
  await writeText(io.stderr, err);
  return code;
}
