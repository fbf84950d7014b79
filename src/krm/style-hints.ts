// Styles of a changed item's source that kpt and kustomize do not restore (they restore comments
// and field order): quoted and YAML-1.1-look-alike plain scalars, quoted keys, one-line flow
// collections. Found line by line; re-applied by key and value when the item is re-serialised.
import { plainStringQuoted } from "./fast-yaml-schema.js";

/** How a scalar was written: in single or double quotes, or plain. */
export type ScalarStyle = "'" | '"' | "plain";

/** The styles found in one item's source text. */
export interface StyleHints {
  /** Mapping values: `key + "\0" + value` → style. */
  values: Map<string, ScalarStyle>;
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
const LINE = new RegExp(String.raw`^[ ]*((?:-[ ]+)*)(?:(${DQ}|${SQ}|${PLAIN_KEY}):(?:[ ]+|$))?(${DQ}|${SQ}|${FLOW}|${PLAIN_TOKEN})?[ ]*(?:#[^\n]*)?$`, "gm");

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

/** The styles of `source` (one item's YAML), or undefined when nothing needs restoring. */
export function scanStyles(source: string): StyleHints | undefined {
  const hints: StyleHints = { values: new Map(), entries: new Map(), keys: new Map(), flows: new Map() };
  let found = false;
  LINE.lastIndex = 0;
  for (let m = LINE.exec(source); m !== null; m = LINE.exec(source)) {
    if (m[0] === "") {
      LINE.lastIndex++;
      continue;
    }
    const [, dashes, rawKey, rawValue] = m;
    let key: string | undefined;
    if (rawKey !== undefined) {
      const k = scalar(rawKey.startsWith('"') || rawKey.startsWith("'") ? rawKey : rawKey.trimEnd());
      key = k ? k.value : rawKey.trimEnd();
      if (k) {
        hints.keys.set(k.value, k.style);
        found = true;
      }
    }
    if (rawValue === undefined) continue;
    if (rawValue[0] === "[" || rawValue[0] === "{") {
      if (key === undefined || rawValue === "[]" || rawValue === "{}") continue;
      const list = hints.flows.get(key);
      if (list) list.push(rawValue);
      else hints.flows.set(key, [rawValue]);
      found = true;
      continue;
    }
    const v = scalar(rawValue);
    if (!v) continue;
    if (key !== undefined) hints.values.set(key + "\0" + v.value, v.style);
    else if (dashes !== "") hints.entries.set(v.value, v.style);
    else continue;
    found = true;
  }
  return found ? hints : undefined;
}
