// One thread's share of a parallel fn run: reads its slice of the list from its text (as soon as
// it is sent), then the shared items; admits the slice's items and writes their output text — or
// says why the run must be done serially (what it cannot prove equal to the serial run).
import { absentItem, AdmitAccumulator, prepareAdmission, PreparedAdmission, resourceRefOf, type AdmitOptions } from "../../admission/index.js";
import { getKey, isObject, type JsonObject, type JsonValue } from "../../data/index.js";
import { parseFunctionConfig } from "../function-config.js";
import { checkItem } from "../resource-list.js";
import { refKey, withFiles } from "../results.js";
import { isSideInput, loadSideInputItems } from "../side-inputs.js";
import type { ItemSpans } from "../types.js";
import { readBlockDocument, readBlockItems, spliceItems } from "../yaml/index.js";
import type { SliceContext, SliceFallback, SliceOutcome, SliceText } from "./types.js";

const fallback = (reason: string): SliceFallback => ({ kind: "fallback", reason });

/**
 * The options of a run from its functionConfig and the side inputs among `items` (as the serial
 * run derives them), or why they cannot be had here (an error, or files to read).
 */
export function runOptions(frame: JsonValue, items: readonly JsonObject[]): { ok: true; options: AdmitOptions } | { ok: false; reason: string } {
  const parsed = parseFunctionConfig(isObject(frame) ? getKey(frame, "functionConfig") : undefined);
  if (!parsed.ok) return { ok: false, reason: "the functionConfig has errors" };
  if (parsed.files.oldObjectsPath !== undefined || parsed.files.openapiPaths.length > 0) return { ok: false, reason: "the functionConfig names files" };
  const config = loadSideInputItems(items, parsed.options);
  if (!config.ok) return { ok: false, reason: "a side input has errors" };
  return { ok: true, options: config.options };
}

/** The one item read from one item's text, or undefined. */
export function readOneItem(text: string, indent: number): JsonObject | undefined {
  const r = readBlockItems(text, indent);
  const v = r?.values.length === 1 ? r.values[0] : undefined;
  return isObject(v) ? v : undefined;
}


/** A slice's items, read from its text as the whole list's reading would give them. */
export interface ReadSlice {
  slice: SliceText;
  /** The slice's items, in order. */
  items: JsonObject[];
  spans: ItemSpans;
}

/** Reads the items of `slice`, or says why the run must be done serially. */
export function readSlice(slice: SliceText): ReadSlice | SliceFallback {
  const own = readBlockItems(slice.text, slice.indent);
  if (!own) return fallback("a slice of the items is outside the block reader's subset");
  const spans = provenSpans(own.items, slice);
  if (!spans) return fallback("the block reader found other item spans than the pre-pass");
  const inputs = own.values;
  for (let k = 0; k < inputs.length; k++) {
    if (checkItem(inputs[k], slice.first + k)) return fallback("an item is not a Kubernetes object");
  }
  return { slice, items: inputs as JsonObject[], spans };
}

/** Admits and writes the items of a slice read by {@link readSlice}. */
export function admitReadSlice(read: ReadSlice, context: SliceContext): SliceOutcome {
  const { slice, items: ownItems } = read;
  const frame = readBlockDocument(context.frame);
  if (!frame) return fallback("the list around its items is outside the block reader's subset");
  const items: JsonObject[] = new Array<JsonObject>(slice.total).fill(absentItem);
  const shared = new Set<number>();
  for (const [index, text] of context.shared) {
    const item = readOneItem(text, slice.indent);
    if (!item) return fallback(`item ${index + 1} cannot be read alone`);
    items[index] = item;
    shared.add(index);
  }
  for (let k = 0; k < ownItems.length; k++) items[slice.first + k] = ownItems[k];
  const config = runOptions(frame.value, items);
  if (!config.ok) return fallback(config.reason);
  const options: AdmitOptions = { ...config.options, runEnd: context.deadline - performance.timeOrigin };
  const prepared = prepareAdmission(items, options);
  if (!(prepared instanceof PreparedAdmission)) return fallback("the run admits nothing");
  for (let k = 0; k < ownItems.length; k++) {
    const item = ownItems[k];
    if (!shared.has(slice.first + k) && (prepared.readAcross(item) || isSideInput(item))) {
      return fallback(`item ${slice.first + k + 1} is read by the admission of other items but the pre-pass did not find it`);
    }
  }
  const acc = new AdmitAccumulator(undefined, options, slice.total);
  for (let k = 0; k < ownItems.length; k++) {
    const step = prepared.admitAt(slice.first + k);
    if ("summary" in step) {
      return { kind: "timedOut", index: slice.first + k, result: withFiles(step.results, ownItems)[0], refs: refsOf(ownItems) };
    }
    acc.add(step);
  }
  // A rename is checked against the identities of every item, which only the whole run knows.
  if (prepared.run.identities.renamed > 0) return fallback("a policy renamed an object");
  const part = acc.part();
  part.results = withFiles(part.results, ownItems);
  const output = spliceItems(slice.text, read.spans, ownItems, acc.out, true);
  return { kind: "done", output, part, matched: [...prepared.run.matched], refs: refsOf(ownItems) };
}

/** Reads, admits and writes `slice` (the main thread's own slice). */
export function admitSlice(slice: SliceText, context: SliceContext): SliceOutcome {
  const read = readSlice(slice);
  return "kind" in read ? read : admitReadSlice(read, context);
}

/**
 * `outcome` as a worker thread posts it, with the buffers to move rather than copy: a done
 * slice's output as UTF-8 bytes, encoded into one buffer. Its texts (or one string of them) are
 * copied out of the worker, into the main thread's heap, then encoded to be written: 0.4 s at
 * the end of a 94 MB run; the bytes are moved and written as they are.
 */
export function postedOutcome(outcome: SliceOutcome): { outcome: SliceOutcome; transfer: ArrayBuffer[] } {
  if (outcome.kind !== "done" || !Array.isArray(outcome.output)) return { outcome, transfer: [] };
  let size = 0;
  for (const piece of outcome.output) size += Buffer.byteLength(piece);
  const bytes = Buffer.allocUnsafeSlow(size);
  let at = 0;
  for (const piece of outcome.output) at += bytes.write(piece, at);
  return { outcome: { ...outcome, output: bytes }, transfer: [bytes.buffer] };
}

function refsOf(items: readonly JsonObject[]): string[] {
  return items.map((item) => refKey(resourceRefOf(item)));
}

/**
 * The spans the block reader found, as reading the whole list would give them, when they are the
 * pre-pass's: a slice's last item reaches to the next slice (blank and comment lines included),
 * and the list's last item ends where the pre-pass said. Undefined when they differ.
 */
function provenSpans(found: ItemSpans, slice: SliceText): ItemSpans | undefined {
  const got = found.spans;
  const want = slice.spans;
  if (got.length !== want.length) return undefined;
  const lastOfList = slice.first + want.length === slice.total;
  for (let i = 0; i < want.length; i++) {
    if (got[i][0] !== want[i][0]) return undefined;
    const end = i === want.length - 1 && !lastOfList ? slice.text.length : got[i][1];
    if (end !== want[i][1]) return undefined;
  }
  return { ...found, spans: want };
}
