// The node flags kmutate's container image runs the bin with: the options between node and the
// script in the Dockerfile's last ENTRYPOINT (exec form), so benchmarks and tests run the bin as
// the image does without a container engine.
import { readFileSync } from "node:fs";

const dockerfile = new URL("../../Dockerfile", import.meta.url);

/** The node options of the last exec-form ENTRYPOINT in `text` that runs node on a script; [] if none. */
export function imageNodeFlags(text: string = readFileSync(dockerfile, "utf8")): string[] {
  const entrypoints = [...text.matchAll(/^ENTRYPOINT\s+(\[.*\])\s*$/gm)];
  const last = entrypoints.at(-1);
  if (last === undefined) return [];
  const argv: unknown = JSON.parse(last[1]);
  if (!Array.isArray(argv) || !argv.every((a): a is string => typeof a === "string")) return [];
  if (!/(^|\/)node$/.test(argv[0] ?? "")) return [];
  const script = argv.findIndex((a, i) => i > 0 && !a.startsWith("-"));
  return argv.slice(1, script < 0 ? argv.length : script);
}
