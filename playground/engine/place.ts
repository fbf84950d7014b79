// Places results in the panes: a file name, line and column, and the text range an editor marks.
// Admission results point at their object's document (at the field when it has one), `check`
// findings at the exact character of an expression, unreadable input at the reported position.
import { fieldPathKeys, locateInDocument } from "../../src/authoring/index.js";
import { lineColOf, type StreamFile } from "../../src/krm/index.js";
import type { PaneFile, Place } from "./api.js";

/** The end of a marked range: the end of the line `from` is on (at least one character when the line is empty). */
function lineEnd(text: string, from: number): number {
  const nl = text.indexOf("\n", from);
  const end = nl < 0 ? text.length : nl;
  return end > from ? end : Math.min(from + 1, text.length);
}

/** The place of an offset in a file. */
export function placeAt(file: string, text: string, offset: number): Place {
  const from = Math.max(0, Math.min(offset, text.length));
  const { line, col } = lineColOf(text, from);
  return { file, line, col, from, to: lineEnd(text, from) };
}

/** The place of the node at `field` (a KRM field path) in document `index` of `file`, or of the document when there is no such node. */
export function placeInDocument(files: readonly StreamFile[], path: string, index: number, field?: string, exprOffset?: number): Place | undefined {
  const file = files.find((f) => f.source.path === path);
  const doc = file?.docs.find((d) => d.index === index);
  if (!file || !doc) return undefined;
  const text = file.source.text;
  const keys = field !== undefined ? fieldPathKeys(field) : [];
  const offset = locateInDocument(doc.doc, text, keys, exprOffset) ?? doc.start;
  return placeAt(path, text, offset);
}

/** The place of a `name:line:col: message` error (krm's formatError) in one of `files`, and the message without its prefix. */
export function placeError(error: string, files: readonly PaneFile[]): { message: string; place?: Place } {
  for (const f of files) {
    if (!error.startsWith(f.name + ":")) continue;
    const m = /^(\d+):(\d+): ([\s\S]*)$/.exec(error.slice(f.name.length + 1));
    if (!m) return { message: error.slice(f.name.length + 1).trimStart() };
    return { message: m[3], place: placeAt(f.name, f.text, offsetOf(f.text, Number(m[1]), Number(m[2]))) };
  }
  return { message: error };
}

/** The UTF-16 offset of a 1-based line and column. */
function offsetOf(text: string, line: number, col: number): number {
  let at = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf("\n", at);
    if (nl < 0) return text.length;
    at = nl + 1;
  }
  return Math.min(at + col - 1, text.length);
}
