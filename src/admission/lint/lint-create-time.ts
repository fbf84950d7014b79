// Policy lint of what the apiserver refuses when the policy is created although kmutate's runtime
// (like the apiserver's) would run it: `variables` read in a matchCondition (reference §1.5, the
// create-time compiler declares no `variables` there).
import { compile } from "../../cel/index.js";
import { expressionEnv } from "../dispatch/index.js";
import type { PolicyModel } from "../policy/index.js";
import type { ExprFinding } from "./lint-reads.js";
import { walkExpr } from "./walk-expr.js";

/** A create-time finding in one expression. */
export interface CreateTimeFinding extends ExprFinding {
  code: "create-time";
  fieldPath: string;
}

/** matchConditions that read `variables`: the apiserver rejects the policy. */
export function createTimeFindings(policy: Pick<PolicyModel, "paramKind" | "matchConditions">): CreateTimeFinding[] {
  const out: CreateTimeFinding[] = [];
  const env = expressionEnv(policy.paramKind !== undefined, false);
  for (const m of policy.matchConditions) {
    const r = compile(env, m.expression, { check: false });
    if (!r.ok) continue;
    walkExpr(r.parsed.expr, (e) => {
      if (e.kind !== "ident" || e.name !== "variables") return;
      out.push({
        code: "create-time",
        fieldPath: m.fieldPath,
        offset: r.parsed.sourceInfo.positions.get(e.id) ?? 0,
        message: "matchConditions cannot read variables: the apiserver refuses the policy when it is created (undeclared reference to 'variables'); repeat the expression in the condition",
      });
    });
  }
  return out;
}
