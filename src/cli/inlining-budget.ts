// A smaller inlining budget for TurboFan, V8's optimising compiler, in the bin's runs. V8 lets a
// function it optimises take in up to 920 bytes of bytecode from the functions it calls; on
// kmutate's code (an interpreter for CEL, the structured merge, the YAML reader) that makes large
// graphs, compiled on a second thread. A run is short, and 300 bytes took 5–16 % less CPU on the
// bench's lists of 1k–10k objects and no more wall time (docs/performance.md, "V8's compilers in a
// short run").
import { setFlagsFromString } from "node:v8";
import { nodeOptionGiven } from "./node-options.js";

/** Bytes of bytecode TurboFan may inline into one function (V8's own default: 920). */
export const inliningBudgetBytes = 300;

/** Whether the process was started with an inlining setting of its own (then it is the user's). */
export function inliningSet(execArgv: readonly string[] = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? ""): boolean {
  return nodeOptionGiven(/max-inlined-bytecode-size-cumulative|turbo-inlining/, execArgv, nodeOptions);
}

/** Sets the budget, unless the user gave one ({@link inliningSet}). */
export function limitInlining(execArgv: readonly string[] = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? ""): void {
  if (!inliningSet(execArgv, nodeOptions)) setFlagsFromString(`--max-inlined-bytecode-size-cumulative=${inliningBudgetBytes}`);
}
