// A progress line on stderr for long runs: nothing for the first ~2 s, then one line rewritten in
// place (`kmutate: admitting 1,200/10,000 objects`) at most every 100 ms, cleared at the end.
// Only when stderr is a terminal; result lines are written after it is cleared.
import type { Output } from "./io.js";

/** Milliseconds before the first progress line. */
export const progressDelayMs = 2000;
const repaintMs = 100;

/** Reports a run's progress; every call is cheap when nothing is shown. */
export interface Progress {
  /** The run is in `phase` (e.g. `reading`), optionally `done` of `total` items in. */
  update(phase: string, done?: number, total?: number): void;
  /** Clears the line, if one was shown. */
  end(): void;
}

/** A progress line on `stream` when it is a TTY; otherwise one that does nothing. */
export function progressLine(stream: Output, now: () => number = Date.now): Progress {
  if (stream.isTTY !== true) return { update: () => undefined, end: () => undefined };
  const start = now();
  let shown = false;
  let last = 0;
  return {
    update(phase, done, total) {
      const t = now();
      if (t - start < progressDelayMs || t - last < repaintMs) return;
      last = t;
      shown = true;
      const count = done !== undefined && total !== undefined ? ` ${done.toLocaleString("en-US")}/${total.toLocaleString("en-US")} objects` : "";
      stream.write(`\r\x1b[Kkmutate: ${phase}${count}`);
    },
    end() {
      if (shown) stream.write("\r\x1b[K");
      shown = false;
    },
  };
}
