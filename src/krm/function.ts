// The KRM function: ResourceList bytes in → ResourceList text out, results, exit code. Bad input
// becomes error results in the output list, or one stderr line when no list can be written.
import { admit as realAdmit, type AdmitOptions, type AdmitOutput, type AdmitPhase, type AdmitSummary, type KrmResult } from "../admission/index.js";
import { timed, type JsonObject, type JsonValue, type PhaseHook } from "../data/index.js";
import { decodeText, formatError, outputDocument, readDecoded, spliceOutput, writeValueChunks, type DecodedInput, type InputText } from "./yaml/index.js";
import { parseFunctionConfig } from "./function-config.js";
import { checkResourceList } from "./resource-list.js";
import { errorResults, exitCodeOf, finalResults, withFiles } from "./results.js";
import { loadSideInputItems } from "./side-inputs.js";
import { StandIns } from "./stand-in-items.js";
import type { SideInputPaths } from "./function-config.js";
import type { Format, ItemSpans, KrmError } from "./types.js";

/** What one function run prints and returns. */
export interface FunctionRun {
  /** The output ResourceList ("" when none could be written): {@link chunks} joined, on each read. */
  readonly stdout: string;
  /**
   * The output ResourceList as pieces to write in order (mostly slices of the input text; JSON
   * pieces are written as they are iterated; UTF-8 bytes where a worker thread wrote a slice of a
   * parallel run): writing these instead of {@link stdout} never builds a string as large as the
   * output.
   */
  chunks: Iterable<string | Uint8Array>;
  /** One line per problem that could not be reported as a result ("" otherwise). */
  stderr: string;
  exitCode: 0 | 1;
  /** The results written into the output list. */
  results: KrmResult[];
}

/** The phases of a run a timing hook is told about, in pipeline order. */
export type RunPhase = "parse" | AdmitPhase | "serialise";

/**
 * The admission step; injectable for tests and for `kmutate check`. Default: `admit` of the
 * admission layer. A `summary` becomes the run's summary `info` result.
 */
export type Admitter = (items: JsonObject[], options: AdmitOptions) => Pick<AdmitOutput, "items" | "results" | "changes"> & { summary?: AdmitSummary };

/**
 * Reads the files a functionConfig names (`spec.oldObjectsPath`, `spec.openapiPaths`) into a copy
 * of the options; `functionConfig` is the object itself (paths may resolve against where it
 * came from). File I/O belongs to the caller: the CLI passes one that reads the file system.
 */
export type SideInputLoader = (
  files: SideInputPaths,
  options: AdmitOptions,
  functionConfig: JsonValue | undefined,
) => { ok: true; options: AdmitOptions } | { ok: false; errors: KrmError[] };

/** The loader when none is given: a functionConfig that names files is an error (nothing to read them with). */
const noFiles: SideInputLoader = (files, options) => {
  const named = [
    ...(files.oldObjectsPath !== undefined ? ["spec.oldObjectsPath"] : []),
    ...files.openapiPaths.map((_p, i) => `spec.openapiPaths[${i}]`),
  ];
  if (named.length === 0) return { ok: true, options };
  return { ok: false, errors: named.map((field) => ({ code: "FUNCTION_CONFIG", message: `functionConfig ${field}: files cannot be read here`, field: `functionConfig.${field}` })) };
};

/** How a function run reads side inputs and reports. */
export interface RunOptions {
  /** The input's name in messages. Default: `stdin`. */
  source?: string;
  /** Reads the files the functionConfig names. Default: none can be read (an error result if any is named). */
  sideInputs?: SideInputLoader;
  /** Told the time of each parse, admission and serialise step. Default: none (no clock is read). */
  onPhase?: PhaseHook<RunPhase>;
  /** Leave out every `info` result (the per-object ones and the summary). Default: false. */
  quiet?: boolean;
  /** Called as items are admitted (see AdmitOptions.progress). Default: none. */
  progress?: AdmitOptions["progress"];
  /** The clock of the time limits (see AdmitOptions.clock). Default: admission's. */
  clock?: AdmitOptions["clock"];
  /** Called now and then while the input is parsed (see readDecoded). Default: none. */
  onReading?: () => void;
  /**
   * For a YAML list without policies or bindings (see StandIns), keep of most items only their
   * identity and metadata during the run (their text is copied to the output). Only for the real
   * admission: an injected admitter may read more. Default: false.
   */
  standInItems?: boolean;
  /**
   * Called once the input text is no longer held (JSON input, once it is parsed: its output is
   * written from the values), before admission: a caller minding memory may collect garbage
   * there. Default: none.
   */
  onTextReleased?: () => void;
}

/**
 * Input decoded as it was read (see InputDecoder), handed over to {@link runFunction}, which takes
 * it out of the box (sets `decoded` to undefined), so that the text can be freed during the run.
 */
export interface HandedText {
  decoded: DecodedInput | undefined;
  /** How many bytes the input had. */
  readonly bytes: number;
}

/** Runs the KRM function on one input (bytes, text decoded as it was read and handed over, or text). */
export function runFunction(input: Uint8Array | HandedText | string, admit: Admitter = realAdmit, run: RunOptions = {}): FunctionRun {
  const source = run.source ?? "stdin";
  // The decoded text travels in a box the run can empty (JSON text is dropped once parsed): no
  // frame below keeps the bytes or the text alive.
  const decoded = decodeInput(input);
  if (!decoded.ok) return rejected([formatError(decoded.error, source)]);
  if (run.standInItems === true && admit === realAdmit && StandIns.applies(decoded.text)) {
    const lazy = runText(decoded, admit, run, new StandIns());
    if (lazy !== undefined) return lazy;
  }
  return runText(decoded, admit, run);
}

/**
 * Input text in a box that {@link runText} empties once the text is no longer needed; text in
 * pieces is read as JSON as it is, else joined into one string in the box (see readDecoded).
 */
type TextBox = { text: InputText };

/** The input as text in a box; handed-over text is taken out of its box here. */
function decodeInput(input: Uint8Array | HandedText | string): ({ ok: true } & TextBox) | { ok: false; error: KrmError } {
  if (typeof input === "string") return { ok: true, text: input };
  return input instanceof Uint8Array ? decodeText(input) : takeText(input);
}

/**
 * The run on decoded text. With `standIns`, undefined when the outcome cannot be written from
 * the text with the stand-ins left untouched (a policy after all, a changed or re-serialised
 * stand-in): the caller runs again on whole items.
 */
function runText(input: TextBox, admit: Admitter, run: RunOptions): FunctionRun;
function runText(input: TextBox, admit: Admitter, run: RunOptions, standIns: StandIns): FunctionRun | undefined;
function runText(input: TextBox, admit: Admitter, run: RunOptions, standIns?: StandIns): FunctionRun | undefined {
  const { source = "stdin", sideInputs = noFiles, onPhase, quiet = false, progress } = run;
  const read = timed("parse", onPhase, readDecoded)(input, standIns?.itemValue, run.onReading);
  // Whole text unless the pieces were read as JSON (then "": JSON output is written from values).
  let text = typeof input.text === "string" ? input.text : "";
  if (standIns?.sawPolicy) return undefined;
  const finish = timed("serialise", onPhase, (doc: JsonObject, items: JsonValue | undefined, results: KrmResult[], layout: ReadLayout, text: string, inputItems: JsonValue[] | undefined) =>
    serialise(doc, items, results, layout, text, inputItems, standIns));
  if (!read.ok) return rejected(read.errors.map((e) => formatError(e, source, text)));
  // JSON output is written from the values alone: the text can be freed during the run.
  // (A JSON run never returns undefined below: the box need not keep the text for a second run.)
  if (read.format === "json") {
    text = input.text = "";
    run.onTextReleased?.();
  }
  const check = checkResourceList(read.value);
  if (check.kind === "rejected") return rejected(check.errors.map((e) => formatError(e, source)));
  if (check.kind === "invalid") {
    const items = check.doc.items;
    const input = Array.isArray(items) ? items : undefined;
    return finish(check.doc, items, errorResults(check.errors, input ?? []), read, text, input);
  }
  const { doc, items, functionConfig } = check.list;
  const parsed = parseFunctionConfig(functionConfig);
  if (!parsed.ok) return finish(doc, items, errorResults(parsed.errors), read, text, items);
  const files = sideInputs(parsed.files, parsed.options, functionConfig);
  const config = files.ok ? loadSideInputItems(items, files.options) : files;
  if (!config.ok) return finish(doc, items, errorResults(config.errors, items), read, text, items);
  const options: AdmitOptions = { ...config.options, ...(onPhase ? { onPhase } : {}), ...(progress ? { progress } : {}), ...(run.clock ? { clock: run.clock } : {}) };
  let out: ReturnType<Admitter>;
  try {
    out = admit(items, options);
  } catch (e) {
    // Only stand-ins can make a second run on whole items end differently.
    if (standIns && standIns.count > 0) return undefined;
    return finish(doc, items, [{ severity: "error", message: `internal error: ${e instanceof Error ? e.message : String(e)}` }], read, text, items);
  }
  if (out.items.length !== items.length) {
    const message = `internal error: admission returned ${out.items.length} items for ${items.length}`;
    return finish(doc, items, [{ severity: "error", message }], read, text, items);
  }
  return finish(doc, out.items, finalResults(withFiles(out.results, out.items), out.summary, quiet), read, text, items);
}

/** The handed-over text, leaving the box empty. */
function takeText(box: HandedText): DecodedInput {
  const decoded = box.decoded ?? { ok: true, text: [] };
  box.decoded = undefined;
  return decoded;
}

/** A run's outcome whose `stdout` joins `chunks` when read (never kept as one string). */
export function written(chunks: Iterable<string | Uint8Array>, stderr: string, exitCode: 0 | 1, results: KrmResult[]): FunctionRun {
  return {
    get stdout(): string {
      return Array.from(chunks, (c) => (typeof c === "string" ? c : new TextDecoder().decode(c))).join("");
    },
    chunks,
    stderr,
    exitCode,
    results,
  };
}

function rejected(lines: string[]): FunctionRun {
  return written([], lines.map((l) => `kmutate: ${l}\n`).join(""), 1, []);
}

/** How the input was read: its format, and the item spans the block reader found (see ReadResult). */
type ReadLayout = { format: Format; itemSpans?: ItemSpans };

/**
 * Writes the output list. YAML input in the usual block layout is spliced (untouched items copied
 * byte for byte); anything else is re-serialised from `doc`.
 */
function serialise(doc: JsonObject, items: JsonValue | undefined, results: KrmResult[], { format, itemSpans }: ReadLayout, text: string, inputItems: JsonValue[] | undefined, standIns?: StandIns): FunctionRun | undefined {
  if (format === "yaml" && inputItems && Array.isArray(items) && items.length === inputItems.length) {
    // A stand-in is only ever written as its item's text: it must come out untouched.
    if (standIns && standIns.count > 0 && items.some((item, i) => item !== inputItems[i] && standIns.isStandIn(inputItems[i]))) return undefined;
    const spliced = spliceOutput(text, itemSpans, doc, inputItems, items, results);
    if (spliced !== undefined) return written(spliced, "", exitCodeOf(results), results);
  }
  if (standIns && standIns.count > 0) return undefined;
  const outDoc = outputDocument(doc, items, results);
  const w = writeValueChunks(outDoc, format);
  if (!w.ok) return rejected([formatError(w.error, "output")]);
  return written(w.chunks, "", exitCodeOf(results), results);
}
