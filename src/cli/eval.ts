// `kmutate eval EXPR`: the policy author's playground. Reads the files, evaluates one CEL
// expression against them (authoring/eval-expression.ts) in the MutatingAdmissionPolicy
// environment or, with --validation, in that of one ValidatingAdmissionPolicy field; prints JSON.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { Option, type Command } from "commander";
import type { ValidationField } from "../admission/index.js";
import { evaluateExpression, validationFieldNames } from "../authoring/index.js";
import { isObject, type JsonObject } from "../data/index.js";
import { decodeText, formatError, readDocument } from "../krm/index.js";
import { writeText, type CliIo } from "./io.js";
import { errnoText } from "./errno.js";

/** Options of `eval` (file paths are relative to the working directory). */
export interface EvalOptions {
  /** `object`. Default: none (`object` is null). */
  object?: string;
  /** `oldObject`; its presence makes the default request an UPDATE. Default: none (null). */
  oldObject?: string;
  /** `params`, declared only when given; an empty file is `null`. Default: none (`params` undeclared). */
  params?: string;
  /** `namespaceObject`. Default: none (null). */
  namespaceObject?: string;
  /** `request`. Default: built from the object like admission does (CREATE, or UPDATE with --old-object). */
  request?: string;
  /** Declare `Object`, `JSONPatch` and `jsonpatch.escapeKey` (mutation expressions). Default: false. */
  mutation?: boolean;
  /**
   * Compile as this ValidatingAdmissionPolicy field does: its return type is checked, and
   * `authorizer` is undeclared (messageExpression) or unbound (valueExpression). Default: none.
   */
  validation?: ValidationField;
}

type Loaded = { ok: true; value: JsonObject | null } | { ok: false; error: string };

async function loadObject(path: string | undefined, io: CliIo, what: string): Promise<Loaded> {
  if (path === undefined) return { ok: true, value: null };
  let bytes: Buffer;
  try {
    bytes = await readFile(resolve(io.cwd, path));
  } catch (e) {
    return { ok: false, error: `${path}: cannot read: ${errnoText(e)}` };
  }
  const d = decodeText(bytes);
  if (!d.ok) return { ok: false, error: formatError(d.error, path) };
  if (/^\s*$/.test(d.text.replace(/^(?:#.*|---\s*)$/gm, ""))) return { ok: true, value: null };
  const doc = readDocument(d.text);
  if (!doc.ok) return { ok: false, error: formatError(doc.errors[0], path, d.text) };
  if (doc.value === null) return { ok: true, value: null };
  if (!isObject(doc.value)) return { ok: false, error: `${path}: ${what} must be a YAML or JSON object` };
  return { ok: true, value: doc.value };
}

/** Runs `eval`; returns the exit code (0: printed the value; 1: bad input, compile or runtime error). */
export async function evalCommand(expression: string, opts: EvalOptions, io: CliIo): Promise<number> {
  const files = {
    object: await loadObject(opts.object, io, "--object"),
    oldObject: await loadObject(opts.oldObject, io, "--old-object"),
    params: await loadObject(opts.params, io, "--params"),
    namespaceObject: await loadObject(opts.namespaceObject, io, "--namespace-object"),
    request: await loadObject(opts.request, io, "--request"),
  };
  const bad = Object.values(files).flatMap((f) => (f.ok ? [] : [`kmutate: ${f.error}\n`]));
  if (bad.length > 0) {
    await writeText(io.stderr, bad.join(""));
    return 1;
  }
  const value = (f: Loaded): JsonObject | null => (f.ok ? f.value : null);
  const outcome = evaluateExpression(expression, {
    object: value(files.object),
    oldObject: value(files.oldObject),
    ...(opts.params !== undefined ? { params: value(files.params) } : {}),
    namespaceObject: value(files.namespaceObject),
    request: value(files.request),
    mutation: opts.mutation === true,
    ...(opts.validation !== undefined ? { validation: opts.validation } : {}),
  });
  if (!outcome.ok) {
    await writeText(io.stderr, outcome.message + "\n");
    return 1;
  }
  await writeText(io.stdout, outcome.text);
  return 0;
}

/** Registers `kmutate eval`. */
export function registerEval(program: Command, io: CliIo, done: (code: number) => void): void {
  program
    .command("eval")
    .summary("evaluate one CEL expression as an admission policy would, print the result as JSON")
    .description("Compile EXPR in the Kubernetes 1.36 MutatingAdmissionPolicy CEL environment, evaluate it against the given files, and print the result as JSON.")
    .argument("<expr>", "the CEL expression (quote it for the shell)")
    .option("--object <file>", "the object (YAML or JSON); default: null")
    .option("--old-object <file>", "the old object; the default request becomes an UPDATE")
    .option("--params <file>", "the params object (declares `params`)")
    .option("--namespace-object <file>", "the Namespace object")
    .option("--request <file>", "the AdmissionRequest; default: built from the object like admission does")
    .addOption(new Option("--mutation", "declare Object, JSONPatch and jsonpatch.escapeKey (mutation expressions)").conflicts("validation"))
    .addOption(
      new Option("--validation [field]", "compile as a ValidatingAdmissionPolicy field does (return type, authorizer)")
        .choices(validationFieldNames)
        .preset("expression" satisfies ValidationField),
    )
    .addHelpText("after", EVAL_HELP)
    .action(async (expr: string, opts: EvalOptions) => done(await evalCommand(expr, opts, io)));
}

const EVAL_HELP = `
stdin   not read
stdout  the value as JSON (ints beyond 2^53 as strings, bytes base64, durations like 1.5s,
        timestamps RFC 3339, Object values as their fields), as a JSON patch value would be
stderr  a compile or runtime error in cel-go's format (ERROR: <input>:line:col: message)
exit    0 when a value was printed, else 1

--validation expression         a validation: must be bool; authorizer available
--validation messageExpression  must be string; authorizer not declared
--validation valueExpression    an auditAnnotation: string or null; authorizer unbound

Examples:
  $ kmutate eval 'object.spec.replicas * 2' --object deploy.yaml
  $ kmutate eval 'object.metadata.?labels.orValue({})' --object pod.yaml
  $ kmutate eval --mutation --object pod.yaml \\
      'Object{metadata: Object.metadata{labels: {"team": "a"}}}'
  $ kmutate eval --validation --object deploy.yaml 'object.spec.replicas <= 5'
`;
