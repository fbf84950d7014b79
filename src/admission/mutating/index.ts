// admission/mutating: what is MutatingAdmissionPolicy's own — compiling and evaluating its
// mutations, running an object's invocations with reinvocation, applying the patches, and
// admitting one item.
export { admitItem, itemSteps } from "./admit-item.js";
export type { AdmissionRun } from "./admit-item.js";
export type { TimedOut } from "./invoke.js";
export { runTimedOut } from "./time-limits.js";
export type { ItemTimeout, RunClock } from "./time-limits.js";
export { compilePolicy } from "./compile-policy.js";
export { IdentityClaims } from "./identity-claims.js";
export { kindConverter } from "./kind-conversion.js";
export { InvocationTally } from "./invocation-results.js";
export type { TallyEntry } from "./invocation-results.js";
export type { CompiledPolicy } from "./compile-policy.js";
