// The static cost check: each expression's worst-case cost (cel-go's estimator, with Kubernetes'
// library prices) in every matched kind's environment, inputs sized by the bounds the schemas
// declare and every other size taken as 0 — a lower bound of the worst case. Over the
// per-expression limit in every kind: the apiserver still accepts the policy (it estimates costs
// only for CRD validation rules), but an object at those bounds fails at runtime.
import { checkAll, compile, estimateCost, kubernetesCostHooks, type CostRange, type EstimateNode } from "../../cel/index.js";
import type { ResourceInfo } from "../../schema/index.js";
import type { ExprFinding } from "./lint-reads.js";
import type { TypedExpression } from "./lint-typed.js";
import { kindSizes, type PathSizes } from "./schema-sizes.js";
import type { TypedVariant } from "./typed-env.js";

/** A cost finding in one expression. */
export interface CostFinding extends ExprFinding {
  code: "cost";
  fieldPath: string;
}

const grouped = (n: bigint): string => n.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** The hook sizing `object`/`oldObject` by `object` and `params` by `params`. */
function sizeHook(object: PathSizes | undefined, params: PathSizes | undefined): (n: EstimateNode) => CostRange | undefined {
  return (n) => {
    const [root, ...rest] = n.path ?? [];
    const sizes = root === "object" || root === "oldObject" ? object : root === "params" ? params : undefined;
    return sizes?.(rest);
  };
}

/**
 * Expressions whose estimated cost exceeds `limit` in every variant where they type-check
 * (`paramKind`: the params' kind, sized like the objects).
 */
export function costFindings(exprs: readonly TypedExpression[], variants: readonly TypedVariant[], paramKind: ResourceInfo | undefined, limit: number): CostFinding[] {
  const out: CostFinding[] = [];
  const params = kindSizes(paramKind);
  const hooks = variants.map((v) => kubernetesCostHooks(sizeHook(kindSizes(v.kind), params), { min: 0n, max: 0n }));
  for (const x of exprs) {
    let least: bigint | undefined;
    for (let i = 0; i < variants.length; i++) {
      const env = variants[i]!.envFor(x.mode);
      const parsed = compile(env, x.text, { check: false });
      if (!parsed.ok) continue;
      const checked = checkAll(parsed.parsed, env);
      if (checked.issues.length > 0) continue;
      const max = estimateCost(parsed.parsed, checked, hooks[i]).max;
      if (max <= BigInt(limit)) {
        least = undefined;
        break;
      }
      least = least === undefined || max < least ? max : least;
    }
    if (least === undefined) continue;
    out.push({
      code: "cost", fieldPath: x.fieldPath, offset: 0,
      message: `estimated cost of at least ${grouped(least)} exceeds the per-expression limit of ${grouped(BigInt(limit))} for objects at the bounds the schema declares (maxItems, maxLength, maxProperties): the apiserver accepts the policy, but such an object fails with "operation cancelled: actual cost limit exceeded"`,
    });
  }
  return out;
}
