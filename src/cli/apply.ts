// `kmutate apply -f PATH...`: mutate manifest files and print the resulting stream, keeping
// comments and layout (untouched documents byte-identical).
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { Option, type Command } from "commander";
import { admit as realAdmit, defaultAdmitOptions, type AdmitOptions, type AdmitOutput } from "../admission/index.js";
import type { JsonObject } from "../data/index.js";
import {
  decodeText, exitCodeOf, formatError, loadSideInputs, parseFunctionConfig, readDocument, readStream, withFiles, writeJson, writeStream,
  type Admitter, type SideInputPaths,
} from "../krm/index.js";
import { APPLY_HELP } from "./help-text.js";
import { writeText, type CliIo } from "./io.js";
import { stepsFromChanges, streamDiff } from "./diff.js";
import { readSources } from "./sources.js";
import { resultLine } from "./result-line.js";
import { validationSummaryLine } from "./validation-summary.js";

/** Output formats of `apply`. */
export const outputFormats = ["yaml", "json"] as const;
/** An output format of `apply`. */
export type OutputFormat = (typeof outputFormats)[number];

/** Options of `apply`. */
export interface ApplyOptions {
  /** Files, directories, or `-` (stdin). */
  filename: string[];
  /** functionConfig file. Default: none (default options). */
  config?: string;
  /** Default: `yaml`. */
  output: OutputFormat;
  /** Print a unified diff per changed object instead of the stream. Default: false. */
  diff?: boolean;
  /** UPDATE: file or folder with the objects as they are in the cluster. Default: the config's `spec.oldObjectsPath`, else none. */
  oldObjects?: string;
  /** OpenAPI v3 documents for kinds without a CRD in the input (added to the config's). Default: none. */
  openapi?: string[];
}

/** Runs `apply`; returns the exit code. */
export async function applyCommand(opts: ApplyOptions, io: CliIo, admit: Admitter = realAdmit): Promise<number> {
  const fail = async (lines: string[]): Promise<number> => {
    await writeText(io.stderr, lines.map((l) => `kmutate: ${l}\n`).join(""));
    return 1;
  };
  const options = await loadConfig(opts, io);
  if (!options.ok) return fail(options.errors);
  const { sources, errors } = await readSources(opts.filename, io);
  if (errors.length > 0) return fail(errors);
  const stream = readStream(sources);
  if (!stream.ok) return fail(stream.errors);
  let out: AdmitOutput;
  try {
    out = admit(stream.items, opts.diff ? { ...options.options, recordChanges: true } : options.options);
  } catch (e) {
    return fail([`internal error: ${e instanceof Error ? e.message : String(e)}`]);
  }
  if (out.items.length !== stream.items.length) return fail([`internal error: admission returned ${out.items.length} items for ${stream.items.length}`]);
  const results = withFiles(out.results, out.items, (_item, i) => stream.locations[i]);
  if (opts.diff) {
    const colour = (io.stdout as { isTTY?: boolean }).isTTY === true;
    const changes = out.changes;
    const stepsFor = changes ? (_item: JsonObject, i: number) => stepsFromChanges(changes[i] ?? []) : undefined;
    await writeText(io.stdout, streamDiff(stream.files, stream.items, out.items, out.results, colour, stepsFor));
    await writeText(io.stderr, results.map(resultLine).join("") + validationSummaryLine(out.validation, options.options.validation));
    return exitCodeOf(results);
  }
  let text: string;
  if (opts.output === "json") {
    const j = writeJson({ apiVersion: "v1", kind: "List", items: out.items });
    if (!j.ok) return fail([formatError(j.error, "output")]);
    text = j.text;
  } else text = writeStream(stream.files, out.items);
  await writeText(io.stdout, text);
  await writeText(io.stderr, results.map(resultLine).join("") + validationSummaryLine(out.validation, options.options.validation));
  return exitCodeOf(results);
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
    return { ok: false, errors: [`${path}: cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`] };
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
  program
    .command("apply")
    .summary("mutate manifest files and print the resulting stream (comments kept)")
    .description("Apply the MutatingAdmissionPolicies found among the given manifests to the other objects, validate them with the ValidatingAdmissionPolicies, and print all documents.")
    .requiredOption("-f, --filename <path...>", "file, directory (recursive *.yaml, *.yml, *.json) or - for stdin; repeatable")
    .option("--config <file>", "functionConfig file (MutationConfig or ConfigMap)")
    .option("--old-objects <path>", "UPDATE: file or folder with the objects as they are in the cluster (use with operation: UPDATE)")
    .option("--openapi <file...>", "OpenAPI v3 document(s) for kinds without a CRD in the input (kubectl get --raw /openapi/v3/apis/<group>/<version>)")
    .addOption(new Option("-o, --output <format>", "output format").choices(outputFormats).default("yaml" satisfies OutputFormat))
    .addOption(new Option("--diff", "print a unified diff per changed object (hunks name the policy and binding) instead of the stream").conflicts("output"))
    .addHelpText("after", APPLY_HELP)
    .action(async (opts: ApplyOptions) => done(await applyCommand(opts, io)));
}
