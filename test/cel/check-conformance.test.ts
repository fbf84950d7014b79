// Checker run over the cel-spec conformance `simple` data (@bufbuild/cel-spec): every applicable
// test with type-checking enabled must check, with cel-go's output type and cel-go's type on every
// node (the recorded checked AST). Skips are data with reasons; a skipped case that passes fails.
import { test } from "node:test";
import assert from "node:assert/strict";
import { tests } from "@bufbuild/cel-spec/testdata/conformance.js";
import { celEnv, type CelEnv } from "../../src/cel/env.js";
import type { CelType } from "../../src/cel/types.js";
import { conformanceLibraries } from "../../src/cel/lib/library-sets.js";
import { formatCelType } from "../../src/cel/check.js";
import { formatIssues } from "../../src/cel/errors-format.js";
import { annotations, checkText, ourAnnotations } from "./check-helpers.js";

interface SpecType { primitive?: string; listType?: { elemType: SpecType }; mapType?: { keyType: SpecType; valueType: SpecType }; null?: unknown; messageType?: string }
interface SpecTest {
  original: { name: string; expr: string; disableCheck?: boolean; container?: string; typeEnv?: { name: string; ident?: { type: SpecType } }[] };
  checkedAst?: string;
  type?: string;
  path: string;
}
interface SpecSuite { name: string; tests?: SpecTest[]; suites?: SpecSuite[] }
const flatten = (s: SpecSuite, path: string): SpecTest[] => [
  ...(s.tests ?? []).map((t) => ({ ...t, path: `${path}/${t.original.name}` })),
  ...(s.suites ?? []).flatMap((x) => flatten(x, path ? `${path}/${x.name}` : x.name)),
];
const all = flatten(tests as unknown as SpecSuite, "");

/** Not applicable: protobuf messages, enums and containers (kmutate has no protobuf types). */
const protobuf = /TestAllTypes|NestedTestAllTypes|google\.protobuf|NestedEnum|GlobalEnum|NestedMessage|cel\.expr\.conformance|proto[23]/;

/** Applicable tests expected to fail (path pattern → reason); each must still fail. */
const knownFailures: [RegExp, string][] = [
  [/^block_ext\//, "cel.block / cel.index / cel.iterVar (cel-go's block extension) are not implemented: no library declares them"],
  [/^math_ext\/(greatest|least)_\w+_result\/(binary_|ternary_(same_args|first_arg|third_arg|with_negatives|int_m|uint_m))/,
    "lib/macros.ts expands 2-argument math.greatest/least to a list call and lib/ext-math.ts types math.@max/@min(list) as dyn; " +
    "cel-go keeps 2 arguments (math.@max(int, int) → int, mixed → dyn) and types math.@max(list(int)) as int"],
];
const knownFailure = (path: string): string | undefined => knownFailures.find(([re]) => re.test(path))?.[1];

const PRIMITIVES: Record<string, CelType> = {
  INT64: { kind: "int" }, UINT64: { kind: "uint" }, BOOL: { kind: "bool" }, STRING: { kind: "string" }, DOUBLE: { kind: "double" }, BYTES: { kind: "bytes" },
};
function specType(t: SpecType): CelType | undefined {
  if (t.primitive) return PRIMITIVES[t.primitive];
  if (t.listType) { const e = specType(t.listType.elemType); return e && { kind: "list", elem: e }; }
  if (t.mapType) { const k = specType(t.mapType.keyType), v = specType(t.mapType.valueType); return k && v && { kind: "map", key: k, value: v }; }
  if ("null" in t) return { kind: "null" };
  if (t.messageType === "google.protobuf.Duration") return { kind: "duration" };
  if (t.messageType === "google.protobuf.Timestamp") return { kind: "timestamp" };
  return undefined;
}

const base = celEnv({ libraries: conformanceLibraries() });
function envOf(t: SpecTest): CelEnv | undefined {
  const o = t.original;
  if (o.disableCheck || o.container || protobuf.test(o.expr)) return undefined;
  const variables: Record<string, CelType> = {};
  for (const d of o.typeEnv ?? []) {
    const ty = d.ident && specType(d.ident.type);
    if (!ty) return undefined;
    variables[d.name] = ty;
  }
  return Object.keys(variables).length > 0 ? base.extend({ variables }) : base;
}

/** Why the test's outcome differs from cel-go's, or undefined when it matches. */
function mismatch(t: SpecTest, env: CelEnv): string | undefined {
  const r = checkText(env, t.original.expr);
  if ("parseError" in r) return r.parseError;
  if ("errors" in r.result) return formatIssues(t.original.expr, r.result.errors);
  const got = formatCelType(r.result.type);
  if (t.type !== undefined && got !== t.type) return `type ${got}, cel-go ${t.type}`;
  if (t.checkedAst !== undefined) {
    const want = annotations(t.checkedAst).join(" ");
    const ours = ourAnnotations(r.exprs, r.result.types).join(" ");
    if (want !== ours) return `node types [${ours}], cel-go [${want}]`;
  }
  return undefined;
}

test("conformance: applicable tests type-check with cel-go's types", () => {
  let applicable = 0, passed = 0;
  const unexpected: string[] = [];
  const fixed: string[] = [];
  for (const t of all) {
    const env = envOf(t);
    if (!env) continue;
    applicable++;
    const why = mismatch(t, env);
    const known = knownFailure(t.path);
    if (why === undefined) passed++;
    if (why === undefined && known) fixed.push(t.path);
    if (process.env.DUMP_FAILURES && why !== undefined) console.log("FAIL", t.path);
    if (why !== undefined && !known) unexpected.push(`${t.path}: ${t.original.expr}\n  ${why}`);
  }
  console.log(`conformance check: ${passed}/${applicable} applicable tests match cel-go (${(100 * passed / applicable).toFixed(1)} %)`);
  assert.deepEqual(unexpected, []);
  assert.deepEqual(fixed, [], "known failures that now pass: remove them from knownFailures");
  assert.ok(passed >= 1436, `pass count went down: ${passed}`);
});
