// Output of the fast path: copies the input text and re-serialises only the items that changed
// (with the fast js-yaml writer), so kpt/kustomize, which restore comments and field order from
// the id annotations, see every untouched item exactly as it came in.
import { deepEqual, type JsonValue } from "../data/index.js";
import type { KrmResult } from "../admission/index.js";
import { findItemSpans } from "./item-spans.js";
import { writeItemsYaml } from "./write-item.js";
import { resultsValue, writeYaml } from "./write.js";

/**
 * The output text, or undefined when the input layout is not the simple block layout (the caller
 * then re-serialises everything). `before` are the items as read from `text`.
 */
export function spliceOutput(text: string, before: readonly JsonValue[], after: readonly JsonValue[], results: readonly KrmResult[]): string | undefined {
  const found = findItemSpans(text, before.length);
  if (!found || found.spans.length === 0) return undefined;
  const { spans, indent } = found;
  const head = text.slice(0, spans[0][0]);
  let tail = text.slice(spans[spans.length - 1][1]);
  // A stale `results` is replaced, and results cannot be appended after a document end marker.
  if (/^results:/m.test(head) || /^(?:results:|---|\.\.\.)/m.test(tail)) return undefined;
  const parts: string[] = [head];
  const changed: number[] = [];
  for (let i = 0; i < spans.length; i++) {
    parts.push(text.slice(spans[i][0], spans[i][1]));
    if (before[i] !== after[i] && !deepEqual(before[i], after[i])) changed.push(i);
  }
  const rendered = writeItemsYaml(changed.map((i) => after[i]), changed.map((i) => parts[i + 1]), "fast", " ".repeat(indent));
  changed.forEach((i, k) => {
    parts[i + 1] = rendered[k];
  });
  if (results.length > 0) {
    if (tail !== "" && !tail.endsWith("\n")) tail += "\n";
    else if (tail === "" && !parts[parts.length - 1].endsWith("\n")) tail = "\n";
    tail += writeYaml({ results: resultsValue(results) });
  }
  parts.push(tail);
  return parts.join("");
}
