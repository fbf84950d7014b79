// Styles of a changed item's source that kpt and kustomize do not restore (they restore comments
// and field order): quoted and YAML-1.1-look-alike plain scalars, quoted keys, one-line flow
// collections. Found line by line; re-applied by key and value when the item is re-serialised.
import { LOOKALIKE_FIRST, plainStringQuoted } from "./fast-yaml-schema.js";

/** How a scalar was written: in single or double quotes, or plain. */
export type ScalarStyle = "'" | '"' | "plain";

/** The styles found in one item's source text. */
export interface StyleHints {
  /** Mapping values: value → key → style (looked up by value first: most values have no hint). */
  values: Map<string, Map<string, ScalarStyle>>;
  /** Sequence entries: value → style. */
  entries: Map<string, ScalarStyle>;
  /** Mapping keys written quoted, or plain though the writer would quote them. */
  keys: Map<string, ScalarStyle>;
  /** Key → the one-line flow collections (`[a, "b"]`, `{x: 1}`) written under it. */
  flows: Map<string, string[]>;
}

const DQ = String.raw`"(?:[^"\\\n]|\\.)*"`;
const SQ = String.raw`'(?:[^'\n]|'')*'`;
const PLAIN_KEY = String.raw`[^\s'"#\-\[\]{}?,|>&*!%@\x60][^\n]*?`;
const PLAIN_TOKEN = String.raw`[^\s'"#\[\]{},&*!|>%@\x60][^\s#]*`;
const FLOW = String.raw`[\[{][^\n]*?`;
// One line: dashes of sequence entries, an optional key, an optional value, an optional comment.
// Sticky: matched at a line start only.
const LINE_AT = new RegExp(String.raw`^[ ]*((?:-[ ]+)*)(?:(${DQ}|${SQ}|${PLAIN_KEY}):(?:[ ]+|$))?(${DQ}|${SQ}|${FLOW}|${PLAIN_TOKEN})?[ ]*(?:#[^\n]*)?$`, "my");

function scalar(text: string): { value: string; style: ScalarStyle } | undefined {
  const q = text[0];
  if (q === "'") return { value: text.slice(1, -1).replace(/''/g, "'"), style: "'" };
  if (q !== '"') return plainStringQuoted(text) ? { value: text, style: "plain" } : undefined;
  const inner = text.slice(1, -1);
  if (!inner.includes("\\")) return { value: inner, style: '"' };
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === "string" ? { value: v, style: '"' } : undefined;
  } catch {
    return undefined; // a YAML-only escape: the writer picks the style
  }
}

// A line without quotes, flow brackets or a token starting like a look-alike (LOOKALIKE_FIRST)
// gives no hint.

/** Whether the line `[start, end)` can hold a style worth restoring (a cheap pre-check). */
function mayHint(text: string, start: number, end: number): boolean {
  let tokenStart = true;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 39 || c === 34 || c === 91 || c === 123) return true; // ' " [ {
    if (c === 32) {
      tokenStart = true;
      continue;
    }
    if (c === 35 && tokenStart) return false; // a comment: nothing after it counts
    if (tokenStart && LOOKALIKE_FIRST.has(c)) return true;
    tokenStart = false;
  }
  return false;
}

/** The styles of `source` (one item's YAML), or undefined when nothing needs restoring. */
export function scanStyles(source: string): StyleHints | undefined {
  const hints: StyleHints = { values: new Map(), entries: new Map(), keys: new Map(), flows: new Map() };
  let found = false;
  for (let pos = 0; pos < source.length; ) {
    let end = source.indexOf("\n", pos);
    if (end < 0) end = source.length;
    if (mayHint(source, pos, end)) {
      LINE_AT.lastIndex = pos;
      const m = LINE_AT.exec(source);
      if (m !== null && m[0] !== "" && record(hints, m)) found = true;
    }
    pos = end + 1;
  }
  return found ? hints : undefined;
}

/** Adds what one matched line says; true when it added a hint. */
function record(hints: StyleHints, m: RegExpExecArray): boolean {
  const [, dashes, rawKey, rawValue] = m;
  let found = false;
  let key: string | undefined;
  if (rawKey !== undefined) {
    const k = scalar(rawKey.startsWith('"') || rawKey.startsWith("'") ? rawKey : rawKey.trimEnd());
    key = k ? k.value : rawKey.trimEnd();
    // A plain `<<` is a merge key, not the string "<<": written plain, that string would merge.
    if (k && !(k.style === "plain" && k.value === "<<")) {
      hints.keys.set(k.value, k.style);
      found = true;
    }
  }
  if (rawValue === undefined) return found;
  if (rawValue[0] === "[" || rawValue[0] === "{") {
    if (key === undefined || rawValue === "[]" || rawValue === "{}") return found;
    const list = hints.flows.get(key);
    if (list) list.push(rawValue);
    else hints.flows.set(key, [rawValue]);
    return true;
  }
  const v = scalar(rawValue);
  if (!v) return found;
  if (key !== undefined) {
    const byKey = hints.values.get(v.value);
    if (byKey) byKey.set(key, v.style);
    else hints.values.set(v.value, new Map([[key, v.style]]));
  }
  else if (dashes !== "") hints.entries.set(v.value, v.style);
  else return found;
  return true;
}
