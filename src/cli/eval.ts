// `kmutate eval EXPR`: the policy author's playground. Compiles one CEL expression in the
// Kubernetes 1.36 MutatingAdmissionPolicy environment (or, with --validation, in that of one
// ValidatingAdmissionPolicy field), evaluates it against files, prints JSON.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { Option, type Command } from "commander";
import { buildRequest, expressionEnv, identify, offlineAuthorizer, returnTypeError, validationFields, type ValidationField } from "../admission/index.js";
import {
  authorizerValue, compile, formatIssue, fromJson, isCelError, requestResourceValue, toJson, type Activation, type CelValue,
} from "../cel/index.js";
import { getString, goJsonRoundTrip, isObject, type JsonObject, type JsonValue } from "../data/index.js";
import { decodeText, formatError, readDocument, writeJson } from "../krm/index.js";
import { createSchemaRegistry } from "../schema/index.js";
import { writeText, type CliIo } from "./io.js";

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

/** The fields `--validation` accepts. */
export const validationFieldNames = Object.keys(validationFields) as ValidationField[];

/** A CEL value as JSON the way a JSON patch value ends up in an object (integral doubles as ints). */
export function evalResultJson(v: CelValue): { ok: true; value: JsonValue } | { ok: false; message: string } {
  const j = toJson(v);
  if (isCelError(j)) return { ok: false, message: j.message };
  return { ok: true, value: goJsonRoundTrip(j) };
}


type Loaded = { ok: true; value: JsonObject | null } | { ok: false; error: string };

async function loadObject(path: string | undefined, io: CliIo, what: string): Promise<Loaded> {
  if (path === undefined) return { ok: true, value: null };
  let bytes: Buffer;
  try {
    bytes = await readFile(resolve(io.cwd, path));
  } catch (e) {
    return { ok: false, error: `${path}: cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` };
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

/** The request admission would build for `object` (CREATE, or UPDATE when an old object is given). */
function defaultRequest(object: JsonObject | null, oldObject: JsonObject | null): JsonObject {
  const subject = object ?? oldObject;
  const id = subject ? identify(subject, createSchemaRegistry().registry) : undefined;
  const kind = { group: id?.group ?? "", version: id?.version ?? "", kind: id?.kind ?? "" };
  const resource = { group: id?.group ?? "", version: id?.version ?? "", resource: subject ? id?.resource ?? "" : "" };
  return buildRequest({
    kind, resource, requestKind: kind, requestResource: resource, subResource: "",
    name: subject ? getString(subject, "metadata", "name") ?? "" : "",
    namespace: subject ? getString(subject, "metadata", "namespace") ?? "" : "",
    operation: oldObject ? "UPDATE" : "CREATE", userInfo: {}, dryRun: false,
  });
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
  const field = opts.validation !== undefined ? validationFields[opts.validation] : undefined;
  const env = expressionEnv(opts.params !== undefined, opts.mutation === true, undefined, field?.authorizer !== "undeclared");
  const compiled = compile(env, expression);
  if (!compiled.ok) {
    await writeText(io.stderr, compiled.message + "\n");
    return 1;
  }
  const wrongType = field ? returnTypeError(compiled.type, field.expected) : undefined;
  if (wrongType !== undefined) {
    await writeText(io.stderr, `ERROR: <input>: ${wrongType}\n`);
    return 1;
  }
  const object = value(files.object);
  const oldObject = value(files.oldObject);
  const request = value(files.request) ?? defaultRequest(object, oldObject);
  const userInfo = isObject(request.userInfo) ? request.userInfo : {};
  const groups = Array.isArray(userInfo.groups) ? userInfo.groups.filter((g): g is string => typeof g === "string") : [];
  const user = { username: typeof userInfo.username === "string" ? userInfo.username : "", groups };
  const authorizer = offlineAuthorizer("NoOpinion");
  const act: Record<string, CelValue> = {
    object: fromJson(object),
    oldObject: fromJson(oldObject),
    request: fromJson(request),
    namespaceObject: fromJson(value(files.namespaceObject)),
  };
  if (field === undefined || field.authorizer === "bound") {
    act.authorizer = authorizerValue(authorizer, user);
    act["authorizer.requestResource"] = requestResourceValue(authorizer, user, {
      group: getString(request, "resource", "group") ?? "",
      resource: getString(request, "resource", "resource") ?? "",
      subresource: getString(request, "subResource") ?? "",
      namespace: getString(request, "namespace") ?? "",
      name: getString(request, "name") ?? "",
    });
  }
  if (opts.params !== undefined) act.params = fromJson(value(files.params));
  const r = compiled.program.eval(act as Activation);
  if (r.error) {
    const offset = compiled.parsed.sourceInfo.positions.get(r.error.exprId);
    const text = offset === undefined ? `ERROR: <input>: ${r.error.message}` : formatIssue(expression, { message: r.error.message, offset });
    await writeText(io.stderr, text + "\n");
    return 1;
  }
  const j = evalResultJson(r.value);
  if (!j.ok) {
    await writeText(io.stderr, `ERROR: <input>: ${j.message}\n`);
    return 1;
  }
  const out = writeJson(j.value);
  if (!out.ok) {
    await writeText(io.stderr, `ERROR: <input>: ${out.error.message}\n`);
    return 1;
  }
  await writeText(io.stdout, out.text);
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
