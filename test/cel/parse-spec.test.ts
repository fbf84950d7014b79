// Runs the parser over cel-go's own parser test inputs (shipped in @bufbuild/cel-spec as `parsing`
// and `comprehension` suites): expected ASTs must match cel-go's debug output; parse errors must be errors.
import { test } from "node:test";
import assert from "node:assert/strict";
import { tests as parsing } from "@bufbuild/cel-spec/testdata/parsing.js";
import { tests as comprehension } from "@bufbuild/cel-spec/testdata/comprehension.js";
import { parse } from "../../src/cel/parse.js";
import type { ParseOptions } from "../../src/cel/parse.js";
import { standardMacros } from "../../src/cel/macros.js";
import { formatIssues } from "../../src/cel/errors-format.js";
import { debugString } from "./parse-helpers.js";

interface SpecTest { original: { expr: string; name?: string }; ast?: string; error?: string }
interface SpecSuite { name: string; tests?: SpecTest[]; suites?: SpecSuite[] }

function flatten(s: SpecSuite): SpecTest[] {
  return [...(s.tests ?? []), ...(s.suites ?? []).flatMap(flatten)];
}

/** Runs one suite; returns counts. Parse errors are compared as whole cel-go display strings. */
/**
 * cel-go ran some of these inputs with non-default parser options; the expected error names them.
 * Returns undefined for cases that need an option we do not have (ANTLR's lookahead limit).
 */
function optionsFor(t: SpecTest, base: ParseOptions): ParseOptions | undefined {
  const e = t.error ?? "";
  if (e.includes("lookahead limit exceeded")) return undefined;
  const o: ParseOptions = { ...base };
  if (/unsupported syntax '/.test(e)) o.enableOptionalSyntax = false;
  if (e.includes("unsupported syntax: '`'")) o.enableIdentEscapeSyntax = false;
  if (e.includes("exceeded: 32") || e.includes("max recursion depth exceeded")) o.maxRecursionDepth = 32;
  const rec = /error recovery attempt limit exceeded: (\d+)/.exec(e);
  if (rec) o.errorRecoveryLimit = Number(rec[1]);
  return o;
}

export function runSuite(suite: SpecSuite, base: ParseOptions = {}): { ok: number; total: number; exactErrors: number; errorCases: number; failures: string[] } {
  let ok = 0, total = 0, exactErrors = 0, errorCases = 0;
  const failures: string[] = [];
  for (const t of flatten(suite)) {
    const expr = t.original.expr;
    const opts = optionsFor(t, base);
    if (!opts) continue;
    const r = parse(expr, opts);
    if (t.ast !== undefined) {
      total++;
      if ("parsed" in r && debugString(r.parsed.expr) === t.ast) ok++;
      else failures.push(`AST ${JSON.stringify(expr)}: ${"errors" in r ? formatIssues(expr, r.errors, "") : debugString(r.parsed.expr)}`);
    } else if (t.error !== undefined) {
      total++;
      errorCases++;
      if ("errors" in r) {
        ok++;
        if (formatIssues(expr, r.errors, "") === t.error) exactErrors++;
        else failures.push(`TEXT ${JSON.stringify(expr)}\n  want: ${t.error}\n  got:  ${formatIssues(expr, r.errors, "")}`);
      } else failures.push(`NOERR ${JSON.stringify(expr)}: want ${t.error}`);
    }
  }
  return { ok, total, exactErrors, errorCases, failures };
}

// The comprehension suite's ASTs were recorded with cel-go's default (standard) macros only.
const suites: [SpecSuite, ParseOptions][] = [[parsing as SpecSuite, {}], [comprehension as SpecSuite, { macros: standardMacros }]];
for (const [s, base] of suites) {
  test(`cel-go ${s.name} suite: parse success/failure and AST shape`, () => {
    const r = runSuite(s, base);
    if (process.env.CEL_VERBOSE) console.log(r.failures.join("\n"));
    console.log(`${s.name}: ${r.ok}/${r.total} outcome+AST; parse error text exact ${r.exactErrors}/${r.errorCases}`);
    assert.equal(r.failures.filter((f) => !f.startsWith("TEXT")).length, 0, r.failures.filter((f) => !f.startsWith("TEXT")).join("\n"));
  });
}
