// CEL lexer: turns expression text into tokens the way cel-go's ANTLR lexer does (longest match,
// keywords before identifiers, `token recognition error at: '…'` for unlexable text).
// Longer than 300 lines on purpose: it holds the whole token grammar in one place.

/** Token kinds, numbered as cel-go's ANTLR grammar numbers them (the order of `expecting {…}` sets). */
export const T = {
  EOF: -1,
  EQUALS: 1,
  NOT_EQUALS: 2,
  IN: 3,
  LESS: 4,
  LESS_EQUALS: 5,
  GREATER_EQUALS: 6,
  GREATER: 7,
  LOGICAL_AND: 8,
  LOGICAL_OR: 9,
  LBRACKET: 10,
  RBRACKET: 11,
  LBRACE: 12,
  RBRACE: 13,
  LPAREN: 14,
  RPAREN: 15,
  DOT: 16,
  COMMA: 17,
  MINUS: 18,
  EXCLAM: 19,
  QUESTIONMARK: 20,
  COLON: 21,
  PLUS: 22,
  STAR: 23,
  SLASH: 24,
  PERCENT: 25,
  TRUE: 26,
  FALSE: 27,
  NULL: 28,
  NUM_FLOAT: 31,
  NUM_INT: 32,
  NUM_UINT: 33,
  STRING: 34,
  BYTES: 35,
  IDENTIFIER: 36,
  ESC_IDENTIFIER: 37,
} as const;

/** A token kind number. */
export type TokenType = (typeof T)[keyof typeof T];

/** How a token kind is shown in syntax errors (ANTLR's literal or symbolic name). */
export const tokenDisplayNames: Readonly<Record<number, string>> = {
  [T.EOF]: "<EOF>",
  [T.EQUALS]: "'=='",
  [T.NOT_EQUALS]: "'!='",
  [T.IN]: "'in'",
  [T.LESS]: "'<'",
  [T.LESS_EQUALS]: "'<='",
  [T.GREATER_EQUALS]: "'>='",
  [T.GREATER]: "'>'",
  [T.LOGICAL_AND]: "'&&'",
  [T.LOGICAL_OR]: "'||'",
  [T.LBRACKET]: "'['",
  [T.RBRACKET]: "']'",
  [T.LBRACE]: "'{'",
  [T.RBRACE]: "'}'",
  [T.LPAREN]: "'('",
  [T.RPAREN]: "')'",
  [T.DOT]: "'.'",
  [T.COMMA]: "','",
  [T.MINUS]: "'-'",
  [T.EXCLAM]: "'!'",
  [T.QUESTIONMARK]: "'?'",
  [T.COLON]: "':'",
  [T.PLUS]: "'+'",
  [T.STAR]: "'*'",
  [T.SLASH]: "'/'",
  [T.PERCENT]: "'%'",
  [T.TRUE]: "'true'",
  [T.FALSE]: "'false'",
  [T.NULL]: "'null'",
  [T.NUM_FLOAT]: "NUM_FLOAT",
  [T.NUM_INT]: "NUM_INT",
  [T.NUM_UINT]: "NUM_UINT",
  [T.STRING]: "STRING",
  [T.BYTES]: "BYTES",
  [T.IDENTIFIER]: "IDENTIFIER",
  [T.ESC_IDENTIFIER]: "ESC_IDENTIFIER",
};

/** Token storage shared by every TokenList: a list is read only until the next `tokenize`. */
let tokenData = new Int32Array(2 * 256);
let tokenTypes = new Int8Array(256);

/**
 * The tokens of one text: token `i`'s kind and UTF-16 offsets `[start, end)` (no object per token:
 * a byte of kind, two numbers of offsets); its text is sliced from the source on request. The
 * numbers live in storage shared by all lists (parsing is not reentrant): a list is valid until the
 * next `tokenize`.
 */
export class TokenList {
  private data = tokenData;
  private kinds = tokenTypes;
  /** Number of tokens (the last is EOF). */
  count = 0;
  constructor(readonly source: string) {}
  add(type: TokenType, start: number, end: number): void {
    const i = this.count;
    if (i >= this.kinds.length) this.grow();
    this.kinds[i] = type;
    this.data[2 * i] = start;
    this.data[2 * i + 1] = end;
    this.count = i + 1;
  }
  private grow(): void {
    const kinds = new Int8Array(2 * this.kinds.length);
    kinds.set(this.kinds);
    const data = new Int32Array(2 * this.data.length);
    data.set(this.data);
    tokenTypes = this.kinds = kinds;
    tokenData = this.data = data;
  }
  /** The kinds of all tokens by index (valid until the next `tokenize`). */
  types(): Int8Array {
    return this.kinds;
  }
  type(i: number): TokenType {
    return this.kinds[i] as TokenType;
  }
  start(i: number): number {
    return this.data[2 * i]!;
  }
  end(i: number): number {
    return this.data[2 * i + 1]!;
  }
  /** The token's text (`<EOF>` for the end). */
  text(i: number): string {
    return this.kinds[i] === T.EOF ? "<EOF>" : this.source.slice(this.data[2 * i], this.data[2 * i + 1]);
  }
}

/** A lexer error: ANTLR's `token recognition error at: '…'` at a UTF-16 offset. */
export interface LexError {
  offset: number;
  message: string;
}

/** The token type of an identifier-shaped word (keywords, else IDENTIFIER). */
function wordType(word: string): TokenType {
  switch (word) {
    case "in": return T.IN;
    case "true": return T.TRUE;
    case "false": return T.FALSE;
    case "null": return T.NULL;
    default: return T.IDENTIFIER;
  }
}

/** {@link wordType} of the word `s[from, to)`, decided on its characters (no string compare). */
function wordTypeAt(s: string, from: number, to: number): TokenType {
  switch (to - from) {
    case 2: return s.charCodeAt(from) === 105 && s.charCodeAt(from + 1) === 110 ? T.IN : T.IDENTIFIER;
    case 4: {
      const c = s.charCodeAt(from);
      if (c === 116) return s.startsWith("rue", from + 1) ? T.TRUE : T.IDENTIFIER;
      if (c === 110) return s.startsWith("ull", from + 1) ? T.NULL : T.IDENTIFIER;
      return T.IDENTIFIER;
    }
    case 5: return s.charCodeAt(from) === 102 && s.startsWith("alse", from + 1) ? T.FALSE : T.IDENTIFIER;
    default: return T.IDENTIFIER;
  }
}

/**
 * Punctuation by first ASCII character: the token type of the character alone (`single`, 0 when it
 * is not a token by itself: `=`, `&`, `|`, others), and the two-character token it starts when
 * followed by `pairNext` (`pair`, 0 when none). A `.` before a digit is left to the number scan.
 */
const single = new Int8Array(128), pair = new Int8Array(128), pairNext = new Int8Array(128);
for (const [ch, type] of Object.entries({
  "!": T.EXCLAM, "<": T.LESS, ">": T.GREATER, ".": T.DOT, "[": T.LBRACKET, "]": T.RBRACKET, "{": T.LBRACE, "}": T.RBRACE,
  "(": T.LPAREN, ")": T.RPAREN, ",": T.COMMA, "-": T.MINUS, "?": T.QUESTIONMARK, ":": T.COLON, "+": T.PLUS, "*": T.STAR,
  "/": T.SLASH, "%": T.PERCENT,
})) single[ch.charCodeAt(0)] = type;
for (const [two, type] of Object.entries({ "==": T.EQUALS, "!=": T.NOT_EQUALS, "<=": T.LESS_EQUALS, ">=": T.GREATER_EQUALS, "&&": T.LOGICAL_AND, "||": T.LOGICAL_OR })) {
  pair[two.charCodeAt(0)] = type;
  pairNext[two.charCodeAt(0)] = two.charCodeAt(1);
}

const punct2: Readonly<Record<string, TokenType>> = {
  "==": T.EQUALS,
  "!=": T.NOT_EQUALS,
  "<=": T.LESS_EQUALS,
  ">=": T.GREATER_EQUALS,
  "&&": T.LOGICAL_AND,
  "||": T.LOGICAL_OR,
};

const punct1: Readonly<Record<string, TokenType>> = {
  "<": T.LESS, ">": T.GREATER, "[": T.LBRACKET, "]": T.RBRACKET, "{": T.LBRACE, "}": T.RBRACE, "(": T.LPAREN, ")": T.RPAREN,
  ".": T.DOT, ",": T.COMMA, "-": T.MINUS, "!": T.EXCLAM, "?": T.QUESTIONMARK, ":": T.COLON, "+": T.PLUS, "*": T.STAR, "/": T.SLASH, "%": T.PERCENT,
};

/** ASCII character classes (bits below); characters from 128 up are in none. */
const C_DIGIT = 1, C_START = 2, C_HEX = 4;
const charClass: Uint8Array = (() => {
  const t = new Uint8Array(128);
  for (let c = 48; c <= 57; c++) t[c] = C_DIGIT | C_HEX;
  for (let c = 65; c <= 90; c++) t[c] = C_START;
  for (let c = 97; c <= 122; c++) t[c] = C_START;
  for (let c = 65; c <= 70; c++) t[c]! |= C_HEX;
  for (let c = 97; c <= 102; c++) t[c]! |= C_HEX;
  t[95] = C_START;
  return t;
})();
// `c < 128` is false for NaN (a read past the end of the text).
const isDigit = (c: number): boolean => c < 128 && (charClass[c]! & C_DIGIT) !== 0;
const isHex = (c: number): boolean => c < 128 && (charClass[c]! & C_HEX) !== 0;
const isIdentStart = (c: number): boolean => c < 128 && (charClass[c]! & C_START) !== 0;
const isIdentPart = (c: number): boolean => c < 128 && (charClass[c]! & (C_START | C_DIGIT)) !== 0;
const isEscIdentPart = (c: number): boolean =>
  isIdentPart(c) || c === 46 || c === 45 || c === 47 || c === 32;
const isSpace = (c: number): boolean => c === 9 || c === 32 || c === 13 || c === 10 || c === 12;

/**
 * Result of trying one token alternative at a position: the end of the longest accepted match
 * (-1 if none) and the offset at which the alternative could not go on (the failing character).
 */
interface Attempt {
  accept: number;
  dead: number;
}

/** Escape sequence at `i` (which holds the backslash): the index after it, or the failing index as `-(i+1)`. */
function scanEscape(s: string, i: number): number {
  const c = s.charCodeAt(i + 1);
  if (i + 1 >= s.length) return -(i + 1) - 1;
  // a b f n r t v " ' \ ? `
  if ("abfnrtv\"'\\?`".includes(s[i + 1]!)) return i + 2;
  if (c === 120 || c === 88) return hexRun(s, i + 2, 2);
  if (c === 117) return hexRun(s, i + 2, 4);
  if (c === 85) return hexRun(s, i + 2, 8);
  if (c >= 48 && c <= 51) {
    for (let j = i + 2; j < i + 4; j++) {
      const d = s.charCodeAt(j);
      if (!(d >= 48 && d <= 55)) return -j - 1;
    }
    return i + 4;
  }
  return -(i + 1) - 1;
}

function hexRun(s: string, from: number, n: number): number {
  for (let j = from; j < from + n; j++) {
    if (!isHex(s.charCodeAt(j))) return -j - 1;
  }
  return from + n;
}

/** A quoted string body starting at `q` (the first quote), given the quote char and raw/triple flags. */
function scanQuoted(s: string, q: number, quote: string, triple: boolean, raw: boolean): Attempt {
  const open = triple ? 3 : 1;
  let i = q + open;
  const close = triple ? quote.repeat(3) : quote;
  for (;;) {
    if (i >= s.length) return { accept: -1, dead: s.length };
    if (s.startsWith(close, i)) return { accept: i + close.length, dead: -1 };
    const c = s.charCodeAt(i);
    if (!triple && (c === 10 || c === 13)) return { accept: -1, dead: i };
    if (c === 92 && !raw) {
      const r = scanEscape(s, i);
      if (r < 0) return { accept: -1, dead: Math.min(-r - 1, s.length) };
      i = r;
      continue;
    }
    i++;
  }
}

/** All STRING alternatives at `p` (after an optional `b`/`B` prefix handled by the caller). */
function scanString(s: string, p: number): Attempt {
  let raw = false;
  let q = p;
  const c0 = s[p];
  if (c0 === "r" || c0 === "R") {
    raw = true;
    q = p + 1;
  }
  const qc = s[q];
  if (qc !== '"' && qc !== "'") return { accept: -1, dead: q };
  const single = scanQuoted(s, q, qc, false, raw);
  if (s.startsWith(qc.repeat(3), q)) {
    const triple = scanQuoted(s, q, qc, true, raw);
    if (triple.accept >= 0) return triple;
    if (single.accept >= 0) return { accept: single.accept, dead: triple.dead };
    return { accept: -1, dead: Math.max(single.dead, triple.dead) };
  }
  return single;
}

/** Number alternatives (NUM_FLOAT, NUM_INT, NUM_UINT) at `p`: longest match and its type. */
function scanNumber(s: string, p: number): { end: number; type: TokenType } | undefined {
  let best: { end: number; type: TokenType } | undefined;
  const take = (end: number, type: TokenType): void => {
    if (!best || end > best.end) best = { end, type };
  };
  if (s[p] === "0" && s[p + 1] === "x" && isHex(s.charCodeAt(p + 2))) {
    let i = p + 2;
    while (isHex(s.charCodeAt(i))) i++;
    take(i, T.NUM_INT);
    if (s[i] === "u" || s[i] === "U") take(i + 1, T.NUM_UINT);
  }
  let i = p;
  while (isDigit(s.charCodeAt(i))) i++;
  const intEnd = i;
  if (intEnd > p) {
    take(intEnd, T.NUM_INT);
    if (s[intEnd] === "u" || s[intEnd] === "U") take(intEnd + 1, T.NUM_UINT);
  }
  // fraction: (DIGIT+)? '.' DIGIT+
  let fracEnd = -1;
  if (s[intEnd] === "." && isDigit(s.charCodeAt(intEnd + 1))) {
    let j = intEnd + 1;
    while (isDigit(s.charCodeAt(j))) j++;
    fracEnd = j;
    take(j, T.NUM_FLOAT);
  }
  const mantEnd = fracEnd >= 0 ? fracEnd : intEnd > p ? intEnd : -1;
  if (mantEnd >= 0 && (s[mantEnd] === "e" || s[mantEnd] === "E")) {
    let j = mantEnd + 1;
    if (s[j] === "+" || s[j] === "-") j++;
    if (isDigit(s.charCodeAt(j))) {
      while (isDigit(s.charCodeAt(j))) j++;
      take(j, T.NUM_FLOAT);
    }
  }
  return best;
}

/** Whether an identifier start at `p` could begin a raw/bytes string literal (`r"`, `b'`, `br"`). */
function mayStartQuoted(s: string, p: number, c: number): boolean {
  const isQuote = (x: number): boolean => x === 34 || x === 39;
  const c2 = s.charCodeAt(p + 1);
  if (c === 114 || c === 82) return isQuote(c2);
  if (c === 98 || c === 66) return isQuote(c2) || ((c2 === 114 || c2 === 82) && isQuote(s.charCodeAt(p + 2)));
  return false;
}

function codePointText(s: string, from: number, to: number): string {
  return s.slice(from, to);
}

/**
 * `s` as a flat string of the same characters. A text built by concatenation is a rope whose every
 * character read goes through an indirection; `split` without a match returns the flattened
 * string itself (the text is kept when it contains the separator). V8 makes no rope shorter than
 * 13 characters, and the split costs a few hundred nanoseconds: short texts are taken as they are.
 */
function flat(s: string): string {
  if (s.length < 13) return s;
  const parts = s.split("\u0000");
  return parts.length === 1 ? parts[0]! : s;
}

/** Tokenizes `text`, skipping whitespace and `//` comments; errors are collected, never thrown. */
export function tokenize(text: string): { tokens: TokenList; errors: LexError[] } {
  const s = flat(text);
  const tokens = new TokenList(s);
  const errors: LexError[] = [];
  const n = s.length;
  let p = 0;
  while (p < n) {
    const c = s.charCodeAt(p);
    if (isSpace(c)) {
      p++;
      continue;
    }
    if (c === 47 && s.charCodeAt(p + 1) === 47) {
      while (p < n && s.charCodeAt(p) !== 10) p++;
      continue;
    }
    // Fast paths: plain identifiers/keywords, punctuation, decimal ints, plain quoted strings (the
    // same tokens as the general scan).
    if (isIdentStart(c) && !mayStartQuoted(s, p, c)) {
      let i = p + 1;
      while (isIdentPart(s.charCodeAt(i))) i++;
      tokens.add(wordTypeAt(s, p, i), p, i);
      p = i;
      continue;
    }
    if (c < 128) {
      const c2 = s.charCodeAt(p + 1);
      const two = pair[c]!;
      if (two !== 0 && c2 === pairNext[c]) {
        tokens.add(two as TokenType, p, p + 2);
        p += 2;
        continue;
      }
      const one = single[c]!;
      if (one !== 0 && !(c === 46 && isDigit(c2))) {
        tokens.add(one as TokenType, p, p + 1);
        p++;
        continue;
      }
    }
    if (isDigit(c)) {
      let i = p + 1;
      while (isDigit(s.charCodeAt(i))) i++;
      if (!mayContinueNumber(s.charCodeAt(i))) {
        tokens.add(T.NUM_INT, p, i);
        p = i;
        continue;
      }
      const num = scanNumber(s, p)!;
      tokens.add(num.type, p, num.end);
      p = num.end;
      continue;
    }
    if ((c === 34 || c === 39) && (s.charCodeAt(p + 1) !== c || s.charCodeAt(p + 2) !== c)) {
      // A one-line string without escapes (not a triple-quoted one): up to the next quote.
      let i = p + 1;
      let d = s.charCodeAt(i);
      while (i < n && d !== c && d !== 92 && d !== 10 && d !== 13) d = s.charCodeAt(++i);
      if (i < n && d === c) {
        tokens.add(T.STRING, p, i + 1);
        p = i + 1;
        continue;
      }
    }
    p = generalToken(s, p, tokens, errors);
  }
  tokens.add(T.EOF, n, n);
  return { tokens, errors };
}

/** Characters after a run of digits that may extend the number (hex, uint suffix, fraction, exponent). */
function mayContinueNumber(c: number): boolean {
  return c === 46 || c === 101 || c === 69 || c === 117 || c === 85 || c === 120 || c === 88;
}

/**
 * The general scan at `p`: the longest match among strings/bytes (possibly prefixed by r/b),
 * numbers, identifiers and punctuation, pushed to `tokens`; else a recognition error. Returns the
 * position after what was consumed.
 */
function generalToken(s: string, p: number, tokens: TokenList, errors: LexError[]): number {
  const c = s.charCodeAt(p);
  const start = p;
  let best: { end: number; type: TokenType } | undefined;
  let dead = -1;
  const take = (end: number, type: TokenType): void => {
    if (end > start && (!best || end > best.end)) best = { end, type };
  };
  if (isIdentStart(c)) {
    let i = p + 1;
    while (isIdentPart(s.charCodeAt(i))) i++;
    const word = s.slice(p, i);
    take(i, wordType(word));
  }
  if (c === 34 || c === 39 || c === 114 || c === 82) {
    const a = scanString(s, p);
    if (a.accept >= 0) take(a.accept, T.STRING);
    else dead = Math.max(dead, a.dead);
  }
  if (c === 98 || c === 66) {
    const a = scanString(s, p + 1);
    if (a.accept >= 0) take(a.accept, T.BYTES);
    else if (s[p + 1] === '"' || s[p + 1] === "'" || ((s[p + 1] === "r" || s[p + 1] === "R") && (s[p + 2] === '"' || s[p + 2] === "'"))) {
      dead = Math.max(dead, a.dead);
    }
  }
  if (isDigit(c) || (c === 46 && isDigit(s.charCodeAt(p + 1)))) {
    const num = scanNumber(s, p);
    if (num) take(num.end, num.type);
  }
  if (c === 96) {
    let i = p + 1;
    while (i < s.length && isEscIdentPart(s.charCodeAt(i))) i++;
    if (i > p + 1 && s.charCodeAt(i) === 96) take(i + 1, T.ESC_IDENTIFIER);
    else dead = Math.max(dead, i);
  }
  const two = s.slice(p, p + 2);
  if (punct2[two] !== undefined) take(p + 2, punct2[two]!);
  const one = s[p]!;
  if (punct1[one] !== undefined) take(p + 1, punct1[one]!);
  if ((one === "&" || one === "|" || one === "=") && punct2[two] === undefined) dead = Math.max(dead, p + 1);
  const found = best as { end: number; type: TokenType } | undefined;
  if (found) {
    tokens.add(found.type, start, found.end);
    return found.end;
  }
  // ANTLR reports the text from the token start through the failing character, then skips that character.
  let stop = dead >= 0 ? Math.min(dead, s.length) : start;
  if (stop < s.length) {
    const cp = s.codePointAt(stop)!;
    stop += cp > 0xffff ? 2 : 1;
  }
  errors.push({ offset: start, message: `token recognition error at: '${escapeErrorText(codePointText(s, start, stop))}'` });
  return stop;
}

/** Escapes newlines and tabs the way ANTLR shows offending text in messages. */
export function escapeErrorText(text: string): string {
  return text.replace(/\n/g, "\\n").replace(/\r/g, "\\r").replace(/\t/g, "\\t");
}

const simpleEscapes: Readonly<Record<string, number>> = {
  a: 7, b: 8, f: 12, n: 10, r: 13, t: 9, v: 11, "\\": 92, "'": 39, '"': 34, "`": 96, "?": 63,
};

const utf8 = new TextEncoder();

/**
 * Decodes a STRING token's text (`"…"`, `'''…'''`, `r"…"`; for BYTES without the `b`) as cel-go does:
 * `\r\n` and `\r` become `\n`; in bytes `\x`/octal escapes are raw bytes and `\u`/`\U` are rejected.
 */
export function unescapeLiteral(token: string, isBytes: boolean): { value: string | Uint8Array } | { error: string } {
  let v = token.indexOf("\r") >= 0 ? token.replace(/\r\n?/g, "\n") : token;
  let raw = false;
  if (v[0] === "r" || v[0] === "R") {
    raw = true;
    v = v.slice(1);
  }
  const n = v.length;
  if (n < 2 || v[0] !== v[n - 1] || (v[0] !== '"' && v[0] !== "'")) return { error: "unable to unescape string" };
  const body = n >= 6 && (v.startsWith("'''") || v.startsWith('"""')) ? v.slice(3, n - 3) : v.slice(1, n - 1);
  if (raw || !body.includes("\\")) return { value: isBytes ? utf8.encode(body) : body };
  const out: number[] = []; // code points (string) or bytes (bytes)
  const pushChar = (cp: number): void => {
    if (isBytes) out.push(...utf8.encode(String.fromCodePoint(cp)));
    else out.push(cp);
  };
  let i = 0;
  while (i < body.length) {
    const cp = body.codePointAt(i)!;
    if (cp !== 92) {
      pushChar(cp);
      i += cp > 0xffff ? 2 : 1;
      continue;
    }
    if (i + 1 >= body.length) return { error: "unable to unescape string, found '\\' as last character" };
    const e = body[i + 1]!;
    i += 2;
    const simple = simpleEscapes[e];
    if (simple !== undefined) {
      out.push(simple);
      continue;
    }
    if (e === "x" || e === "X" || e === "u" || e === "U") {
      const len = e === "u" ? 4 : e === "U" ? 8 : 2;
      if (isBytes && len > 2) return { error: "unable to unescape string" };
      const hex = body.slice(i, i + len);
      if (hex.length < len || !/^[0-9a-fA-F]+$/.test(hex)) return { error: "unable to unescape string" };
      const val = parseInt(hex, 16);
      i += len;
      if (isBytes) out.push(val);
      else if (!validRune(val)) return { error: "invalid unicode code point" };
      else out.push(val);
      continue;
    }
    if (e >= "0" && e <= "3") {
      const oct = body.slice(i, i + 2);
      if (oct.length < 2 || !/^[0-7]{2}$/.test(oct)) return { error: "unable to unescape octal sequence in string" };
      const val = parseInt(e + oct, 8);
      i += 2;
      out.push(val);
      continue;
    }
    return { error: "unable to unescape string" };
  }
  if (isBytes) return { value: Uint8Array.from(out) };
  let s = "";
  for (let k = 0; k < out.length; k += 4096) s += String.fromCodePoint(...out.slice(k, k + 4096));
  return { value: s };
}

function validRune(cp: number): boolean {
  return cp >= 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff);
}
