// Reads one YAML or JSON document from bytes (format detected, JSON → JSON out) on the fast
// path (kmutate's block-YAML reader, else js-yaml), rejecting binary, empty and multi-document
// input and alias bombs.
import yaml from "js-yaml";
import { deepClone, type JsonValue } from "../../data/index.js";
import { aliasExpansionLimit, measureExpansion } from "./alias-bound.js";
import { readBlockDocument, type ItemValueHook } from "./block-yaml.js";
import { loadSchema } from "./fast-yaml-schema.js";
import { MAX_JSON_DEPTH, readJson } from "./json-read.js";
import { decodeText, firstCharOf, joinText, type InputText } from "./decode-text.js";
import type { KrmError, ReadResult } from "../types.js";

/** True when the text holds nothing but whitespace and YAML comments. */
function isBlank(text: string): boolean {
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === "#") {
      const nl = text.indexOf("\n", i);
      if (nl < 0) return true;
      i = nl + 1;
    } else if (c === " " || c === "\t" || c === "\n" || c === "\r") i++;
    else return false;
  }
  return true;
}

/**
 * Reads exactly one document: JSON when the text starts with `{` or `[` and is valid JSON,
 * otherwise YAML 1.2 (core schema, merge keys). Integral doubles load as JsonFloat, ints beyond
 * 2^53 as bigint. `itemValue`: what to keep of each ResourceList item when kmutate's block reader
 * reads the text (see readBlockDocument); default: the item.
 */
export function readDocument(input: Uint8Array | string, itemValue?: ItemValueHook): ReadResult<JsonValue> {
  let text: string;
  if (typeof input === "string") text = input;
  else {
    const d = decodeText(input);
    if (!d.ok) return { ok: false, errors: [d.error] };
    text = d.text;
  }
  return readDecoded({ text }, itemValue);
}

/**
 * {@link readDocument} of decoded text, whole or in pieces: JSON is read from the pieces as they
 * are; anything else is joined into one string first, left in `box.text` for the caller.
 * `onProgress`: called now and then while reading (each JSON piece and object down to the items,
 * each item kmutate's block reader reads). Default: none.
 */
export function readDecoded(box: { text: InputText }, itemValue?: ItemValueHook, onProgress?: () => void): ReadResult<JsonValue> {
  // Blank text never starts with `{` or `[`: it is found below, as YAML.
  const first = firstCharOf(box.text);
  let jsonError: KrmError | undefined;
  if (first === "{" || first === "[") {
    const j = readJson(box.text, onProgress);
    if (j.ok) return { ok: true, value: j.value, format: "json" };
    jsonError = j.error;
  }
  const text = (box.text = joinText(box.text));
  if (isBlank(text)) return { ok: false, errors: [{ code: "EMPTY_INPUT", message: "input is empty: expected a ResourceList (YAML or JSON)" }] };
  const eachItem: ItemValueHook | undefined = onProgress === undefined ? itemValue : (v) => {
    onProgress();
    return itemValue ? itemValue(v) : v;
  };
  const y = readYaml(text, eachItem);
  if (!y.ok && jsonError) return { ok: false, errors: [jsonError] };
  return y;
}

/**
 * The one-line key that starts at `at` (js-yaml's position of a duplicated key), to name it in the
 * message: a quoted key as written, a plain one double-quoted; undefined when none is found there.
 */
function keyTextAt(text: string, at: number): string | undefined {
  const line = text.slice(at, text.indexOf("\n", at) < 0 ? text.length : text.indexOf("\n", at));
  const m = /^(?:"(?:[^"\\]|\\.)*"|'(?:[^']|'')*')(?=\s*:)/.exec(line) ?? /^[^\s#:,[\]{}][^#]*?(?=\s*:(?:\s|$))/.exec(line);
  if (!m) return undefined;
  return m[0].startsWith('"') || m[0].startsWith("'") ? m[0] : JSON.stringify(m[0]);
}

/** An alias where a node can start: after a line start, whitespace, `[`, `{` or `,`. */
const ALIAS = /(?:^|[\s[{,])\*[^\s,[\]{}]/m;

/** `itemValue`: see readBlockDocument (used only when the block reader reads the text). */
function readYaml(text: string, itemValue: ItemValueHook | undefined): ReadResult<JsonValue> {
  // The usual block layout is read by kmutate's own reader (no aliases there); js-yaml reads the rest.
  const block = readBlockDocument(text, itemValue);
  if (block !== undefined) return { ok: true, value: block.value, format: "yaml", itemSpans: block.items };
  let docs: unknown[];
  try {
    // maxDepth (js-yaml ≥ 4.2; default 100) matches the JSON reader's limit: CRD schemas nest deeply.
    docs = yaml.loadAll(text, undefined, { schema: loadSchema, maxDepth: MAX_JSON_DEPTH } as yaml.LoadOptions);
  } catch (e) {
    if (!(e instanceof yaml.YAMLException)) throw e;
    const at = e.mark?.position ?? 0;
    const key = e.reason === "duplicated mapping key" ? keyTextAt(text, at) : undefined;
    return { ok: false, errors: [{ code: "YAML_SYNTAX", message: `YAML syntax error: ${e.reason}${key ? ` ${key}` : ""}`, pos: [at, at + 1] }] };
  }
  if (docs.length === 0) return { ok: false, errors: [{ code: "EMPTY_INPUT", message: "input is empty: expected a ResourceList (YAML or JSON)" }] };
  if (docs.length > 1) {
    return { ok: false, errors: [{ code: "MULTIPLE_DOCUMENTS", message: `input has ${docs.length} YAML documents; a KRM function reads exactly one ResourceList` }] };
  }
  let value = docs[0] as JsonValue;
  // Only aliases (`*name` where a node starts) can expand a tree; most lists have none.
  if (text.includes("&") && ALIAS.test(text)) {
    const { expanded, unique } = measureExpansion(value);
    const limit = aliasExpansionLimit(unique);
    if (expanded > limit) {
      return { ok: false, errors: [{ code: "ALIAS_EXPANSION", message: `YAML aliases expand the document to more than ${limit} nodes (it has ${unique}); refusing an alias bomb` }] };
    }
    if (expanded > unique) value = deepClone(value);
  }
  return { ok: true, value, format: "yaml" };
}
