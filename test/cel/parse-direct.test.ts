// The one-pass parser (parse-direct.ts) against the two-phase parser (parser.ts + build-ast.ts):
// the same AST, ids, positions and macro calls, or the same errors, across options and depth limits.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parse, type ParseOptions } from "../../src/cel/parse.js";
import { tokenize } from "../../src/cel/lexer.js";
import { CstParser } from "../../src/cel/parser.js";
import { AstBuilder } from "../../src/cel/build-ast.js";
import { allMacros } from "../../src/cel/macros.js";
import type { CelIssue } from "../../src/cel/errors-format.js";

/** The two-phase parse of `text` (what `parse` did before the one-pass path), as text. */
function twoPhase(text: string, o: Required<Pick<ParseOptions, "maxRecursionDepth" | "enableOptionalSyntax" | "enableIdentEscapeSyntax">>): string {
  const issues: CelIssue[] = [];
  const { tokens, errors } = tokenize(text);
  for (const e of errors) issues.push({ message: `Syntax error: ${e.message}`, offset: e.offset });
  const cst = new CstParser(text, tokens, issues, o.maxRecursionDepth, 30).parse();
  const b = new AstBuilder(issues, allMacros, o.maxRecursionDepth, o.enableOptionalSyntax, o.enableIdentEscapeSyntax);
  const expr = cst ? b.build(cst) : undefined;
  if (issues.length > 0 || !expr) return JSON.stringify({ errors: issues }, show);
  return JSON.stringify({ expr, positions: b.positions, macroCalls: b.macroCalls }, show);
}

function viaParse(text: string, o: Required<Pick<ParseOptions, "maxRecursionDepth" | "enableOptionalSyntax" | "enableIdentEscapeSyntax">>): string {
  const r = parse(text, { ...o, macros: allMacros });
  if ("errors" in r) return JSON.stringify({ errors: r.errors }, show);
  const { expr, sourceInfo } = r.parsed;
  return JSON.stringify({ expr, positions: sourceInfo.positions, macroCalls: sourceInfo.macroCalls }, show);
}

function show(_k: string, v: unknown): unknown {
  if (typeof v === "bigint") return `${v}n`;
  if (v instanceof Uint8Array) return Array.from(v);
  if (v !== null && typeof v === "object" && Symbol.iterator in v && !Array.isArray(v)) return [...(v as Iterable<unknown>)];
  return v;
}

const exprs: string[] = [
  "a", ".a.b", ".f(1)", "a.b.c", "a.b.c{}", "a.b{c: 1, ?d: x}", "A{`e-f`: 1}", "a.`b-c`", "Msg{,}", "[,]", "{,}", "[1,]", "{1: 2,}",
  "--1", "-1", "- 1", "-x", "--x", "---x", "!x", "!!x", "!-1", "-1.5", "1u", "0x1F", "9223372036854775808", "-9223372036854775808", "18446744073709551616u",
  "1e400", "'\\z'", "b'\\u00ff'", "r'\\n'", "'''a\nb'''", "\"x\" + 'y'", "a ? b : c ? d : e", "(a ? b : c) ? d : e", "a || b || c || d && e && f",
  "a < b == c != d in e", "1 + 2 * 3 - 4 / 5 % 6", "a[0][?1].?b.c()", "a.?b", "a[?x]", "[?a, b, ?c]", "{?a: b, c: d}", "x.f(a, b)(c)",
  "has(a.b)", "has(a)", "[1, 2].map(x, x * 2)", "[1].all(x, [2].exists(y, y > x))", "{a: [1].map(x, x), b: [2].filter(y, y > 1)}",
  "x.all(1, y)", "x.map(x, y, z, w)", "[1].exists_one(x, x > 0)", "m.transformMap(k, v, v)", "optional.of(1).optMap(x, x + 1)",
  "for", "if(1)", "a.as", "null", "true.x", "a.true", "a.", ".", "a b", "(a", "a)", "[a", "{a: }", "a ? b", "f(,)", "f(a,)", "1 +", "@x", "a..b",
  "Msg{a: 1, b: 2}.a", "google.protobuf.Duration{seconds: 1}", "x[0].y.z(1).w[2]", "-(-(-x))", "!(!(!x))", "a.b.c.d.e.f.g.h.i.j",
];
const deep = (n: number, open: string, close: string, inner = "x"): string => open.repeat(n) + inner + close.repeat(n);
for (const n of [3, 4, 5, 8, 9, 10, 11, 12, 20, 30, 31, 32, 33]) {
  exprs.push(deep(n, "[", "]"), deep(n, "(", ")"), deep(n, "f(", ")"), Array.from({ length: n + 1 }, (_, i) => `a${i}`).join(" + "), Array.from({ length: n + 1 }, (_, i) => `a${i}`).join(" == "), Array.from({ length: n + 1 }, (_, i) => `a${i}`).join(" * "),
    Array.from({ length: n }, () => "a").join(".") + ".b", "x" + "[0]".repeat(n), "x" + ".f()".repeat(n), deep(n, "-", "", "x"), deep(n, "!", "", "x"),
    Array.from({ length: n }, (_, i) => `c${i} ? v${i} : `).join("") + "z", deep(n, "{1: ", "}"));
}

const optionSets = [
  { maxRecursionDepth: 250, enableOptionalSyntax: true, enableIdentEscapeSyntax: true },
  { maxRecursionDepth: 250, enableOptionalSyntax: false, enableIdentEscapeSyntax: false },
  { maxRecursionDepth: 10, enableOptionalSyntax: true, enableIdentEscapeSyntax: true },
  { maxRecursionDepth: 32, enableOptionalSyntax: true, enableIdentEscapeSyntax: true },
  { maxRecursionDepth: 5, enableOptionalSyntax: true, enableIdentEscapeSyntax: true },
];

for (const o of optionSets) {
  test(`one-pass parse equals the two-phase parse (depth ${o.maxRecursionDepth}, optional ${o.enableOptionalSyntax}, escapes ${o.enableIdentEscapeSyntax})`, () => {
    const diffs: string[] = [];
    for (const x of exprs) {
      const want = twoPhase(x, o), got = viaParse(x, o);
      if (got !== want) diffs.push(`${JSON.stringify(x)}\n  want ${want.slice(0, 300)}\n  got  ${got.slice(0, 300)}`);
    }
    assert.deepEqual(diffs, []);
  });
}
