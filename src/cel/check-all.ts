// Lenient type check for linters: every issue the checker finds together with the type of every
// node it could type (the ones after an error are `error`), where `check` stops at the first failure.
import type { ParsedExpr } from "./ast.js";
import type { CelEnv } from "./env.js";
import type { CelType } from "./types.js";
import type { CelIssue } from "./errors-format.js";
import type { Signature } from "./check/builtins.js";
import { Checker } from "./checker.js";

/** What {@link checkAll} found: the checker's issues (possibly none) and the node types. */
export interface CheckAllResult {
  issues: readonly CelIssue[];
  /** The type of every checked node, keyed by node id. */
  types: ReadonlyMap<number, CelType>;
  /** The overloads each call node may dispatch to (what the cost estimate prices). */
  overloads: ReadonlyMap<number, readonly Signature[]>;
}

/** Type-checks `parsed` in `env` without validators, keeping types alongside the issues. Never throws on bad input. */
export function checkAll(parsed: ParsedExpr, env: CelEnv): CheckAllResult {
  const checker = new Checker(env, parsed);
  try {
    checker.run();
  } catch (e) {
    if (e instanceof RangeError) return { issues: [{ message: "max recursion depth exceeded", offset: -1 }], types: new Map(), overloads: new Map() };
    throw e;
  }
  return { issues: checker.issues, types: checker.finalTypes(), overloads: checker.overloads };
}
