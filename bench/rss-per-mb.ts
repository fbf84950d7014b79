// Peak RSS per MB of input, YAML and JSON: the largest configuration's workload in both formats,
// and the same objects with no policy at all (nothing matches), each run once through the bin.
import { statSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runChild } from "./measure.js";
import type { BenchConfig, RunOptions } from "./run-options.js";
import { generateWorkload, serialiseResourceList } from "./workload.js";

/** One run: the input's format and size, kmutate's peak RSS, and RSS per input MB. */
export interface RssPerMbRow {
  workload: "policies" | "no policy";
  format: "yaml" | "json";
  inputMb: number;
  rssMb: number | undefined;
  exitCode: number;
}

const isPolicyKind = (kind: unknown): boolean => typeof kind === "string" && kind.startsWith("MutatingAdmissionPolicy");

/** Runs the bin on `config`'s workload as YAML and as JSON, with and without its policies. */
export async function measureRssPerMb(config: BenchConfig, options: RunOptions, dir: string): Promise<RssPerMbRow[]> {
  const { list } = generateWorkload({ objects: config.objects, policies: config.policies, seed: options.seed });
  const bare = { ...list, items: list.items.filter((i) => !isPolicyKind(i.kind)) };
  const rows: RssPerMbRow[] = [];
  for (const [workload, l] of [["policies", list], ["no policy", bare]] as const) {
    for (const format of ["yaml", "json"] as const) {
      const inputPath = join(dir, `rss-${format}.${format}`);
      writeFileSync(inputPath, serialiseResourceList(l, format));
      const inputMb = statSync(inputPath).size / 1e6;
      // Serial (one thread): the figure issue 22 bounds; parallel runs hold more (docs/06_reliability.md).
      const run = await runChild({ script: options.bin, args: ["-q"], env: { KMUTATE_WORKERS: "1" }, inputPath, outputPath: join(dir, `rss-out.${format}`), rssPath: join(dir, "rss.json"), timeoutMs: options.timeoutSeconds * 1000 });
      rmSync(inputPath, { force: true });
      rows.push({ workload, format, inputMb, rssMb: run.maxRssKiB === undefined ? undefined : (run.maxRssKiB * 1024) / 1e6, exitCode: run.exitCode });
    }
  }
  return rows;
}

/** The rows as a table: peak RSS, RSS per input MB, and the target 5 × input + 60 MB. */
export function rssPerMbTable(rows: readonly RssPerMbRow[]): string {
  const head = ["workload", "format", "input MB", "peak RSS MB", "RSS / input MB", "target MB", "exit"];
  const body = rows.map((r) => [
    r.workload, r.format, r.inputMb.toFixed(1), r.rssMb === undefined ? "n/a" : r.rssMb.toFixed(0),
    r.rssMb === undefined ? "n/a" : (r.rssMb / r.inputMb).toFixed(1), (5 * r.inputMb + 60).toFixed(0), String(r.exitCode),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]): string => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return [line(head), widths.map((w) => "-".repeat(w)).join("  "), ...body.map(line)].join("\n");
}
