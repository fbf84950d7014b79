// Issue 21's table: every row measured side by side in this run (median over pairs, with the range
// over pairs), next to its target. A row whose workload was not run says so.
import { median, pairRatios } from "./stats.js";
import type { ConfigResult } from "./report.js";
import type { StartupResult } from "./startup.js";

/** One row of the table: what is measured on which workload, and its upper limit. */
export interface TargetRow {
  name: string;
  /** A workload's pair ratio of `metric`, or the bundle's empty-list CPU ms (`startup`). */
  source: { objects: number; policies: number; metric: "cpu" | "time" | "rss" } | "startup";
  limit: number;
}

/** The rows of issue 21, in its order. */
export const issue21Rows: readonly TargetRow[] = [
  { name: "10k x 10, CPU ratio", source: { objects: 10000, policies: 10, metric: "cpu" }, limit: 1.0 },
  { name: "10k x 100, CPU ratio", source: { objects: 10000, policies: 100, metric: "cpu" }, limit: 2.0 },
  { name: "1k x 10, CPU ratio", source: { objects: 1000, policies: 10, metric: "cpu" }, limit: 1.5 },
  { name: "50k x 10, CPU ratio", source: { objects: 50000, policies: 10, metric: "cpu" }, limit: 1.0 },
  { name: "50k x 10, wall ratio", source: { objects: 50000, policies: 10, metric: "time" }, limit: 0.75 },
  { name: "empty ResourceList, CPU ms", source: "startup", limit: 90 },
  { name: "10k x 100, peak RSS ratio", source: { objects: 10000, policies: 100, metric: "rss" }, limit: 1.3 },
];

/** The values of one row: per pair (or per startup round), or undefined when its workload was not run. */
export function rowValues(row: TargetRow, results: readonly ConfigResult[], startup: StartupResult | undefined): number[] | undefined {
  if (row.source === "startup") return startup?.cpuMs.bundle;
  const { objects, policies, metric } = row.source;
  const r = results.find((c) => c.objects === objects && c.policies === policies);
  if (r === undefined) return undefined;
  const pick = (runs: ConfigResult["kmutate"]): number[] =>
    runs.map((x) => (metric === "time" ? x.wallMs : metric === "cpu" ? (x.cpuMs ?? Number.NaN) : (x.maxRssKiB ?? Number.NaN)));
  return pairRatios(pick(r.baseline), pick(r.kmutate));
}

/** The table as text: row, median, range, target, met or not. */
export function targetTable(results: readonly ConfigResult[], startup: StartupResult | undefined): string {
  const lines = issue21Rows.map((row) => {
    const values = rowValues(row, results, startup)?.filter(Number.isFinite);
    const digits = row.source === "startup" ? 0 : 2;
    const target = `<= ${row.limit.toFixed(digits)}${row.source === "startup" ? " ms" : "x"}`;
    if (values === undefined || values.length === 0) return [row.name, "not measured", "", target, ""];
    const m = median(values);
    return [row.name, m.toFixed(digits), `${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)} (${values.length})`, target, m <= row.limit ? "met" : "NOT met"];
  });
  const headers = ["row", "median", "range (n)", "target", ""];
  const widths = headers.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ").trimEnd();
  return [fmt(headers), widths.map((w) => "-".repeat(w)).join("  "), ...lines.map(fmt)].join("\n");
}
