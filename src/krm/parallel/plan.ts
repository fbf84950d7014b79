// The serial pre-pass of a parallel fn run, in two steps: finds the items' spans and the document
// around them and cuts the list into slices (sent to the threads right away), then reads only the
// items every item's admission may read (policies, bindings, params, Namespaces, CRDs, side
// inputs) and prepares the run-level part of admission.
import { absentItem, loadPolicies, paramReaches, prepareAdmission, PreparedAdmission, resolveLimits, SIDE_INPUT_ANNOTATION, type AdmitOptions } from "../../admission/index.js";
import { getKey, isObject, type JsonObject } from "../../data/index.js";
import { checkResourceList } from "../resource-list.js";
import { readBlockDocument } from "../yaml/index.js";
import { aliasOutsideItsItem, itemAt, scanItemSpans } from "./item-region.js";
import { readOneItem, runOptions } from "./admit-slice.js";
import type { SliceContext, SliceText } from "./types.js";

/** A list cut into slices, with what the rest of the pre-pass reads. */
export interface ParallelCut {
  slices: SliceText[];
  /** The whole list's text, the items' spans in it and the column of their dashes. */
  text: string;
  spans: Array<[number, number]>;
  indent: number;
  /** The text before the first item and after the last one. */
  head: string;
  tail: string;
  /** The document around the items, read. */
  frame: JsonObject;
}

/** A run cut into slices and prepared, with what the main thread keeps to merge their outcomes. */
export interface ParallelPlan {
  slices: SliceText[];
  context: SliceContext;
  head: string;
  tail: string;
  /** Every item absent but the shared ones (see SliceContext.shared). */
  items: JsonObject[];
  options: AdmitOptions;
  prepared: PreparedAdmission;
}

/** Text that every item of the kinds read across items holds (a superset: the slices check the rest). */
const sharedMarkers = ["admissionregistration", "Namespace", "CustomResourceDefinition", SIDE_INPUT_ANNOTATION];

/** The list cut for `workers` threads (at least 2), or why the run is serial. */
export function cutSlices(text: string, workers: number): ParallelCut | { serial: string } {
  if (workers < 2) return { serial: "one worker" };
  if (!text.includes("admissionregistration")) return { serial: "no policy in the input" };
  const first = text.trimStart()[0];
  if (first === "{" || first === "[" || text.includes("\r")) return { serial: "not block YAML" };
  const found = scanItemSpans(text);
  if (!found || found.spans.length < workers) return { serial: "too few items, or not in the block layout" };
  const { spans, indent } = found;
  if (aliasOutsideItsItem(text, spans)) return { serial: "an alias names an anchor outside its item" };
  const head = text.slice(0, spans[0][0]);
  const end = spans[spans.length - 1][1];
  const tail = text.slice(end);
  const frame = readBlockDocument(head + tail);
  if (!frame || !isObject(frame.value) || getKey(frame.value, "items") !== null) return { serial: "the list around its items is outside the block reader's subset" };
  if (Object.prototype.hasOwnProperty.call(frame.value, "results")) return { serial: "the input has results" };
  if (checkResourceList({ ...frame.value, items: [] }).kind !== "ok") return { serial: "not a ResourceList" };
  const slices = sliceRanges(spans, workers).map(([from, to]): SliceText => {
    const start = spans[from][0];
    return { indent, total: spans.length, first: from, text: text.slice(start, spans[to - 1][1]), spans: spans.slice(from, to).map(([s, e]) => [s - start, e - start]) };
  });
  return { slices, text, spans, indent, head, tail, frame: frame.value };
}

/** The rest of the pre-pass on `cut`: the slices' context and the run prepared, or why the run is serial. */
export function planParallel(cut: ParallelCut): ParallelPlan | { serial: string } {
  const { text, spans, indent } = cut;
  const end = spans[spans.length - 1][1];
  const items: JsonObject[] = new Array<JsonObject>(spans.length).fill(absentItem);
  const shared: Array<[number, string]> = [];
  /**
   * Reads every item whose text holds one of `needles` and passes `wanted`; false if one cannot be
   * read alone. One regular expression for all needles: each `indexOf` of a needle is a pass over
   * the whole text (about 50 ms at 94 MB), the alternation one pass for all of them.
   */
  const take = (needles: readonly string[], wanted: (itemText: string) => boolean = () => true): boolean => {
    if (needles.length === 0) return true;
    const re = new RegExp([...new Set(needles)].map(escapeForRegExp).join("|"), "g");
    re.lastIndex = spans[0][0];
    for (let m = re.exec(text); m !== null && m.index < end; m = re.exec(text)) {
      const i = itemAt(spans, m.index);
      const itemText = text.slice(spans[i][0], spans[i][1]);
      if (items[i] === absentItem && wanted(itemText)) {
        const item = readOneItem(itemText, indent);
        if (!item) return false;
        items[i] = item;
        shared.push([i, itemText]);
      }
      re.lastIndex = spans[i][1];
    }
    return true;
  };
  if (!take(sharedMarkers)) return { serial: "an item cannot be read alone" };
  // Params: the objects some binding's paramRef can reach, by kind, name and namespace.
  const reaches = paramReaches(loadPolicies(items));
  const reached = (t: string): boolean => reaches.some((r) => t.includes(r.kind) && t.includes(r.name) && t.includes(r.namespace));
  if (!take(reaches.map((r) => r.name || r.namespace || r.kind), reached)) return { serial: "an item cannot be read alone" };
  shared.sort((a, b) => a[0] - b[0]);
  const config = runOptions(cut.frame, items);
  if (!config.ok) return { serial: config.reason };
  const prepared = prepareAdmission(items, config.options);
  if (!(prepared instanceof PreparedAdmission)) return { serial: "the run admits nothing" };
  const deadline = performance.timeOrigin + performance.now() + resolveLimits(config.options.limits).runTimeoutSeconds * 1000;
  const context: SliceContext = { frame: cut.head + cut.tail, shared, deadline };
  return { slices: cut.slices, context, head: cut.head, tail: cut.tail, items, options: config.options, prepared };
}

/**
 * How much more text the main thread's slice has than a worker's: a worker's text arrives
 * copied (0.3 s for 47 MB), and its output is encoded into bytes to be sent (0.2-0.4 s), while
 * the main thread reads the shared items meanwhile. At 50k x 10 (94 MB, two threads) the worker's
 * output reached the main thread 0.28-0.50 s after the main thread's own slice was done with equal
 * text, and before it at 1.17 (docs/performance.md, "Parallel admission").
 */
export const mainSliceWeight = 1.17;

/**
 * `[from, to)` item ranges, one per worker (at least one item each), of about equal text but the
 * first one's (the main thread's), {@link mainSliceWeight} times larger.
 */
function sliceRanges(spans: ReadonlyArray<[number, number]>, workers: number): Array<[number, number]> {
  const start = spans[0][0];
  const size = spans[spans.length - 1][1] - start;
  const weights = mainSliceWeight + workers - 1;
  const out: Array<[number, number]> = [];
  let from = 0;
  for (let w = 1; w < workers; w++) {
    const target = start + (size * (mainSliceWeight + w - 1)) / weights;
    let to = from + 1;
    while (to < spans.length - (workers - w) && spans[to][1] <= target) to++;
    out.push([from, to]);
    from = to;
  }
  out.push([from, spans.length]);
  return out;
}

/** `s` as a regular expression that matches it literally. */
function escapeForRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}
