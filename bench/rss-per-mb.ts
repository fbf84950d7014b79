// Peak RSS per MB of input, YAML and JSON: the largest configuration's workload in both formats, the
// same objects with one policy whose rules match none of them, and with no policy at all, each run
// once through the bin as `node bin` (an npm install) and with the image's node flags (its ENTRYPOINT).
import { statSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runChild } from "./measure.js";
import type { BenchConfig, RunOptions } from "./run-options.js";
import { imageNodeFlags } from "./image-node-flags.js";
import { generateWorkload, serialiseResourceList, type ResourceList } from "./workload.js";

/** One run: the input's format and size, kmutate's peak RSS, and RSS per input MB. */
export interface RssPerMbRow {
  workload: "policies" | "none matched" | "no policy";
  format: "yaml" | "json";
  /** The node options the bin ran with ("" for none). */
  nodeFlags: string;
  inputMb: number;
  rssMb: number | undefined;
  exitCode: number;
}

const isPolicyKind = (kind: unknown): boolean => typeof kind === "string" && kind.startsWith("MutatingAdmissionPolicy");

/** A policy and its binding whose rules name a resource no item of the bench's workload is. */
const unmatchedPolicy: ResourceList["items"] = [
  {
    apiVersion: "admissionregistration.k8s.io/v1", kind: "MutatingAdmissionPolicy", metadata: { name: "bench-unmatched" },
    spec: {
      matchConstraints: { resourceRules: [{ apiGroups: ["example.com"], apiVersions: ["v1"], operations: ["CREATE", "UPDATE"], resources: ["nothings"] }] },
      reinvocationPolicy: "Never",
      mutations: [{ patchType: "ApplyConfiguration", applyConfiguration: { expression: 'Object{metadata: Object.metadata{labels: {"bench": "unmatched"}}}' } }],
    },
  },
  { apiVersion: "admissionregistration.k8s.io/v1", kind: "MutatingAdmissionPolicyBinding", metadata: { name: "bench-unmatched" }, spec: { policyName: "bench-unmatched" } },
];

/** The bench's workload of `objects` and `policies`; the same objects with one policy that matches none; with no policy. */
export function rssWorkloads(objects: number, policies: number, seed: number): [RssPerMbRow["workload"], ResourceList][] {
  const { list } = generateWorkload({ objects, policies, seed });
  const bare = { ...list, items: list.items.filter((i) => !isPolicyKind(i.kind)) };
  return [["policies", list], ["none matched", { ...bare, items: [...unmatchedPolicy, ...bare.items] }], ["no policy", bare]];
}

/**
 * Runs the bin on `config`'s workload as YAML and as JSON: with its policies, with one policy that
 * matches no item, and with none; each without node options and with the image's; with `node`
 * (default: this process's) and `env` added to the child's environment (the bench's per-node cache
 * directory).
 */
export async function measureRssPerMb(config: BenchConfig, options: RunOptions, dir: string, node?: string, env: Record<string, string | undefined> = {}): Promise<RssPerMbRow[]> {
  const flagSets = [[], imageNodeFlags()];
  const rows: RssPerMbRow[] = [];
  for (const [workload, l] of rssWorkloads(config.objects, config.policies, options.seed)) {
    for (const format of ["yaml", "json"] as const) {
      const inputPath = join(dir, `rss-${format}.${format}`);
      writeFileSync(inputPath, serialiseResourceList(l, format));
      const inputMb = statSync(inputPath).size / 1e6;
      for (const nodeArgs of flagSets) {
        // Serial (one thread): the figure issue 22 bounds; parallel runs hold more (docs/06_reliability.md).
        const run = await runChild({ ...(node === undefined ? {} : { node }), script: options.bin, nodeArgs, args: ["-q"], env: { ...env, KMUTATE_WORKERS: "1" }, inputPath, outputPath: join(dir, `rss-out.${format}`), rssPath: join(dir, "rss.json"), timeoutMs: options.timeoutSeconds * 1000 });
        rows.push({ workload, format, nodeFlags: nodeArgs.join(" "), inputMb, rssMb: run.maxRssKiB === undefined ? undefined : (run.maxRssKiB * 1024) / 1e6, exitCode: run.exitCode });
      }
      rmSync(inputPath, { force: true });
    }
  }
  return rows;
}

/** The rows as a table: peak RSS, RSS per input MB, and the target 5 × input + 60 MB. */
export function rssPerMbTable(rows: readonly RssPerMbRow[]): string {
  const head = ["workload", "format", "node flags", "input MB", "peak RSS MB", "RSS / input MB", "target MB", "exit"];
  const body = rows.map((r) => [
    r.workload, r.format, r.nodeFlags === "" ? "none" : r.nodeFlags, r.inputMb.toFixed(1), r.rssMb === undefined ? "n/a" : r.rssMb.toFixed(0),
    r.rssMb === undefined ? "n/a" : (r.rssMb / r.inputMb).toFixed(1), (5 * r.inputMb + 60).toFixed(0), String(r.exitCode),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]): string => cells.map((c, i) => (i < 3 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return [line(head), widths.map((w) => "-".repeat(w)).join("  "), ...body.map(line)].join("\n");
}
