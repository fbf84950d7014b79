// Keeps V8's young generation small from inside the bin: once the new space has grown to two
// 8 MiB semi-spaces, V8 is told to grow it no further. `node --max-semi-space-size=8` (the
// image's ENTRYPOINT) does the same from the start, but the bin's `#!/usr/bin/env node` line can
// pass no flags, and V8 reads that one only at start; the growth factor it reads at each growth.
// Node 24 grew it to two 64 MiB semi-spaces, 35–185 MB more peak RSS for no speed (performance.md).
// A small input gets a smaller cap ({@link newSpaceCap}), and while a bundle initialises the new
// space is held at the size it starts with ({@link heldYoungGeneration}).
import { getHeapSpaceStatistics, setFlagsFromString } from "node:v8";
import { uptimeMs } from "./uptime.js";
import { nodeOptionGiven } from "./node-options.js";
import { smallInputBytes } from "./small-input.js";

/** The new space's size (both semi-spaces) at which growth stops: `--max-semi-space-size=8`'s. */
export const newSpaceCapBytes = 16 * 1024 * 1024;
/**
 * The cap below {@link smallInputBytes} of input: two 1 MiB semi-spaces. Node 24 had grown the new
 * space to 4 MiB while the bundle initialised; held there, the bench's lists of 8–500 objects
 * peaked 1–2 MB lower for the same CPU (from 1 MiB up, JSON lists took 7–12 % more CPU).
 */
export const smallestNewSpaceCapBytes = 2 * 1024 * 1024;
/**
 * The cap once the input is known to be below {@link smallCapBelowBytes}: two 2 MiB semi-spaces.
 * It took 12–14 MB off the peak RSS of the bench's lists of 1k–3k objects for the same CPU; on
 * larger ones it cost CPU (20k objects +3–7 %, 50k JSON +45 %: more survives into the old space).
 */
export const smallInputNewSpaceCapBytes = 4 * 1024 * 1024;
/** Input size (bytes) below which {@link smallInputNewSpaceCapBytes} applies. */
export const smallCapBelowBytes = 8 * 1024 * 1024;
/**
 * The cap from {@link smallCapBelowBytes} to {@link mediumCapBelowBytes} of input: two 4 MiB
 * semi-spaces. On Node 24 the bench's lists of 10k–20k objects (13–37 MB) peaked 7–10 MB lower
 * for the same CPU; at 50k × 10 JSON (67 MB) it took 15 % more CPU.
 */
export const mediumInputNewSpaceCapBytes = 8 * 1024 * 1024;
/** Input size (bytes) below which {@link mediumInputNewSpaceCapBytes} applies. */
export const mediumCapBelowBytes = 40 * 1024 * 1024;

/**
 * The new space's cap for an input of `inputBytes` (undefined: not to be used). While stdin is
 * read, the size known so far: the smaller cap holds until the input is found larger.
 */
export function newSpaceCap(inputBytes: number | undefined): number {
  if (inputBytes === undefined || inputBytes >= mediumCapBelowBytes) return newSpaceCapBytes;
  if (inputBytes >= smallCapBelowBytes) return mediumInputNewSpaceCapBytes;
  return inputBytes < smallInputBytes ? smallestNewSpaceCapBytes : smallInputNewSpaceCapBytes;
}

/** Milliseconds between two looks at the heap (each look lists V8's spaces: a few µs). */
const gapMs = 1;

/** Whether the process was started with an explicit young-generation setting (then it is the user's). */
export function youngGenerationSet(execArgv: readonly string[] = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? ""): boolean {
  return nodeOptionGiven(/(?:max|min)-semi-space-size|semi-space-growth-factor/, execArgv, nodeOptions);
}

/** V8's growth factor of the new space when no flag sets it (V8 11.3 in Node 20 and 13.6 in Node 24). */
export const defaultGrowthFactor = 2;

/** The step {@link youngGenerationCap} makes, and its undoing. */
export interface YoungGenerationCap {
  /** Looks at the new space (at most every {@link gapMs} ms) and caps it once it is large enough. */
  (): void;
  /**
   * Sets the growth factor back to {@link defaultGrowthFactor} if this cap set it: at the end of
   * a run that writes its code cache, so that the cache carries the flags later runs start with.
   */
  lift(): void;
}

/**
 * A function to call often during a run (each stdin chunk, item read or admitted, JSON piece and
 * output piece): at most every {@link gapMs} ms it looks at the new space, and once that has
 * reached `cap()` it calls `beforeSet` and sets V8's growth factor to 1; from then on it only
 * reads `cap()`, and should that grow (an input found larger as it is read), it sets the factor
 * back and looks again. A no-op when the user set the young generation's size or growth themselves.
 */
export function youngGenerationCap(
  cap: () => number = () => newSpaceCapBytes,
  beforeSet: () => void = () => undefined,
  execArgv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? "",
): YoungGenerationCap {
  if (youngGenerationSet(execArgv, nodeOptions)) return Object.assign(() => undefined, { lift: () => undefined });
  let last = uptimeMs();
  // The cap the growth was stopped at (undefined: growing). A larger cap later lets it grow again.
  let cappedAt: number | undefined;
  const look = (): void => {
    if (cappedAt !== undefined && cap() <= cappedAt) return;
    const now = uptimeMs();
    if (now - last < gapMs) return;
    last = now;
    const limit = cap();
    if (cappedAt !== undefined) {
      beforeSet();
      setFlagsFromString(`--semi-space-growth-factor=${defaultGrowthFactor}`);
      cappedAt = undefined;
    }
    const newSpace = getHeapSpaceStatistics().find((s) => s.space_name === "new_space");
    if (newSpace !== undefined && newSpace.space_size >= limit) {
      beforeSet();
      setFlagsFromString("--semi-space-growth-factor=1");
      cappedAt = limit;
    }
  };
  const lift = (): void => {
    if (cappedAt !== undefined) setFlagsFromString(`--semi-space-growth-factor=${defaultGrowthFactor}`);
  };
  return Object.assign(look, { lift });
}

/**
 * Runs `init` (a bundle's module initialisation) with V8's growth factor at 1, then sets V8's own
 * back: Node 24 grew the new space from 1 to 4 MiB while kmutate's bundles initialised, before fn
 * mode's cap could look. Code-cache neutral: the factor is back before a cache is written. A
 * no-op when the user set the young generation's size or growth themselves.
 */
export function heldYoungGeneration<T>(init: () => T, execArgv: readonly string[] = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? ""): T {
  if (youngGenerationSet(execArgv, nodeOptions)) return init();
  setFlagsFromString("--semi-space-growth-factor=1");
  try {
    return init();
  } finally {
    setFlagsFromString(`--semi-space-growth-factor=${defaultGrowthFactor}`);
  }
}
