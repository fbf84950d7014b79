// Style-keeping output of the fast path: copies the input text and re-renders only the items
// that changed (node by node with the `yaml` Document API), so kpt/kustomize, which restore
// comments but not quoting or flow styles, see every untouched item exactly as it came in.
import { isSeq, parseDocument, type Node } from "yaml";
import { deepEqual, type JsonValue } from "../data/index.js";
import type { KrmResult } from "../admission/index.js";
import { documentValue } from "./doc-value.js";
import { findItemSpans } from "./item-spans.js";
import { updateNode } from "./node-update.js";
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
  for (let i = 0; i < spans.length; i++) {
    const span = text.slice(spans[i][0], spans[i][1]);
    if (before[i] === after[i] || deepEqual(before[i], after[i])) {
      parts.push(span);
      continue;
    }
    const changed = renderItem(span, indent, after[i]);
    if (changed === undefined) return undefined;
    parts.push(changed);
  }
  if (results.length > 0) {
    if (tail !== "" && !tail.endsWith("\n")) tail += "\n";
    else if (tail === "" && !parts[parts.length - 1].endsWith("\n")) tail = "\n";
    tail += writeYaml({ results: resultsValue(results) });
  }
  parts.push(tail);
  return parts.join("");
}

/** Re-renders one item span (`- …` at `indent`) with its value replaced by `after`. */
function renderItem(span: string, indent: number, after: JsonValue): string | undefined {
  const doc = parseDocument(span, { intAsBigInt: true, prettyErrors: false });
  if (doc.errors.length > 0 || !isSeq(doc.contents) || doc.contents.items.length !== 1) return undefined;
  const v = documentValue(doc);
  if (!v.ok || !Array.isArray(v.value)) return undefined;
  const seq = doc.contents;
  (seq.items as Node[])[0] = updateNode(seq.items[0] as Node, v.value[0], after);
  const out = doc.toString({ lineWidth: 0, indentSeq: false, flowCollectionPadding: false });
  if (indent === 0) return out;
  const pad = " ".repeat(indent);
  return out.replace(/^(?=.)/gm, pad);
}
