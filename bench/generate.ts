// CLI: writes a generated benchmark ResourceList to stdout.
// Usage: node dist/bench/generate.js --objects N --policies P [--vaps V] [--seed S] [--json | --anchors]
import { parseArgs } from "node:util";
import { generateWorkload, serialiseResourceList } from "./workload.js";
import { serialiseAnchored, withAnchoredLabels } from "./workload-anchors.js";

/** Runs the generator CLI; returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        objects: { type: "string", default: "1000" },
        policies: { type: "string", default: "10" },
        vaps: { type: "string", default: "0" },
        seed: { type: "string", default: "1" },
        json: { type: "boolean", default: false },
        anchors: { type: "boolean", default: false },
        help: { type: "boolean", default: false },
      },
    }));
  } catch (err) {
    process.stderr.write(`generate: ${(err as Error).message}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write("Usage: generate --objects N --policies P [--vaps V] [--seed S] [--json | --anchors]\nWrites a ResourceList (YAML, or JSON with --json) to stdout; V ValidatingAdmissionPolicies (default 0).\n--anchors: Deployments and StatefulSets select their pod template's labels, written as an anchor and an alias.\n");
    return 0;
  }
  const objects = Number(values.objects);
  const policies = Number(values.policies);
  const seed = Number(values.seed);
  const vaps = Number(values.vaps);
  try {
    const { list } = generateWorkload({ objects, policies, vaps, seed });
    const text = values.anchors ? serialiseAnchored(withAnchoredLabels(list)) : serialiseResourceList(list, values.json ? "json" : "yaml");
    await new Promise<void>((resolve, reject) => process.stdout.write(text, (err) => (err ? reject(err) : resolve())));
  } catch (err) {
    process.stderr.write(`generate: ${(err as Error).message}\n`);
    return 2;
  }
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
