// Hook for the CEL engine comparison, which the CEL engineer writes in bench/cel.ts: loads the
// built module if present and runs it; otherwise explains why the section is skipped.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * Export names tried in order on bench/cel.ts. The function is called with `{ full }`; if it
 * returns (or resolves to) a string, that string is printed, otherwise it is assumed to have
 * printed its own report.
 */
export const celBenchEntryPoints = ["runCelComparison", "runCelBench", "main", "default"] as const satisfies readonly string[];

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
  const name = celBenchEntryPoints.find((n) => typeof mod[n] === "function");
  if (!name) return `CEL engine comparison: skipped (bench/cel.js exports none of ${celBenchEntryPoints.join(", ")})`;
  try {
    const out = await (mod[name] as (o: { full: boolean }) => unknown)({ full: options.full });
    return typeof out === "string" ? out : "";
  } catch (err) {
    return `CEL engine comparison: failed (${(err as Error).message})`;
  }
}
