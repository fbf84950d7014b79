// Compiles the CEL every policy kind shares (reference §4.4): variables in order (each sees only
// earlier ones) and matchConditions (bool); a kind's own expressions compile with
// `compileExpression` in `withVariables(env, types)`. Errors are stored, not thrown: they are
// reported on each object the policy is invoked for, under its failurePolicy.
import { compile, typeText, type CelEnv, type CelType, type Program } from "../../cel/index.js";
import type { PolicyBase } from "../policy/index.js";
import type { AdmitLimits } from "../types.js";
import { expressionEnv } from "./expression-env.js";
import { compileCacheFor, type CompileCache, type CompiledCore } from "./compile-cache.js";

/** One compiled expression: a program, or the apiserver's compile error text. */
export interface CompiledExpression {
  text: string;
  fieldPath: string;
  program?: Program;
  /** `compilation failed: …`, `program instantiation failed: …` or `must evaluate to … but got …`. */
  error?: string;
  /** Which kind `error` is: a parse/type-check error, a failed program plan (`regex`: an invalid constant pattern), a wrong result type. */
  errorCode?: CompiledErrorCode;
  /** For a `regex` error: the UTF-16 offset of the pattern in `text`. */
  errorOffset?: number;
}

/** What failed when an expression did not compile (see {@link CompiledExpression.error}). */
export type CompiledErrorCode = "compile" | "program" | "regex" | "result-type";

/** What every policy kind compiles the same way: its variables and matchConditions. */
export interface CompiledPolicyBase<M extends PolicyBase = PolicyBase> {
  model: M;
  variables: (CompiledExpression & { name: string })[];
  matchConditions: (CompiledExpression & { name: string })[];
  /** The limits it was compiled with (its evaluation budgets too). */
  limits: AdmitLimits;
}

/** A result type an expression may have exactly (cel-go `IsExactType`). */
export type ExpectedType = "Object" | "list(JSONPatch)" | "bool" | "string" | "null_type";

/** Type name of the `variables` object in every policy's environment. */
export const variablesTypeName = "kubernetes.variables";

/** `env` with an empty `variables` object, built once per env (shared by policies without variables). */
const withoutVariables = new WeakMap<CelEnv, CelEnv>();

/**
 * `env` with `variables` declared as an object of `fields` (the types of the policy's variables);
 * with `cache`, built once per distinct types in its run.
 */
export function withVariables(env: CelEnv, fields: Record<string, CelType>, cache?: CompileCache): CelEnv {
  const empty = Object.keys(fields).length === 0;
  if (empty) {
    const hit = withoutVariables.get(env);
    if (hit) return hit;
  } else if (cache) return cache.env(env, fields, () => declareVariables(env, fields));
  const out = declareVariables(env, fields);
  if (empty) withoutVariables.set(env, out);
  return out;
}

function declareVariables(env: CelEnv, fields: Record<string, CelType>): CelEnv {
  return env.extend({
    types: { [variablesTypeName]: { fields: { ...fields } } },
    variables: { variables: { kind: "object", name: variablesTypeName } },
  });
}

/**
 * The apiserver's return type check (`CompileCELExpression`): undefined when `t` is exactly one of
 * `expected` (cel-go `IsExactType`: `dyn` is none of them), else its error text.
 */
export function returnTypeError(t: CelType, expected: ExpectedType | readonly ExpectedType[]): string | undefined {
  const got = typeText(t);
  if (typeof expected === "string") return got === expected ? undefined : `must evaluate to ${expected} but got ${got}`;
  return expected.includes(got as ExpectedType) ? undefined : `must evaluate to one of [${expected.join(" ")}] but got ${got}`;
}

function compileOne(env: CelEnv, text: string, fieldPath: string, expected?: ExpectedType | readonly ExpectedType[], cache?: CompileCache): CompiledExpression & { type?: CelType } {
  const core = cache ? cache.result(env, text, expectedKey(expected), () => compileCore(env, text, expected)) : compileCore(env, text, expected);
  return { text, fieldPath, ...core };
}

function expectedKey(expected: ExpectedType | readonly ExpectedType[] | undefined): string {
  return expected === undefined ? "" : typeof expected === "string" ? expected : expected.join(" ");
}

function compileCore(env: CelEnv, text: string, expected?: ExpectedType | readonly ExpectedType[]): CompiledCore {
  const r = compile(env, text);
  if (!r.ok) {
    if (r.code !== "program") return { error: `compilation failed: ${r.message}`, errorCode: "compile" };
    const error = `program instantiation failed: ${r.message}`;
    return r.program?.cause === "invalid_regex" ? { error, errorCode: "regex", errorOffset: r.program.offset } : { error, errorCode: "program" };
  }
  const wrongType = expected === undefined ? undefined : returnTypeError(r.type, expected);
  if (wrongType !== undefined) return { error: wrongType, errorCode: "result-type" };
  return { program: r.program, type: r.type };
}

/**
 * Compiles one expression in `env`; with `expected` (one type, or a list of allowed ones), a
 * result of another type is an error. With `cache`, an expression its run compiled before in the
 * same env is not compiled again (the result, and its Program, are shared).
 */
export function compileExpression(
  env: CelEnv, text: string, fieldPath: string, expected?: ExpectedType | readonly ExpectedType[], cache?: CompileCache,
): CompiledExpression {
  return strip(compileOne(env, text, fieldPath, expected, cache));
}

/**
 * Compiles the variables and matchConditions of `policy` (cost, length and depth limits from
 * `limits`); `variableTypes` declare `variables` for the kind's own expressions.
 */
export function compileVariablesAndConditions<M extends PolicyBase>(policy: M, limits: AdmitLimits): { compiled: CompiledPolicyBase<M>; variableTypes: Record<string, CelType> } {
  const plain = expressionEnv(policy.paramKind !== undefined, false, limits);
  const cache = compileCacheFor(limits);
  const fields: Record<string, CelType> = {};
  const variables: CompiledPolicyBase<M>["variables"] = [];
  for (const v of policy.variables) {
    const c = compileOne(withVariables(plain, { ...fields }, cache), v.expression, v.fieldPath, undefined, cache);
    fields[v.name] = c.type ?? { kind: "dyn" };
    variables.push({ name: v.name, ...strip(c) });
  }
  const condEnv = withVariables(plain, fields, cache);
  const matchConditions = policy.matchConditions.map((m) => ({ name: m.name, ...compileExpression(condEnv, m.expression, m.fieldPath, "bool", cache) }));
  return { compiled: { model: policy, variables, matchConditions, limits }, variableTypes: fields };
}

function strip(c: CompiledExpression & { type?: CelType }): CompiledExpression {
  const out: CompiledExpression = { text: c.text, fieldPath: c.fieldPath };
  if (c.program) out.program = c.program;
  if (c.error !== undefined) out.error = c.error;
  if (c.errorCode !== undefined) out.errorCode = c.errorCode;
  if (c.errorOffset !== undefined) out.errorOffset = c.errorOffset;
  return out;
}
