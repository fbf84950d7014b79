// The KRM function: ResourceList bytes in → ResourceList text out, results, exit code. Bad input
// becomes error results in the output list, or one stderr line when no list can be written.
import { admit as realAdmit, phaseEnd, phaseStart, type AdmitOptions, type AdmitOutput, type AdmitSummary, type KrmResult } from "../admission/index.js";
import type { JsonObject, JsonValue } from "../data/index.js";
import { formatError } from "./format-error.js";
import { parseFunctionConfig } from "./function-config.js";
import { decodeText, readDocument } from "./read.js";
import { checkResourceList } from "./resource-list.js";
import { errorResults, exitCodeOf, finalResults, withFiles } from "./results.js";
import { loadSideInputItems, loadSideInputs, sideInputContext } from "./side-inputs.js";
import { spliceOutput } from "./splice.js";
import type { Format } from "./types.js";
import { outputDocument, writeValue } from "./write.js";

/** What one function run prints and returns. */
export interface FunctionRun {
  /** The output ResourceList ("" when none could be written). */
  stdout: string;
  /** One line per problem that could not be reported as a result ("" otherwise). */
  stderr: string;
  exitCode: 0 | 1;
  /** The results written into the output list. */
  results: KrmResult[];
}

/**
 * The admission step; injectable for tests and for `kmutate check`. Default: `admit` of the
 * admission layer. A `summary` becomes the run's summary `info` result.
 */
export type Admitter = (items: JsonObject[], options: AdmitOptions) => Pick<AdmitOutput, "items" | "results" | "changes"> & { summary?: AdmitSummary };

/** How a function run reports. */
export interface RunOptions {
  /** Name of the input in messages. Default: `stdin`. */
  source?: string;
  /** Leave out every `info` result (the per-object ones and the summary). Default: false. */
  quiet?: boolean;
  /** Called as items are admitted (see AdmitOptions.progress). Default: none. */
  progress?: AdmitOptions["progress"];
}

/** Runs the KRM function on one input (bytes or text). */
export function runFunction(input: Uint8Array | string, admit: Admitter = realAdmit, { source = "stdin", quiet = false, progress }: RunOptions = {}): FunctionRun {
  let text: string;
  if (typeof input === "string") text = input;
  else {
    const d = decodeText(input);
    if (!d.ok) return rejected([formatError(d.error, source)]);
    text = d.text;
  }
  const parseStart = phaseStart();
  const read = readDocument(text);
  phaseEnd("parse", parseStart);
  if (!read.ok) return rejected(read.errors.map((e) => formatError(e, source, text)));
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
  const files = loadSideInputs(parsed.files, parsed.options, sideInputContext(functionConfig));
  const config = files.ok ? loadSideInputItems(items, files.options) : files;
  if (!config.ok) return finish(doc, items, errorResults(config.errors, items), read, text, items);
  let out: ReturnType<Admitter>;
  try {
    out = admit(items, progress ? { ...config.options, progress } : config.options);
  } catch (e) {
    return finish(doc, items, [{ severity: "error", message: `internal error: ${e instanceof Error ? e.message : String(e)}` }], read, text, items);
  }
  if (out.items.length !== items.length) {
    const message = `internal error: admission returned ${out.items.length} items for ${items.length}`;
    return finish(doc, items, [{ severity: "error", message }], read, text, items);
  }
  return finish(doc, out.items, finalResults(withFiles(out.results, out.items), out.summary, quiet), read, text, items);
}

function rejected(lines: string[]): FunctionRun {
  return { stdout: "", stderr: lines.map((l) => `kmutate: ${l}\n`).join(""), exitCode: 1, results: [] };
}

/**
 * Writes the output list. YAML input in the usual block layout is spliced (untouched items copied
 * byte for byte); anything else is re-serialised from `doc`.
 */
function finish(doc: JsonObject, items: JsonValue | undefined, results: KrmResult[], read: ReadLayout, text: string, inputItems: JsonValue[] | undefined): FunctionRun {
  const start = phaseStart();
  const run = serialise(doc, items, results, read, text, inputItems);
  phaseEnd("serialise", start);
  return run;
}

/** How the input was read: its format, and whether in the block layout (see ReadResult). */
type ReadLayout = { format: Format; blockLayout?: boolean };

function serialise(doc: JsonObject, items: JsonValue | undefined, results: KrmResult[], { format, blockLayout }: ReadLayout, text: string, inputItems: JsonValue[] | undefined): FunctionRun {
  if (format === "yaml" && inputItems && Array.isArray(items) && items.length === inputItems.length) {
    const spliced = spliceOutput(text, inputItems, items, results, blockLayout === true);
    if (spliced !== undefined) return { stdout: spliced, stderr: "", exitCode: exitCodeOf(results), results };
  }
  const outDoc = outputDocument(doc, items, results);
  const w = writeValue(outDoc, format);
  if (!w.ok) return rejected([formatError(w.error, "output")]);
  return { stdout: w.text, stderr: "", exitCode: exitCodeOf(results), results };
}
