// Compiles the CEL every policy kind shares (reference §4.4): variables in order (each sees only
// earlier ones) and matchConditions (bool); a kind's own expressions compile with
// `compileExpression` in `withVariables(env, types)`. Errors are stored, not thrown: they are
// reported on each object the policy is invoked for, under its failurePolicy.
import { compile, typeText, type CelEnv, type CelType, type Program } from "../../cel/index.js";
import type { PolicyBase } from "../policy/index.js";
import type { AdmitLimits } from "../types.js";
import { expressionEnv } from "./expression-env.js";

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

/** `env` with `variables` declared as an object of `fields` (the types of the policy's variables). */
export function withVariables(env: CelEnv, fields: Record<string, CelType>): CelEnv {
  const empty = Object.keys(fields).length === 0;
  if (empty) {
    const hit = withoutVariables.get(env);
    if (hit) return hit;
  }
  const out = env.extend({
    types: { [variablesTypeName]: { fields: empty ? {} : fields } },
    variables: { variables: { kind: "object", name: variablesTypeName } },
  });
  if (empty) withoutVariables.set(env, out);
  return out;
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

function compileOne(env: CelEnv, text: string, fieldPath: string, expected?: ExpectedType | readonly ExpectedType[]): CompiledExpression & { type?: CelType } {
  const r = compile(env, text);
  if (!r.ok) {
    if (r.code !== "program") return { text, fieldPath, error: `compilation failed: ${r.message}`, errorCode: "compile" };
    const error = `program instantiation failed: ${r.message}`;
    return r.program?.cause === "invalid_regex" ? { text, fieldPath, error, errorCode: "regex", errorOffset: r.program.offset } : { text, fieldPath, error, errorCode: "program" };
  }
  const wrongType = expected === undefined ? undefined : returnTypeError(r.type, expected);
  if (wrongType !== undefined) return { text, fieldPath, error: wrongType, errorCode: "result-type" };
  return { text, fieldPath, program: r.program, type: r.type };
}

/**
 * Compiles one expression in `env`; with `expected` (one type, or a list of allowed ones), a
 * result of another type is an error.
 */
export function compileExpression(env: CelEnv, text: string, fieldPath: string, expected?: ExpectedType | readonly ExpectedType[]): CompiledExpression {
  return strip(compileOne(env, text, fieldPath, expected));
}

/**
 * Compiles the variables and matchConditions of `policy` (cost, length and depth limits from
 * `limits`); `variableTypes` declare `variables` for the kind's own expressions.
 */
export function compileVariablesAndConditions<M extends PolicyBase>(policy: M, limits: AdmitLimits): { compiled: CompiledPolicyBase<M>; variableTypes: Record<string, CelType> } {
  const plain = expressionEnv(policy.paramKind !== undefined, false, limits);
  const fields: Record<string, CelType> = {};
  const variables: CompiledPolicyBase<M>["variables"] = [];
  for (const v of policy.variables) {
    const c = compileOne(withVariables(plain, { ...fields }), v.expression, v.fieldPath);
    fields[v.name] = c.type ?? { kind: "dyn" };
    variables.push({ name: v.name, ...strip(c) });
  }
  const condEnv = withVariables(plain, fields);
  const matchConditions = policy.matchConditions.map((m) => ({ name: m.name, ...compileExpression(condEnv, m.expression, m.fieldPath, "bool") }));
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
