// The differential admission test: regenerates the seeded cases (scripts/differential/gen),
// runs each through kmutate's library entry `mutate()`, and compares with the committed answers
// of the k8s.io/apiserver v0.36.3 oracle (facts/*.jsonl, `npm run gen:differential`).
import { test, type TestContext } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { caseHash, generateCases } from "../../scripts/differential/gen/cases.js";
import type { MutateOutput } from "../../src/index.js";
import { parseFacts } from "../../scripts/differential/facts-format.js";
import { AllowanceTally } from "./allowances.js";
import { compareCase, type Divergence } from "./compare.js";
import { knownDifferences } from "./known-differences.js";
import { TypedRoundTrip } from "./typed-round-trip.js";
import { kmutateRunsVaps, runKmutate } from "./run-case.js";

const repo = fileURLToPath(new URL("../../../", import.meta.url));
const factsDir = join(repo, "test/differential/facts");
const typedShapePath = join(repo, "../shared/k8s-api/typed-shape.json");

/** The divergence's key in known-differences.ts. */
function keyOf(d: Divergence): string {
  return `${d.caseId}/${d.aspect}@${d.item}`;
}

/**
 * Whether kmutate reports a MutatingAdmissionPolicy of the case invalid. (Only MAPs so far: the VAP
 * shapes still draw validations that do not compile, for the VAP cases to sort out.)
 */
const refusesMap = (out: MutateOutput): MutateOutput["results"][number] | undefined =>
  out.results.find((r) => r.tags?.code === "invalid" && r.resourceRef?.kind === "MutatingAdmissionPolicy");

function runFamily(t: TestContext, family: "map" | "vap"): void {
  const factsPath = join(factsDir, `${family}.jsonl`);
  if (!existsSync(factsPath)) return void t.skip(`${factsPath} is missing: run npm run gen:differential (needs the admission oracle)`);
  if (!existsSync(typedShapePath)) return void t.skip(`${typedShapePath} not found (../shared is missing)`);
  const { header, cases: facts } = parseFacts(readFileSync(factsPath, "utf8"));
  const generated = generateCases(header.generator).filter((c) => c.family === family);
  // A case that deliberately holds a policy API validation refuses is not compared with the oracle
  // (the apiserver never runs such a policy): kmutate must report that policy invalid instead, and
  // must report no policy of any other case invalid (the generator makes only API-valid ones).
  const cases = generated.filter((c) => c.invalidPolicy === undefined);
  const notRefused = generated.filter((c) => c.invalidPolicy !== undefined && !refusesMap(runKmutate(c))).map((c) => `${c.id} (${c.invalidPolicy})`);
  t.diagnostic(`differential: ${generated.length - cases.length} cases with a deliberately invalid policy, not compared with the oracle`);
  const stale = cases.filter((c) => facts.get(c.id)?.in !== caseHash(c)).map((c) => c.id);
  assert.deepEqual(stale.slice(0, 20), [], `${stale.length} ${family} cases have no facts for their current input (the generator changed): run npm run gen:differential`);
  const cx = { typed: new TypedRoundTrip(typedShapePath), tally: new AllowanceTally(), vapWarningsRecorded: header.vapWarningsRecorded };
  const known = new Map<string, string>();
  for (const k of knownDifferences) for (const key of k.keys) {
    assert.ok(!known.has(key), `${key} is listed twice in known-differences.ts`);
    known.set(key, k.name);
  }
  const divergent = new Map<string, Divergence[]>();
  const invalid: string[] = [];
  for (const c of cases) {
    const out = runKmutate(c);
    const divs = compareCase(c, facts.get(c.id)!, out, cx);
    if (divs.length > 0) divergent.set(c.id, divs);
    const r = refusesMap(out);
    if (r) invalid.push(`${c.id} [${c.shape}]: ${r.message.split("\n")[0]}`);
  }
  const all = [...divergent.values()].flat();
  const unknown = all.filter((d) => !known.has(keyOf(d)));
  const seen = new Set(all.map(keyOf));
  const gone = [...known.keys()].filter((k) => k.startsWith(`${family}-`) && !seen.has(k));
  const knownCases = [...divergent.values()].filter((ds) => ds.every((d) => known.has(keyOf(d)))).length;
  t.diagnostic(`differential: ${cases.length} cases, ${cases.length - divergent.size} agree, ${divergent.size} diverge (${knownCases} known)`);
  for (const line of cx.tally.lines()) t.diagnostic(line);
  const byClass = new Map<string, number>();
  for (const d of all) if (known.has(keyOf(d))) byClass.set(known.get(keyOf(d))!, (byClass.get(known.get(keyOf(d))!) ?? 0) + 1);
  for (const [name, n] of byClass) t.diagnostic(`known ${name}: ${n}`);
  for (const d of unknown.slice(0, 40)) {
    t.diagnostic(`DIVERGE ${keyOf(d)} [${d.shape}] (node dist/scripts/differential/show-case.js ${d.caseId})`);
    for (const line of d.detail.split("\n")) t.diagnostic(`  ${line}`);
  }
  if (unknown.length > 40) t.diagnostic(`… and ${unknown.length - 40} more unexplained divergences`);
  for (const k of gone) t.diagnostic(`GONE ${k} (listed as ${known.get(k)})`);
  for (const s of invalid.slice(0, 20)) t.diagnostic(`INVALID POLICY ${s}`);
  const problems: string[] = [];
  if (notRefused.length > 0) problems.push(`kmutate accepts the deliberately invalid policies of ${notRefused.join(", ")}`);
  if (invalid.length > 0) problems.push(`${invalid.length} cases hold a policy kmutate reports invalid without being marked invalidPolicy (generator or kmutate to fix)`);
  if (unknown.length > 0) problems.push(`${unknown.length} divergences are not in known-differences.ts`);
  if (gone.length > 0) problems.push(`${gone.length} known divergences no longer occur: remove them from known-differences.ts`);
  assert.deepEqual(problems, []);
}

test("differential: MutatingAdmissionPolicy cases agree with the apiserver oracle", (t) => runFamily(t, "map"));

test("differential: ValidatingAdmissionPolicy cases agree with the apiserver oracle", (t) => {
  if (!kmutateRunsVaps()) return void t.skip("kmutate does not evaluate ValidatingAdmissionPolicies yet (an always-false Deny VAP rejected nothing); the VAP facts are kept for then");
  runFamily(t, "vap");
});
