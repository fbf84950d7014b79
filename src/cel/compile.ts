// compile(env, text): parse (with the env's library macros) → check → plan, returning a Program
// and the expression's static type, or the cel-go-formatted error text.
import type { CelEnv } from "./env.js";
import type { CelType } from "./types.js";
import type { CelErrorCode } from "./values/index.js";
import type { ParsedExpr } from "./ast.js";
import { parse } from "./parse.js";
import { allMacros, type Macro } from "./macros.js";
import { formatIssues } from "./errors-format.js";
import { planChecked, type Program } from "./plan.js";
import { libraryMacros } from "./lib/macros.js";
import { check, defaultValidators } from "./check.js";

/** Options of {@link compile}. */
export interface CompileOptions {
  /** Type-check the expression (cel-go's checker plus the env's validators). Default: true. */
  check?: boolean;
}

/**
 * What stage refused an expression: `syntax` (parse), `type` (type check and AST validators),
 * `program` (planning, as cel-go's `env.Program`: a constant conversion that fails when folded).
 */
export type CompileErrorCode = "syntax" | "type" | "program";

/** Result of compile. */
export type CompileResult =
  | { ok: true; program: Program; type: CelType; parsed: ParsedExpr }
  | { ok: false; code: CompileErrorCode; message: string; /** The checked type (a `program` failure only). */ type?: CelType; program?: ProgramFailure };

/** Where and why planning failed (a `program` failure only). */
export interface ProgramFailure {
  /** `invalid_regex`: a constant pattern of `matches`/`find`/`findAll` that does not compile. */
  cause: CelErrorCode;
  /** UTF-16 offset in the text of the node the failure is about (the pattern, for a regex). */
  offset: number;
}

const macroCache = new WeakMap<CelEnv, readonly Macro[]>();
function macrosOf(env: CelEnv): readonly Macro[] {
  let m = macroCache.get(env);
  if (!m) macroCache.set(env, (m = [...allMacros, ...libraryMacros(env.libraries)]));
  return m;
}

/** Compiles `text` in `env`. The message of a syntax or type failure is cel-go's `ERROR: <input>:L:C: …` text. */
export function compile(env: CelEnv, text: string, options: CompileOptions = {}): CompileResult {
  const r = parse(text, { maxExpressionLength: env.maxExpressionLength, maxRecursionDepth: env.maxRecursionDepth, macros: macrosOf(env) });
  if ("errors" in r) return { ok: false, code: "syntax", message: formatIssues(text, r.errors) };
  let type: CelType = { kind: "dyn" };
  let overloads: ReadonlyMap<number, readonly unknown[]> | undefined;
  let types: ReadonlyMap<number, CelType> | undefined;
  if (options.check ?? true) {
    // Explicit validators skip check()'s per-AST cache: a fresh parse never hits it, and its WeakMap
    // entries keep every compiled expression alive through young-generation GCs.
    const c = check(r.parsed, env, { validators: defaultValidators(env) });
    if ("errors" in c) return { ok: false, code: "type", message: formatIssues(text, c.errors) };
    type = c.type;
    overloads = c.overloads;
    types = c.types;
  }
  const p = planChecked(env, r.parsed, overloads, types);
  if ("error" in p) {
    const program = { cause: p.error.code, offset: r.parsed.sourceInfo.positions.get(p.error.exprId) ?? 0 };
    return { ok: false, code: "program", message: p.error.message, type, program };
  }
  return { ok: true, program: p.program, type, parsed: r.parsed };
}
