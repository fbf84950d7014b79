// Output of the fast path: copies the input text, patches the changed items in it (only changed
// entries rewritten) or re-serialises them (with the fast js-yaml writer), so kpt/kustomize, which
// restore comments and field order from the id annotations, see every untouched item exactly as it came in.
import { deepEqual, type JsonValue } from "../../data/index.js";
import type { KrmResult } from "../../admission/index.js";
import { findItemSpans } from "./item-spans.js";
import { patchItemText } from "./item-patch.js";
import { writeItemsYaml } from "./write-item.js";
import { resultsValue, writeYaml } from "./write.js";

/**
 * The output text, or undefined when the input layout is not the simple block layout (the caller
 * then re-serialises everything). `before` are the items as read from `text`; `patchable`: the
 * text was read by the block-YAML reader, so changed items are patched in place where their
 * layout allows (item-patch.ts) and re-serialised otherwise.
 */
export function spliceOutput(text: string, before: readonly JsonValue[], after: readonly JsonValue[], results: readonly KrmResult[], patchable = false): string | undefined {
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
    const source = text.slice(spans[i][0], spans[i][1]);
    parts.push(source);
    if (before[i] === after[i] || deepEqual(before[i], after[i])) continue;
    const patched = patchable ? patchItemText(source, indent, before[i], after[i]) : undefined;
    if (patched !== undefined) parts[i + 1] = patched;
    else changed.push(i);
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
