// What the threads of a parallel fn run exchange: a slice and the run's context (texts only:
// parsed objects are never sent, structured cloning them costs as much as admitting them) and
// the slice's outcome.
import type { AdmitPart, KrmResult } from "../../admission/index.js";

/**
 * One run of consecutive items for one thread to read, admit and write, as text: sent to its
 * thread as soon as the items' spans are found, so that the thread reads its items while the
 * pre-pass goes on.
 */
export interface SliceText {
  /** Column of the items' dashes. */
  indent: number;
  /** How many items the list has. */
  total: number;
  /** Index of the slice's first item. */
  first: number;
  /** The slice's text: its items' spans, contiguous. */
  text: string;
  /** `[start, end)` of each item in {@link text}, as the pre-pass found them. */
  spans: Array<[number, number]>;
}

/** What every slice's admission needs besides its own items, known at the end of the pre-pass. */
export interface SliceContext {
  /** The ResourceList's text without its items (the document around them). */
  frame: string;
  /** Items any item's admission may read (policies, bindings, params, Namespaces, CRDs, side inputs): index and text. */
  shared: Array<[index: number, text: string]>;
  /** When the run's time is up, in milliseconds since the Unix epoch (`performance.timeOrigin` + `performance.now()`). */
  deadline: number;
}

/** What a worker thread is sent, in this order: its slice, then the context (fn-worker.ts). */
export type SliceMessage = { slice: SliceText } | { context: SliceContext };

/** Why a slice cannot be admitted apart from the others: the whole run is done serially instead. */
export interface SliceFallback {
  kind: "fallback";
  reason: string;
}

/** A slice whose item ran out of the run's time: the run's only result (nothing admitted). */
export interface SliceTimedOut {
  kind: "timedOut";
  /** The item's index in the list. */
  index: number;
  result: KrmResult;
  /** See {@link SliceDone.refs}. */
  refs: string[];
}

/** A slice admitted and written. */
export interface SliceDone {
  kind: "done";
  /**
   * The slice's output (every item, changed or not): one text per item, or their UTF-8 bytes in one
   * buffer as a worker thread posts them (postedOutcome), written as they are.
   */
  output: string[] | Uint8Array;
  /** Results, counts and tally, with `file` set from the slice's own items. */
  part: AdmitPart;
  /** Names of the policies a binding of which matched an item of the slice. */
  matched: string[];
  /** The resourceRef key of each item of the slice (a result is located in the file of the first item with its reference). */
  refs: string[];
}

/** What a slice gave. */
export type SliceOutcome = SliceDone | SliceTimedOut | SliceFallback;
