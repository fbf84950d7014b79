// Turns measured benchmark configurations into the printed report: time and memory tables with
// pair-by-pair ratios, per-phase times, the scaling series and the issue-7 targets.
import { median, pairDifferences, pairRatios } from "./stats.js";
import { phaseNames } from "./measure.js";
import type { ChildRun, PhaseTimes } from "./measure.js";

/** What the first kmutate output of a configuration looked like. */
export interface OutputCheck {
  /** Empty if the output is a ResourceList with as many items as the input. */
  problem: string;
  /** Items that differ from the input (mutated by policies). */
  changedItems: number;
  /** Results with severity `error`. */
  errorResults: number;
}

/** All measurements of one configuration. */
export interface ConfigResult {
  objects: number;
  policies: number;
  items: number;
  inputBytes: number;
  baseline: ChildRun[];
  kmutate: ChildRun[];
  /**
   * kmutate's per-phase times, from a run of its own after the pairs (the clock reads of
   * `KMUTATE_PHASE_TIMES` cost 1–2 % of the CPU at 10k objects: not in the timed runs).
   */
  phases: PhaseTimes | undefined;
  check: OutputCheck;
}

/** A performance target from issue 7. */
export interface Target {
  name: string;
  objects: number;
  policies: number | undefined;
  metric: "time" | "rss";
  limit: number;
}

/** Issue 7's targets. */
export const targets: readonly Target[] = [
  { name: "time 10k x 10 <= 1.5x", objects: 10000, policies: 10, metric: "time", limit: 1.5 },
  { name: "time 10k x 100 <= 3x", objects: 10000, policies: 100, metric: "time", limit: 3 },
  { name: "peak RSS 50k <= 2x", objects: 50000, policies: undefined, metric: "rss", limit: 2 },
];

function renderTable(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]): string => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return [line(headers), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

const fmt = (n: number, digits = 0): string => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");
const size = (n: number): string => (n >= 1000 && n % 1000 === 0 ? `${n / 1000}k` : String(n));
const mib = (kib: number): number => kib / 1024;
const rssOf = (runs: ChildRun[]): number[] => runs.map((r) => r.maxRssKiB ?? Number.NaN);
const wallOf = (runs: ChildRun[]): number[] => runs.map((r) => r.wallMs);
const cpuOf = (runs: ChildRun[]): number[] => runs.map((r) => r.cpuMs ?? Number.NaN);

/** The median pair-by-pair ratio kmutate/baseline of wall time, CPU time or peak RSS. */
export function ratioOf(result: ConfigResult, metric: "time" | "cpu" | "rss"): number {
  const pick = metric === "time" ? wallOf : metric === "cpu" ? cpuOf : rssOf;
  return median(pairRatios(pick(result.baseline), pick(result.kmutate)));
}

function range(values: number[]): string {
  const finite = values.filter(Number.isFinite);
  return finite.length ? `${fmt(Math.min(...finite), 2)}-${fmt(Math.max(...finite), 2)}` : "n/a";
}

function status(result: ConfigResult): string {
  const timeouts = result.kmutate.filter((r) => r.timedOut).length + result.baseline.filter((r) => r.timedOut).length;
  if (timeouts) return `${timeouts} run(s) timed out`;
  const codes = [...new Set(result.kmutate.map((r) => r.exitCode))];
  const parts = [codes.length === 1 && codes[0] === 0 ? "ok" : `exit ${codes.join("/")}`];
  if (result.check.problem) parts.push(result.check.problem);
  if (result.check.errorResults) parts.push(`${result.check.errorResults} error results`);
  return parts.join(", ");
}

/** Wall and CPU time: medians, median ratio of pairs and its range, and what kmutate did to the items. */
export function timeTable(results: readonly ConfigResult[]): string {
  const rows = results.map((r) => [
    size(r.objects),
    String(r.policies),
    String(r.items),
    fmt(r.inputBytes / 1048576, 1),
    String(r.baseline.length),
    fmt(median(wallOf(r.baseline))),
    fmt(median(wallOf(r.kmutate))),
    (r.kmutate.some((k) => k.timedOut) ? ">=" : "") + fmt(ratioOf(r, "time"), 2),
    range(pairRatios(wallOf(r.baseline), wallOf(r.kmutate))),
    fmt(median(cpuOf(r.baseline))),
    fmt(median(cpuOf(r.kmutate))),
    fmt(ratioOf(r, "cpu"), 2),
    String(r.check.changedItems),
    status(r),
  ]);
  const headers = ["objects", "policies", "items", "MB in", "pairs", "base ms", "kmutate ms", "ratio", "ratio range", "base cpu", "kmutate cpu", "cpu ratio", "changed", "kmutate status"];
  return renderTable(headers, rows);
}

/** Peak RSS medians and the median pair ratio. */
export function memoryTable(results: readonly ConfigResult[]): string {
  const rows = results.map((r) => [
    size(r.objects),
    String(r.policies),
    fmt(mib(median(rssOf(r.baseline)))),
    fmt(mib(median(rssOf(r.kmutate)))),
    fmt(ratioOf(r, "rss"), 2),
  ]);
  return renderTable(["objects", "policies", "base MiB", "kmutate MiB", "ratio"], rows);
}

/** Per-phase milliseconds of kmutate's phase run, or n/a when it wrote none. */
export function phaseTable(results: readonly ConfigResult[]): string {
  const rows = results.map((r) => {
    const { phases } = r;
    return [size(r.objects), String(r.policies), ...phaseNames.map((p) => (phases ? fmt(phases[p]) : "n/a"))];
  });
  return renderTable(["objects", "policies", ...phaseNames.map((p) => `${p} ms`)], rows);
}

/** Cost per object across sizes (linearity) and kmutate's overhead over the baseline. */
export function scalingTable(results: readonly ConfigResult[]): string {
  const sorted = [...results].sort((a, b) => a.policies - b.policies || a.objects - b.objects);
  const rows = sorted.map((r) => {
    const overhead = median(pairDifferences(wallOf(r.baseline), wallOf(r.kmutate)));
    return [
      String(r.policies),
      size(r.objects),
      fmt((median(wallOf(r.baseline)) * 1000) / r.objects, 1),
      fmt((median(wallOf(r.kmutate)) * 1000) / r.objects, 1),
      fmt((overhead * 1000) / r.objects, 1),
    ];
  });
  return renderTable(["policies", "objects", "base us/obj", "kmutate us/obj", "overhead us/obj"], rows);
}

/** One line per target: PASS, FAIL or not measured. */
export function targetLines(results: readonly ConfigResult[]): string[] {
  return targets.map((t) => {
    const matching = results.filter((r) => r.objects === t.objects && (t.policies === undefined || r.policies === t.policies));
    if (matching.length === 0) return `${t.name}: not measured (run with --full or the matching --objects/--policies)`;
    const worst = Math.max(...matching.map((r) => ratioOf(r, t.metric)));
    if (!Number.isFinite(worst)) return `${t.name}: no data${matching.some((r) => status(r) !== "ok") ? ` (${status(matching[0])})` : ""}`;
    const broken = matching.some((r) => status(r) !== "ok");
    const verdict = worst <= t.limit ? "PASS" : "FAIL";
    const cpu = t.metric === "time" ? ` (cpu ratio ${fmt(Math.max(...matching.map((r) => ratioOf(r, "cpu"))), 2)}x)` : "";
    return `${t.name}: ${fmt(worst, 2)}x ${verdict}${cpu}${broken ? " (kmutate output not ok, see status)" : ""}`;
  });
}
