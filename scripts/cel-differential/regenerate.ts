// Regenerates the differential CEL facts (test/cel/differential/cel-facts.jsonl): generates cases with
// a fixed seed (policy-shaped families, random well-typed and ill-typed expressions), runs them
// through the CEL oracle (cel-go v0.26.0 + Kubernetes 1.36, ../shared/oracle/cel) and writes its
// answers. Without the oracle binary it says so and writes nothing. The oracle's glue must carry
// oracle-null-fields.patch (next to this script: an Object field set to null printed as JSON null, not
// as protobuf's null enum 0); build a patched copy outside ../shared and point CEL_ORACLE at it.
//   npm run build && node dist/scripts/cel-differential/regenerate.js [--seed N] [--count N] [--compare]
// --compare also runs kmutate on every case and prints where it differs (nothing is written then).
import { existsSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { createRng, type Rng } from "../../bench/rng.js";
import { families, type Draft } from "./families.js";
import { TypedGen, allTypes, illTyped } from "./random-typed.js";
import { objectFixtures } from "../../test/cel/differential/fixtures.js";
import { caseOf, factsPath, type DiffFact } from "../../test/cel/differential/facts.js";
import { kmutateOutcome, type DiffOutcome } from "../../test/cel/differential/kmutate-view.js";
import { differences } from "../../test/cel/differential/compare.js";

/** How many times the oracle answers every case (see `unstable` below). */
const STABILITY_RUNS = 12;

const defaultOracle = fileURLToPath(new URL("../../../../shared/oracle/cel/.build/oracle-bin", import.meta.url));

/** Random expressions: well-typed by construction (weight 5) and ill-typed (weight 1). */
const randomFamilies: readonly (readonly [string, number, (rng: Rng) => Draft])[] = [
  ["typed", 25, (rng) => {
    const tg = new TypedGen(rng);
    return { expr: tg.gen(rng.pick(allTypes), rng.range(1, 4)), object: rng.chance(0.3) ? rng.pick(objectFixtures) : undefined };
  }],
  ["illtyped", 6, (rng) => ({ expr: illTyped(rng, new TypedGen(rng)) })],
];

/** `count` distinct cases from `seed` (the same arguments always give the same cases). */
export function generateCases(seed: number, count: number): Omit<DiffFact, "expect">[] {
  const rng = createRng(seed);
  const all = [...families, ...randomFamilies];
  const seen = new Set<string>();
  const perFamily = new Map<string, number>();
  const out: Omit<DiffFact, "expect">[] = [];
  for (let attempts = 0; out.length < count && attempts < count * 20; attempts++) {
    const [name, , make] = rng.weighted(all.map((f) => [f, f[1]] as const));
    const d = make(rng);
    const key = JSON.stringify([d.expr, d.object, d.params, d.mutation]);
    if (seen.has(key)) continue;
    seen.add(key);
    const n = (perFamily.get(name) ?? 0) + 1;
    perFamily.set(name, n);
    const fact: Omit<DiffFact, "expect"> = { id: `${name}-${n}`, expr: d.expr };
    if (d.object !== undefined) fact.object = d.object;
    if (d.params !== undefined) fact.params = d.params;
    if (d.mutation) fact.mutation = true;
    out.push(fact);
  }
  return out;
}

interface OracleLine extends DiffOutcome { id: string; value?: DiffOutcome["value"]; estMin?: number; estMax?: number }

function runOracle(bin: string, cases: Omit<DiffFact, "expect">[]): Map<string, DiffOutcome> {
  const input = cases.map((c) => JSON.stringify(caseOf(c))).join("\n") + "\n";
  const r = spawnSync(bin, [], { input, maxBuffer: 1 << 28, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`oracle failed (${r.status}): ${r.stderr}`);
  const out = new Map<string, DiffOutcome>();
  for (const line of r.stdout.split("\n")) {
    if (line.trim() === "") continue;
    const o = JSON.parse(line) as OracleLine;
    const e: DiffOutcome = { ok: o.ok };
    if (o.ok) e.value = o.value;
    else {
      e.error = o.error;
      e.phase = o.phase;
    }
    if (o.cost !== undefined) e.cost = o.cost;
    if (o.type !== undefined) e.type = o.type;
    out.set(o.id, e);
  }
  return out;
}

function main(argv: string[]): number {
  const arg = (name: string, dflt: string): string => {
    const i = argv.indexOf(name);
    return i >= 0 && i + 1 < argv.length ? argv[i + 1]! : dflt;
  };
  const seed = Number(arg("--seed", "20260317"));
  const count = Number(arg("--count", "6000"));
  const bin = process.env.CEL_ORACLE ?? defaultOracle;
  if (!existsSync(bin)) {
    console.log(`SKIPPED: the CEL oracle binary is not at ${bin} (build it with ../shared/oracle/cel/setup.sh, or set CEL_ORACLE); the facts file was not regenerated.`);
    return 0;
  }
  const generated = generateCases(seed, count);
  // cel-go iterates Go maps in random order: a case whose answer differs between runs depends on
  // that order (a map comprehension's output, or its cost) and is no fact. Drop such cases.
  const runs = Array.from({ length: STABILITY_RUNS }, () => runOracle(bin, generated));
  const unstable = generated.filter((c) => runs.some((r) => JSON.stringify(r.get(c.id)) !== JSON.stringify(runs[0]!.get(c.id))));
  if (unstable.length > 0) console.log(`dropped ${unstable.length} cases whose cel-go answer changes between runs (map iteration order): ${unstable.map((c) => c.id).join(", ")}`);
  const cases = generated.filter((c) => !unstable.includes(c));
  const facts: DiffFact[] = cases.map((c) => {
    const expect = runs[0]!.get(c.id);
    if (!expect) throw new Error(`the oracle gave no answer for ${c.id}`);
    return { ...c, expect };
  });
  if (argv.includes("--compare")) {
    let diverging = 0;
    for (const f of facts) {
      const d = differences(f.expect, kmutateOutcome(caseOf(f)));
      if (d.length === 0) continue;
      diverging++;
      console.log(`${f.id}${f.object ? ` [object: ${f.object}]` : ""}${f.mutation ? " [mutation]" : ""}: ${f.expr}\n  ${d.join("\n  ")}`);
    }
    console.log(`${diverging} of ${facts.length} cases diverge`);
    return 0;
  }
  writeFileSync(factsPath, facts.map((f) => JSON.stringify(f)).join("\n") + "\n");
  console.log(`wrote ${facts.length} facts (seed ${seed}) to ${factsPath}`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
