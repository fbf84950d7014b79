// `kmutate apply -f PATH...`: mutate manifest files and print the resulting stream (or a diff,
// or write files), keeping comments and layout (untouched documents byte-identical). Local-config
// objects and function configs stay out of the output unless asked for, so it can go to kubectl.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { Option, type Command } from "commander";
import { admit as realAdmit, defaultAdmitOptions, type AdmitOptions, type KrmResult } from "../admission/index.js";
import { ansiPaint, deployable, plainPaint, stepsFromChanges, streamDiff } from "../authoring/index.js";
import type { JsonObject } from "../data/index.js";
import {
  decodeText, exitCodeOf, finalResults, formatError, loadSideInputItems, parseFunctionConfig, readDocument, readStream, withFiles, writeFiles, writeJson, writeStream,
  type Admitter, type SideInputPaths,
} from "../krm/index.js";
import { rewrite, writeTree } from "./apply-write.js";
import { colourChoices, useColour, type ColourChoice } from "./colour.js";
import { APPLY_HELP } from "./help-text.js";
import { writeText, type CliIo } from "./io.js";
import { progressLine } from "./progress.js";
import { readSources } from "./sources.js";
import { resultLine } from "./result-line.js";
import { loadSideInputs } from "./side-inputs.js";
import { errnoText } from "./errno.js";

/** Output formats of `apply`. */
export const outputFormats = ["yaml", "json"] as const;
/** An output format of `apply`. */
export type OutputFormat = (typeof outputFormats)[number];

/** Options of `apply`. */
export interface ApplyOptions {
  /** Files, directories, or `-` (stdin). Required. */
  filename?: string[];
  /** functionConfig file. Default: none (default options). */
  config?: string;
  /** Default: `yaml`. */
  output: OutputFormat;
  /** Print a unified diff per changed object instead of the stream; exit 1 when something changed. Default: false. */
  diff?: boolean;
  /** UPDATE: file or folder with the objects as they are in the cluster. Default: the config's `spec.oldObjectsPath`, else none. */
  oldObjects?: string;
  /** OpenAPI v3 documents for kinds without a CRD in the input (added to the config's). Default: none. */
  openapi?: string[];
  /** Leave out `info` results (mutations, skipped files and the summary line). Default: false. */
  quiet?: boolean;
  /** One `info` result per changed object, naming each invocation and the paths it changed (`spec.results: objects`). Default: false (one per invocation). */
  explain?: boolean;
  /** Colour the diff. Default: `auto` (a terminal, unless NO_COLOR is set). */
  color?: ColourChoice;
  /** Keep local-config objects and function configs in the output. Default: false. */
  keepLocalConfig?: boolean;
  /** Write one file per input file under this directory (same relative paths) instead of stdout. Default: none. */
  outputDir?: string;
  /** Rewrite the input files that changed (comments kept). Default: false. */
  inPlace?: boolean;
}

/** The exit code of `--diff` (as `kubectl diff`): 0 no changes, 1 changes, 2 an error. */
function diffExitCode(errors: boolean, changed: boolean): number {
  return errors ? 2 : changed ? 1 : 0;
}

/** An error about `items[i]…` as `file#index: field: message` (the document it is in). */
function itemError(locations: ReadonlyArray<{ path: string; index: number }>, e: { message: string; field?: string }): string {
  const m = e.field ? /^items\[(\d+)\]\.?(.*)$/.exec(e.field) : null;
  const loc = m ? locations[Number(m[1])] : undefined;
  const field = m && m[2] !== "" ? `${m[2]}: ` : "";
  return `${loc ? `${loc.path}#${loc.index}` : "input"}: ${field}${e.message}`;
}

/** Runs `apply`; returns the exit code. */
export async function applyCommand(opts: ApplyOptions, io: CliIo, admit: Admitter = realAdmit): Promise<number> {
  const errorCode = opts.diff ? 2 : 1;
  const fail = async (lines: string[]): Promise<number> => {
    progress.end();
    await writeText(io.stderr, lines.map((l) => `kmutate: ${l}\n`).join(""));
    return errorCode;
  };
  const progress = progressLine(io.stderr, io.now);
  const filenames = opts.filename ?? [];
  if (opts.inPlace && filenames.includes("-")) return fail(["--in-place cannot rewrite stdin (-f -)"]);
  progress.update("reading");
  const options = await loadConfig(opts, io);
  if (!options.ok) return fail(options.errors);
  const read = await readSources(filenames, io);
  if (read.errors.length > 0) return fail(read.errors);
  const stream = readStream(read.sources);
  if (!stream.ok) return fail(stream.errors);
  const carried = loadSideInputItems(stream.items, options.options);
  if (!carried.ok) return fail(carried.errors.map((e) => itemError(stream.locations, e)));
  let out: ReturnType<Admitter>;
  try {
    const progressOpt = { progress: (done: number, total: number) => progress.update("admitting", done, total) };
    const explain: Partial<AdmitOptions> = opts.explain ? { results: "objects" } : {};
    out = admit(stream.items, { ...carried.options, ...progressOpt, ...explain, ...(opts.diff ? { recordChanges: true } : {}) });
  } catch (e) {
    return fail([`internal error: ${e instanceof Error ? e.message : String(e)}`]);
  }
  if (out.items.length !== stream.items.length) return fail([`internal error: admission returned ${out.items.length} items for ${stream.items.length}`]);
  const notes: KrmResult[] = read.notes.map((n) => ({ severity: "info", message: n }));
  const results = finalResults([...notes, ...withFiles(out.results, out.items, (_item, i) => stream.locations[i])], out.summary, opts.quiet === true);
  const report = async (code: number): Promise<number> => {
    progress.end();
    await writeText(io.stderr, results.map(resultLine).join(""));
    return code;
  };
  progress.update("writing");
  if (opts.diff) {
    const colour = useColour(opts.color ?? "auto", io.stdout, io.env ?? process.env);
    const changes = out.changes;
    const stepsFor = changes ? (_item: JsonObject, i: number) => stepsFromChanges(changes[i] ?? []) : undefined;
    const diff = streamDiff(stream.files, stream.items, out.items, out.results, colour ? ansiPaint : plainPaint, stepsFor);
    await writeText(io.stdout, diff);
    return report(diffExitCode(exitCodeOf(results) === 1, diff !== ""));
  }
  if (opts.inPlace) {
    const written = await rewrite(read.inputs, writeFiles(stream.files, out.items));
    return written.ok ? report(exitCodeOf(results)) : fail(written.errors);
  }
  const kept = opts.keepLocalConfig ? { files: [...stream.files], items: out.items } : deployable(stream.files, out.items);
  if (opts.outputDir !== undefined) {
    const written = await writeTree(resolve(io.cwd, opts.outputDir), read.inputs, kept.files, writeFiles(kept.files, kept.items));
    return written.ok ? report(exitCodeOf(results)) : fail(written.errors);
  }
  let text: string;
  if (opts.output === "json") {
    const j = writeJson({ apiVersion: "v1", kind: "List", items: kept.items });
    if (!j.ok) return fail([formatError(j.error, "output")]);
    text = j.text;
  } else text = writeStream(kept.files, kept.items);
  await writeText(io.stdout, text);
  return report(exitCodeOf(results));
}

/** The functionConfig file (if any) plus `--old-objects`/`--openapi`, with the files they name read (paths relative to the working directory). */
async function loadConfig(opts: ApplyOptions, io: CliIo): Promise<{ ok: true; options: AdmitOptions } | { ok: false; errors: string[] }> {
  const c = await readConfig(opts.config, io);
  if (!c.ok) return c;
  const files: SideInputPaths = { ...c.files, openapiPaths: [...c.files.openapiPaths, ...(opts.openapi ?? [])] };
  if (opts.oldObjects !== undefined) files.oldObjectsPath = opts.oldObjects;
  const loaded = loadSideInputs(files, c.options, { cwd: io.cwd, confine: false });
  return loaded.ok ? loaded : { ok: false, errors: loaded.errors.map((e) => formatError(e, opts.config ?? "command line")) };
}

async function readConfig(path: string | undefined, io: CliIo): Promise<{ ok: true; options: AdmitOptions; files: SideInputPaths } | { ok: false; errors: string[] }> {
  if (path === undefined) return { ok: true, options: { ...defaultAdmitOptions }, files: { openapiPaths: [] } };
  let bytes: Buffer;
  try {
    bytes = await readFile(resolve(io.cwd, path));
  } catch (e) {
    return { ok: false, errors: [`${path}: cannot read: ${errnoText(e)}`] };
  }
  const d = decodeText(bytes);
  if (!d.ok) return { ok: false, errors: [formatError(d.error, path)] };
  const doc = readDocument(d.text);
  if (!doc.ok) return { ok: false, errors: doc.errors.map((e) => formatError(e, path, d.text)) };
  const c = parseFunctionConfig(doc.value);
  return c.ok ? c : { ok: false, errors: c.errors.map((e) => formatError(e, path)) };
}

/** Registers `kmutate apply`. */
export function registerApply(program: Command, io: CliIo, done: (code: number) => void): void {
  const cmd = program
    .command("apply")
    .summary("mutate manifest files and print the resulting stream (comments kept)")
    .description("Apply the MutatingAdmissionPolicies found among the given manifests to the other objects, validate them with the ValidatingAdmissionPolicies, and print the objects to deploy.")
    .option("-f, --filename <path...>", "file, directory (recursive *.yaml, *.yml, *.json) or - for stdin; repeatable (required)")
    .option("--config <file>", "functionConfig file (MutationConfig or ConfigMap)")
    .option("--old-objects <path>", "UPDATE: file or folder with the objects as they are in the cluster (use with operation: UPDATE)")
    .option("--openapi <file...>", "OpenAPI v3 document(s) for kinds without a CRD in the input (kubectl get --raw /openapi/v3/apis/<group>/<version>)")
    .addOption(new Option("-o, --output <format>", "output format").choices(outputFormats).default("yaml" satisfies OutputFormat))
    .option("--keep-local-config", "also print objects marked config.kubernetes.io/local-config: \"true\" and function configs")
    .addOption(new Option("--output-dir <dir>", "write one file per input file under DIR (same relative paths) instead of stdout").conflicts(["output"]))
    .addOption(new Option("--in-place", "rewrite the input files that changed (comments kept)").conflicts(["output", "outputDir", "keepLocalConfig"]))
    .option("-q, --quiet", "leave out info results (which invocations changed how many objects, the summary line)")
    .addOption(new Option("--explain", "one info result per changed object: each invocation that changed it and the paths it changed (spec.results: objects)").conflicts(["quiet"]))
    .addOption(new Option("--diff", "print a unified diff per changed object (hunks name the policy and binding) instead of the stream; exit 1 when anything changed").conflicts(["output", "outputDir", "inPlace"]))
    .addOption(new Option("--color <when>", "colour the diff").choices(colourChoices).default("auto" satisfies ColourChoice))
    .addHelpText("after", APPLY_HELP)
    .action(async (opts: ApplyOptions) => {
      // Checked here rather than by requiredOption, so an unknown option is reported first.
      if (!opts.filename?.length) cmd.error("error: required option '-f, --filename <path...>' not specified", { code: "commander.missingMandatoryOptionValue" });
      done(await applyCommand(opts, io));
    });
}
