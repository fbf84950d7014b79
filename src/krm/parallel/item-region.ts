// Candidate item spans of a block-style ResourceList found with native string search only (the
// `- ` lines at the items' column), for cutting a large list into slices without reading it: a
// candidate is only kept when the block reader, reading each slice, finds exactly these spans;
// aliases that the block reader would not read in a slice are found the same way.
import { lastItemEnd } from "../yaml/index.js";
import type { ItemSpans } from "../types.js";

/**
 * The spans of the items under the root's `items:` key when each starts with a `- ` line at the
 * column of the first one, or undefined when the text is not laid out so. A quoted scalar whose
 * continuation line looks like an item start gives a wrong candidate (the slices then disagree).
 */
export function scanItemSpans(text: string): ItemSpans | undefined {
  const key = /^items:[ \t]*(?:#[^\n]*)?\n/m.exec(text);
  if (!key) return undefined;
  // The first line with content after the key: the first item's dash.
  let first = key.index + key[0].length;
  for (;;) {
    let i = first;
    while (text.charCodeAt(i) === 32) i++;
    if (text.charCodeAt(i) !== 10 && text.charCodeAt(i) !== 35 /* # */) break;
    const nl = text.indexOf("\n", i);
    if (nl < 0) return undefined;
    first = nl + 1;
  }
  let col = first;
  while (text.charCodeAt(col) === 32) col++;
  if (!text.startsWith("- ", col)) return undefined;
  const indent = col - first;
  const dash = "\n" + " ".repeat(indent) + "- ";
  const lastStart = Math.max(first, text.lastIndexOf(dash) + 1);
  const starts = [first];
  for (let at = text.indexOf(dash, first); at >= 0 && at < lastStart; at = text.indexOf(dash, at + 1)) starts.push(at + 1);
  const end = lastItemEnd(text, contentEnd(text, lastStart, indent), indent);
  const spans = starts.map((s, i): [number, number] => [s, i + 1 < starts.length ? starts[i + 1] : end]);
  return { indent, spans };
}

/**
 * The end of the last content line of the item that starts at `start`: its lines are the ones
 * after its first that are blank, comments at or left of the dashes (`indent`), or indented past
 * the dashes; the first other line ends it.
 */
function contentEnd(text: string, start: number, indent: number): number {
  let nl = text.indexOf("\n", start);
  let end = nl < 0 ? text.length : nl + 1;
  let pos = end;
  while (pos < text.length) {
    nl = text.indexOf("\n", pos);
    if (nl < 0) nl = text.length;
    let i = pos;
    while (i < nl && text.charCodeAt(i) === 32) i++;
    const blank = i >= nl || (text.charCodeAt(i) === 35 && i - pos <= indent);
    if (!blank) {
      if (i - pos <= indent) break;
      end = Math.min(nl + 1, text.length);
    }
    pos = nl + 1;
  }
  return end;
}

/** The index of the item whose span holds offset `at` (inside the items). */
export function itemAt(spans: ReadonlyArray<[number, number]>, at: number): number {
  let lo = 0;
  let hi = spans.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (spans[mid][0] <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Whether `c` ends an anchor or alias name (white space, a line end, a flow indicator; js-yaml's rule). */
const endsName = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13 || Number.isNaN(c) || c === 44 || c === 91 || c === 93 || c === 123 || c === 125;

/**
 * Whether the items hold an alias (`*name` after a space, `[`, `{` or `,`) with no `&name` before
 * it in its own item. The block reader reads an alias only in its anchor's item, so a slice
 * holding such a one would fall back to the serial run after all its work. Text that only looks
 * like an alias (inside a quoted or block scalar) counts too: it errs on the serial side.
 */
export function aliasOutsideItsItem(text: string, spans: ReadonlyArray<[number, number]>): boolean {
  const end = spans[spans.length - 1][1];
  for (let at = text.indexOf("*", spans[0][0]); at >= 0 && at < end; at = text.indexOf("*", at + 1)) {
    const p = text.charCodeAt(at - 1);
    if (!(p === 32 || p === 91 || p === 123 || p === 44)) continue;
    let e = at + 1;
    while (!endsName(text.charCodeAt(e))) e++;
    if (e === at + 1) continue;
    const anchor = "&" + text.slice(at + 1, e);
    const from = spans[itemAt(spans, at)][0];
    let a = text.lastIndexOf(anchor, at);
    while (a >= from && !endsName(text.charCodeAt(a + anchor.length))) a = a > 0 ? text.lastIndexOf(anchor, a - 1) : -1;
    if (a < from) return true;
  }
  return false;
}
