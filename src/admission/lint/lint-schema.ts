// The schema-aware checks of one policy's expressions, whatever its kind: typed per matched kind
// (lint-typed), JSONPatch paths against the kinds' schemas, never-true conditions. Expressions come
// in already compiled without error; each finding names the expression's field path.
import { compile, type ParsedExpr } from "../../cel/index.js";
import type { SchemaRegistry } from "../../schema/index.js";
import { expressionEnv } from "../dispatch/index.js";
import type { PolicyModel } from "../policy/index.js";
import { matchedKinds } from "./lint-kinds.js";
import { namespaceObjectReads, operationLiterals } from "./lint-never-true.js";
import { patchPathFindings } from "./lint-patch-paths.js";
import type { ExprFinding } from "./lint-reads.js";
import { typedFindings, type TypedCode, type TypedExpression } from "./lint-typed.js";
import { costFindings } from "./lint-cost.js";
import { kindTypes, PARAMS_ROOT, typedVariant, type ExpressionMode } from "./typed-env.js";

/** The apiserver's per-expression cost limit (celconfig.PerCallLimit). */
const PER_CALL_LIMIT = 1_000_000;

/** Codes of the schema-aware checks. */
export type SchemaCode = TypedCode | "patch-path" | "null-namespace" | "cost";

/** One expression of a policy, with what it is. */
export interface SchemaExpression extends TypedExpression {
  /** `condition` for matchConditions (where namespaceObject is null). */
  role: "condition" | "other";
}

/** What the checks read of a policy (every policy kind has it). */
export type SchemaPolicy = Pick<PolicyModel, "paramKind" | "matchConstraints" | "variables">;

/** A finding of the schema-aware checks. */
export interface SchemaFinding extends ExprFinding {
  code: SchemaCode;
  fieldPath: string;
}

function parse(text: string, hasParams: boolean, mode: ExpressionMode): ParsedExpr | undefined {
  const r = compile(expressionEnv(hasParams, mode !== "plain"), text, { check: false });
  return r.ok ? r.parsed : undefined;
}

/** The schema-aware findings of `policy`'s expressions (`exprs`: the ones that compile). */
export function schemaFindings(policy: SchemaPolicy, exprs: readonly SchemaExpression[], registry: SchemaRegistry): SchemaFinding[] {
  const out: SchemaFinding[] = [];
  const hasParams = policy.paramKind !== undefined;
  const matched = matchedKinds(policy, registry);
  const paramInfo = policy.paramKind && registry.resolveKind(policy.paramKind.apiVersion, policy.paramKind.kind);
  const params = kindTypes(PARAMS_ROOT, paramInfo);
  const kindNames = [...new Set(matched.kinds.map((k) => k.kind))].join(" or ");
  for (const x of exprs) {
    const parsed = parse(x.text, hasParams, x.mode);
    if (!parsed) continue;
    const add = (code: SchemaCode, fs: readonly ExprFinding[]): void => {
      for (const f of fs) out.push({ ...f, code, fieldPath: x.fieldPath });
    };
    add("never-true", operationLiterals(parsed));
    if (x.role === "condition") add("null-namespace", namespaceObjectReads(parsed));
    if (x.mode === "JSONPatch" && !matched.unknown) add("patch-path", patchPathFindings(parsed, matched.kinds.flatMap((k) => (k.schema ? [k.schema] : [])), kindNames));
  }
  if (matched.kinds.length === 0 && !params) return out;
  const variants = matched.kinds.map((k) => typedVariant(hasParams, k, params, policy.variables));
  if (matched.unknown || variants.length === 0) variants.push(typedVariant(hasParams, undefined, params, policy.variables));
  const roots = { object: matched.unknown ? "the matched kinds" : kindNames, params: policy.paramKind?.kind ?? "params" };
  out.push(...typedFindings(exprs, variants, roots));
  // Without a schema for every matched kind nothing is sized: no cost is guessed.
  if (!matched.unknown && matched.kinds.length > 0) out.push(...costFindings(exprs, variants, paramInfo || undefined, PER_CALL_LIMIT));
  return out;
}
