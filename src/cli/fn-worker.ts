// A worker thread of a parallel fn run: reads the slice it is sent as soon as it comes, admits it
// when the run's context follows and posts the outcome; an exception becomes a fallback (the
// serial run then reports it as usual).
import { parentPort } from "node:worker_threads";
import { admitReadSlice, postedOutcome, readSlice, type SliceMessage, type SliceOutcome } from "../krm/index.js";
import { enableCompileCache } from "./compile-cache.js";

enableCompileCache();

/** The outcome of `step`, or the fallback for the exception it threw. */
function guarded<T>(step: () => T): T | SliceOutcome {
  try {
    return step();
  } catch (e) {
    return { kind: "fallback", reason: `a worker failed: ${e instanceof Error ? e.message : String(e)}` };
  }
}

// The thread is started before its slice is cut, and the slice is sent before the pre-pass that
// makes the context ends (fn-parallel.ts): the reading overlaps it. With no listener left after
// the second message, the thread exits.
parentPort?.once("message", (first: SliceMessage) => {
  const read = "slice" in first ? guarded(() => readSlice(first.slice)) : undefined;
  parentPort?.once("message", (second: SliceMessage) => {
    let outcome: SliceOutcome;
    if (read === undefined || !("context" in second)) outcome = { kind: "fallback", reason: "a worker was sent its messages out of order" };
    else outcome = "kind" in read ? read : guarded(() => admitReadSlice(read, second.context));
    const posted = guarded(() => postedOutcome(outcome));
    if ("kind" in posted) parentPort?.postMessage(posted);
    else parentPort?.postMessage(posted.outcome, posted.transfer);
  });
});
