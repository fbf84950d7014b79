// Public surface of the patch layer: the JSON-patch applier (json-patch v4 semantics) and the
// ApplyConfiguration structured merge.
export { applyJsonPatch, DEFAULT_COPY_LIMIT_BYTES } from "./jsonpatch.js";
export type { JsonPatchOperation, JsonPatchOutcome, JsonPatchOptions, JsonPatchErrorCode } from "./jsonpatch.js";
export { applyConfiguration, applyConfigurationDeduced } from "./apply.js";
export type { ApplyResult, ApplyErrorCode, ApplyOptions, LiveValidity } from "./apply.js";
export type { NullReading, BytesMarks } from "./apply-validate.js";
export { strictDecodingError, unknownFields } from "./unknown-fields.js";
export { findAtomics, atomicsMessage } from "./apply-atomics.js";
export { goJsonText } from "./jsonpatch-gojson.js";
