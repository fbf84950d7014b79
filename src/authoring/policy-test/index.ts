// authoring/policy-test: the Node-free part of `kmutate test` — reading PolicyTest files, running
// their cases through `admit`, checking expectations, and the text, JUnit and JSON reports.
export { runTestFile } from "./run-test-file.js";
export { checkCase } from "./check-case.js";
export type { CaseOutcome } from "./check-case.js";
export { readTestFile, POLICY_TEST_API_VERSION, POLICY_TEST_KIND, policyTestFields } from "./read-test-file.js";
export type { BrokenCase, LoadedTest } from "./read-test-file.js";
export { expectationFields } from "./read-expectation.js";
export { parseFieldPath, valueAtPath } from "./field-path.js";
export { matchMessages } from "./match-messages.js";
export type { MessageMatch } from "./match-messages.js";
export { mergeConfig } from "./case-inputs.js";
export { renderTestReport, testTotals, totalsLine } from "./report-text.js";
export { renderJunit, renderJsonReport } from "./report-machine.js";
export { relativeTo } from "./util-relative-path.js";
export { notSelected } from "./types.js";
export type {
  CaseFailure, CaseReport, CaseStatus, Expectation, FieldKey, FileReport, FileRead, GoldenWrite, ObjectSource, TestCase, TestFiles,
  TestRunOptions, TestTotals,
} from "./types.js";
