// Entry point of the type checker: parsed expression + env → the expression's type and a type per
// node, or cel-go-worded issues (type errors first; the Kubernetes AST validators run only on a
// well-typed expression, as in cel-go's Env.Check). Results are cached per env and AST.
import type { ParsedExpr } from "./ast.js";
import type { CelEnv } from "./env.js";
import type { CelType, ValidatorName } from "./types.js";
import type { CelIssue } from "./errors-format.js";
import { Checker } from "./checker.js";
import { validate } from "./check/validators.js";
import type { Signature } from "./check/builtins.js";

/** A successfully checked expression. */
export interface CheckedExpr {
  /** The expression's output type (unbound type parameters are `dyn`; `[]` is `list(dyn)`). */
  type: CelType;
  /** The type of every node, keyed by node id. */
  types: ReadonlyMap<number, CelType>;
  /** The overloads each call node may dispatch to (all signatures that matched statically). */
  overloads: ReadonlyMap<number, readonly Signature[]>;
}

/** Result of {@link check}: the checked expression, or the issues (at least one). */
export type CheckResult = CheckedExpr | { errors: CelIssue[] };

/** Options of {@link check}. */
export interface CheckOptions {
  /** AST validators run after a successful check. Default: the env's `validators` option. */
  validators?: readonly ValidatorName[];
}

const cache = new WeakMap<CelEnv, WeakMap<ParsedExpr, CheckResult>>();

const noValidators: readonly ValidatorName[] = [];

/** The validators an env gets by default (see {@link CheckOptions.validators}). */
export function defaultValidators(env: CelEnv): readonly ValidatorName[] {
  return env.options.validators ?? noValidators;
}


/** Type-checks `parsed` in `env` as cel-go's checker plus Kubernetes' validators would. Never throws on bad input. */
export function check(parsed: ParsedExpr, env: CelEnv, options: CheckOptions = {}): CheckResult {
  if (options.validators) return run(parsed, env, options.validators);
  let perEnv = cache.get(env);
  if (!perEnv) cache.set(env, (perEnv = new WeakMap()));
  const hit = perEnv.get(parsed);
  if (hit) return hit;
  const result = run(parsed, env, defaultValidators(env));
  perEnv.set(parsed, result);
  return result;
}

const validatorSets = new WeakMap<readonly ValidatorName[], ReadonlySet<ValidatorName>>();
function validatorSet(names: readonly ValidatorName[]): ReadonlySet<ValidatorName> {
  let set = validatorSets.get(names);
  if (!set) validatorSets.set(names, (set = new Set(names)));
  return set;
}

function run(parsed: ParsedExpr, env: CelEnv, validators: readonly ValidatorName[]): CheckResult {
  const checker = new Checker(env, parsed);
  try {
    checker.run();
  } catch (e) {
    if (e instanceof RangeError) return { errors: [{ message: "max recursion depth exceeded", offset: -1 }] };
    throw e;
  }
  if (checker.issues.length > 0) return { errors: checker.issues };
  const types = checker.finalTypes();
  const issues: CelIssue[] = [];
  const positions = parsed.sourceInfo.positions;
  if (checker.mayNeedValidation && validators.length > 0) validate({
    env,
    validators: validatorSet(validators),
    root: parsed.expr,
    types,
    report: (id, message) => issues.push({ message, offset: positions.get(id) ?? -1, exprId: id }),
  });
  if (issues.length > 0) return { errors: issues };
  const type = types.get(parsed.expr.id) ?? { kind: "dyn" };
  return { type, types, overloads: checker.overloads };
}

export type { Signature, ValidatorName };
export { formatCelType } from "./check/format-type.js";
