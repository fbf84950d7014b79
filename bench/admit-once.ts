// One `mutate()` of a generated workload by the build in DIR, for instruction counts that load
// does not disturb (issue 21): run it under `valgrind --tool=callgrind` once with and once
// without `--skip` (generation only) and subtract. Usage: see `usage`.
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import type { JsonObject } from "../src/data/index.js";
import { generateWorkload } from "./workload.js";

const usage = `Usage: node --single-threaded dist/bench/admit-once.js [--objects N] [--policies P] [--skip] DIR
Generates N objects x P policies (defaults 1000, 100) and admits them once with mutate() from
DIR/dist/src/index.js (a build with package.json and a node_modules link beside its dist/);
--skip generates and loads only. Exit 1 if the output does not hold every item.`;

type Mutate = (items: JsonObject[], options: object) => { items: unknown[] };

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { objects: { type: "string" }, policies: { type: "string" }, skip: { type: "boolean" } },
  });
  if (positionals.length !== 1) {
    process.stderr.write(usage + "\n");
    return 2;
  }
  const { mutate } = (await import(pathToFileURL(join(resolve(positionals[0]), "dist/src/index.js")).href)) as { mutate: Mutate };
  const { list } = generateWorkload({ objects: Number(values.objects ?? 1000), policies: Number(values.policies ?? 100) });
  if (values.skip) return 0;
  const out = mutate(list.items, {});
  return out.items.length === list.items.length ? 0 : 1;
}

process.exitCode = await main();
