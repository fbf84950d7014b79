// A worker thread of a parallel fn run: admits the one slice it is given (workerData) and posts
// the outcome; an exception becomes a fallback (the serial run then reports it as usual).
import { parentPort, workerData } from "node:worker_threads";
import { admitSlice, type SliceJob, type SliceOutcome } from "../krm/index.js";
import { enableCompileCache } from "./compile-cache.js";

enableCompileCache();

let outcome: SliceOutcome;
try {
  outcome = admitSlice(workerData as SliceJob);
} catch (e) {
  outcome = { kind: "fallback", reason: `a worker failed: ${e instanceof Error ? e.message : String(e)}` };
}
parentPort?.postMessage(outcome);
