// Sanity check of a kmutate output: a ResourceList with every input item, and how many items
// the policies changed (so a benchmark of a broken or idle run is visible as such).
import { readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import yaml from "js-yaml";
import type { OutputCheck } from "./report.js";

function itemsOf(doc: unknown): unknown[] | undefined {
  if (typeof doc !== "object" || doc === null) return undefined;
  const list = doc as { kind?: unknown; items?: unknown };
  return list.kind === "ResourceList" && Array.isArray(list.items) ? list.items : undefined;
}

/** Compares the output file with the input file it came from. */
export function checkOutput(inputPath: string, outputPath: string): OutputCheck {
  // YAML 1.2 core schema: `2025-01-01` is a string, as in Kubernetes (js-yaml's default would make a Date).
  const schema = yaml.CORE_SCHEMA;
  const input = itemsOf(yaml.load(readFileSync(inputPath, "utf8"), { schema })) ?? [];
  let doc: unknown;
  try {
    doc = yaml.load(readFileSync(outputPath, "utf8"), { schema });
  } catch (err) {
    return { problem: `output is not YAML (${(err as Error).message.split("\n")[0]})`, changedItems: 0, errorResults: 0 };
  }
  const output = itemsOf(doc);
  if (!output) return { problem: "output is not a ResourceList", changedItems: 0, errorResults: 0 };
  const results = (doc as { results?: unknown }).results;
  const errorResults = Array.isArray(results)
    ? results.filter((r) => typeof r === "object" && r !== null && (r as { severity?: unknown }).severity === "error").length
    : 0;
  let changedItems = 0;
  const n = Math.min(input.length, output.length);
  for (let i = 0; i < n; i++) if (!isDeepStrictEqual(input[i], output[i])) changedItems++;
  const problem = output.length === input.length ? "" : `${output.length} items out, ${input.length} in`;
  return { problem, changedItems, errorResults };
}
