// Public surface of the krm layer: ResourceList I/O, the KRM function run, results helpers,
// functionConfig parsing, and the comment-keeping stream used by `kmutate apply`.
export type { Format, KrmError, KrmErrorCode, ReadResult, ResourceList } from "./types.js";
export type { DecodedInput, InputText, TextPieces } from "./yaml/index.js";
// The text machinery (krm/yaml) other layers use.
export { decodeText, firstCharOf, InputDecoder, joinText, pieceBytes, formatError, lineColOf, outputDocument, readDocument, readJson, writeJson, writeValue, writeYaml, yamlLib } from "./yaml/index.js";
export { checkResourceList, checkItem, describeKind, resourceListKinds } from "./resource-list.js";
export type { ResourceListCheck } from "./resource-list.js";
export { exitCodeOf, resultFor, resourceRefOf, fileOf, withFiles, errorResults, summaryResult, finalResults } from "./results.js";
export { parseFunctionConfig } from "./function-config.js";
export type { ConfigResult } from "./function-config.js";
export { specFields, configMapKeys, operations, decisions, MUTATION_CONFIG_API_VERSION, MUTATION_CONFIG_KIND } from "./config-fields.js";
export type { FieldSpec } from "./config-fields.js";
export { runFunction } from "./function.js";
export type { FunctionRun, Admitter, HandedText, RunOptions, RunPhase, SideInputLoader } from "./function.js";
export { readStream, writeStream, writeFiles } from "./stream.js";
export type { SourceText, StreamFile, StreamDocument, StreamRead, WrittenFile } from "./stream.js";
export { annotationsOf, loadSideInputItems, sideInputKinds } from "./side-inputs.js";
export type { SideInputPaths } from "./function-config.js";
// Parallel admission of large lists (the threads themselves are the CLI's).
export { admitReadSlice, admitSlice, postedOutcome, readSlice } from "./parallel/admit-slice.js";
export type { ReadSlice } from "./parallel/admit-slice.js";
export { mergeSlices } from "./parallel/merge.js";
export { cutSlices, mainSliceWeight, planParallel } from "./parallel/plan.js";
export type { ParallelCut, ParallelPlan } from "./parallel/plan.js";
export type { SliceContext, SliceMessage, SliceOutcome, SliceText } from "./parallel/types.js";
