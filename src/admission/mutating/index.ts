// admission/mutating: what is MutatingAdmissionPolicy's own — compiling and evaluating its
// mutations, running an object's invocations with reinvocation, applying the patches, and
// admitting one item.
export { admitItem, indexOldObjects, itemSteps, runningText } from "./admit-item.js";
export type { AdmissionRun, ItemTimeout, RunClock } from "./admit-item.js";
export type { TimedOut } from "./invoke.js";
export { compilePolicy } from "./compile-policy.js";
export type { CompiledPolicy } from "./compile-policy.js";
