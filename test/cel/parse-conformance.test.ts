// Parse-level run over the whole cel-spec conformance data (@bufbuild/cel-spec `conformance` suite):
// every test cel-go parsed must parse to the same AST (cel-go debug form); the tests cel-go's data
// generator could not parse failed only for options it left off (optional syntax, quoted field names,
// a 32-level limit) or for the `cel.block` extension's `cel.iterVar(…)` macro arguments.
import { test } from "node:test";
import assert from "node:assert/strict";
import { tests } from "@bufbuild/cel-spec/testdata/conformance.js";
import { parse } from "../../src/cel/parse.js";
import { standardMacros } from "../../src/cel/macros.js";
import { formatIssues } from "../../src/cel/errors-format.js";
import { debugString } from "./parse-helpers.js";

interface SpecTest { original: { expr: string; name?: string }; ast?: string; error?: string }
interface SpecSuite { name: string; tests?: SpecTest[]; suites?: SpecSuite[] }
const flatten = (s: SpecSuite): SpecTest[] => [...(s.tests ?? []), ...(s.suites ?? []).flatMap(flatten)];
const all = flatten(tests as SpecSuite);

// The recorded ASTs come from cel-go's default (standard) macro set; two-variable macros are
// checked in parse.test.ts. Every input must also parse with all macros on.
test("conformance inputs cel-go parsed: identical AST", () => {
  const withAst = all.filter((t) => t.ast !== undefined);
  const bad: string[] = [];
  for (const t of withAst) {
    const full = parse(t.original.expr);
    if (!("parsed" in full)) bad.push(`${t.original.name}: all macros: ${formatIssues(t.original.expr, full.errors)}`);
    const r = parse(t.original.expr, { macros: standardMacros });
    if (!("parsed" in r)) bad.push(`${t.original.name}: ${formatIssues(t.original.expr, r.errors)}`);
    else if (debugString(r.parsed.expr) !== t.ast) bad.push(`${t.original.name}: AST differs`);
  }
  console.log(`conformance parse: ${withAst.length - bad.length}/${withAst.length} identical ASTs`);
  assert.deepEqual(bad, []);
});

test("conformance inputs cel-go's generator rejected: errors only where cel-go with the same options errs", () => {
  const rest = all.filter((t) => t.ast === undefined);
  const outcomes = rest.map((t) => {
    const e = t.error ?? "";
    const needsBlockExt = /argument must be a simple name|argument is not an identifier/.test(e);
    const r = parse(t.original.expr);
    return { name: t.original.name, needsBlockExt, ok: "parsed" in r };
  });
  // With optional syntax and quoted field names on (as in Kubernetes) and the default 250 depth, these parse.
  assert.deepEqual(outcomes.filter((o) => !o.needsBlockExt && !o.ok).map((o) => o.name), []);
  // cel.block's `cel.iterVar(i, j)` as a macro variable needs that extension: a parse error here as in cel-go without it.
  assert.deepEqual(outcomes.filter((o) => o.needsBlockExt && o.ok).map((o) => o.name), []);
  console.log(`conformance parse (no recorded AST): ${outcomes.length} cases, ${outcomes.filter((o) => o.ok).length} parse, ${outcomes.filter((o) => !o.ok).length} rejected as expected`);
});
