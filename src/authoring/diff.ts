// `kmutate apply --diff`: the changed documents of the input files as unified diffs, with file line
// numbers, each hunk attributed to the mutation steps admission reported for that object.
import type { KrmResult } from "../admission/index.js";
import { deepEqual, type JsonObject } from "../data/index.js";
import { resourceRefOf, writeStream, type StreamFile } from "../krm/index.js";
import { renderObjectDiff, type DiffPaint, type DiffStep } from "./diff-render.js";
import type { InvocationChange } from "../admission/index.js";
export type { InvocationChange };

function refKey(r: NonNullable<KrmResult["resourceRef"]>): string {
  return [r.apiVersion, r.kind, r.namespace ?? "", r.name].join("\u0000");
}

/**
 * Steps of each object from admission's `info` results (`mutated by policy 'p' with binding 'b', …`):
 * one step naming every invocation that changed the object, shown on each hunk. Admission does not
 * expose the object after each invocation, so hunks cannot be split between invocations yet.
 */
export function stepsFromResults(results: readonly KrmResult[]): (item: JsonObject) => DiffStep[] {
  const byRef = new Map<string, DiffStep[]>();
  for (const r of results) {
    if (r.severity !== "info" || !r.resourceRef || !r.tags?.policies) continue;
    const k = refKey(r.resourceRef);
    byRef.set(k, [...(byRef.get(k) ?? []), { label: r.message, paths: [] }]);
  }
  return (item) => byRef.get(refKey(resourceRefOf(item))) ?? [];
}

/** Context lines of a unified diff. */
const contextLines = 3;

/** Steps with exact paths from a per-invocation change list (labels worded as admission's `info` result). */
export function stepsFromChanges(changes: readonly InvocationChange[]): DiffStep[] {
  return changes.map((c) => ({
    label: `policy '${c.policy}' with binding '${c.binding}'${c.param !== undefined ? ` and param '${c.param}'` : ""}${c.pass === 2 ? " (reinvocation)" : ""}`,
    paths: c.paths,
  }));
}

function lineBreaks(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf("\n", from); i >= 0 && i < to; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

function lineCount(text: string): number {
  let n = 0;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) n++;
  return n + (text.length > 0 && !text.endsWith("\n") ? 1 : 0);
}

/**
 * Diffs of every changed document, painted by `paint`. `before`/`after` are the items in
 * `readStream` order; `stepsFor` names who changed an item (default: from admission's `info` results).
 */
export function streamDiff(
  files: readonly StreamFile[],
  before: readonly JsonObject[],
  after: readonly JsonObject[],
  results: readonly KrmResult[],
  paint: DiffPaint,
  stepsFor: (item: JsonObject, index: number) => DiffStep[] = stepsFromResults(results),
): string {
  let out = "";
  let k = 0;
  for (const file of files) {
    const { text, path } = file.source;
    const fileLines = text.split("\n");
    let delta = 0;
    let counted = 0;
    let linesBefore = 0;
    for (const d of file.docs) {
      if (d.value === undefined) continue;
      const i = k++;
      if (deepEqual(before[i], after[i])) continue;
      const oldText = text.slice(d.start, d.end);
      const newText = writeStream([{ source: file.source, docs: [d] }], [after[i]]);
      linesBefore += lineBreaks(text, counted, d.start);
      counted = d.start;
      const beforeLine = linesBefore;
      const docLines = oldText.split("\n").length - (oldText.endsWith("\n") ? 1 : 0);
      const tail = fileLines.slice(beforeLine + docLines, beforeLine + docLines + contextLines);
      if (tail.length > 0 && tail[tail.length - 1] === "" && beforeLine + docLines + tail.length === fileLines.length) tail.pop();
      const ref = resourceRefOf(before[i]);
      out += renderObjectDiff({
        file: path,
        object: `${ref.kind} ${ref.namespace ? ref.namespace + "/" : ""}${ref.name}`,
        before: oldText,
        after: newText,
        beforeLine,
        afterLine: beforeLine + delta,
        leading: fileLines.slice(Math.max(0, beforeLine - contextLines), beforeLine),
        trailing: tail,
        steps: stepsFor(before[i], i),
      }, paint);
      delta += lineCount(newText) - lineCount(oldText);
    }
  }
  return out;
}
