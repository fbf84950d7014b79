// The CLI's contract: how a command plugs into the program.
import type { Command } from "commander";
import type { CliIo } from "./io.js";

/**
 * Registers one command on the program. Its action must call `done` with the exit code
 * (never `process.exit`); output goes only through `io`.
 */
export type CommandRegistrar = (program: Command, io: CliIo, done: (code: number) => void) => void;
