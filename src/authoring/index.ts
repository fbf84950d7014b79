// Public surface of the authoring layer: the Node-free part of the authoring commands, shared by
// the CLI (`apply --diff` and its output, `check`, `eval`, `test`) and the playground page.
export { deployable } from "./deployable.js";
export { streamDiff, stepsFromChanges, stepsFromResults } from "./diff.js";
export type { InvocationChange } from "./diff.js";
export { renderObjectDiff, plainPaint, ansiPaint } from "./diff-render.js";
export type { DiffPaint, DiffRole, DiffStep, ObjectDiff } from "./diff-render.js";
export { unifiedHunks, editScript } from "./diff-lines.js";
export type { Hunk, HunkLine } from "./diff-lines.js";
export { changedPaths, linePaths, overlaps, pathText } from "./diff-paths.js";
export type { FieldPath } from "./diff-paths.js";
export { fieldPathKeys, findingKeys, locateInDocument, placeFinding, scalarValueOffsets } from "./check-locate.js";
export type { PlacedFinding } from "./check-locate.js";
export { renderFinding } from "./finding-text.js";
export { evaluateExpression, evalResultJson, validationFieldNames } from "./eval-expression.js";
export type { ExpressionInputs, ExpressionOutcome } from "./eval-expression.js";
export {
  runTestFile, checkCase, readTestFile, POLICY_TEST_API_VERSION, POLICY_TEST_KIND, policyTestFields, expectationFields, parseFieldPath, valueAtPath,
  matchMessages, mergeConfig, renderTestReport, testTotals, totalsLine, renderJunit, renderJsonReport, relativeTo, notSelected,
} from "./policy-test/index.js";
export type {
  BrokenCase, CaseFailure, CaseOutcome, CaseReport, CaseStatus, Expectation, FieldKey, FileReport, FileRead, GoldenWrite, LoadedTest, MessageMatch,
  ObjectSource, TestCase, TestFiles, TestRunOptions, TestTotals,
} from "./policy-test/index.js";
