// krm/yaml: the text machinery — reading YAML and JSON documents (block-YAML fast path, js-yaml,
// the JSON reader), writing them back (fast writer, item patcher, splicing changed items into the
// input text), the comment-keeping `yaml` Document helpers, and `file:line:col` error rendering.
export { documentValue } from "./doc-value.js";
export { formatError, lineColOf } from "./format-error.js";
export { readJson } from "./json-read.js";
export { writeJson, writeJsonChunks } from "./json-write.js";
export { updateNode } from "./node-update.js";
export { readDecoded, readDocument } from "./read.js";
export { decodeText, firstCharOf, InputDecoder, joinText, pieceBytes, textIncludes } from "./decode-text.js";
export type { DecodedInput, InputText, TextPieces } from "./decode-text.js";
export { readBlockDocument, readBlockItems } from "./block-yaml.js";
export { findItemSpans, lastItemEnd } from "./item-spans.js";
export { spliceItems, spliceOutput, withResults } from "./splice.js";
export { outputDocument, writeValue, writeValueChunks, writeYaml } from "./write.js";
export { yamlLib } from "./yaml-lib.js";
