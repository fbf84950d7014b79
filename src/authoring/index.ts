// Public surface of the authoring layer: the Node-free part of the authoring commands, shared by
// the CLI (`apply --diff` and its output, `check`, `eval`) and the playground page.
export { deployable } from "./deployable.js";
export { streamDiff, stepsFromChanges, stepsFromResults } from "./diff.js";
export type { InvocationChange } from "./diff.js";
export { renderObjectDiff, plainPaint, ansiPaint } from "./diff-render.js";
export type { DiffPaint, DiffRole, DiffStep, ObjectDiff } from "./diff-render.js";
export { unifiedHunks, editScript } from "./diff-lines.js";
export type { Hunk, HunkLine } from "./diff-lines.js";
export { changedPaths, linePaths, overlaps, pathText } from "./diff-paths.js";
export type { FieldPath } from "./diff-paths.js";
export { fieldPathKeys, locateInDocument, scalarValueOffsets } from "./check-locate.js";
export { evaluateExpression, evalResultJson } from "./eval-expression.js";
export type { ExpressionInputs, ExpressionOutcome } from "./eval-expression.js";
