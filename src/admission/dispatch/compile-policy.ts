// Compiles a policy's CEL once (reference §4.4): variables in order (each sees only earlier ones),
// matchConditions (bool), mutations (Object / list(JSONPatch)). Errors are stored, not thrown:
// they are reported on each object the policy is invoked for, under its failurePolicy.
import { compile, typeText, type CelEnv, type CelType, type Program } from "../../cel/index.js";
import { expressionEnv } from "./expression-env.js";
import { defaultLimits, type AdmitLimits } from "../types.js";
import type { PatchType, PolicyModel } from "../policy/policy-model.js";

/** One compiled expression: a program, or the apiserver's compile error text. */
export interface CompiledExpression {
  text: string;
  fieldPath: string;
  program?: Program;
  /** `compilation failed: …` or `must evaluate to … but got …`. */
  error?: string;
}

/** A policy with every expression compiled. */
export interface CompiledPolicy {
  model: PolicyModel;
  variables: (CompiledExpression & { name: string })[];
  matchConditions: (CompiledExpression & { name: string })[];
  mutations: (CompiledExpression & { patchType: PatchType })[];
  /** The limits it was compiled with (its evaluation budgets too). */
  limits: AdmitLimits;
}

/** Type name of the `variables` object in every policy's environment. */
export const variablesTypeName = "kubernetes.variables";

/** `env` with an empty `variables` object, built once per env (shared by policies without variables). */
const withoutVariables = new WeakMap<CelEnv, CelEnv>();

function withVariables(env: CelEnv, fields: Record<string, CelType>): CelEnv {
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
function isExactly(t: CelType, expected: "Object" | "list(JSONPatch)" | "bool"): boolean {
  return typeText(t) === expected;
}

function compileOne(env: CelEnv, text: string, fieldPath: string, expected?: "Object" | "list(JSONPatch)" | "bool"): CompiledExpression & { type?: CelType } {
  const r = compile(env, text);
  if (!r.ok) return { text, fieldPath, error: `compilation failed: ${r.message}` };
  if (expected && !isExactly(r.type, expected)) {
    return { text, fieldPath, error: `must evaluate to ${expected} but got ${typeText(r.type)}` };
  }
  return { text, fieldPath, program: r.program, type: r.type };
}

/** Compiles every expression of `policy` (cost, length and depth limits from `limits`). */
export function compilePolicy(policy: PolicyModel, limits: AdmitLimits = defaultLimits): CompiledPolicy {
  const hasParams = policy.paramKind !== undefined;
  const plain = expressionEnv(hasParams, false, limits);
  const fields: Record<string, CelType> = {};
  const variables: CompiledPolicy["variables"] = [];
  for (const v of policy.variables) {
    const c = compileOne(withVariables(plain, { ...fields }), v.expression, v.fieldPath);
    fields[v.name] = c.type ?? { kind: "dyn" };
    variables.push({ name: v.name, text: c.text, fieldPath: c.fieldPath, program: c.program, error: c.error });
  }
  const condEnv = withVariables(plain, fields);
  const matchConditions = policy.matchConditions.map((m) => ({ name: m.name, ...strip(compileOne(condEnv, m.expression, m.fieldPath, "bool")) }));
  const mutEnv = withVariables(expressionEnv(hasParams, true, limits), fields);
  const mutations = policy.mutations.map((m) => ({
    patchType: m.patchType,
    ...strip(compileOne(mutEnv, m.expression, m.fieldPath, m.patchType === "ApplyConfiguration" ? "Object" : "list(JSONPatch)")),
  }));
  return { model: policy, variables, matchConditions, mutations, limits };
}

function strip(c: CompiledExpression & { type?: CelType }): CompiledExpression {
  const out: CompiledExpression = { text: c.text, fieldPath: c.fieldPath };
  if (c.program) out.program = c.program;
  if (c.error !== undefined) out.error = c.error;
  return out;
}
