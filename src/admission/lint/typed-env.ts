// Schema-typed CEL environments for the policy checker: the apiserver's expression environments with
// `object`/`oldObject` typed by one matched kind's schema, `params` by the paramKind's, `Object…`
// literal names resolved along the kind's fields, and `variables` typed as they check in that env.
import { checkAll, compile, objectTypeResolver, type CelEnv, type CelType, type TypeResolver } from "../../cel/index.js";
import type { ResourceInfo } from "../../schema/index.js";
import { expressionEnv, withVariables } from "../dispatch/index.js";
import { schemaTypes, type SchemaTypes } from "./schema-cel-types.js";

/** How an expression is compiled: plain (variables, conditions, validations) or a mutation of one patch type. */
export type ExpressionMode = "plain" | "ApplyConfiguration" | "JSONPatch";

/** Root type name of `object`, `oldObject` and apply configurations. */
export const OBJECT_ROOT = "Object";
/** Root type name of `params` (not a name expressions can write: it never resolves a literal). */
export const PARAMS_ROOT = "params:Params";

/** One variant of a policy's environments: `object` typed by one kind (or dyn), `params` by its paramKind (or dyn). */
export interface TypedVariant {
  /** The matched kind typing `object`; undefined: `object` stays dyn. */
  kind?: ResourceInfo;
  envFor(mode: ExpressionMode): CelEnv;
}

function numericOf(info: ResourceInfo): CelType {
  return info.source === "builtin" ? { kind: "int" } : { kind: "dyn" };
}

/** The types of a kind's objects under `root`, or undefined without a schema. */
export function kindTypes(root: string, info: ResourceInfo | undefined): SchemaTypes | undefined {
  return info?.schema ? schemaTypes(root, info.schema, numericOf(info)) : undefined;
}

/**
 * The environments of one variant: `variables` holds the policy's variables (name, expression) in
 * order, each typed by checking it in this variant's plain environment (dyn when it does not check).
 */
export function typedVariant(
  hasParams: boolean, kind: ResourceInfo | undefined, params: SchemaTypes | undefined,
  variables: ReadonlyArray<{ name: string; expression: string }>,
): TypedVariant {
  const object = kindTypes(OBJECT_ROOT, kind);
  const objectType: CelType = object ? { kind: "object", name: OBJECT_ROOT } : { kind: "dyn" };
  const declared: Record<string, CelType> = { object: objectType, oldObject: objectType };
  if (hasParams) declared.params = params ? { kind: "object", name: PARAMS_ROOT } : { kind: "dyn" };
  const base = (mode: ExpressionMode): CelEnv => {
    const env = expressionEnv(hasParams, mode !== "plain");
    const fallback = mode === "JSONPatch" ? objectTypeResolver : undefined;
    const resolveType: TypeResolver = {
      roots: [OBJECT_ROOT, PARAMS_ROOT],
      resolve: (name) => object?.resolve(name) ?? params?.resolve(name) ?? fallback?.resolve(name),
    };
    return env.extend({ variables: declared, resolveType });
  };
  const plain = base("plain");
  const fields: Record<string, CelType> = {};
  for (const v of variables) {
    const env = withVariables(plain, { ...fields });
    const parsed = compile(env, v.expression, { check: false });
    const checked = parsed.ok ? checkAll(parsed.parsed, env) : undefined;
    fields[v.name] = checked && checked.issues.length === 0 && parsed.ok ? (checked.types.get(parsed.parsed.expr.id) ?? { kind: "dyn" }) : { kind: "dyn" };
  }
  const envs = new Map<ExpressionMode, CelEnv>();
  return {
    kind,
    envFor(mode) {
      let env = envs.get(mode);
      if (!env) envs.set(mode, (env = withVariables(mode === "plain" ? plain : base(mode), fields)));
      return env;
    },
  };
}
