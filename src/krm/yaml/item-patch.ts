// A changed item written as its source text with only the changed entries rewritten: unchanged
// map entries and list elements (with their comments, quoting and layout) are copied, new or
// changed ones are written by the fast emitter at the collection's indentation. For text that
// block-yaml.ts read; any layout it does not follow returns undefined (the caller re-serialises).
import { deepEqual, isObject, type JsonObject, type JsonValue } from "../../data/index.js";
import { emitEntry, emitItems, type EmitHooks } from "./emit-items.js";
import { holdsAt } from "./util-holds-at.js";
import { entrySpans, isDashEntry, measureLines, plainKeyEnd, valueStart, type EntrySpan, type ItemLines } from "./item-layout.js";

class GiveUp {}
const GIVE_UP = new GiveUp();
function giveUp(): never {
  throw GIVE_UP;
}

const hasOwn = Object.prototype.hasOwnProperty;

/** Set by the emitter when it writes a key or string with a `+` (see {@link placeable}). */
let wrotePlus = false;
const notePlus = (): void => {
  wrotePlus = true;
};

/** The emitter's hooks for fresh text at each indentation (no styles to restore), made once each. */
const hooksAt: EmitHooks[] = [];
function hooks(indent: number): EmitHooks {
  return (hooksAt[indent] ??= { pad: " ".repeat(indent), keyText: () => undefined, verbatim: () => undefined, plus: notePlus });
}

/** A block scalar header with keep chomping (`|+`, `>2+`): its value takes in the blank lines after it. */
const KEEP_HEADER = /[|>][1-9]?\+$/m;

/**
 * The text `emit` writes, unless it holds a block scalar that keeps trailing blank lines: written
 * before a gap of blank lines copied from the source, it would take them into its value. Such a
 * header (or a look-alike line end, also refused) has a `+` from a key or string, which the
 * emitter reports: other text is not searched.
 */
function placeable(emit: (hooks: EmitHooks) => string | undefined, indent: number): string {
  wrotePlus = false;
  const text = emit(hooks(indent));
  return text === undefined || (wrotePlus && KEEP_HEADER.test(text)) ? giveUp() : text;
}

/** Emitted text of `value` as the entry `key` of a mapping at column `indent` (lines end in `\n`). */
function entryText(indent: number, key: string, value: JsonValue): string {
  return placeable((h) => emitEntry(key, value, h), indent);
}

/** Emitted text of `value` as an element of a sequence whose dashes are at column `indent`. */
function elementText(indent: number, value: JsonValue): string {
  return placeable((h) => emitItems([value], h), indent);
}

const same = (a: JsonValue, b: JsonValue): boolean => a === b || deepEqual(a, b);

/**
 * The item text `source` (a sequence entry whose `- ` is at column `dashCol`, as read into
 * `before`) rewritten to hold `after`, or undefined when its layout is not one this follows.
 */
export function patchItemText(source: string, dashCol: number, before: JsonValue, after: JsonValue): string | undefined {
  if (!isObject(before) || !isObject(after) || !isDashEntry(source, dashCol) || !source.endsWith("\n")) return undefined;
  if (source.includes("|+") || source.includes(">+")) return undefined; // kept trailing lines of a block scalar
  try {
    const lines = measureLines(source);
    const root = patchChild(lines, 0, dashCol + 1, lines.count, before, after, dashCol, false);
    return root === undefined ? undefined : source.slice(0, root.from) + root.text;
  } catch (e) {
    if (e === GIVE_UP) return undefined;
    throw e;
  }
}

/**
 * The text of the mapping whose first key is at `first` (column `indent`, on line `line`) up to
 * line `endLine`, rewritten from `before` to `after`. `compact`: the first key follows a `- ` on
 * its line, so whatever entry comes first is written there.
 */
function patchMap(lines: ItemLines, line: number, first: number, indent: number, endLine: number, before: JsonObject, after: JsonObject, compact: boolean): string {
  const t = lines.text;
  const spans = entrySpans(lines, line, first, compact ? first : first - indent, indent, endLine, false) ?? giveUp();
  const keys = Object.keys(before);
  if (spans.length !== keys.length) giveUp();
  // Each entry's key, as read (plain, then `:` or spaces and `:`; the reader checked the rest).
  const colons: number[] = new Array<number>(spans.length);
  for (let i = 0; i < spans.length; i++) {
    const at = spans[i].at;
    if (!holdsAt(t, at, keys[i])) giveUp();
    let c = at + keys[i].length;
    while (t.charCodeAt(c) === 32) c++;
    if (t.charCodeAt(c) !== 58 || (at === c)) giveUp(); // `:` (quoted keys start with a quote)
    colons[i] = c;
  }
  let out = "";
  let gap = ""; // blank and comment lines after the last entry, held so new entries go before them
  let j = 0; // next source entry
  for (const k of Object.keys(after)) {
    let text: string; // the entry's text from its line start
    if (!hasOwn.call(before, k)) text = entryText(indent, k, after[k]);
    else {
      for (; j < keys.length && keys[j] !== k; j++) {
        if (hasOwn.call(after, keys[j])) giveUp(); // the order changed
        gap += t.slice(spans[j].end, spans[j].gapEnd); // a deleted entry: its comments stay
      }
      if (j >= keys.length) giveUp();
      const e = patchEntry(lines, spans[j], colons[j], indent, before[k], after[k], k);
      text = compact && j === 0 ? " ".repeat(indent) + e : e;
    }
    // on the dash line when nothing is written yet
    out = compact && out === "" ? text.slice(indent) : out + gap + text;
    gap = "";
    if (hasOwn.call(before, k)) gap = t.slice(spans[j].end, spans[j++].gapEnd);
  }
  for (; j < keys.length; j++) gap += t.slice(spans[j].end, spans[j].gapEnd);
  if (out === "") giveUp();
  return out + gap;
}

/** One mapping entry `[s.start, s.end)` rewritten: copied, patched below its key, or re-emitted. */
function patchEntry(lines: ItemLines, s: EntrySpan, colon: number, indent: number, b: JsonValue, a: JsonValue, key: string): string {
  const t = lines.text;
  if (same(b, a)) return t.slice(s.start, s.end);
  const child = patchChild(lines, s.line, colon + 1, s.endLine, b, a, indent, true);
  if (child !== undefined) return t.slice(s.start, child.from) + child.text;
  return entryText(indent, key, a).slice(s.start === s.at ? indent : 0);
}

/**
 * The collection value that starts after the indicator at `after` (on line `line`, up to line
 * `endLine`) rewritten, with the position its rewrite starts from; undefined when it is not a
 * block collection on the lines below (inline flow collections and scalars are re-emitted by the
 * caller).
 */
function patchChild(lines: ItemLines, line: number, after: number, endLine: number, b: JsonValue, a: JsonValue, parentIndent: number, underKey: boolean): { from: number; text: string } | undefined {
  const kind = (v: JsonValue): string => (Array.isArray(v) ? "list" : isObject(v) ? "map" : "scalar");
  if (kind(b) !== kind(a) || kind(b) === "scalar") return undefined;
  if (Array.isArray(a) ? a.length === 0 : Object.keys(a as JsonObject).length === 0) return undefined; // written `[]` / `{}`
  const t = lines.text;
  const v = valueStart(lines, line, after, endLine);
  if (v === undefined) return undefined;
  if ("inline" in v) {
    // `- key: value` starts a compact mapping on the dash's line
    if (!underKey && isObject(b) && plainKeyEnd(t, v.inline) >= 0) {
      return { from: v.inline, text: patchMap(lines, line, v.inline, v.inline - lines.start[line], endLine, b, a as JsonObject, true) };
    }
    return undefined;
  }
  const from = v.at - v.col;
  if (Array.isArray(b)) {
    if (!lines.isDash(v.line) || v.col < parentIndent + (underKey ? 0 : 1)) return undefined;
    return { from, text: patchSeq(lines, v.line, v.at, v.col, endLine, b, a as JsonValue[]) };
  }
  if (v.col <= parentIndent || plainKeyEnd(t, v.at) < 0) return undefined;
  return { from, text: patchMap(lines, v.line, v.at, v.col, endLine, b as JsonObject, a as JsonObject, false) };
}

/** The sequence whose first dash is at `first` (column `indent`, on line `line`) rewritten up to line `endLine`. */
function patchSeq(lines: ItemLines, line: number, first: number, indent: number, endLine: number, before: readonly JsonValue[], after: readonly JsonValue[]): string {
  const t = lines.text;
  const spans = entrySpans(lines, line, first, first - indent, indent, endLine, true) ?? giveUp();
  if (spans.length !== before.length) giveUp();
  for (const s of spans) if (!lines.isDash(s.line)) giveUp();
  const keep = (s: EntrySpan): string => t.slice(s.start, s.gapEnd);
  if (before.length === after.length) {
    let out = "";
    for (let i = 0; i < spans.length; i++) {
      const s = spans[i];
      if (same(before[i], after[i])) { out += keep(s); continue; }
      const child = patchChild(lines, s.line, s.at + 1, s.endLine, before[i], after[i], indent, false);
      out += (child !== undefined ? t.slice(s.start, child.from) + child.text : elementText(indent, after[i])) + t.slice(s.end, s.gapEnd);
    }
    return out;
  }
  // Different lengths: the unchanged prefix and suffix are copied, the middle is re-emitted.
  let p = 0;
  while (p < before.length && p < after.length && same(before[p], after[p])) p++;
  let q = 0;
  while (q < before.length - p && q < after.length - p && same(before[before.length - 1 - q], after[after.length - 1 - q])) q++;
  let out = "";
  for (let i = 0; i < p; i++) out += t.slice(spans[i].start, i === p - 1 ? spans[i].end : spans[i].gapEnd);
  for (let i = p; i < after.length - q; i++) out += elementText(indent, after[i]);
  if (p > 0) out += t.slice(spans[p - 1].end, spans[p - 1].gapEnd);
  for (let i = before.length - q; i < before.length; i++) out += keep(spans[i]);
  return out;
}
