// A reader for the block YAML that kpt, kustomize and kubectl write (block mappings and
// sequences, one-line scalars and flow collections, multi-line quoted values, literal/folded block
// scalars, comments) and that people write by hand (anchors, aliases and `<<` merge keys, each
// alias in its anchor's item), giving exactly js-yaml's values under loadSchema — about twice as
// fast. Anything outside that subset (tags, aliases across items, multi-line plain scalars,
// complex keys, documents markers, tabs in indentation, CRLF, duplicate keys…) returns undefined
// and the caller uses js-yaml, so it decides every error. A parser, so past 300 lines.
import type { JsonValue } from "../../data/index.js";
import { AnchorTable, OUTSIDE_ITEMS } from "./block-anchors.js";
import { MERGE_KEY, resolvePlain } from "./fast-yaml-schema.js";
import { lastItemEnd } from "./item-spans.js";
import { holdsAt } from "./util-holds-at.js";
import type { ItemSpans } from "../types.js";

/** Thrown inside the reader to give up; caught at the entry only. */
class Unsupported {}
const UNSUPPORTED = new Unsupported();

/** Deepest nesting read here (js-yaml's own limit is far higher; deeper documents go to it). */
const MAX_DEPTH = 200;
/** Longest implicit key read here (YAML allows 1024 characters). */
const MAX_KEY = 1000;
/** Most slots of the reader's table of plain strings, and the longest string kept there. */
const STRINGS = 4096, MAX_KEPT = 64;

const SP = 32, TAB = 9, NL = 10, HASH = 35, COLON = 58, DASH = 45, SQ = 39, DQ = 34, AMP = 38, STAR = 42;

/**
 * Whether the character at `i`, one outside printable ASCII, is one js-yaml refuses in a scalar
 * ("non-printable"): a C0 control but tab and line breaks, DEL, a C1 control but NEL, U+FFFE,
 * U+FFFF, or a surrogate that is not half of a pair. The reader declines a text holding one
 * anywhere (comments and anchor names too, where js-yaml takes them): each loop that passes over
 * text tests the characters outside printable ASCII with this as it goes, instead of a regular
 * expression run over the whole text first (a pass of its own: 21-33 ms on an 18 MB list).
 */
function nonPrintableAt(t: string, i: number): boolean {
  const d = t.charCodeAt(i);
  if (d < SP) return d !== TAB && d !== NL && d !== 13;
  if (d <= 0x9f) return d >= 0x7f && d !== 0x85;
  if (d < 0xd800) return false;
  if (d <= 0xdbff) {
    const e = t.charCodeAt(i + 1);
    return !(e >= 0xdc00 && e <= 0xdfff);
  }
  if (d <= 0xdfff) {
    const b = t.charCodeAt(i - 1);
    return !(b >= 0xd800 && b <= 0xdbff);
  }
  return d >= 0xfffe;
}

/** Whether `d` lies outside printable ASCII and tab (then {@link nonPrintableAt} decides). */
const notAscii = (d: number): boolean => (d < SP && d !== TAB) || d > 0x7e;

/** Fails when `t[from, to)` holds a non-printable character (see {@link nonPrintableAt}). */
function checkPrintable(t: string, from: number, to: number): void {
  for (let i = from; i < to; i++) if (notAscii(t.charCodeAt(i)) && nonPrintableAt(t, i)) fail();
}

/** The document's value, or undefined when the text is outside the subset read here. */
export function readBlockYaml(text: string): JsonValue | undefined {
  return readBlockDocument(text)?.value;
}

/** What the reader keeps of each entry of the root's `items` (see {@link readBlockDocument}). */
export type ItemValueHook = (value: JsonValue) => JsonValue;

/**
 * The document's value and, when its root mapping has an `items` block sequence, where each
 * item's text is (as the reader found it, not guessed); undefined outside the subset read here.
 * Aliased values are copied: no collection is shared within the value. `itemValue`: called with
 * each entry of that sequence as soon as it is read; its result is kept in the entry's place.
 * Default: the entry itself.
 */
export function readBlockDocument(text: string, itemValue?: ItemValueHook): { value: JsonValue; items: ItemSpans | undefined } | undefined {
  if (text.charCodeAt(0) === 0xfeff || text.includes("\r")) return undefined;
  try {
    const reader = new Reader(text, itemValue);
    const value = reader.document();
    return { value, items: reader.items };
  } catch (e) {
    if (e === UNSUPPORTED) return undefined;
    throw e;
  }
}

/**
 * The entries of a run of a ResourceList's items cut from its text at item starts (`text` is
 * nothing but entries of a block sequence whose dashes are at column `indent`, and blank or
 * comment lines), read exactly as {@link readBlockDocument} reads them inside the list, with
 * their spans in `text`; undefined outside the subset read here.
 */
export function readBlockItems(text: string, indent: number, itemValue?: ItemValueHook): { values: JsonValue[]; items: ItemSpans } | undefined {
  if (text.includes("\r")) return undefined;
  try {
    const reader = new Reader(text, itemValue);
    const values = reader.itemRun(indent);
    return reader.items ? { values, items: reader.items } : undefined;
  } catch (e) {
    if (e === UNSUPPORTED) return undefined;
    throw e;
  }
}

function fail(): never {
  throw UNSUPPORTED;
}

const isWs = (c: number): boolean => c === SP || c === TAB;
/** Characters that cannot start a plain scalar (besides `-?:` followed by a space). */
function plainStartRefused(c: number): boolean {
  // , [ ] { } # & * ! | > ' " % @ `
  return c === 44 || c === 91 || c === 93 || c === 123 || c === 125 || c === HASH || c === 38 || c === 42 || c === 33 || c === 124 || c === 62 || c === SQ || c === DQ || c === 37 || c === 64 || c === 96;
}
const isFlowIndicator = (c: number): boolean => c === 44 || c === 91 || c === 93 || c === 123 || c === 125;

const ESCAPES: Record<string, string> = {
  "0": "\0", a: "\x07", b: "\b", t: "\t", "\t": "\t", n: "\n", v: "\v", f: "\f", r: "\r", e: "\x1b", " ": " ",
  '"': '"', "/": "/", "\\": "\\", N: "\u0085", _: "\u00a0", L: "\u2028", P: "\u2029",
};
const HEX_LEN: Record<string, number> = { x: 2, u: 4, U: 8 };

/** Sets a new key; a duplicate, or a key the prototype answers (`__proto__`, `toString`), is js-yaml's. */
function setOwn(obj: Record<string, JsonValue>, key: string, value: JsonValue): void {
  if (obj[key] !== undefined) fail();
  obj[key] = value;
}

/** Whether `c` ends an anchor or alias name (white space, a line end, a flow indicator; js-yaml's rule). */
const endsName = (c: number): boolean => c === SP || c === TAB || c === NL || c === 13 || Number.isNaN(c) || isFlowIndicator(c);

/** Stands for the lists a sequence keeps only for the items (never written to). */
const NONE: never[] = [];

class Reader {
  private readonly t: string;
  private readonly n: number;
  /** Start of the current line; `pos` is a position in it. */
  private lineStart = 0;
  private pos = 0;
  private depth = 0;
  /** Set when the last node read was empty (nothing after its indicator, nothing indented below). */
  private empty = false;
  /** End of the last line read that holds content (a node, or a kept blank line of a block scalar). */
  private contentEnd = 0;
  /** The spans of the root mapping's `items` block sequence entries, once read. */
  items: ItemSpans | undefined;
  /** Set when a multi-line quoted scalar is read (cleared before each item). */
  private multiLine = false;
  /** The document's anchors, made at the first anchor, alias or merge key. */
  private anchors: AnchorTable | undefined;
  /** The item being read (its index in `items`), or OUTSIDE_ITEMS: the scope of anchors. */
  private scope = OUTSIDE_ITEMS;
  /** Set when an anchor, alias or merge key is read (cleared before each item). */
  private anchored = false;
  /**
   * Plain scalars read before that resolved to themselves (strings), by a hash of their text:
   * the keys and usual values that repeat in every item are neither sliced nor resolved again.
   * Its size (a power of two) grows with the text's, up to STRINGS: one item's text gets a small one.
   */
  private readonly strings: Array<string | undefined>;

  constructor(text: string, private readonly itemValue?: ItemValueHook) {
    this.t = text;
    this.n = text.length;
    let slots = 64;
    while (slots < STRINGS && slots * 32 < text.length) slots *= 2;
    this.strings = new Array(slots);
  }

  document(): JsonValue {
    if (!this.nextContentLine()) fail();
    if (this.indent() !== 0 || this.startsMarker()) fail();
    const v = this.mapping(0);
    if (this.nextContentLine()) fail(); // more content after the top mapping
    return v;
  }

  /** The entries of a text that is one run of the root's `items` (see {@link readBlockItems}). */
  itemRun(ind: number): JsonValue[] {
    if (!this.nextContentLine()) fail();
    if (this.indent() !== ind || this.startsMarker() || !(this.t.charCodeAt(this.pos) === DASH && this.isEntryDash(this.pos))) fail();
    this.depth = 1; // as under the root mapping
    const values = this.sequence(ind, true);
    if (this.nextContentLine()) fail();
    return values;
  }

  // ---- lines -------------------------------------------------------------------------------

  /** Indentation of the current line (the current position must be its first non-space). */
  private indent(): number {
    return this.pos - this.lineStart;
  }

  /** End of the current line (index of `\n` or the text length). */
  private eol(from: number): number {
    const e = this.t.indexOf("\n", from);
    return e < 0 ? this.n : e;
  }

  /**
   * Moves to the first non-space of the next line with content (skipping blank and comment-only
   * lines), starting from the current line; false at the end of the text.
   */
  private nextContentLine(): boolean {
    const t = this.t;
    while (this.lineStart < this.n) {
      let i = this.lineStart;
      while (t.charCodeAt(i) === SP) i++;
      const c = t.charCodeAt(i);
      if (c === TAB) fail();
      if (i >= this.n) { this.pos = i; this.lineStart = this.n; return false; }
      if (c !== NL && c !== HASH) {
        this.pos = i;
        return true;
      }
      const e = this.eol(i);
      if (c === HASH) checkPrintable(t, i, e);
      this.lineStart = e + 1;
    }
    this.pos = this.n;
    return false;
  }

  /** After a value on the current line: only spaces and a comment may follow; go to the next line. */
  private endLine(at: number): void {
    const t = this.t;
    let i = at;
    while (isWs(t.charCodeAt(i))) i++;
    const c = t.charCodeAt(i);
    if (c === HASH && i > at) {
      const e = this.eol(i);
      checkPrintable(t, i, e);
      i = e;
    } else if (i < this.n && c !== NL) fail();
    this.lineStart = i + 1;
    this.pos = this.lineStart;
    this.contentEnd = Math.min(this.lineStart, this.n);
  }

  /** A line starting `---` or `...` (a marker, or a key js-yaml reads in its own way): declined. */
  private startsMarker(): boolean {
    const t = this.t;
    return this.pos === this.lineStart && (t.startsWith("---", this.pos) || t.startsWith("...", this.pos));
  }

  private enter(): void {
    if (++this.depth > MAX_DEPTH) fail();
  }

  // ---- block collections -------------------------------------------------------------------

  /** A block mapping whose first key starts at `pos`, at column `ind`. */
  private mapping(ind: number): JsonValue {
    this.enter();
    const out: Record<string, JsonValue> = {};
    const root = this.depth === 1;
    let overridable: Set<string> | undefined; // keys a merge added, which a later key may replace
    for (;;) {
      const key = this.key();
      if (key === MERGE_KEY) {
        this.anchored = true;
        const source = this.node(ind, true);
        if (!this.table().merge(out, source, (overridable ??= new Set()))) fail();
      } else if (overridable?.delete(key)) out[key] = this.node(ind, true);
      else setOwn(out, key, this.node(ind, true, root && key === "items"));
      if (!this.nextContentLine()) break;
      const i = this.indent();
      if (i < ind) break;
      if (i > ind || this.startsMarker()) fail();
      if (this.t.charCodeAt(this.pos) === DASH && this.isEntryDash(this.pos)) fail();
    }
    this.depth--;
    return out;
  }

  /**
   * A block sequence whose first `-` is at `pos`, at column `ind`; `items`: the ResourceList's
   * items, whose spans are recorded (each from its dash's line start to the next one's, the last
   * to the end of its last content line and the gap after it, see lastItemEnd).
   */
  private sequence(ind: number, items = false): JsonValue[] {
    this.enter();
    const out: JsonValue[] = [];
    const spans: Array<[number, number]> = items ? [] : NONE;
    const patchable: boolean[] = items ? [] : NONE;
    const anchored: boolean[] = items ? [] : NONE;
    for (;;) {
      if (items) {
        if (spans.length > 0) spans[spans.length - 1][1] = this.lineStart;
        spans.push([this.lineStart, 0]);
        this.multiLine = false;
        this.anchored = false;
        this.scope = out.length;
      }
      this.pos++; // the dash
      this.empty = false;
      const entry = this.node(ind, false);
      out.push(items && this.itemValue ? this.itemValue(entry) : entry);
      if (items) {
        spans[spans.length - 1][1] = this.contentEnd;
        patchable.push(!this.multiLine);
        anchored.push(this.anchored);
        this.scope = OUTSIDE_ITEMS;
      }
      const empty = this.empty;
      if (!this.nextContentLine()) break;
      const i = this.indent();
      // js-yaml continues a sequence after an empty entry with any `-` line below, whatever its indent.
      if (empty && i < ind && this.t.charCodeAt(this.pos) === DASH && this.isEntryDash(this.pos)) fail();
      if (i < ind) break;
      if (i > ind || this.startsMarker()) fail();
      if (!(this.t.charCodeAt(this.pos) === DASH && this.isEntryDash(this.pos))) break; // a key of the parent mapping
    }
    if (items) {
      spans[spans.length - 1][1] = lastItemEnd(this.t, spans[spans.length - 1][1], ind);
      this.items = { indent: ind, spans };
      if (!patchable.every(Boolean)) this.items.patchable = patchable;
      if (anchored.some(Boolean)) this.items.anchored = anchored;
    }
    this.depth--;
    return out;
  }

  /** Whether the `-`, `?` or `:` at `at` is followed by white space or the line end (an indicator). */
  private isEntryDash(at: number): boolean {
    const c = this.t.charCodeAt(at + 1);
    return c === SP || c === NL || c === TAB || at + 1 >= this.n;
  }

  /**
   * The node after an indicator (a sequence entry's dash, or a key's colon when `underKey`), in a
   * collection at column `ind`: below it, a compact collection on the dash's line, or one-line.
   * `items`: the root's `items` value (see {@link sequence}).
   */
  private node(ind: number, underKey: boolean, items = false): JsonValue {
    const t = this.t;
    let i = this.pos;
    while (t.charCodeAt(i) === SP) i++;
    const c = t.charCodeAt(i);
    if (c === TAB) fail();
    if (c === NL || i >= this.n || (c === HASH && i > this.pos)) return this.nodeBelow(ind, i, underKey, items);
    if (c === AMP || c === STAR) {
      if (items) fail(); // the items sequence itself anchored or aliased
      return c === AMP ? this.anchoredNode(ind, i, underKey) : this.aliasNode(ind, i);
    }
    this.pos = i;
    if (!underKey && c === DASH && this.isEntryDash(i)) return this.sequence(i - this.lineStart); // `- - x`
    if (!underKey && this.startsKey(i)) return this.mapping(i - this.lineStart); // `- key: value`
    return this.inline(ind);
  }

  /**
   * A value that starts on a later line (nothing but a comment after the indicator at `at`):
   * a collection indented past `ind`, a sequence at `ind` under a key, else null.
   */
  private nodeBelow(ind: number, at: number, underKey: boolean, items: boolean): JsonValue {
    this.endLine(at);
    this.empty = true;
    if (!this.nextContentLine()) return null;
    const i = this.indent();
    const dash = this.t.charCodeAt(this.pos) === DASH && this.isEntryDash(this.pos);
    if (this.startsMarker()) fail();
    let v: JsonValue;
    if (i > ind && dash) v = this.sequence(i, items);
    else if (i > ind && this.startsKey(this.pos)) v = this.mapping(i);
    else if (i > ind) fail(); // a scalar on its own line
    else if (i === ind && dash && underKey) v = this.sequence(i, items);
    else return null; // the line belongs to an enclosing collection
    this.empty = false;
    return v;
  }

  // ---- anchors and aliases -----------------------------------------------------------------

  private table(): AnchorTable {
    return (this.anchors ??= new AnchorTable());
  }

  /** The name of the anchor or alias whose `&` or `*` is at `at`; `pos` ends after it. */
  private propertyName(at: number): string {
    const t = this.t;
    let i = at + 1;
    while (!endsName(t.charCodeAt(i))) i++;
    if (i === at + 1) fail();
    checkPrintable(t, at + 1, i);
    this.pos = i;
    this.anchored = true;
    return t.slice(at + 1, i);
  }

  /**
   * A node after a key's colon or an entry's dash (collection at column `ind`) that starts with an
   * anchor at `at`: a one-line node after it, or a collection below it. Declined: an anchor on an
   * implicit key (`- &a key: v`), on an empty node, with other properties, before a compact
   * sequence, or with a comment after it (as a comment after a key's colon is).
   */
  private anchoredNode(ind: number, at: number, underKey: boolean): JsonValue {
    const t = this.t;
    const name = this.propertyName(at);
    let i = this.pos;
    const e = t.charCodeAt(i);
    if (!(e === SP || e === NL || i >= this.n)) fail();
    while (t.charCodeAt(i) === SP) i++;
    const c = t.charCodeAt(i);
    const anchor = this.table().open(name, this.scope);
    let v: JsonValue;
    if (c === NL || i >= this.n) {
      v = this.nodeBelow(ind, i, underKey, false);
      if (this.empty) fail();
    } else {
      if (c === TAB || c === HASH || c === AMP || c === STAR || c === 33 /* ! */ || (c === DASH && this.isEntryDash(i)) || this.startsKey(i)) fail();
      this.pos = i;
      v = this.inline(ind);
    }
    return this.table().close(name, anchor, v);
  }

  /** An alias at `at` after a key's colon or an entry's dash, in a collection at column `ind`. */
  private aliasNode(ind: number, at: number): JsonValue {
    const v = this.alias(at);
    const e = this.t.charCodeAt(this.pos);
    if (!(e === SP || e === TAB || e === NL || this.pos >= this.n)) fail();
    this.afterScalar(ind);
    return v;
  }

  /** The (copied) value of the alias at `at`; `pos` ends after its name. */
  private alias(at: number): JsonValue {
    const name = this.propertyName(at);
    const v = this.anchors?.resolve(name, this.scope);
    return v === undefined ? fail() : v;
  }

  /** Whether the line from `at` holds an implicit key (`key:` followed by a space or the line end). */
  private startsKey(at: number): boolean {
    const t = this.t;
    const c = t.charCodeAt(at);
    if (c === SQ || c === DQ) {
      const close = this.quotedEnd(at);
      return t.charCodeAt(close) === COLON;
    }
    if (c === 91 || c === 123) return false; // a flow collection (as a key: js-yaml's)
    const end = this.eol(at);
    for (let i = at; i < end; i++) {
      const d = t.charCodeAt(i);
      if (d === COLON) {
        const f = t.charCodeAt(i + 1);
        if (i + 1 >= end || isWs(f)) return true;
      } else if (d === HASH && isWs(t.charCodeAt(i - 1))) return false;
    }
    return false;
  }

  /** Reads a key and its colon (MERGE_KEY for a plain `<<`); `pos` ends after the colon. */
  private key(): string | typeof MERGE_KEY {
    const t = this.t;
    const at = this.pos;
    const c = t.charCodeAt(at);
    if (c === SQ || c === DQ) {
      const k = this.quoted();
      if (t.charCodeAt(this.pos) !== COLON) fail();
      const f = t.charCodeAt(this.pos + 1);
      if (!(isWs(f) || f === NL || this.pos + 1 >= this.n)) fail();
      this.pos++;
      return k;
    }
    if (plainStartRefused(c) || c === COLON || c === 63 /* ? */ || (c === DASH && this.isEntryDash(at))) fail();
    const n = this.n;
    let i = at;
    let h = 0;
    for (; i < n; i++) {
      const d = t.charCodeAt(i);
      if (d === COLON) {
        const f = t.charCodeAt(i + 1);
        if (f === SP || f === NL || f === TAB || i + 1 >= n) break;
      } else if (d === NL || (d === HASH && isWs(t.charCodeAt(i - 1)))) fail();
      else if (notAscii(d) && nonPrintableAt(t, i)) fail();
      h = (Math.imul(h, 31) + d) | 0;
    }
    if (i >= n) fail();
    let e = i;
    while (isWs(t.charCodeAt(e - 1))) e--;
    if (e - at > MAX_KEY) fail();
    const v = e === i ? this.plain(at, e, h) : resolvePlain(t.slice(at, e));
    if (typeof v !== "string" && v !== MERGE_KEY) fail(); // non-string keys (1:, true:) are js-yaml's to convert
    this.pos = i + 1;
    return v;
  }

  /**
   * The value of the plain scalar `t[at, end)` whose text hashes to `h` (see {@link strings}):
   * the kept string when it was read before, else resolved (and kept when it is a short string).
   */
  private plain(at: number, end: number, h: number): JsonValue | typeof MERGE_KEY {
    const slot = h & (this.strings.length - 1);
    const kept = this.strings[slot];
    if (kept !== undefined && kept.length === end - at && holdsAt(this.t, at, kept)) return kept;
    const text = this.t.slice(at, end);
    const v = resolvePlain(text);
    if (v === text && end - at <= MAX_KEPT) this.strings[slot] = text;
    return v;
  }

  // ---- scalars and flow collections on one line ---------------------------------------------

  /** A node that starts at `pos` on the current line, in a collection at column `ind`. */
  private inline(ind: number): JsonValue {
    const t = this.t;
    const c = t.charCodeAt(this.pos);
    if (c === SQ || c === DQ) {
      const v = this.quotedEnd(this.pos) < 0 ? this.multiLineQuoted() : this.quoted();
      this.afterScalar(ind);
      return v;
    }
    if (c === 124 || c === 62) return this.blockScalar(ind, c === 62);
    if (c === 91 || c === 123) {
      this.enter();
      const v = c === 91 ? this.flowSeq() : this.flowMap();
      this.depth--;
      this.afterScalar(ind);
      return v;
    }
    if (plainStartRefused(c) || ((c === DASH || c === 63 || c === COLON) && this.isEntryDash(this.pos))) fail();
    const at = this.pos;
    const n = this.n;
    let e = at;
    let h = 0;
    let he = 0; // the hash of t[at, e)
    for (let i = at; i < n; i++) {
      const d = t.charCodeAt(i);
      if (d === NL) break;
      if (d === COLON) {
        const f = t.charCodeAt(i + 1);
        if (f === SP || f === NL || f === TAB || i + 1 >= n) fail(); // `a: b: c`
      } else if (d === HASH && isWs(t.charCodeAt(i - 1))) break;
      else if (notAscii(d) && nonPrintableAt(t, i)) fail();
      h = (Math.imul(h, 31) + d) | 0;
      if (d !== SP && d !== TAB) {
        e = i + 1;
        he = h;
      }
    }
    const v = this.plain(at, e, he);
    if (v === MERGE_KEY) fail();
    this.pos = e;
    this.afterScalar(ind);
    return v;
  }

  /**
   * After a one-line node: the rest of the line, and no continuation line indented past `ind`;
   * leaves the position at the next content line (which the enclosing collection reads).
   */
  private afterScalar(ind: number): void {
    this.endLine(this.pos);
    if (this.nextContentLine() && this.indent() > ind) fail();
  }

  /** End of a one-line quoted scalar starting at `at` (index after the closing quote). */
  private quotedEnd(at: number): number {
    const t = this.t;
    const q = t.charCodeAt(at);
    const end = this.eol(at);
    for (let i = at + 1; i < end; i++) {
      const d = t.charCodeAt(i);
      if (d === q) {
        if (q === SQ && t.charCodeAt(i + 1) === SQ) { i++; continue; }
        return i + 1;
      }
      if (d === 92 /* \ */ && q === DQ) i++; // the escape is checked when it is applied
      else if (notAscii(d) && nonPrintableAt(t, i)) fail();
    }
    return -1;
  }

  /** A one-line quoted scalar at `pos`; `pos` ends after the closing quote. */
  private quoted(): string {
    const t = this.t;
    const at = this.pos;
    const close = this.quotedEnd(at);
    if (close < 0) fail(); // multi-line or unterminated
    this.pos = close;
    const body = t.slice(at + 1, close - 1);
    if (t.charCodeAt(at) === SQ) return body.includes("'") ? body.replace(/''/g, "'") : body;
    return body.includes("\\") ? unescape(body) : body;
  }

  /**
   * A quoted scalar at `pos` whose closing quote is on a later line, as js-yaml reads it: each
   * line break folds to a space (n blank lines to n line feeds), white space around breaks is
   * dropped, `\` before a break joins the lines; continuation lines may sit at any indentation
   * (js-yaml only warns), so the spans stay exact whatever they look like. `pos` ends after the
   * closing quote, on its line. Declined: a continuation line indented with a tab, or starting
   * with a document marker (js-yaml's error), and no closing quote.
   */
  private multiLineQuoted(): string {
    const t = this.t;
    const q = t.charCodeAt(this.pos);
    let out = "";
    let i = this.pos + 1;
    let segStart = i;
    let segEnd = i;
    for (;;) {
      if (i >= this.n) fail();
      const c = t.charCodeAt(i);
      if (c === q) {
        out += t.slice(segStart, i);
        if (q === SQ && t.charCodeAt(i + 1) === SQ) {
          out += "'";
          i += 2;
          segStart = segEnd = i;
          continue;
        }
        this.pos = i + 1;
        this.multiLine = true;
        return out;
      }
      if (c === 92 /* \ */ && q === DQ) {
        out += t.slice(segStart, i);
        const e = t.charCodeAt(i + 1);
        if (e === NL) {
          i = this.skipBreaks(i + 1).at; // a joined line break: nothing is added
        } else {
          const end = i + 2 + (Object.prototype.hasOwnProperty.call(HEX_LEN, t[i + 1]) ? HEX_LEN[t[i + 1]] : 0);
          out += unescape(t.slice(i, end));
          i = end;
        }
        segStart = segEnd = i;
        continue;
      }
      if (c === NL) {
        out += t.slice(segStart, segEnd);
        const { at, breaks } = this.skipBreaks(i);
        out += breaks === 1 ? " " : "\n".repeat(breaks - 1);
        i = segStart = segEnd = at;
        continue;
      }
      if (notAscii(c) && nonPrintableAt(t, i)) fail();
      i++;
      if (!isWs(c)) segEnd = i;
    }
  }

  /**
   * From the line break at `at`: skips line breaks and the white space around them, as js-yaml
   * inside quotes; returns where the text goes on and how many breaks were passed. Sets
   * `lineStart` to the start of the last line reached.
   */
  private skipBreaks(at: number): { at: number; breaks: number } {
    const t = this.t;
    let i = at;
    let breaks = 0;
    for (;;) {
      while (isWs(t.charCodeAt(i))) i++;
      if (t.charCodeAt(i) !== NL) return { at: i, breaks };
      breaks++;
      i++;
      this.lineStart = i;
      while (t.charCodeAt(i) === SP) i++;
      if (t.charCodeAt(i) === TAB) fail(); // js-yaml reports tabs in indentation later, in its own way
      if (i === this.lineStart && (t.startsWith("---", i) || t.startsWith("...", i))) fail();
    }
  }

  /** A literal (`|`) or folded (`>`) block scalar, as js-yaml reads it; no indentation indicator. */
  private blockScalar(ind: number, folded: boolean): string {
    const t = this.t;
    let i = this.pos + 1;
    let chomp: "clip" | "strip" | "keep" = "clip";
    const h = t.charCodeAt(i);
    if (h === 43 || h === DASH) { chomp = h === 43 ? "keep" : "strip"; i++; }
    const d = t.charCodeAt(i);
    if (d >= 48 && d <= 57) fail(); // an indentation indicator
    if (!(isWs(d) || d === NL || i >= this.n)) fail();
    this.endLine(i);
    let textIndent = ind + 1;
    let detected = false;
    let out = "";
    let content = false;
    let empty = 0;
    let moreIndented = false;
    while (this.lineStart < this.n) {
      const ls = this.lineStart;
      let p = ls;
      while ((!detected || p - ls < textIndent) && t.charCodeAt(p) === SP) p++;
      const lineIndent = p - ls;
      if (!detected && lineIndent > textIndent) textIndent = lineIndent;
      const c = t.charCodeAt(p);
      if (c === NL || p >= this.n) { empty++; this.lineStart = p + 1; continue; }
      if (lineIndent < textIndent) break;
      if (folded) {
        if (isWs(c)) { moreIndented = true; out += "\n".repeat(content ? 1 + empty : empty); }
        else if (moreIndented) { moreIndented = false; out += "\n".repeat(empty + 1); }
        else if (empty === 0) { if (content) out += " "; }
        else out += "\n".repeat(empty);
      } else out += "\n".repeat(content ? 1 + empty : empty);
      content = true;
      detected = true;
      empty = 0;
      const e = this.eol(p);
      checkPrintable(t, p, e);
      out += t.slice(p, e);
      this.lineStart = e + 1;
      this.contentEnd = Math.min(this.lineStart, this.n);
    }
    if (chomp === "keep") out += "\n".repeat(content ? 1 + empty : empty);
    else if (chomp === "clip" && content) out += "\n";
    if (this.lineStart > this.n) this.lineStart = this.n;
    if (chomp === "keep") this.contentEnd = this.lineStart; // its blank lines are part of its value
    this.pos = this.lineStart; // the line that ended the scalar belongs to the collections above
    return out;
  }

  private skipFlowSpace(): void {
    while (isWs(this.t.charCodeAt(this.pos))) this.pos++;
  }

  private flowSeq(): JsonValue[] {
    const t = this.t;
    this.pos++;
    this.skipFlowSpace();
    const out: JsonValue[] = [];
    if (t.charCodeAt(this.pos) === 93) { this.pos++; return out; }
    for (;;) {
      out.push(this.flowNode());
      this.skipFlowSpace();
      const c = t.charCodeAt(this.pos++);
      if (c === 93) return out;
      if (c !== 44) fail();
      this.skipFlowSpace();
      if (t.charCodeAt(this.pos) === 93) fail(); // trailing comma
    }
  }

  private flowMap(): Record<string, JsonValue> {
    const t = this.t;
    this.pos++;
    this.skipFlowSpace();
    const out: Record<string, JsonValue> = {};
    if (t.charCodeAt(this.pos) === 125) { this.pos++; return out; }
    for (;;) {
      const c = t.charCodeAt(this.pos);
      let key: string;
      if (c === SQ || c === DQ) key = this.quoted();
      else {
        const k = this.flowPlain();
        if (typeof k !== "string") fail();
        key = k;
      }
      this.skipFlowSpace();
      if (t.charCodeAt(this.pos) !== COLON || t.charCodeAt(this.pos + 1) !== SP) fail();
      this.pos += 2;
      this.skipFlowSpace();
      setOwn(out, key, this.flowNode());
      this.skipFlowSpace();
      const e = t.charCodeAt(this.pos++);
      if (e === 125) return out;
      if (e !== 44) fail();
      this.skipFlowSpace();
      if (t.charCodeAt(this.pos) === 125) fail();
    }
  }

  private flowNode(): JsonValue {
    const c = this.t.charCodeAt(this.pos);
    if (c === AMP) {
      const name = this.propertyName(this.pos);
      const anchor = this.table().open(name, this.scope);
      if (this.t.charCodeAt(this.pos) !== SP) fail();
      this.skipFlowSpace();
      const d = this.t.charCodeAt(this.pos);
      if (d === AMP || d === STAR || (isFlowIndicator(d) && d !== 91 && d !== 123)) fail(); // other properties, an empty node
      return this.table().close(name, anchor, this.flowNode());
    }
    if (c === STAR) {
      const v = this.alias(this.pos);
      this.skipFlowSpace();
      if (this.t.charCodeAt(this.pos) === COLON) fail(); // an alias as a key
      return v;
    }
    if (c === SQ || c === DQ) {
      const v = this.quoted();
      this.skipFlowSpace();
      if (this.t.charCodeAt(this.pos) === COLON) fail(); // a single-pair mapping
      return v;
    }
    if (c === 91 || c === 123) {
      this.enter();
      const v = c === 91 ? this.flowSeq() : this.flowMap();
      this.depth--;
      return v;
    }
    const v = this.flowPlain();
    if (this.t.charCodeAt(this.pos) === COLON) fail();
    return v;
  }

  /** A plain scalar inside a flow collection (ends at `,[]{}`, `: `, a comment or the line end). */
  private flowPlain(): JsonValue {
    const t = this.t;
    const at = this.pos;
    const c = t.charCodeAt(at);
    if (plainStartRefused(c) || ((c === DASH || c === 63 || c === COLON) && (isWs(t.charCodeAt(at + 1)) || isFlowIndicator(t.charCodeAt(at + 1))))) fail();
    let e = at;
    let i = at;
    for (; i < this.n; i++) {
      const d = t.charCodeAt(i);
      if (d === NL) fail(); // multi-line flow collection
      if (isFlowIndicator(d)) break;
      if (notAscii(d) && nonPrintableAt(t, i)) fail();
      if (d === COLON) {
        const f = t.charCodeAt(i + 1);
        if (isWs(f) || isFlowIndicator(f) || f === NL) break;
      } else if (d === HASH && isWs(t.charCodeAt(i - 1))) fail();
      if (!isWs(d)) e = i + 1;
    }
    if (e === at) fail();
    const v = resolvePlain(t.slice(at, e));
    if (v === MERGE_KEY) fail();
    this.pos = i;
    return v;
  }
}

/** The body of a one-line double-quoted scalar with its escapes applied (js-yaml's set). */
function unescape(body: string): string {
  let out = "";
  let from = 0;
  for (let i = body.indexOf("\\"); i >= 0; i = body.indexOf("\\", from)) {
    out += body.slice(from, i);
    const e = body[i + 1];
    const simple = ESCAPES[e];
    if (simple !== undefined && Object.prototype.hasOwnProperty.call(ESCAPES, e)) {
      out += simple;
      from = i + 2;
      continue;
    }
    const len = HEX_LEN[e];
    if (len === undefined || !Object.prototype.hasOwnProperty.call(HEX_LEN, e)) fail();
    const hex = body.slice(i + 2, i + 2 + len);
    if (hex.length !== len || !/^[0-9a-fA-F]+$/.test(hex)) fail();
    const code = parseInt(hex, 16);
    if (code > 0x10ffff) fail();
    out += String.fromCodePoint(code);
    from = i + 2 + len;
  }
  return out + body.slice(from);
}
