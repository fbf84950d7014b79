// Compiles the CEL every policy kind shares (reference §4.4): variables in order (each sees only
// earlier ones) and matchConditions (bool); a kind's own expressions compile with
// `compileExpression` in `withVariables(env, types)`. Errors are stored, not thrown: they are
// reported on each object the policy is invoked for, under its failurePolicy.
import { compile, typeText, type CelEnv, type CelType, type Program } from "../../cel/index.js";
import type { PolicyModel } from "../policy/index.js";
import type { AdmitLimits } from "../types.js";
import { expressionEnv } from "./expression-env.js";

/** One compiled expression: a program, or the apiserver's compile error text. */
export interface CompiledExpression {
  text: string;
  fieldPath: string;
  program?: Program;
  /** `compilation failed: …`, `program instantiation failed: …` or `must evaluate to … but got …`. */
  error?: string;
  /** Which of the three `error` is: a parse/type-check error, a failed program plan, a wrong result type. */
  errorCode?: CompiledErrorCode;
}

/** What failed when an expression did not compile (see {@link CompiledExpression.error}). */
export type CompiledErrorCode = "compile" | "program" | "result-type";

/** What every policy kind compiles the same way: its variables and matchConditions. */
export interface CompiledPolicyBase {
  model: PolicyModel;
  variables: (CompiledExpression & { name: string })[];
  matchConditions: (CompiledExpression & { name: string })[];
  /** The limits it was compiled with (its evaluation budgets too). */
  limits: AdmitLimits;
}

/** The result type an expression must have exactly (cel-go `IsExactType`). */
export type ExpectedType = "Object" | "list(JSONPatch)" | "bool";

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

/** True when `t` is exactly the expected return type (cel-go `IsExactType`). */
function isExactly(t: CelType, expected: ExpectedType): boolean {
  return typeText(t) === expected;
}

function compileOne(env: CelEnv, text: string, fieldPath: string, expected?: ExpectedType): CompiledExpression & { type?: CelType } {
  const r = compile(env, text);
  if (!r.ok) {
    const program = r.code === "program";
    return { text, fieldPath, error: `${program ? "program instantiation failed" : "compilation failed"}: ${r.message}`, errorCode: program ? "program" : "compile" };
  }
  if (expected && !isExactly(r.type, expected)) {
    return { text, fieldPath, error: `must evaluate to ${expected} but got ${typeText(r.type)}`, errorCode: "result-type" };
  }
  return { text, fieldPath, program: r.program, type: r.type };
}

/** Compiles one expression in `env`; with `expected`, a result of another type is an error. */
export function compileExpression(env: CelEnv, text: string, fieldPath: string, expected?: ExpectedType): CompiledExpression {
  return strip(compileOne(env, text, fieldPath, expected));
}

/**
 * Compiles the variables and matchConditions of `policy` (cost, length and depth limits from
 * `limits`); `variableTypes` declare `variables` for the kind's own expressions.
 */
export function compileVariablesAndConditions(policy: PolicyModel, limits: AdmitLimits): { compiled: CompiledPolicyBase; variableTypes: Record<string, CelType> } {
  const plain = expressionEnv(policy.paramKind !== undefined, false, limits);
  const fields: Record<string, CelType> = {};
  const variables: CompiledPolicyBase["variables"] = [];
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
  return out;
}
