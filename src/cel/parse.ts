// Entry point of the CEL parser: text → ParsedExpr (AST + source positions + macro calls) or
// cel-go-worded issues. Lexing in ./lexer.ts, grammar in ./parser.ts, AST nodes in ./build-ast.ts.
import { tokenize } from "./lexer.js";
import { Parser } from "./parser.js";
import { AstBuilder } from "./build-ast.js";
import { allMacros } from "./macros.js";
import type { Macro } from "./macros.js";
import type { Expr, ParsedExpr } from "./ast.js";
import type { CelIssue } from "./errors-format.js";

/** Parser options. */
export interface ParseOptions {
  /** Maximum expression size in code points. Default: 100,000 (cel-go). */
  maxExpressionLength?: number;
  /** Maximum parse recursion depth (per grammar rule, and for the AST visitor). Default: 250 (cel-go). */
  maxRecursionDepth?: number;
  /** Macros to expand. Default: `allMacros` (standard, two-variable comprehensions, optional). */
  macros?: readonly Macro[];
  /** Accept optional syntax (`a.?b`, `a[?k]`, `[?x]`, `{?k: v}`, `Msg{?f: v}`). Default: true. */
  enableOptionalSyntax?: boolean;
  /** Accept backtick-quoted field names (`` a.`b-c` ``). Default: true. */
  enableIdentEscapeSyntax?: boolean;
  /** Syntax-error recovery attempts before giving up. Default: 30 (cel-go). */
  errorRecoveryLimit?: number;
}

/** Result of `parse`: the parsed expression, or the issues (at least one). */
export type ParseResult = { parsed: ParsedExpr } | { errors: CelIssue[] };

/** Parses a CEL expression as cel-go does; never throws on bad input. */
export function parse(text: string, options: ParseOptions = {}): ParseResult {
  const maxLen = options.maxExpressionLength ?? 100_000;
  const maxDepth = options.maxRecursionDepth ?? 250;
  const issues: CelIssue[] = [];
  // Code points never outnumber UTF-16 units: count them only when the text could be too long.
  if (maxLen >= 0 && text.length > maxLen) {
    let size = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff) i++;
      size++;
    }
    if (size > maxLen) {
      issues.push({ message: `expression code point size exceeds limit: size: ${size}, limit ${maxLen}`, offset: -1 });
      return { errors: issues };
    }
  }
  const depth = maxDepth < 0 ? Number.MAX_SAFE_INTEGER : maxDepth;
  const { tokens, errors: lexErrors } = tokenize(text);
  for (const e of lexErrors) issues.push({ message: `Syntax error: ${e.message}`, offset: e.offset });
  const run = (syntaxIssues: CelIssue[], record: boolean, exact: boolean): { builder: AstBuilder; expr: Expr | undefined; needsExact: boolean } => {
    const builder = new AstBuilder(tokens, options.macros ?? allMacros, options.enableOptionalSyntax ?? true, options.enableIdentEscapeSyntax ?? true, record);
    const parser = new Parser(tokens.source, tokens, syntaxIssues, builder, depth, options.errorRecoveryLimit ?? 30, exact);
    const expr = parser.parse();
    return { builder, expr, needsExact: parser.needsExact };
  };
  const lexIssues = issues.length;
  // First counting the nesting of `expr` only (see Parser `enter`); a deeply nested expression is
  // parsed again counting every grammar rule, as cel-go does.
  let { builder, expr, needsExact: exact } = run(issues, false, false);
  if (exact) {
    issues.length = lexIssues;
    ({ builder, expr } = run(issues, false, true));
  }
  // After a parse cel-go's AST builder runs, raising the AST rules' issues after the syntax errors,
  // and stops at the first node nested deeper than the limit. Only an expression with more counted
  // nodes than the limit can be that deep: it is parsed again, recording where they are.
  if (expr && builder.counted > depth) {
    issues.length = lexIssues;
    ({ builder, expr } = run(issues, true, exact));
  }
  if (expr) {
    const overflow = builder.counted > depth ? builder.overflowAt(depth) : -1;
    for (const issue of builder.issuesBefore(overflow)) issues.push(issue);
    if (overflow >= 0) {
      issues.push({ message: "max recursion depth exceeded", offset: -1 });
      expr = undefined;
    }
  }
  if (issues.length > 0 || !expr) {
    return { errors: issues.length > 0 ? issues : [{ message: "unknown parse error", offset: -1 }] };
  }
  return { parsed: { expr, sourceInfo: { text, positions: builder.positions, macroCalls: builder.macroCalls } } };
}

