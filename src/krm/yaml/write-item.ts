// Writes one changed item of a ResourceList with the fast js-yaml writer, restoring the styles
// of its source that kpt/kustomize would not (see style-hints.ts); new strings that need quotes
// get double quotes, as go-yaml writes them.
import yaml from "js-yaml";
import { deepEqual, type JsonValue } from "../../data/index.js";
import { dumpSchema, loadSchema, plainStringQuoted } from "./fast-yaml-schema.js";
import { blockDumpOptions, emitItems } from "./emit-items.js";
import { scanStyles, type ScalarStyle, type StyleHints } from "./style-hints.js";

/** Text written as is in place of a value (already quoted or a flow collection). */
class Verbatim {
  constructor(readonly text: string) {}
}

/** Key styles of the item being written (set only during one synchronous dump). */
let activeKeys: Map<string, ScalarStyle> | undefined;

const verbatimType = new yaml.Type("tag:kmutate.dev,2026:verbatim", {
  kind: "scalar",
  resolve: () => false,
  instanceOf: Verbatim,
  represent: (v: object) => (v as Verbatim).text,
});

// Keys are not passed to the replacer; this type catches hinted key strings (values that equal
// a hinted key are wrapped by the replacer first, so only keys reach it as strings).
const keyType = new yaml.Type("tag:kmutate.dev,2026:styled-key", {
  kind: "scalar",
  resolve: () => false,
  predicate: (v: unknown) => typeof v === "string" && activeKeys !== undefined && activeKeys.has(v),
  represent: (v: object) => {
    const s = v as unknown as string;
    return styled(s, activeKeys?.get(s) ?? "plain") ?? scalarText(s, true);
  },
});

const plainOptions = { ...blockDumpOptions, quotingType: '"' } as const;
const options = { ...plainOptions, schema: dumpSchema.extend({ implicit: [verbatimType, keyType] }) };

/** The writer's own text for a string, on one line (double-quoted with escapes when multi-line or `quoted`). */
function scalarText(s: string, quoted: boolean): string {
  const text = yaml.dump(s, quoted ? { ...plainOptions, forceQuotes: true } : plainOptions).slice(0, -1);
  return quoted || !text.includes("\n") ? text : scalarText(s, true);
}

// Single-line text of printable characters: safe inside either kind of quotes.
const PRINTABLE_LINE = /^[\x20-\x7e\u00a0-\ud7ff\ue000-\ufefe\uff00-\ufffd]*$/;

/** `value` written in `style`, or undefined when that style cannot hold it exactly. */
function styled(value: string, style: ScalarStyle): string | undefined {
  if (!PRINTABLE_LINE.test(value)) return undefined;
  if (style === "'") return `'${value.replace(/'/g, "''")}'`;
  if (style === "plain") return plainStringQuoted(value) ? value : undefined;
  return value.includes('"') || value.includes("\\") ? undefined : `"${value}"`;
}

/** The flow text written under `key` in the source that holds exactly `value`, if any. */
function sourceFlow(texts: readonly string[], value: JsonValue): string | undefined {
  for (const text of texts) {
    try {
      if (deepEqual(yaml.load(text, { schema: loadSchema }) as JsonValue, value)) return text;
    } catch {
      // not a complete flow collection on one line
    }
  }
  return undefined;
}

/** The replacer for one dump of `top` (changed items; `hints[i]` are the styles of item i). */
function replacer(top: readonly JsonValue[], hints: readonly (StyleHints | undefined)[]): (this: unknown, key: string, value: unknown) => unknown {
  let current: StyleHints | undefined;
  return function (this: unknown, key: string, value: unknown): unknown {
    if (this === top) {
      current = hints[Number(key)];
      activeKeys = current && current.keys.size > 0 ? current.keys : undefined;
      return value;
    }
    if (current === undefined) return value;
    const inSeq = Array.isArray(this);
    if (typeof value === "string") {
      const style = inSeq ? current.entries.get(value) : current.values.get(value)?.get(key);
      const text = style === undefined ? undefined : styled(value, style);
      if (text !== undefined) return new Verbatim(text);
      // A value equal to a hinted key: keep the writer's own choice (keyType is for keys only).
      if (current.keys.has(value)) return new Verbatim(scalarText(value, false));
      return value;
    }
    if (!inSeq && value !== null && typeof value === "object") {
      const texts = current.flows.get(key);
      const text = texts && sourceFlow(texts, value as JsonValue);
      if (text !== undefined) return new Verbatim(text);
    }
    return value;
  };
}

/** Which writer dumps the items: the fast emitter (js-yaml where it declines) or js-yaml alone. */
export type ItemWriter = "fast" | "js-yaml";

function dumpItems(items: readonly JsonValue[], sources: readonly string[], writer: ItemWriter, pad = ""): string {
  const hints = sources.map(scanStyles);
  const withHints = hints.some((h) => h !== undefined);
  try {
    const replace = withHints ? replacer(items, hints) : undefined;
    if (writer === "fast") {
      const out = emitItems(items, {
        pad,
        replacer: replace,
        keyText: (k) => (activeKeys?.has(k) ? styled(k, activeKeys.get(k) ?? "plain") ?? scalarText(k, true) : undefined),
        verbatim: (v) => (v instanceof Verbatim ? v.text : undefined),
      });
      if (out !== undefined) return out;
      activeKeys = undefined;
    }
    const out = yaml.dump(items, replace ? { ...options, replacer: replace } : options);
    return pad === "" ? out : out.replace(/^(?=.)/gm, pad);
  } finally {
    activeKeys = undefined;
  }
}

/**
 * Changed items as block sequence entries (`- …`, compact nested sequences), one string each,
 * with the quoting and flow styles of `sources[i]` (item i's original text) restored where its
 * values are unchanged, every line indented by `pad`. The fast writer writes item by item (small strings, flattened early, so
 * a 50,000-item list never becomes one huge rope); js-yaml dumps them at once (its per-call cost
 * is high) and the text is split at the entries, the only lines at column 0.
 */
export function writeItemsYaml(items: readonly JsonValue[], sources: readonly string[], writer: ItemWriter = "fast", pad = ""): string[] {
  if (items.length === 0) return [];
  if (writer === "fast") return items.map((item, i) => dumpItems([item], [sources[i]], writer, pad));
  const out = dumpItems(items, sources, writer, pad);
  const parts: string[] = [];
  let start = 0;
  const entry = "\n" + pad + "-";
  for (let i = out.indexOf(entry); i >= 0; i = out.indexOf(entry, i + 1)) {
    parts.push(out.slice(start, i + 1));
    start = i + 1;
  }
  parts.push(out.slice(start));
  if (parts.length === items.length) return parts;
  return items.map((item, i) => dumpItems([item], [sources[i]], writer, pad)); // not expected: split failed
}

/** One changed item as a block sequence entry; see {@link writeItemsYaml}. */
export function writeItemYaml(item: JsonValue, source: string, writer: ItemWriter = "fast"): string {
  return dumpItems([item], [source], writer);
}
