// Entry point of the planner: a parsed (and checked) expression → a reusable Program. Plans are
// cached per env and AST with WeakMaps.
import type { ParsedExpr } from "./ast.js";
import type { CelEnv } from "./env.js";
import type { CelType } from "./types.js";
import { Planner, type Activation, type EvalState, type Ev } from "./planner.js";
import { celError, errText, isCelError, type CelValue, type CelError } from "./values/index.js";

/** Per-evaluation options. */
export interface EvalOptions {
  /** Cost limit of this evaluation (cel-go actual cost). Default: the env's `costLimit`. */
  costLimit?: number;
}

/** Result of one evaluation: a value or an error, and the actual cost spent. */
export type EvalResult = { value: CelValue; cost: number; error?: undefined } | { error: CelError; cost: number; value?: undefined };

/** A planned expression, evaluated any number of times. */
export interface Program {
  eval(activation: Activation, options?: EvalOptions): EvalResult;
  /**
   * The declared variables the program may read, by their declared names (`authorizer.requestResource`):
   * its result is a function of these variables' values alone.
   */
  readonly variables: ReadonlySet<string>;
}

const noVariables: Activation = {};

class ProgramImpl implements Program {
  /**
   * The state of the last evaluation, kept for the next one (taken while an evaluation runs, so a
   * nested evaluation of this program makes its own). Its slots are overwritten, never read, before
   * they are written again: a comprehension sets its variables before its steps read them.
   */
  private spare: EvalState | undefined;
  /** `planner.slotCount` is read per evaluation: parts planned on first use may add slots. */
  constructor(private readonly ev: Ev, private readonly planner: Planner, private readonly limit: number) {}
  get variables(): ReadonlySet<string> {
    return this.planner.variablesRead;
  }
  eval(activation: Activation, options?: EvalOptions): EvalResult {
    const limit = options?.costLimit ?? this.limit;
    const slots = this.planner.slotCount;
    let s = this.spare;
    if (s === undefined) {
      // Every state gets all its fields, with the same kinds of values, when made: planned code then
      // reads states of one shape (plan-fold's states, with no limit, have another).
      s = { vars: activation, slots: new Array<CelValue | CelError | undefined>(slots), cost: 0, limit, lazy: undefined };
    } else {
      this.spare = undefined;
      s.vars = activation;
      if (s.slots.length !== slots) s.slots = new Array<CelValue | CelError | undefined>(slots);
      s.cost = 0;
      s.limit = limit;
    }
    let v: CelValue | CelError;
    try {
      v = this.ev(s);
    } catch (e) {
      // Planned code returns errors as values; only the JS engine's limits (deeply nested data) land here.
      v = celError(e instanceof RangeError ? "max recursion depth exceeded" : `internal error: ${e instanceof Error ? e.message : String(e)}`);
    }
    const cost = s.cost;
    // Kept without this evaluation's inputs and lazy values (they may be large: let them go).
    s.vars = noVariables;
    s.lazy = undefined;
    this.spare = s;
    if (cost > limit) return { error: celError(errText.costLimit, 0, "cost_limit"), cost };
    return isCelError(v) ? { error: v, cost } : { value: v, cost };
  }
}

const cache = new WeakMap<CelEnv, WeakMap<ParsedExpr, Program>>();

/**
 * Plans `parsed` in `env` (cached per env and AST object). `staticOverloads` (the checker's
 * applicable rows per call node) narrows runtime dispatch to the statically chosen overloads.
 */
export function plan(env: CelEnv, parsed: ParsedExpr, staticOverloads?: ReadonlyMap<number, readonly unknown[]>): Program {
  let perEnv = cache.get(env);
  if (!perEnv) cache.set(env, (perEnv = new WeakMap()));
  let p = perEnv.get(parsed);
  if (!p) {
    p = planOnce(env, parsed, staticOverloads);
    perEnv.set(parsed, p);
  }
  return p;
}

/** Plans without the cache: for callers (compile) that never plan the same parse result twice. */
export function planOnce(env: CelEnv, parsed: ParsedExpr, staticOverloads?: ReadonlyMap<number, readonly unknown[]>): Program {
  const p = planChecked(env, parsed, staticOverloads);
  return "program" in p ? p.program : new ProgramImpl(() => p.error, new Planner(env), env.costLimit);
}

/**
 * Plans as cel-go's `env.Program` does: the program, or the error of a conversion of constants
 * that failed when folded (Kubernetes: `program instantiation failed: …`). `staticTypes` (the
 * checker's type per node) lets field reads on data-only object types read them as data.
 */
export function planChecked(
  env: CelEnv,
  parsed: ParsedExpr,
  staticOverloads?: ReadonlyMap<number, readonly unknown[]>,
  staticTypes?: ReadonlyMap<number, CelType>,
): { program: Program } | { error: CelError } {
  const planner = new Planner(env, staticOverloads, staticTypes);
  const ev = planner.plan(parsed.expr, undefined);
  if (planner.programError) return { error: planner.programError };
  return { program: new ProgramImpl(ev, planner, env.costLimit) };
}

/** Evaluates once without a Program (tests, the CLI). */
export function evaluate(env: CelEnv, parsed: ParsedExpr, activation: Activation, options?: EvalOptions): EvalResult {
  return plan(env, parsed).eval(activation, options);
}
export type { Activation };
export { celError };
