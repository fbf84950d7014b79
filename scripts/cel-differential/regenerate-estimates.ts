// Regenerates the static cost estimate facts (test/cel/differential/cost-estimate-facts.jsonl): the
// expressions of the differential facts (cel-facts.jsonl), generated sized ones (estimate-families.ts,
// fixed seed) and typed ones with size bounds per path, each with the [min, max] estimate the CEL
// oracle prints (cel-go v0.26.0 `Env.EstimateCost` with Kubernetes 1.36's CostEstimator: the
// `estMin`/`estMax` fields). The typed cases need the oracle's glue patched with
// oracle-typed-sizes.patch (next to this script: `vars` declares typed variables, `sizes` feeds a
// SizeEstimator by path); build a patched copy outside ../shared and point CEL_ORACLE at it — the
// unpatched oracle cannot compile them, and they are left out like every case without an estimate.
// Without the oracle binary it says so and writes nothing.
//   npm run build && CEL_ORACLE=… node dist/scripts/cel-differential/regenerate-estimates.js [--seed N] [--count N] [--typed N]
import { existsSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { createRng } from "../../bench/rng.js";
import { readFacts } from "../../test/cel/differential/facts.js";
import { estimateFactsPath, type EstimateFact } from "../../test/cel/differential/estimate-facts.js";
import { estimateFamilies, typedEstimateExpr, typedSizes, typedVars } from "./estimate-families.js";

const defaultOracle = fileURLToPath(new URL("../../../../shared/oracle/cel/.build/oracle-bin", import.meta.url));

type Case = Omit<EstimateFact, "estMin" | "estMax">;

function generated(seed: number, count: number): Case[] {
  const rng = createRng(seed);
  const seen = new Set<string>();
  const perFamily = new Map<string, number>();
  const out: Case[] = [];
  for (let attempts = 0; out.length < count && attempts < count * 20; attempts++) {
    const [name, , make] = rng.weighted(estimateFamilies.map((f) => [f, f[1]] as const));
    const expr = make(rng);
    if (seen.has(expr)) continue;
    seen.add(expr);
    const n = (perFamily.get(name) ?? 0) + 1;
    perFamily.set(name, n);
    out.push({ id: `${name}-${n}`, expr, mutation: true });
  }
  return out;
}

function typed(seed: number, count: number): Case[] {
  const rng = createRng(seed);
  const out: Case[] = [];
  for (let i = 1; i <= count; i++) out.push({ id: `est-typed-${i}`, expr: typedEstimateExpr(rng), vars: { ...typedVars }, sizes: typedSizes(rng) });
  return out;
}

function main(argv: string[]): number {
  const arg = (name: string, dflt: string): string => {
    const i = argv.indexOf(name);
    return i >= 0 && i + 1 < argv.length ? argv[i + 1]! : dflt;
  };
  const seed = Number(arg("--seed", "20261203"));
  const count = Number(arg("--count", "3000"));
  const bin = process.env.CEL_ORACLE ?? defaultOracle;
  if (!existsSync(bin)) {
    console.log(`SKIPPED: the CEL oracle binary is not at ${bin} (build it with ../shared/oracle/cel/setup.sh, or set CEL_ORACLE); the estimate facts were not regenerated.`);
    return 0;
  }
  const cases: Case[] = [
    ...readFacts().map((f): Case => (f.mutation ? { id: f.id, expr: f.expr, mutation: true } : { id: f.id, expr: f.expr })),
    ...generated(seed, count),
    ...typed(seed + 1, Number(arg("--typed", "2000"))),
  ];
  const input = cases.map((c) => JSON.stringify(c)).join("\n") + "\n";
  const r = spawnSync(bin, [], { input, maxBuffer: 1 << 28, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`oracle failed (${r.status}): ${r.stderr}`);
  const facts: EstimateFact[] = [];
  const byId = new Map(cases.map((c) => [c.id, c]));
  for (const line of r.stdout.split("\n")) {
    // uint64 estimates exceed JavaScript's exact integers: read them as text.
    const id = /"id":"([^"]*)"/.exec(line)?.[1];
    const min = /"estMin":(\d+)/.exec(line)?.[1], max = /"estMax":(\d+)/.exec(line)?.[1];
    const c = id === undefined ? undefined : byId.get(id);
    if (c && min !== undefined && max !== undefined) facts.push({ ...c, estMin: min, estMax: max });
  }
  writeFileSync(estimateFactsPath, facts.map((f) => JSON.stringify(f)).join("\n") + "\n");
  console.log(`wrote ${facts.length} estimate facts (of ${cases.length} cases; seed ${seed}) to ${estimateFactsPath}`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
