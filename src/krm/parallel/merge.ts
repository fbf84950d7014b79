// Merges the outcomes of a parallel fn run's slices, in item order, into the run the serial path
// would give: results folded and counted as one run's, output text spliced in order — or says
// why the run must be done serially after all.
import { AdmitAccumulator, type AdmitSummary, type KrmResult } from "../../admission/index.js";
import { written, type FunctionRun } from "../function.js";
import { exitCodeOf, finalResults, refKey, withFiles } from "../results.js";
import { withResults } from "../yaml/index.js";
import type { ParallelPlan } from "./plan.js";
import type { SliceDone, SliceOutcome, SliceTimedOut } from "./types.js";

/** The run from every slice's outcome (in slice order), or why it must be run serially. */
export function mergeSlices(plan: ParallelPlan, outcomes: readonly SliceOutcome[], quiet: boolean): FunctionRun | { serial: string } {
  const fell = outcomes.find((o) => o.kind === "fallback");
  if (fell) return { serial: fell.reason };
  const total = plan.items.length;
  const timedOut = outcomes.filter((o): o is SliceTimedOut => o.kind === "timedOut");
  if (timedOut.length > 0) {
    // As the serial run: every item unchanged and only the error about the first item out of time.
    const first = timedOut.reduce((a, b) => (b.index < a.index ? b : a));
    if (!locatedAlone(outcomes)) return { serial: "an object is in two slices" };
    const summary: AdmitSummary = { objects: total, admitted: 0, changed: 0, invocations: 0 };
    return output(plan, plan.slices.map((s) => s.text), finalResults([first.result], summary, quiet));
  }
  const done = outcomes as readonly SliceDone[];
  if (!locatedAlone(outcomes)) return { serial: "an object is in two slices" };
  const { prepared } = plan;
  const acc = new AdmitAccumulator(prepared.results, plan.options, total);
  for (const d of done) {
    acc.addPart(d.part);
    for (const name of d.matched) prepared.run.matched.add(name);
  }
  const out = prepared.finish(acc);
  return output(plan, done.flatMap((d): Array<string | Uint8Array> => (Array.isArray(d.output) ? d.output : [d.output])), finalResults(withFiles(out.results, plan.items), out.summary, quiet));
}

/** The run's output: `pieces` (the items' texts, or a slice's bytes) between the list's head and tail. */
function output(plan: ParallelPlan, pieces: Array<string | Uint8Array>, results: KrmResult[]): FunctionRun {
  const last = pieces[pieces.length - 1];
  const endsLine = typeof last === "string" ? last.endsWith("\n") : last[last.length - 1] === 0x0a;
  return written([plan.head, ...pieces, withResults(plan.tail, endsLine, results)], "", exitCodeOf(results), results);
}

/** The results of a slice's outcome. */
function resultsOf(o: SliceOutcome): readonly KrmResult[] {
  return o.kind === "done" ? o.part.results : o.kind === "timedOut" ? [o.result] : [];
}

/**
 * Whether each slice located its results in files as the whole run would: by the first item with
 * the result's reference — in the slice itself, and no earlier slice has an item with that reference.
 */
function locatedAlone(outcomes: readonly SliceOutcome[]): boolean {
  if (!outcomes.some((o) => resultsOf(o).some((r) => r.resourceRef))) return true;
  const seen = new Set<string>();
  for (const o of outcomes) {
    if (o.kind === "fallback") return false;
    const own = new Set(o.refs);
    for (const r of resultsOf(o)) {
      if (!r.resourceRef) continue;
      const key = refKey(r.resourceRef);
      if (seen.has(key) || !own.has(key)) return false;
    }
    for (const k of own) seen.add(k);
  }
  return true;
}
