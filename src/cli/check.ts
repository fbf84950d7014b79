// `kmutate check [PATH...]`: lints Mutating- and ValidatingAdmissionPolicies and bindings without
// applying them.
// Files: findings with file:line:col and a caret on stdout. No paths: a KRM validator
// (ResourceList on stdin → the same items with results on stdout).
import type { Command } from "commander";
import { defaultAdmitOptions, lintPolicies } from "../admission/index.js";
import { isObject, type JsonObject, type JsonValue } from "../data/index.js";
import { readStream, runFunction } from "../krm/index.js";
import { findingKeys, placeFinding, renderFinding } from "../authoring/index.js";
import { findingResult, summaryLine } from "./check-render.js";
import { readAll, writeChunks, writeText, type CliIo } from "./io.js";
import { fnSideInputs, loadSideInputs } from "./side-inputs.js";
import { readSources } from "./sources.js";

function valueAt(v: JsonValue | undefined, keys: ReadonlyArray<string | number>): JsonValue | undefined {
  for (const k of keys) {
    if (typeof k === "number") v = Array.isArray(v) ? v[k] : undefined;
    else v = isObject(v) ? v[k] : undefined;
  }
  return v;
}

/** Options of `kmutate check`. */
export interface CheckOptions {
  /** OpenAPI v3 document files (`--openapi`). Default: none. */
  openapi?: string[];
}

/** Reads the `--openapi` files (paths relative to the working directory). */
function readOpenapi(opts: CheckOptions): { ok: true; docs: JsonValue[] } | { ok: false; errors: string[] } {
  const paths = opts.openapi ?? [];
  if (paths.length === 0) return { ok: true, docs: [] };
  const r = loadSideInputs({ openapiPaths: paths }, defaultAdmitOptions, { confine: false });
  if (!r.ok) return { ok: false, errors: r.errors.map((e) => e.message.replace("functionConfig spec.openapiPaths", "--openapi")) };
  return { ok: true, docs: [...(r.options.openapi ?? [])] };
}

/** Lints files; returns the exit code (1 on any error finding or bad input). */
export async function checkFiles(paths: readonly string[], io: CliIo, opts: CheckOptions = {}): Promise<number> {
  const fail = async (lines: string[]): Promise<number> => {
    await writeText(io.stderr, lines.map((l) => `kmutate: ${l}\n`).join(""));
    return 1;
  };
  const openapi = readOpenapi(opts);
  if (!openapi.ok) return fail(openapi.errors);
  const { sources, errors } = await readSources(paths, io);
  if (errors.length > 0) return fail(errors);
  const stream = readStream(sources);
  if (!stream.ok) return fail(stream.errors);
  const findings = lintPolicies(stream.items, { openapi: openapi.docs });
  const placed = findings.map((finding) => placeFinding(finding, stream));
  placed.sort((a, b) => a.finding.source.index - b.finding.source.index || (a.offset ?? 0) - (b.offset ?? 0));
  await writeText(io.stdout, placed.map(renderFinding).join("") + summaryLine(findings));
  return findings.some((f) => f.severity === "error") ? 1 : 0;
}

/** The KRM validator: the input ResourceList's items unchanged, with one result per finding. */
export async function checkResourceList(io: CliIo, opts: CheckOptions = {}): Promise<number> {
  if (io.stdin.isTTY) {
    await writeText(io.stderr, "kmutate: expected a ResourceList on stdin, or PATH arguments (see kmutate check --help)\n");
    return 1;
  }
  const openapi = readOpenapi(opts);
  if (!openapi.ok) {
    await writeText(io.stderr, openapi.errors.map((l) => `kmutate: ${l}\n`).join(""));
    return 1;
  }
  const run = runFunction(await readAll(io.stdin), (items: JsonObject[]) => ({
    items,
    results: lintPolicies(items, { openapi: openapi.docs }).map((f) => {
      const text = valueAt(items[f.source.index], findingKeys(f));
      return findingResult(f, items, typeof text === "string" ? text : undefined);
    }),
  }), { sideInputs: fnSideInputs });
  await writeChunks(io.stdout, run.chunks);
  await writeText(io.stderr, run.stderr);
  return run.exitCode;
}

/** Registers `kmutate check`. */
export function registerCheck(program: Command, io: CliIo, done: (code: number) => void): void {
  program
    .command("check")
    .summary("lint policies and bindings without applying them (also a KRM validator)")
    .description("Load the Mutating- and ValidatingAdmissionPolicies and bindings in the given files, compile every expression as the apiserver would, and report errors and known traps.")
    .argument("[path...]", "files, directories (recursive *.yaml, *.yml, *.json) or - for stdin; none: ResourceList on stdin")
    .option("--openapi <file...>", "OpenAPI v3 document(s) typing kinds without a CRD in the input (kubectl get --raw /openapi/v3/apis/<group>/<version>)")
    .addHelpText("after", CHECK_HELP)
    .action(async (paths: string[], opts: CheckOptions) => done(paths.length > 0 ? await checkFiles(paths, io, opts) : await checkResourceList(io, opts)));
}

const CHECK_HELP = `
Expressions are type-checked against the schemas of the kinds each policy matches (built-in
kinds, CRDs in the input, --openapi documents); params against the paramKind's schema.
Errors: objects the apiserver would reject, CEL compile and type errors (a validation must be
bool, a messageExpression string and without authorizer, an auditAnnotation string or null),
fields the schema lacks (reads, Object{…} literals, JSON patch paths), literal values of the
wrong type.
Warnings (traps): a field read that fails when the field is absent, an apply configuration
that sets an atomic field, a JSON patch path with a list index, comparisons that are never
true, resources no API group serves, bindings that never apply or name a missing param, a
binding whose policy is missing, a policy no binding binds, a paramKind whose kind is unknown.
Silence codes per policy or binding with the annotation kmutate.dev/ignore: <code>[,<code>]
(every code: docs/11_check.md).

With PATH arguments:
  stdout  one finding per problem (file:line:col: severity: Kind name: field: message, the
          source line and a caret), then a summary line
  stderr  input errors
With no PATH (KRM validator, e.g. kpt fn eval --exec):
  stdin   a ResourceList; stdout: the same items with one result per finding
exit      1 if any error was found or the input is bad, else 0

Examples:
  $ kmutate check policies/
  $ kpt fn source ./package | kmutate check
`;
