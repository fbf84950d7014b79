// The krm layer's contract: input formats, error codes with source offsets, and what reading
// a ResourceList yields.
import type { JsonObject, JsonValue } from "../data/index.js";

/** Text format of a ResourceList or document; output uses the input's format. */
export type Format = "yaml" | "json";

/** Every error code the krm layer reports (documented in docs/05_errors.md). */
export type KrmErrorCode =
  | "EMPTY_INPUT"
  | "BINARY_INPUT"
  | "YAML_SYNTAX"
  | "JSON_SYNTAX"
  | "MULTIPLE_DOCUMENTS"
  | "ALIAS_EXPANSION"
  | "NOT_RESOURCE_LIST"
  | "ITEMS_MISSING"
  | "ITEMS_NOT_LIST"
  | "ITEM_NOT_MAPPING"
  | "ITEM_MISSING_FIELD"
  | "FUNCTION_CONFIG"
  | "SIDE_INPUT"
  | "UNREPRESENTABLE";

/** A bad-input error: a code, a one-line message and, when known, source offsets `[start, end]`. */
export interface KrmError {
  code: KrmErrorCode;
  message: string;
  /** Offsets into the source text (UTF-16 code units). */
  pos?: [number, number];
  /** Path of the offending field, e.g. `items[2].metadata.name`. */
  field?: string;
}

/** Where the items of a block-style ResourceList sit in its text. */
export interface ItemSpans {
  /** Column of the `-` of each item. */
  indent: number;
  /**
   * `[start, end)` of each item, in order: from its dash's line start to the next item's, the last
   * one to the end of its last content line and the blank and comment lines after it indented past
   * the dashes. Contiguous from the first item to the last.
   */
  spans: Array<[number, number]>;
  /**
   * Whether item i's text is in the layout item-patch.ts rewrites in place (no multi-line quoted
   * scalar, whose continuation lines may sit at any indentation); a changed item that is not is
   * re-serialised whole. Absent: every item is.
   */
  patchable?: boolean[];
  /**
   * Whether item i's text holds anchors, aliases or merge keys (each alias names an anchor of its
   * own item); a changed item that does is patched in place only when its patched text reads back
   * as its new value. Absent: no item does.
   */
  anchored?: boolean[];
}

/**
 * A value read from text, or the errors that prevented it. `itemSpans`: the text was read by
 * kmutate's block-YAML reader (no tags, no alias across items), which found these item spans, so
 * changed items can be written into the text in place.
 */
export type ReadResult<T> = { ok: true; value: T; format: Format; itemSpans?: ItemSpans } | { ok: false; errors: KrmError[] };

/** A ResourceList as read: the whole document (kept for writing back) and its parts. */
export interface ResourceList {
  /** The whole input document; `items` and `results` are replaced when writing. */
  doc: JsonObject;
  items: JsonObject[];
  functionConfig: JsonValue | undefined;
}
