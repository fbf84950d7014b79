// A block-YAML writer for the changed items of fn mode: the same text as js-yaml's `dump` with
// write-item.ts's options (2-space indent, compact nested sequences, no folding, double quotes,
// a replacer, flow style past 32 levels), about twice as fast. Structure is written directly;
// strings take a plain fast path or js-yaml's own text (memoised). Shapes it does not cover
// return undefined. Flow-style values are js-yaml's text, without the replacer's styles.
import yaml from "js-yaml";
import { JsonFloat, type JsonValue } from "../../data/index.js";
import { dumpSchema, yamlFloatText } from "./fast-yaml-schema.js";
import { intText } from "./numbers.js";

/** What the caller adds to plain js-yaml: a replacer, styled keys, verbatim values, quotes. */
export interface EmitHooks {
  /** js-yaml's `quotingType`. Default: `"`. */
  quotingType?: "'" | '"';
  /** Spaces put before every non-empty line (the output indented as a whole). Default: "". */
  pad?: string;
  /** Called like js-yaml's `replacer` (this = container, key as a string). Default: none. */
  replacer?: (this: unknown, key: string, value: unknown) => unknown;
  /** The text of a key the caller styles, else undefined (the writer's choice). */
  keyText(key: string): string | undefined;
  /** The text of a value the caller wrote itself, else undefined. */
  verbatim(value: unknown): string | undefined;
  /**
   * Called when a key or string (or a flow collection) is written with a `+` in its text, which
   * a block scalar header with keep chomping (`|+`) or a look-alike (`a|+`) needs; verbatim
   * values are not looked at. Default: none.
   */
  plus?(): void;
}

/**
 * Deepest (indentation) level written in block style; deeper non-empty collections are written
 * in flow style on one line, as js-yaml does with `flowLevel: maxBlockLevel + 1`. Block style
 * indents every level, so a deeply nested changed item would be written in text quadratic in
 * its depth (10 KB of 900-deep mappings: 1.6 MB).
 */
export const maxBlockLevel = 32;

/** js-yaml's dump options for the same layout as this writer (block style to {@link maxBlockLevel}). */
export const blockDumpOptions = { schema: dumpSchema, noRefs: true, lineWidth: -1, noArrayIndent: true, flowLevel: maxBlockLevel + 1 } as const;

const doubleOptions = { ...blockDumpOptions, quotingType: '"' } as const;
const singleOptions = { ...blockDumpOptions, quotingType: "'" } as const;
const flowOptions = { '"': { ...doubleOptions, flowLevel: 0 }, "'": { ...singleOptions, flowLevel: 0 } } as const;

// Plain without a second look (SIMPLE): a letter, `_` or `/` first, then only [A-Za-z0-9_./-].
// Plain too (SENTENCE): a letter first, then printable ASCII without `#` and `:` (so no ` #` or
// `: `), not ending in a space: js-yaml's plain-scalar rules in block context, which no implicit
// type of the dump schema resolves unless it is one of the RESERVED words (core schema, YAML 1.1
// booleans; numbers start with a digit, sign or dot). A table per ASCII character, one loop per
// string (faster than the two regular expressions it replaces on the short strings written here).
const SIMPLE = 1, SENTENCE = 2;
const charClass = new Uint8Array(128);
for (let c = 0x20; c < 0x7f; c++) if (c !== 0x23 && c !== 0x3a) charClass[c] = SENTENCE;
for (const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_./-") charClass[c.charCodeAt(0)] |= SIMPLE;
const RESERVED = new Set(["null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE",
  "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF"]);
/** Longest RESERVED word. */
const RESERVED_MAX = 5;

const isLetter = (c: number): boolean => (c | 32) >= 97 && (c | 32) <= 122;

/** {@link plainKind}: not written plain; plain; plain and holding a `+`. */
const QUOTED = 0, PLAIN = 1, PLAIN_PLUS = 2;

/**
 * Whether `s` is written plain as it is — SIMPLE (when `sentence` is false), or SIMPLE or
 * SENTENCE, and not a RESERVED word — and whether it then holds a `+` (see EmitHooks.plus).
 */
function plainKind(s: string, sentence: boolean): number {
  const n = s.length;
  if (n === 0) return QUOTED;
  const c0 = s.charCodeAt(0);
  const letter = isLetter(c0);
  if (!letter && c0 !== 95 /* _ */ && c0 !== 47 /* / */) return QUOTED;
  let i = 1;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (c >= 128 || (charClass[c] & SIMPLE) === 0) break;
    i++;
  }
  if (i === n) return n > RESERVED_MAX || !RESERVED.has(s) ? PLAIN : QUOTED;
  // not SIMPLE, so no RESERVED word (letters only): a SENTENCE has a letter first, no space last
  if (!sentence || !letter || s.charCodeAt(n - 1) === 32) return QUOTED;
  let plus = false;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c >= 128 || (charClass[c] & SENTENCE) === 0) return QUOTED;
    if (c === 43 /* + */) plus = true;
  }
  return plus ? PLAIN_PLUS : PLAIN;
}

/** Tells the hooks when `text` (a key or scalar as written) holds a `+`. */
function notePlus(text: string, hooks: EmitHooks): void {
  if (hooks.plus !== undefined && text.includes("+")) hooks.plus();
}

class Unsupported {}
const unsupported = new Unsupported();

/** js-yaml's text of a string value at level 0 (multi-line literals re-indented by the caller). */
const memos = { '"': new Map<string, string>(), "'": new Map<string, string>() };
function jsYamlText(s: string, quote: "'" | '"'): string {
  const memo = memos[quote];
  let t = memo.get(s);
  if (t === undefined) {
    t = yaml.dump(s, quote === '"' ? doubleOptions : singleOptions).slice(0, -1);
    if (memo.size < 100_000) memo.set(s, t);
  }
  return t;
}

function stringText(s: string, level: number, hooks: EmitHooks): string {
  const plain = plainKind(s, true);
  if (plain !== QUOTED) {
    if (plain === PLAIN_PLUS) hooks.plus?.();
    return s;
  }
  const quote = hooks.quotingType ?? '"';
  if (s === "") return quote + quote;
  const t = jsYamlText(s, quote);
  notePlus(t, hooks);
  const pad = hooks.pad ?? "";
  const nl = t.indexOf("\n");
  const extra = pad + " ".repeat(Math.max(0, 2 * level - 2));
  if (nl < 0 || extra === "") return t;
  // A literal block: its lines are indented 2 × max(1, level) (and by the pad).
  return t.slice(0, nl + 1) + t.slice(nl + 1).replace(/^(?=.)/gm, extra);
}

function keyText(k: string, hooks: EmitHooks): string {
  const styled = hooks.keyText(k);
  if (styled === undefined && plainKind(k, false) === PLAIN) {
    if (k.length > 1024) throw unsupported; // an explicit `? key`
    return k; // no `+`, no line break
  }
  const quote = hooks.quotingType ?? '"';
  const t = styled ?? (k === "" ? quote + quote : jsYamlText(k, quote));
  if (t.length > 1024 || t.includes("\n")) throw unsupported; // an explicit `? key`, or a multi-line key
  notePlus(t, hooks);
  return t;
}

function nodeText(level: number, v: unknown, compact: boolean, inSeq: boolean, hooks: EmitHooks): string {
  const verbatim = hooks.verbatim(v);
  if (verbatim !== undefined) return verbatim;
  switch (typeof v) {
    case "string":
      return stringText(v, level, hooks);
    case "number":
      return Number.isInteger(v) ? intText(v) : yamlFloatText(v);
    case "bigint":
      return intText(v);
    case "boolean":
      return v ? "true" : "false";
    case "object":
      if (v === null) return "null";
      if (v instanceof JsonFloat) return yamlFloatText(v.value);
      if (level > maxBlockLevel && isCollection(v) && !isEmptyCollection(v)) {
        const flow = yaml.dump(v, flowOptions[hooks.quotingType ?? '"']).slice(0, -1);
        notePlus(flow, hooks);
        return flow;
      }
      if (Array.isArray(v)) return v.length === 0 ? "[]" : seqText(!inSeq && level > 0 ? level - 1 : level, v, compact, hooks);
      if (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null) {
        return Object.keys(v).length === 0 ? "{}" : mapText(level, v as Record<string, unknown>, compact, hooks);
      }
  }
  throw unsupported;
}

/** A list or a plain mapping. */
function isCollection(v: object): boolean {
  return Array.isArray(v) || Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null;
}

/** An empty list or mapping (written `[]`, `{}` at any level). */
function isEmptyCollection(v: object): boolean {
  return Array.isArray(v) ? v.length === 0 : Object.keys(v).length === 0;
}

// "\n" + pad + 2 × level spaces, built once per (pad, level).
const newlines = new Map<string, string[]>();
function newline(level: number, hooks: EmitHooks): string {
  const pad = hooks.pad ?? "";
  let byLevel = newlines.get(pad);
  if (!byLevel) newlines.set(pad, (byLevel = []));
  return (byLevel[level] ??= "\n" + pad + " ".repeat(2 * level));
}

function seqText(level: number, seq: readonly unknown[], compact: boolean, hooks: EmitHooks): string {
  let out = "";
  for (let i = 0; i < seq.length; i++) {
    const value = hooks.replacer ? hooks.replacer.call(seq, String(i), seq[i]) : seq[i];
    if (!compact || out !== "") out += newline(level, hooks);
    const d = nodeText(level + 1, value, true, true, hooks);
    out += (d.charCodeAt(0) === 10 ? "-" : "- ") + d;
  }
  return out;
}

function mapText(level: number, map: Record<string, unknown>, compact: boolean, hooks: EmitHooks): string {
  let out = "";
  for (const k of Object.keys(map)) {
    const value = hooks.replacer ? hooks.replacer.call(map, k, map[k]) : map[k];
    if (!compact || out !== "") out += newline(level, hooks);
    const d = nodeText(level + 1, value, false, false, hooks);
    out += keyText(k, hooks) + (d.charCodeAt(0) === 10 ? ":" : ": ") + d;
  }
  return out;
}

/**
 * `key: value` as the one entry of a mapping, every line indented by `hooks.pad`: what
 * {@link emitItems} writes for `{ [key]: value }`, without building that object. Undefined for
 * shapes left to js-yaml.
 */
export function emitEntry(key: string, value: JsonValue, hooks: EmitHooks): string | undefined {
  try {
    const d = nodeText(1, hooks.replacer ? hooks.replacer.call({ [key]: value }, key, value) : value, false, false, hooks);
    return (hooks.pad ?? "") + keyText(key, hooks) + (d.charCodeAt(0) === 10 ? ":" : ": ") + d + "\n";
  } catch (e) {
    if (e === unsupported) return undefined;
    throw e;
  }
}

/**
 * `yaml.dump(items, options)` with write-item.ts's options (`quotingType` from the hooks), or
 * undefined for shapes left to js-yaml. `items` may be any JsonValue.
 */
export function emitItems(items: JsonValue | readonly JsonValue[], hooks: EmitHooks): string | undefined {
  try {
    const root = hooks.replacer ? hooks.replacer.call({ "": items }, "", items) : items;
    return (hooks.pad ?? "") + nodeText(0, root, true, false, hooks) + "\n";
  } catch (e) {
    if (e === unsupported) return undefined;
    throw e;
  }
}
