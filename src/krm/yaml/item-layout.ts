// Where the entries of a block mapping or sequence sit in an item's source text, found by
// indentation alone (no scalar is read). Valid only for items block-yaml.ts read with one-line
// plain and quoted scalars (ItemSpans.patchable), no anchors, tags or tabs, so every line deeper
// than a collection's indentation belongs to one of its entries.

/** One entry: its text `[start, end)` (key or dash line to its last content line) and the gap after it. */
export interface EntrySpan {
  /** Start of the entry: its line start, or the key itself when it follows a `- ` on the same line. */
  start: number;
  /** Position of the key (mappings) or of the dash (sequences). */
  at: number;
  /** End of its last content line (after the `\n`). */
  end: number;
  /** End of the blank and comment lines that follow it (the next entry's start, or the region end). */
  gapEnd: number;
}

const SP = 32, NL = 10, HASH = 35, DASH = 45;

const spaceRuns: string[] = [];
function spaces(n: number): string {
  return (spaceRuns[n] ??= " ".repeat(n));
}

function lineEnd(t: string, from: number): number {
  const e = t.indexOf("\n", from);
  return e < 0 ? t.length : e + 1;
}

/** Whether the text at `at` is a dash entry (`- ` or `-` at a line end). */
export function isDashEntry(t: string, at: number): boolean {
  if (t.charCodeAt(at) !== DASH) return false;
  const c = t.charCodeAt(at + 1);
  return c === SP || c === NL || at + 1 >= t.length;
}

/**
 * The entries of the collection whose first entry is at `first` (a key, or a dash) at column
 * `indent`, up to `regionEnd`; `seq` for a sequence. The first entry's text starts at `firstStart`
 * (its line start, or `first` itself after a `- `). Deeper lines, and dash
 * lines at the indentation of a mapping (its values' sequences), belong to the entry above.
 */
export function entrySpans(t: string, first: number, firstStart: number, indent: number, regionEnd: number, seq: boolean): EntrySpan[] | undefined {
  const out: EntrySpan[] = [];
  let cur: EntrySpan = { start: firstStart, at: first, end: 0, gapEnd: 0 };
  let pos = lineEnd(t, first);
  cur.end = pos;
  const deeper = spaces(indent + 1);
  while (pos < regionEnd) {
    const next = lineEnd(t, pos);
    if (t.startsWith(deeper, pos)) {
      cur.end = next; // indented past the collection: inside the entry (blank ones too)
      pos = next;
      continue;
    }
    let i = pos;
    while (t.charCodeAt(i) === SP) i++;
    const col = i - pos;
    const c = t.charCodeAt(i);
    const blank = c === NL || i >= regionEnd;
    if (!blank && (col > indent || (!seq && col === indent && isDashEntry(t, i)))) {
      cur.end = next;
    } else if (!blank && col === indent && c !== HASH) {
      cur.gapEnd = pos;
      out.push(cur);
      cur = { start: pos, at: i, end: next, gapEnd: 0 };
    } else if (!blank && c !== HASH) {
      return undefined; // content left of the collection: not this region's layout
    }
    // blank lines and comments at or left of the indentation are the gap after the entry
    pos = next;
  }
  cur.gapEnd = regionEnd;
  out.push(cur);
  return out;
}


/** The end of the plain key at `at` (its `:`), or -1 when the key is quoted or not on this line. */
export function plainKeyEnd(t: string, at: number): number {
  const c = t.charCodeAt(at);
  if (c === 39 || c === 34) return -1;
  const end = lineEnd(t, at);
  for (let i = at; i < end; i++) {
    if (t.charCodeAt(i) === 58 /* : */) {
      const f = t.charCodeAt(i + 1);
      if (f === SP || f === NL || i + 1 >= t.length) return i;
    }
  }
  return -1;
}

/**
 * Where the value of the entry whose indicator (`:` or `-`) ends at `after` starts: `inline` (on
 * the same line), or the first content line below within `[after, end)` as `{ at, col }`.
 */
export function valueStart(t: string, after: number, end: number): { inline: number } | { at: number; col: number } | undefined {
  let i = after;
  while (t.charCodeAt(i) === SP) i++;
  const c = t.charCodeAt(i);
  if (!(c === NL || i >= t.length || c === HASH)) return { inline: i };
  for (let pos = lineEnd(t, i); pos < end; pos = lineEnd(t, pos)) {
    let j = pos;
    while (t.charCodeAt(j) === SP) j++;
    const d = t.charCodeAt(j);
    if (d !== NL && d !== HASH && j < t.length) return { at: j, col: j - pos };
  }
  return undefined;
}
