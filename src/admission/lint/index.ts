// admission/lint: the authoring checks behind `kmutate check` — load, compile and type errors
// of policies and bindings, and known traps (absent-field reads, atomic fields, index paths).
export { lintCodes, lintPolicies } from "./lint.js";
export type { LintCode, LintFinding, LintOptions } from "./lint.js";
export { IGNORE_ANNOTATION } from "./lint-ignore.js";
