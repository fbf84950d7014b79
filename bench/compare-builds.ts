// Admission CPU of two or more builds of kmutate side by side (issue 21): `mutate()` of each build
// loaded in one process, run on the same batches of a generated workload in alternating order.
// Usage: node dist/bench/compare-builds.js [--objects N] [--policies P] [--batch B] [--rounds R] LABEL=DIR ...
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import type { JsonObject } from "../src/data/index.js";
import { median } from "./stats.js";
import { generateWorkload } from "./workload.js";

const usage = `Usage: node dist/bench/compare-builds.js [--objects N] [--policies P] [--batch B] [--rounds R] LABEL=DIR ...
Loads mutate() from DIR/dist/src/index.js for each LABEL (the first is the reference), generates
N objects x P policies (defaults 10000, 100), checks that every build gives the same output for
the whole list, then runs R rounds (default 24) of one B-object batch (default 1000, with every
policy, param and Namespace) per build in alternating order, each on a fresh structuredClone, and
prints the median batch CPU time and the median of the batch-by-batch ratios to the reference.`;

type Mutate = (items: JsonObject[], options: object) => unknown;
interface Build {
  label: string;
  mutate: Mutate;
  cpuMs: number[];
}

/** Side inputs (policies, bindings, CRDs, Namespaces, params) go with every batch. */
function isSideInput(o: JsonObject): boolean {
  const api = typeof o.apiVersion === "string" ? o.apiVersion : "";
  const meta = o.metadata as JsonObject | undefined;
  return api.startsWith("admissionregistration") || api.startsWith("apiextensions") || o.kind === "Namespace" || meta?.namespace === "bench-params";
}

function cpuOf(b: Build, items: readonly JsonObject[]): { ms: number; out: unknown } {
  const fresh = structuredClone(items) as JsonObject[];
  const t = process.cpuUsage();
  const out = b.mutate(fresh, {});
  const u = process.cpuUsage(t);
  return { ms: (u.user + u.system) / 1000, out };
}

const serialise = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) => (typeof x === "bigint" ? `${x}n` : x));

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { objects: { type: "string" }, policies: { type: "string" }, batch: { type: "string" }, rounds: { type: "string" } },
  });
  if (positionals.length < 2) {
    process.stderr.write(usage + "\n");
    return 2;
  }
  const builds: Build[] = [];
  for (const p of positionals) {
    const [label, dir] = p.split("=");
    const mod = (await import(pathToFileURL(join(resolve(dir), "dist/src/index.js")).href)) as { mutate: Mutate };
    builds.push({ label, mutate: mod.mutate, cpuMs: [] });
  }
  const { list } = generateWorkload({ objects: Number(values.objects ?? 10000), policies: Number(values.policies ?? 100) });
  const side = list.items.filter(isSideInput);
  const objects = list.items.filter((o) => !isSideInput(o));
  const outs = builds.map((b) => serialise(cpuOf(b, list.items).out));
  const equal = outs.every((o) => o === outs[0]);
  process.stdout.write(`${process.argv.join(" ")}\nwhole-list outputs equal: ${equal} (${list.items.length} items)\n`);
  const n = Number(values.batch ?? 1000);
  const loads: number[] = [];
  for (let r = 0; r < Number(values.rounds ?? 24); r++) {
    const start = (r * n) % Math.max(1, objects.length - n);
    const batch = [...side, ...objects.slice(start, start + n)];
    loads.push(loadavg()[0]);
    for (const b of r % 2 ? [...builds].reverse() : builds) b.cpuMs.push(cpuOf(b, batch).ms);
  }
  const ref = builds[0];
  for (const b of builds) {
    const ratios = b.cpuMs.map((x, i) => x / ref.cpuMs[i]).sort((x, y) => x - y);
    const q = (f: number): string => ratios[Math.floor(f * (ratios.length - 1))].toFixed(3);
    const vs = b === ref ? "" : `  ratio to ${ref.label} ${median(ratios).toFixed(3)} (quartiles ${q(0.25)}-${q(0.75)})`;
    process.stdout.write(`${b.label.padEnd(8)} batch CPU median ${median(b.cpuMs).toFixed(0)} ms${vs}\n`);
  }
  process.stdout.write(`load average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}\n`);
  return equal ? 0 : 1;
}

process.exitCode = await main();
