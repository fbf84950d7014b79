// Public surface of the admission layer.
export { admit } from "./admit.js";
export { defaultAdmitOptions } from "./types.js";
export type { AdmitOptions, AdmitOutput, KrmResult, Severity, Operation, AuthorizerDecision } from "./types.js";
