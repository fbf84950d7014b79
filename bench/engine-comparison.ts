// Runs the CEL engine comparison the CEL engineer writes in bench/cel.ts (`benchCel(ms)` and
// `formatCelBench(rows)`) if it is built; otherwise explains why the section is skipped.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** Measuring time per engine and case, in ms: short by default, longer with --full. */
export function celMeasureMs(full: boolean): number {
  return full ? 500 : 150;
}

/** Runs the CEL engine comparison if bench/cel.ts is built; returns the text to print. */
export async function runEngineComparison(options: { full: boolean }): Promise<string> {
  const url = new URL("./cel.js", import.meta.url);
  if (!existsSync(fileURLToPath(url))) return "CEL engine comparison: skipped (bench/cel.ts is not built yet)";
  let mod: Record<string, unknown>;
  try {
    mod = (await import(url.href)) as Record<string, unknown>;
  } catch (err) {
    return `CEL engine comparison: skipped (loading bench/cel.js failed: ${(err as Error).message})`;
  }
  const { benchCel, formatCelBench } = mod;
  if (typeof benchCel !== "function" || typeof formatCelBench !== "function") {
    return "CEL engine comparison: skipped (bench/cel.js does not export benchCel and formatCelBench)";
  }
  try {
    const ms = celMeasureMs(options.full);
    const rows = (benchCel as (ms: number) => unknown)(ms);
    return `${String((formatCelBench as (rows: unknown) => unknown)(rows))}\n(CEL: ${3 * ms} ms of interleaved batches per engine, phase and peer)`;
  } catch (err) {
    return `CEL engine comparison: failed (${(err as Error).message})`;
  }
}
