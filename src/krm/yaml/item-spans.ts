// Guesses the source span of every item of a block-style ResourceList (`items:` at column 0 and
// a block sequence under it) from indentation alone, for text the block reader declined (js-yaml
// read it): a multi-line quoted scalar can hide a line that looks like an item, so a guess is
// only a candidate — splice.ts keeps an output built on it only if it reads back as intended.
import type { ItemSpans } from "../types.js";

/** Candidate spans of exactly `count` items (any number when undefined), or undefined when the text is not in the simple layout. */
export function findItemSpans(text: string, count?: number): ItemSpans | undefined {
  const key = /^items:[ \t]*(?:#[^\n]*)?\r?\n/m.exec(text);
  if (!key) return undefined;
  if (/^items:/m.test(text.slice(key.index + key[0].length))) return undefined;
  const spans: Array<[number, number]> = [];
  let indent = -1;
  let pos = key.index + key[0].length;
  let lastContentEnd = pos;
  while (pos < text.length) {
    let nl = text.indexOf("\n", pos);
    if (nl < 0) nl = text.length;
    let i = pos;
    while (i < nl && text.charCodeAt(i) === 32) i++;
    const c = text.charCodeAt(i);
    // Comment lines at or left of the items' indentation are not an item's (deeper ones may be a
    // block scalar's text, so they are).
    const blank = i >= nl || c === 13 || (c === 35 /* # */ && (indent < 0 || i - pos <= indent));
    if (!blank) {
      const isDash = c === 45 /* - */ && (i + 1 >= nl || text.charCodeAt(i + 1) === 32 || text.charCodeAt(i + 1) === 13);
      if (indent < 0) {
        if (!isDash) break;
        indent = i - pos;
      }
      const col = i - pos;
      if (isDash && col === indent) {
        if (spans.length > 0) spans[spans.length - 1][1] = pos;
        spans.push([pos, nl]);
      } else if (col <= indent) {
        break;
      } else if (text.startsWith("---", pos) || text.startsWith("...", pos)) {
        return undefined;
      }
      lastContentEnd = Math.min(nl + 1, text.length);
    }
    pos = nl + 1;
  }
  if (spans.length > 0) spans[spans.length - 1][1] = lastItemEnd(text, lastContentEnd, indent);
  if (count !== undefined && spans.length !== count) return undefined;
  return { indent: Math.max(indent, 0), spans };
}

/**
 * The end of the last item, whose content ends at `contentEnd`: past the blank lines and the
 * comment lines indented past the items' dashes (column `indent`) that follow it, so that a block
 * scalar written at the item's end cannot take them in (kept blank lines, or comment-like text).
 * Comments at or left of the dashes stay with what follows. Every line scanned must be blank or a
 * comment (the caller knows the item's content ended).
 */
export function lastItemEnd(text: string, contentEnd: number, indent: number): number {
  let pos = contentEnd;
  while (pos < text.length) {
    let i = pos;
    while (text.charCodeAt(i) === 32) i++;
    const c = text.charCodeAt(i);
    const blank = i >= text.length || c === 10 || (c === 13 && text.charCodeAt(i + 1) === 10);
    if (!blank && !(c === 35 /* # */ && i - pos > indent)) break;
    const nl = text.indexOf("\n", i);
    pos = nl < 0 ? text.length : nl + 1;
  }
  return pos;
}
