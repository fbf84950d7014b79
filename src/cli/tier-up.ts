// V8's tier-up made later in a short run. V8 optimises a function once it has run a fixed amount
// of bytecode (Node 20's V8 11: `--interrupt-budget` bytes per tick; Node 22's V8 12 and Node 24's
// V8 13: an invocation count per tier), tuned for long-lived pages. kmutate's runs on lists of a
// few megabytes last half a second to a few seconds, and compiling for the optimising tier, on
// threads beside the run, took 40–45 % of their CPU (TurboFan on Node 20 and 22, where Maglev is
// off; Maglev on Node 24). With four times V8's threshold fewer functions are compiled, the hot
// ones still: on the bench's lists of 500–2k objects (1.2–3.8 MB) 11–26 % less CPU and 5–15 %
// less wall time on Node 20. Where TurboFan is the only tier the gain fell with size (3k–4k
// objects: 2–6 % less CPU for 4–5 % more wall time; 10k: 3–5 % more CPU), hence the bound at
// 4 MiB there; Maglev's threshold paid up to 50k objects (docs/performance.md, "V8's compilers in
// a short run"). Below 1 MiB the compilers start off (small-input.ts) and this is not set.
import { setFlagsFromString } from "node:v8";
import { nodeOptionGiven } from "./node-options.js";
import { maglevTierVersion, smallInputBytes, v8Major } from "./small-input.js";

/** How many times V8's own threshold a function runs before it is optimised. */
export const tierUpFactor = 4;
/** Input size (bytes) from which V8 keeps its own threshold where TurboFan is the only optimising tier. */
export const turboFanTierUpBelowBytes = 4 * 1024 * 1024;
/** V8 11.3's (Node 20) `--interrupt-budget`. */
const interruptBudgetV8Eleven = 67584;
/** V8 12.4's (Node 22) `--invocation-count-for-turbofan`. */
const turboFanInvocationsV8Twelve = 3000;
/** V8 13.6's (Node 24) `--invocation-count-for-maglev`. */
const maglevInvocationsV8Thirteen = 400;

/** Whether the process was started with a tier-up setting of its own (then it is the user's). */
export function tierUpSet(execArgv: readonly string[] = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? ""): boolean {
  return nodeOptionGiven(/interrupt-budget|invocation-count-for-[a-z-]+|ticks-before-optimization/, execArgv, nodeOptions);
}

/**
 * The V8 flag that makes tier-up later for an input of `inputBytes` on V8 `v8Version`, or
 * undefined: below 1 MiB (the compilers are off there), from 4 MiB up where TurboFan is the only
 * tier (V8 11 and 12), and on V8 versions it was not measured on (a flag V8 does not know is an
 * error it prints, and the thresholds' defaults change).
 */
export function tierUpFlag(inputBytes: number, v8Version: string = process.versions.v8): string | undefined {
  if (inputBytes < smallInputBytes) return undefined;
  const major = v8Major(v8Version);
  if (major === maglevTierVersion) return `--invocation-count-for-maglev=${maglevInvocationsV8Thirteen * tierUpFactor}`;
  if (inputBytes >= turboFanTierUpBelowBytes) return undefined;
  if (major === 11) return `--interrupt-budget=${interruptBudgetV8Eleven * tierUpFactor}`;
  if (major === 12) return `--invocation-count-for-turbofan=${turboFanInvocationsV8Twelve * tierUpFactor}`;
  return undefined;
}

/** Sets {@link tierUpFlag} for the input, unless the user set tier-up ({@link tierUpSet}). */
export function delayTierUp(inputBytes: number, execArgv: readonly string[] = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? ""): void {
  const flag = tierUpSet(execArgv, nodeOptions) ? undefined : tierUpFlag(inputBytes);
  if (flag !== undefined) setFlagsFromString(flag);
}
