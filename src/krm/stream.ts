// The comment-keeping path for `kmutate apply`: parses files of YAML documents with the `yaml`
// Document API, and writes them back with untouched documents byte-identical and changed ones
// updated node by node.
import type { Document, Node } from "yaml";
import type { JsonObject, JsonValue } from "../data/index.js";
import { deepEqual, isObject } from "../data/index.js";
import { documentValue, formatError, updateNode, yamlLib } from "./yaml/index.js";
import { checkItem } from "./resource-list.js";

/** One input file (or stdin) as text. */
export interface SourceText {
  /** Name used in messages and results (`-` is shown as `stdin`). */
  path: string;
  text: string;
}

/** One document of a file: its source span, parsed form and value (null for empty documents). */
export interface StreamDocument {
  start: number;
  end: number;
  doc: Document;
  /** The object, or undefined for an empty document (kept verbatim, not an item). */
  value: JsonObject | undefined;
  /** 0-based index of the document within its file. */
  index: number;
}

/** A parsed file. */
export interface StreamFile {
  source: SourceText;
  docs: StreamDocument[];
}

/** Parsed files and their objects in order, or one-line error messages (`file:line:col: …`). */
export type StreamRead = { ok: true; files: StreamFile[]; items: JsonObject[]; locations: Array<{ path: string; index: number }> } | { ok: false; errors: string[] };

/** Parses every file; every document must be a Kubernetes object or empty. */
export function readStream(sources: readonly SourceText[]): StreamRead {
  const files: StreamFile[] = [];
  const items: JsonObject[] = [];
  const locations: Array<{ path: string; index: number }> = [];
  const errors: string[] = [];
  for (const source of sources) {
    const file = parseFile(source, errors);
    files.push(file);
    for (const d of file.docs) {
      if (d.value === undefined) continue;
      items.push(d.value);
      locations.push({ path: source.path, index: d.index });
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, files, items, locations };
}

function parseFile(source: SourceText, errors: string[]): StreamFile {
  const { text } = source;
  const { Composer, Parser, isScalar } = yamlLib();
  const tokens = [...new Parser().parse(text)];
  const starts: number[] = [];
  let pending: number | undefined = 0;
  for (const t of tokens) {
    if (t.type === "document") {
      starts.push(pending ?? t.offset);
      pending = undefined;
    } else if (t.type !== "doc-end" && pending === undefined && "offset" in t) pending = t.offset;
  }
  const composed = [...new Composer({ intAsBigInt: true, prettyErrors: false, uniqueKeys: true }).compose(tokens)];
  const docs: StreamDocument[] = [];
  composed.forEach((doc, index) => {
    const start = starts[index];
    const end = index + 1 < starts.length ? starts[index + 1] : text.length;
    const where = `document ${index + 1}`;
    if (doc.errors.length > 0) {
      const e = doc.errors[0];
      errors.push(formatError({ message: `YAML syntax error: ${e.message.split("\n")[0]}`, pos: e.pos }, source.path, text));
      docs.push({ start, end, doc, value: undefined, index });
      return;
    }
    const contents = doc.contents as Node | null;
    if (contents === null || (isScalar(contents) && contents.value === null)) {
      docs.push({ start, end, doc, value: undefined, index });
      return;
    }
    const v = documentValue(doc);
    if (!v.ok) {
      errors.push(formatError({ message: v.message, pos: [start, start] }, source.path, text));
      docs.push({ start, end, doc, value: undefined, index });
      return;
    }
    const bad = checkItem(v.value, index);
    if (bad) {
      const at = contents.range ? contents.range[0] : start;
      errors.push(formatError({ message: bad.message.replace(/^items\[\d+\]/, where), pos: [at, at] }, source.path, text));
    }
    docs.push({ start, end, doc, value: isObject(v.value) ? v.value : undefined, index });
  });
  return { source, docs };
}

/** Layout options detected from a document's source, used when re-rendering it. */
function layoutOf(text: string): { indentSeq: boolean; indent: number } {
  const compact = /^( *)[^\s#-][^\n]*:[ \t]*\n(?:[ \t]*#[^\n]*\n)*\1- /m.exec(text);
  const indented = /^( *)[^\s#-][^\n]*:[ \t]*\n(?:[ \t]*#[^\n]*\n)*\1 +- /m.exec(text);
  const indentSeq = !(compact && (!indented || compact.index < indented.index));
  const nested = /^([^\s#][^\n]*:[ \t]*\n(?:[ \t]*#[^\n]*\n)*)( +)[^\s#-]/m.exec(text);
  return { indentSeq, indent: nested ? nested[2].length : 2 };
}

/** One output file: its path (as read) and its new text. */
export interface WrittenFile {
  path: string;
  text: string;
}

/**
 * Writes every file back on its own: `after` holds the new value of every item (same order as
 * `readStream` returned them). Unchanged documents are copied byte for byte.
 */
export function writeFiles(files: readonly StreamFile[], after: readonly JsonObject[]): WrittenFile[] {
  let k = 0;
  return files.map((file) => {
    const { text } = file.source;
    let body = "";
    for (const d of file.docs) {
      const segment = text.slice(d.start, d.end);
      if (d.value === undefined) {
        body += segment;
        continue;
      }
      const next = after[k++];
      if (deepEqual(d.value as JsonValue, next)) {
        body += segment;
        continue;
      }
      d.doc.contents = updateNode(d.doc.contents as Node | null, d.value, next) as typeof d.doc.contents;
      const { indentSeq, indent } = layoutOf(segment);
      body += d.doc.toString({ lineWidth: 0, indentSeq, indent, flowCollectionPadding: false });
    }
    return { path: file.source.path, text: body };
  });
}

/** Writes the files back as one stream (see {@link writeFiles}), files joined with `---`. */
export function writeStream(files: readonly StreamFile[], after: readonly JsonObject[]): string {
  const out: string[] = [];
  writeFiles(files, after).forEach(({ text }, fi) => {
    if (fi > 0) {
      if (!out[out.length - 1].endsWith("\n")) out.push("\n");
      const firstDoc = files[fi].docs[0]?.doc;
      if (!firstDoc?.directives?.docStart) out.push("---\n");
    }
    out.push(text);
  });
  return out.join("");
}
