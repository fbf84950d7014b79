// Test helpers for checker tests: parse + check one expression in an env and render the outcome
// (output type via typeText, or the cel-go-formatted errors); read cel-go's checked-AST type
// annotations in printing order, and list ours in the same order.
import type { Expr } from "../../src/cel/ast.js";
import type { CelEnv } from "../../src/cel/env.js";
import type { CelType } from "../../src/cel/types.js";
import { typeText } from "../../src/cel/env.js";
import { parse } from "../../src/cel/parse.js";
import { allMacros, type Macro } from "../../src/cel/macros.js";
import { check, formatCelType, type CheckOptions, type CheckResult } from "../../src/cel/check.js";
import { formatIssues } from "../../src/cel/errors-format.js";
import { libraryMacros } from "../../src/cel/lib/macros.js";

/** Parses (with the env's macros) and checks; a parse error is returned as its text. */
export function checkText(env: CelEnv, text: string, options?: CheckOptions): { result: CheckResult; exprs: Expr } | { parseError: string } {
  const macros: Macro[] = [...allMacros, ...libraryMacros(env.libraries)];
  const p = parse(text, { macros });
  if ("errors" in p) return { parseError: formatIssues(text, p.errors) };
  return { result: check(p.parsed, env, options), exprs: p.parsed.expr };
}

/** `type: <typeText>` on success, else the formatted errors (or `parse: …`). */
export function outcome(env: CelEnv, text: string, options?: CheckOptions): string {
  const r = checkText(env, text, options);
  if ("parseError" in r) return `parse: ${r.parseError}`;
  return "errors" in r.result ? formatIssues(text, r.result.errors) : `type: ${typeText(r.result.type)}`;
}

const simpleTypes = new Set(["dyn", "int", "uint", "double", "bool", "string", "bytes", "null", "timestamp", "duration", "type", "any", "!error!"]);

/** Type annotations (`~type`) of a cel-go checked-AST debug string, in printing order. */
export function annotations(debug: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < debug.length; i++) {
    const c = debug[i];
    if (c === '"' || c === "'") {
      for (i++; i < debug.length && debug[i] !== c; i++) if (debug[i] === "\\") i++;
      continue;
    }
    if (c !== "~") continue;
    if (debug.startsWith("test-only~", i + 1)) { i += "test-only~".length; continue; }
    let j = i + 1, depth = 0;
    for (; j < debug.length; j++) {
      const d = debug[j]!;
      if (d === "(") depth++;
      else if (d === ")") { if (depth === 0) break; if (--depth === 0) { j++; break; } }
      else if (depth === 0 && /[\s,^:\]}]/.test(d)) break;
      else if (depth === 0 && d === "." && simpleTypes.has(debug.slice(i + 1, j))) break;
    }
    out.push(debug.slice(i + 1, j));
    i = j - 1;
  }
  return out;
}

/** Our node types in cel-go's printing order (children first), skipping nodes the checker left untyped. */
export function ourAnnotations(e: Expr, types: ReadonlyMap<number, CelType>): string[] {
  const out: string[] = [];
  const visit = (x: Expr): void => {
    switch (x.kind) {
      case "select": visit(x.operand); break;
      case "call": if (x.target) visit(x.target); x.args.forEach(visit); break;
      case "list": x.elements.forEach(visit); break;
      case "map": for (const m of x.entries) { visit(m.key); visit(m.value); } break;
      case "struct": for (const f of x.fields) visit(f.value); break;
      case "comprehension": [x.iterRange, x.accuInit, x.loopCondition, x.loopStep, x.result].forEach(visit); break;
      default: break;
    }
    const t = types.get(x.id);
    if (t) out.push(formatCelType(t));
  };
  visit(e);
  return out;
}
