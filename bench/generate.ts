// CLI: writes a generated benchmark ResourceList to stdout.
// Usage: node dist/bench/generate.js --objects N --policies P [--seed S] [--json]
import { parseArgs } from "node:util";
import { generateWorkload, serialiseResourceList } from "./workload.js";

/** Runs the generator CLI; returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        objects: { type: "string", default: "1000" },
        policies: { type: "string", default: "10" },
        seed: { type: "string", default: "1" },
        json: { type: "boolean", default: false },
        help: { type: "boolean", default: false },
      },
    }));
  } catch (err) {
    process.stderr.write(`generate: ${(err as Error).message}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write("Usage: generate --objects N --policies P [--seed S] [--json]\nWrites a ResourceList (YAML, or JSON with --json) to stdout.\n");
    return 0;
  }
  const objects = Number(values.objects);
  const policies = Number(values.policies);
  const seed = Number(values.seed);
  try {
    const { list } = generateWorkload({ objects, policies, seed });
    const text = serialiseResourceList(list, values.json ? "json" : "yaml");
    await new Promise<void>((resolve, reject) => process.stdout.write(text, (err) => (err ? reject(err) : resolve())));
  } catch (err) {
    process.stderr.write(`generate: ${(err as Error).message}\n`);
    return 2;
  }
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
