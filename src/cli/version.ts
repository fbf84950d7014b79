// `kmutate version`: the package version, read from the installed package.json.
import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { writeText, type CliIo } from "./io.js";

/** The version of the kmutate package ("unknown" if package.json cannot be read). */
export function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as { version?: unknown };
    return typeof pkg.version === "string" ? pkg.version : "unknown";
  } catch {
    return "unknown";
  }
}

/** Prints `kmutate <version>`; exit code 0. */
export async function versionCommand(io: CliIo): Promise<number> {
  await writeText(io.stdout, `kmutate ${packageVersion()}\n`);
  return 0;
}

/** Registers `kmutate version`. */
export function registerVersion(program: Command, io: CliIo, done: (code: number) => void): void {
  program
    .command("version")
    .summary("print the kmutate version")
    .description("Print the kmutate version.\n\nstdout: `kmutate <version>`; stderr: nothing; exit code 0.")
    .addHelpText("after", "\nExample:\n  $ kmutate version\n  kmutate " + packageVersion() + "\n")
    .action(async () => done(await versionCommand(io)));
}
