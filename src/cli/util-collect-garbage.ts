// A full garbage collection on request, for the bin: V8's `gc`, exposed once at run time.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

let gc: (() => void) | undefined;

/**
 * Runs a full garbage collection now. V8 frees dead objects of its old generation (large strings
 * among them) only in a full collection, which it starts when that generation has grown by a
 * factor of its size after the last one: text dropped after reading stayed resident until then,
 * often to the end of the run. `gc` is exposed to a new context only (the flag is set back at
 * once), as `node --expose-gc` would expose it to every context.
 */
export function collectGarbage(): void {
  if (gc === undefined) {
    setFlagsFromString("--expose-gc");
    try {
      gc = runInNewContext("gc") as () => void;
    } finally {
      setFlagsFromString("--no-expose-gc");
    }
  }
  gc();
}
