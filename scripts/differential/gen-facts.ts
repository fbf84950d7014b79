// Regenerates test/differential/facts/{map,vap}.jsonl: runs every generated case through the
// admission oracle and writes its answers. Cases whose input is unchanged keep their facts
// (--force re-runs all). Without the oracle binary it says so and writes nothing.
// Usage: npm run gen:differential [-- --force] [--oracle PATH] [--jobs N]
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { caseHash, defaultGeneratorConfig, generateCases, type DiffCase } from "./gen/cases.js";
import { formatFacts, parseFacts, type CaseFacts, type FactsHeader } from "./facts-format.js";
import { oracleFacts, OracleProblem } from "./oracle-client.js";
import { probeVapWarnings } from "./probe.js";

const repo = fileURLToPath(new URL("../../../", import.meta.url));
const factsDir = `${repo}test/differential/facts/`;
const { values } = parseArgs({
  options: {
    oracle: { type: "string", default: `${repo}../shared/oracle/admission/.build/oracle-admission` },
    force: { type: "boolean", default: false },
    jobs: { type: "string", default: "2" },
  },
});
const oracle = values.oracle as string;

async function pool<T, R>(xs: T[], jobs: number, f: (x: T) => Promise<R>, progress: (done: number) => void): Promise<R[]> {
  const out: R[] = new Array(xs.length);
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    while (next < xs.length) {
      const i = next++;
      out[i] = await f(xs[i]);
      progress(++done);
    }
  };
  await Promise.all(Array.from({ length: jobs }, worker));
  return out;
}

async function main(): Promise<number> {
  if (!existsSync(oracle)) {
    process.stdout.write(`gen:differential: skipped — the admission oracle is not built (${oracle}); build it with ../shared/oracle/admission/setup.sh (see its README). Nothing written.\n`);
    return 0;
  }
  const cases = generateCases(defaultGeneratorConfig);
  const vapWarningsRecorded = await probeVapWarnings(oracle);
  let problems = 0;
  for (const family of ["map", "vap"] as const) {
    const path = `${factsDir}${family}.jsonl`;
    const old = existsSync(path) && !values.force ? parseFacts(readFileSync(path, "utf8")).cases : new Map<string, CaseFacts>();
    // a deliberately invalid policy is never run by the apiserver: no facts (the test does not compare it)
    const mine = cases.filter((c) => c.family === family && c.invalidPolicy === undefined);
    const todo = mine.filter((c) => old.get(c.id)?.in !== caseHash(c));
    process.stdout.write(`${family}: ${mine.length} cases, ${todo.length} to run through the oracle\n`);
    const fresh = new Map<string, CaseFacts | undefined>();
    const results = await pool(todo, Number(values.jobs), async (c: DiffCase) => {
      try {
        return await oracleFacts(oracle, c);
      } catch (e) {
        if (!(e instanceof OracleProblem)) throw e;
        problems++;
        process.stderr.write(`  ${e.message}\n`);
        return undefined;
      }
    }, (n) => { if (n % 100 === 0) process.stdout.write(`  ${n}/${todo.length}\n`); });
    todo.forEach((c, i) => fresh.set(c.id, results[i]));
    const facts = mine.map((c) => (fresh.has(c.id) ? fresh.get(c.id) : old.get(c.id))).filter((f): f is CaseFacts => f !== undefined);
    const header: FactsHeader = {
      facts: "kmutate differential admission facts", generator: defaultGeneratorConfig, family,
      oracle: "k8s.io/apiserver v0.36.3 admission (../shared/oracle/admission)", vapWarningsRecorded,
      regenerate: "npm run gen:differential",
    };
    writeFileSync(path, formatFacts(header, facts));
    process.stdout.write(`${family}: wrote ${facts.length} cases to ${path}\n`);
  }
  if (problems > 0) process.stderr.write(`${problems} cases the oracle could not admit (generator inputs to fix); they have no facts\n`);
  return problems > 0 ? 1 : 0;
}

main().then((code) => (process.exitCode = code), (e: unknown) => {
  process.stderr.write(`gen:differential: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 1;
});
