// V8's optimising compilers left off for a small input. Below about a megabyte a run is over
// before TurboFan's (and on Node 24 Maglev's) compiled code pays for compiling it, which its
// threads do beside the run: without them the bench's lists of 100–500 objects took 25–35 % less
// CPU, 5–17 % less wall time and 11–45 MB less peak RSS on Node 20 and 24 (docs/performance.md,
// "V8's compilers in a short run"); from 1.2 MB up, turning them off cost wall time.
import { setFlagsFromString } from "node:v8";
import { nodeOptionGiven } from "./node-options.js";

/** Input size (bytes) below which the optimising compilers stay off. */
export const smallInputBytes = 1024 * 1024;

/** Whether the process was started with a setting of its own for the optimising compilers. */
export function optimisersSet(execArgv: readonly string[] = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? ""): boolean {
  return nodeOptionGiven(/opt|turbofan|maglev|always-turbofan|jitless/, execArgv, nodeOptions);
}

/**
 * Turns TurboFan and Maglev off for the rest of the process when `inputBytes` is below
 * {@link smallInputBytes} and the user set neither; returns whether it did. Called once the input
 * is read, before it is parsed: code compiled so far keeps running.
 */
export function optimisersOffForSmallInput(inputBytes: number, execArgv: readonly string[] = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? ""): boolean {
  if (inputBytes >= smallInputBytes || optimisersSet(execArgv, nodeOptions)) return false;
  setFlagsFromString("--no-opt --no-maglev");
  return true;
}
