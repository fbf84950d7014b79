// Where the entries of a block mapping or sequence sit in an item's source text, found by
// indentation alone (no scalar is read), from a table of the item's lines measured once and
// shared by every level of a patch. Valid only for items block-yaml.ts read with one-line plain
// and quoted scalars (ItemSpans.patchable), no anchors, tags or tabs, so every line deeper than a
// collection's indentation belongs to one of its entries.

/** One entry: its text `[start, end)` (key or dash line to its last content line) and the gap after it. */
export interface EntrySpan {
  /** Start of the entry: its line start, or the key itself when it follows a `- ` on the same line. */
  start: number;
  /** Position of the key (mappings) or of the dash (sequences). */
  at: number;
  /** The line `at` is on. */
  line: number;
  /** The line after its last content line (its text ends at that line's start). */
  endLine: number;
  /** End of its last content line (after the `\n`). */
  end: number;
  /** End of the blank and comment lines that follow it (the next entry's start, or the region end). */
  gapEnd: number;
}

const SP = 32, NL = 10, HASH = 35, DASH = 45;

/** What a line holds after its leading spaces. */
const BLANK = 0, COMMENT = 1, DASH_ENTRY = 2, CONTENT = 3;

/**
 * The lines of one item's text: where each starts, its leading spaces, what follows them, and the
 * first later line indented no deeper (so that a collection's entries are found by hopping over
 * the lines of their values, not by reading them again at every level). One table is reused for
 * every item (patches run one at a time); {@link measureLines} fills it.
 */
export class ItemLines {
  text = "";
  /** Number of lines (the text ends with `\n`, or the last line runs to its end). */
  count = 0;
  /** Start of line i; `start[count]` is the text's length. */
  start: Int32Array = new Int32Array(256);
  /** Leading spaces of line i. */
  spaces: Int32Array = new Int32Array(256);
  /** BLANK, COMMENT, DASH_ENTRY (`- ` or a lone `-`) or CONTENT. */
  kind: Uint8Array = new Uint8Array(256);
  /** The first line after i with at most as many leading spaces (`count` when none). */
  next: Int32Array = new Int32Array(256);

  /** Whether line i is neither blank nor a comment. */
  isContent(i: number): boolean {
    return this.kind[i] >= DASH_ENTRY;
  }

  /** Whether line i's first non-space is a dash entry (`- ` or `-` at the line end). */
  isDash(i: number): boolean {
    return this.kind[i] === DASH_ENTRY;
  }

  private grow(need: number): void {
    let size = this.start.length;
    while (size < need) size *= 2;
    this.start = new Int32Array(size);
    this.spaces = new Int32Array(size);
    this.kind = new Uint8Array(size);
    this.next = new Int32Array(size);
  }

  /** Fills the table for `t`. */
  measure(t: string): this {
    this.text = t;
    const n = t.length;
    let count = 0;
    for (let pos = 0; pos < n; count++) {
      if (count + 1 >= this.start.length) this.grow(count + 2);
      let i = pos;
      while (t.charCodeAt(i) === SP) i++;
      const c = t.charCodeAt(i);
      this.start[count] = pos;
      this.spaces[count] = i - pos;
      this.kind[count] = c === NL || i >= n ? BLANK : c === HASH ? COMMENT : isDashEntry(t, i) ? DASH_ENTRY : CONTENT;
      const e = c === NL ? i : t.indexOf("\n", i);
      pos = e < 0 ? n : e + 1;
    }
    this.start[count] = n;
    this.count = count;
    // Next line no deeper: the lines left on the stack are indented strictly deeper, bottom to top.
    const { spaces, next } = this;
    const stack = scratchStack(count);
    let top = 0;
    for (let j = 0; j < count; j++) {
      const s = spaces[j];
      while (top > 0 && spaces[stack[top - 1]] >= s) next[stack[--top]] = j;
      stack[top++] = j;
    }
    while (top > 0) next[stack[--top]] = count;
    return this;
  }
}

let stackBuf = new Int32Array(256);
function scratchStack(size: number): Int32Array {
  if (stackBuf.length < size) stackBuf = new Int32Array(Math.max(size, stackBuf.length * 2));
  return stackBuf;
}

const shared = new ItemLines();

/** The line table of `t`, in a table shared by all callers (valid until the next call). */
export function measureLines(t: string): ItemLines {
  return shared.measure(t);
}

/** Whether the text at `at` is a dash entry (`- ` or `-` at a line end). */
export function isDashEntry(t: string, at: number): boolean {
  if (t.charCodeAt(at) !== DASH) return false;
  const c = t.charCodeAt(at + 1);
  return c === SP || c === NL || at + 1 >= t.length;
}

/**
 * The entries of the collection whose first entry is at `first` (a key, or a dash, on line
 * `firstLine`) at column `indent`, up to line `endLine`; `seq` for a sequence. The first entry's
 * text starts at `firstStart` (its line start, or `first` itself after a `- `). Deeper lines (blank
 * ones too), and dash lines at the indentation of a mapping (its values' sequences), belong to the
 * entry above; blank and comment lines at or left of the indentation are the gap after an entry.
 * Undefined when content sits left of the indentation (not this layout).
 */
export function entrySpans(lines: ItemLines, firstLine: number, first: number, firstStart: number, indent: number, endLine: number, seq: boolean): EntrySpan[] | undefined {
  const { start, spaces, kind, next } = lines;
  const out: EntrySpan[] = [];
  let cur: EntrySpan = { start: firstStart, at: first, line: firstLine, endLine: 0, end: 0, gapEnd: 0 };
  let curEnd = firstLine + 1;
  let l = firstLine + 1;
  while (l < endLine) {
    const s = spaces[l];
    if (s > indent) {
      // indented past the collection: inside the entry, with every line up to the next one that is not
      let j = next[l];
      while (j < endLine && spaces[j] > indent) j = next[j];
      l = curEnd = j < endLine ? j : endLine;
      continue;
    }
    const k = kind[l];
    if (k === BLANK || k === COMMENT) {
      l++; // the gap after the entry
      continue;
    }
    if (s < indent) return undefined; // content left of the collection: not this region's layout
    if (!seq && k === DASH_ENTRY) {
      l = curEnd = l + 1; // a sequence at a mapping's indentation: the entry's value
      continue;
    }
    cur.endLine = curEnd;
    cur.end = start[curEnd];
    cur.gapEnd = start[l];
    out.push(cur);
    cur = { start: start[l], at: start[l] + s, line: l, endLine: 0, end: 0, gapEnd: 0 };
    l = curEnd = l + 1;
  }
  cur.endLine = curEnd;
  cur.end = start[curEnd];
  cur.gapEnd = start[endLine];
  out.push(cur);
  return out;
}

/** The end of the plain key at `at` (its `:`), or -1 when the key is quoted or not on this line. */
export function plainKeyEnd(t: string, at: number): number {
  const c = t.charCodeAt(at);
  if (c === 39 || c === 34) return -1;
  for (let i = at; i < t.length; i++) {
    const d = t.charCodeAt(i);
    if (d === 58 /* : */) {
      const f = t.charCodeAt(i + 1);
      if (f === SP || f === NL || i + 1 >= t.length) return i;
    } else if (d === NL) return -1;
  }
  return -1;
}

/**
 * Where the value of the entry whose indicator (`:` or `-`) ends at `after` on line `line` starts:
 * `inline` (on the same line), or the first content line below, before line `endLine`, as
 * `{ at, col, line }`.
 */
export function valueStart(lines: ItemLines, line: number, after: number, endLine: number): { inline: number } | { at: number; col: number; line: number } | undefined {
  const t = lines.text;
  let i = after;
  while (t.charCodeAt(i) === SP) i++;
  const c = t.charCodeAt(i);
  if (!(c === NL || i >= t.length || c === HASH)) return { inline: i };
  for (let l = line + 1; l < endLine; l++) {
    if (lines.isContent(l)) return { at: lines.start[l] + lines.spaces[l], col: lines.spaces[l], line: l };
  }
  return undefined;
}
