// The committed facts of the differential CEL test: one JSON line per generated case, naming its
// fixtures, with the oracle's answer. Written by scripts/cel-differential/regenerate.ts only.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { fixtures } from "./fixtures.js";
import type { DiffCase, DiffOutcome } from "./kmutate-view.js";

/** One line of the facts file. */
export interface DiffFact {
  id: string;
  expr: string;
  /** Fixture names (test/cel/differential/fixtures.ts); absent: the variable is unbound. */
  object?: string;
  params?: string;
  mutation?: boolean;
  /** The oracle's answer (cel-go v0.26.0 with Kubernetes 1.36's environment). */
  expect: DiffOutcome;
}

/** Path of the facts file in the source tree (the test reads it from there, not from dist/). */
export const factsPath: string = fileURLToPath(new URL("../../../../test/cel/differential/cel-facts.jsonl", import.meta.url));

/** The case a fact describes, fixtures resolved. */
export function caseOf(f: Pick<DiffFact, "id" | "expr" | "object" | "params" | "mutation">): DiffCase {
  const c: DiffCase = { id: f.id, expr: f.expr };
  if (f.object !== undefined) c.object = fixtures[f.object];
  if (f.params !== undefined) c.params = fixtures[f.params];
  if (f.mutation) c.mutation = true;
  return c;
}

/** Reads the facts file (empty when it does not exist yet). */
export function readFacts(path: string = factsPath): DiffFact[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return [];
  }
  return text.split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l) as DiffFact);
}
