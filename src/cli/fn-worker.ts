// A worker thread of a parallel fn run: admits the one slice it is sent and posts
// the outcome; an exception becomes a fallback (the serial run then reports it as usual).
import { parentPort } from "node:worker_threads";
import { admitSlice, type SliceJob, type SliceOutcome } from "../krm/index.js";
import { enableCompileCache } from "./compile-cache.js";

enableCompileCache();

// The job comes as a message: the thread is started before its job is planned (fn-parallel.ts).
parentPort?.once("message", (job: SliceJob) => {
  let outcome: SliceOutcome;
  try {
    outcome = admitSlice(job);
  } catch (e) {
    outcome = { kind: "fallback", reason: `a worker failed: ${e instanceof Error ? e.message : String(e)}` };
  }
  parentPort?.postMessage(outcome);
});
