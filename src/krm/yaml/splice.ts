// Output of the fast path: copies the input text, patches the changed items in it (only changed
// entries rewritten) or re-serialises them (with the fast js-yaml writer), so kpt/kustomize, which
// restore comments and field order from the id annotations, see every untouched item exactly as it came in.
import { deepEqual, isObject, type JsonObject, type JsonValue } from "../../data/index.js";
import type { KrmResult } from "../../admission/index.js";
import { readBlockDocument } from "./block-yaml.js";
import { findItemSpans } from "./item-spans.js";
import { patchItemText } from "./item-patch.js";
import { readDocument } from "./read.js";
import type { ItemSpans } from "../types.js";
import { writeItemsYaml } from "./write-item.js";
import { outputDocument, resultsValue, writeYaml } from "./write.js";

/**
 * The output text as pieces to write in order (mostly slices of `text`, so the output is never
 * copied whole), or undefined when it cannot be written into the input text (the caller then
 * re-serialises everything). `doc` is the document read from `text`, `before` its items and
 * `after` the items to write. `proven`: the item spans the block reader found (then changed items
 * are patched in place where their layout allows, see item-patch.ts, and each changed item's text
 * is made only when the pieces are iterated, so a large output is never held whole; each
 * iteration makes it again); without them the spans are guessed from indentation and the output
 * is kept only when it reads back as the output document.
 */
export function spliceOutput(text: string, proven: ItemSpans | undefined, doc: JsonObject, before: readonly JsonValue[], after: JsonValue[], results: readonly KrmResult[]): Iterable<string> | undefined {
  // A stale `results` is replaced by the re-serialising writer.
  if (Object.prototype.hasOwnProperty.call(doc, "results")) return undefined;
  const found = proven ?? findItemSpans(text, before.length);
  if (!found || found.spans.length === 0 || found.spans.length !== before.length) return undefined;
  if (proven !== undefined) return { [Symbol.iterator]: () => splice(text, found, before, after, results, true) };
  const out = [...splice(text, found, before, after, results, false)].join("");
  if (out === text) return [out];
  const back = readDocument(out);
  return back.ok && deepEqual(back.value, outputDocument(doc, after, results)) ? [out] : undefined;
}

function* splice(text: string, found: ItemSpans, before: readonly JsonValue[], after: readonly JsonValue[], results: readonly KrmResult[], patchable: boolean): Generator<string, void, undefined> {
  const { spans } = found;
  yield text.slice(0, spans[0][0]);
  let last = "";
  for (const piece of itemPieces(text, found, before, after, patchable)) {
    last = piece;
    yield piece;
  }
  yield withResults(text.slice(spans[spans.length - 1][1]), last.endsWith("\n"), results);
}

/**
 * The output text of each item whose span is in `found`: its source text when it is unchanged
 * (`before[i]` to `after[i]`), else patched in place (`patchable`: the spans are proven and the
 * item's layout allows it, see item-patch.ts) or re-serialised.
 */
export function spliceItems(text: string, found: ItemSpans, before: readonly JsonValue[], after: readonly JsonValue[], patchable: boolean): string[] {
  return [...itemPieces(text, found, before, after, patchable)];
}

/** {@link spliceItems}, one item's text at a time. */
function* itemPieces(text: string, { spans, indent, patchable: layout, anchored }: ItemSpans, before: readonly JsonValue[], after: readonly JsonValue[], patchable: boolean): Generator<string, void, undefined> {
  const pad = " ".repeat(indent);
  for (let i = 0; i < spans.length; i++) {
    const source = text.slice(spans[i][0], spans[i][1]);
    if (before[i] === after[i] || deepEqual(before[i], after[i])) {
      yield source;
      continue;
    }
    let patched = patchable && (layout?.[i] ?? true) ? patchItemText(source, indent, before[i], after[i]) : undefined;
    if (patched !== undefined && anchored?.[i] && !readsAs(patched, after[i])) patched = undefined;
    yield patched ?? writeItemsYaml([after[i]], [source], "fast", pad)[0];
  }
}

/**
 * The text after the items (`tail`) with the `results` written at its end; `lastItemEndsLine`:
 * whether the output text of the last item ends with a newline (one is added when neither does).
 */
export function withResults(tail: string, lastItemEndsLine: boolean, results: readonly KrmResult[]): string {
  if (results.length === 0) return tail;
  let out = tail;
  if (out !== "" && !out.endsWith("\n")) out += "\n";
  else if (out === "" && !lastItemEndsLine) out = "\n";
  return out + writeYaml({ results: resultsValue(results) });
}

/**
 * Whether a patched item text (one `items` entry) reads as `value` on its own. For an item holding
 * anchors this is the proof that its patch is right in place: the copied text may hold an alias
 * whose anchored node changed, or an anchor dropped with a rewritten entry. Its aliases name only
 * its own anchors (the reader checked the item this way), and its anchors are a subset of those
 * of its source (the emitter writes none), which no alias outside the item named; so the item
 * reads the same inside the output.
 */
function readsAs(itemText: string, value: JsonValue): boolean {
  const read = readBlockDocument("items:\n" + itemText);
  const items = read !== undefined && isObject(read.value) ? read.value.items : undefined;
  return Array.isArray(items) && items.length === 1 && read?.items?.spans.length === 1 && deepEqual(items[0], value);
}
