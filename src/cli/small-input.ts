// V8's optimising compilers left off for a small input. Below about a megabyte a run is over
// before TurboFan's (and on Node 24 Maglev's) compiled code pays for compiling it, which its
// threads do beside the run: without them the bench's lists of 100–500 objects took 25–35 % less
// CPU, 5–17 % less wall time and 11–45 MB less peak RSS on Node 20 and 24 (docs/performance.md,
// "V8's compilers in a short run"); from 1.2 MB up, turning them off cost wall time. A small
// input with expensive policies runs long all the same, and without TurboFan its CEL ran up to 3.5
// times slower: once the process has run for a second the compilers are turned back on.
// Where Maglev is the mid tier (V8 13, Node 24), TurboFan alone also starts off from 1 to 3 MiB:
// its jobs' memory on the compiler threads put 8–20 MB on the peak RSS of the bench's lists of
// 1k–2k objects, and Maglev's code carried those runs in 12–23 % less CPU and no more wall time;
// from 2k objects of YAML (3.8 MB) up it cost wall time (performance.md, "Peak RSS per input MB
// on Node 20 and 24").
import { cachedDataVersionTag, setFlagsFromString } from "node:v8";
import { uptimeMs } from "./uptime.js";
import { nodeOptionGiven } from "./node-options.js";

/** Input size (bytes) below which the optimising compilers start off. */
export const smallInputBytes = 1024 * 1024;
/** Input size (bytes) below which TurboFan starts off where Maglev is on ({@link maglevTierVersion}). */
export const turboFanOffBelowBytes = 3 * 1024 * 1024;
/** The V8 major version whose Maglev tier this was measured with (Node 24); Node 20's and 22's V8 have Maglev off. */
export const maglevTierVersion = 13;

/** The major version of V8 `version` (`process.versions.v8`'s form: "13.6.233.17"). */
export function v8Major(version: string = process.versions.v8): number {
  return Number(version.split(".")[0]);
}

/**
 * Time since the process started (ms) after which the compilers are turned back on. The bench's
 * small lists end before it (0.4–0.9 s); turned on near a run's end they cost it 0.1–0.3 s.
 */
export const optimisersBackAfterMs = 1000;

/** Whether the process was started with a setting of its own for the optimising compilers. */
export function optimisersSet(execArgv: readonly string[] = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? ""): boolean {
  return nodeOptionGiven(/opt|turbofan|maglev|always-turbofan|jitless/, execArgv, nodeOptions);
}

/**
 * Turns TurboFan and Maglev off when `inputBytes` is below {@link smallInputBytes}, and TurboFan
 * alone below {@link turboFanOffBelowBytes} on V8 {@link maglevTierVersion}, unless the user set
 * either; called once the input is read, before it is parsed (code compiled so far keeps
 * running). Returns the step to call as the run goes (undefined when nothing was turned off): the
 * first call at or after `backAfterMs` on `now` (the process's clock) turns the compilers back on
 * as they were. Maglev is turned back on only if turning it off changed V8's flag hash, that is,
 * if it was on: Node 20's V8 has it off.
 */
export function optimisersOffForSmallInput(
  inputBytes: number,
  execArgv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? "",
  backAfterMs = optimisersBackAfterMs,
  now: () => number = uptimeMs,
  v8Version: string = process.versions.v8,
): (() => void) | undefined {
  if (optimisersSet(execArgv, nodeOptions)) return undefined;
  let maglevWasOn = false;
  if (inputBytes < smallInputBytes) {
    const before = cachedDataVersionTag();
    setFlagsFromString("--no-maglev");
    maglevWasOn = cachedDataVersionTag() !== before;
  } else if (inputBytes >= turboFanOffBelowBytes || v8Major(v8Version) !== maglevTierVersion) {
    return undefined;
  }
  setFlagsFromString("--no-opt");
  let off = true;
  return () => {
    if (!off || now() < backAfterMs) return;
    off = false;
    setFlagsFromString(maglevWasOn ? "--opt --maglev" : "--opt");
  };
}
