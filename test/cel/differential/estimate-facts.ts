// The committed facts of the static cost estimate differential: one JSON line per expression with
// cel-go's estimate. Written by scripts/cel-differential/regenerate-estimates.ts only.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** One line of the estimate facts file. */
export interface EstimateFact {
  id: string;
  expr: string;
  /** Compiled in the mutation environment (`Object`, `JSONPatch`, `jsonpatch.escapeKey`). */
  mutation?: boolean;
  /** Typed variables (`"xs": "list(string)"`), declared besides `object` and `params`. */
  vars?: Record<string, string>;
  /** Size bounds by the estimator's path (`"xs/@items": [min, max]`); other sizes are unknown. */
  sizes?: Record<string, [number, number]>;
  /** cel-go's estimate, uint64 as decimal text. */
  estMin: string;
  estMax: string;
}

/** Path of the facts file in the source tree. */
export const estimateFactsPath: string = fileURLToPath(new URL("../../../../test/cel/differential/cost-estimate-facts.jsonl", import.meta.url));

/** Reads the facts file (empty when it does not exist yet). */
export function readEstimateFacts(path: string = estimateFactsPath): EstimateFact[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return [];
  }
  return text.split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l) as EstimateFact);
}
