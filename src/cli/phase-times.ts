// Per-phase wall-clock totals of one `kmutate fn` run for benchmarks (`KMUTATE_PHASE_TIMES`):
// a timing hook for runFunction that adds up the time of each phase.
import type { PhaseHook } from "../data/index.js";
import type { RunPhase } from "../krm/index.js";

/** The phases, in pipeline order (the order of the written JSON). */
export const phaseNames = ["parse", "match", "cel", "patch", "serialise"] as const satisfies readonly RunPhase[];
/** Milliseconds per phase. */
export type PhaseTimes = Record<RunPhase, number>;

/** A hook adding each step's time to its phase, and the totals so far. */
export interface PhaseTotals {
  hook: PhaseHook<RunPhase>;
  /** The totals (ms, rounded to 0.1), every phase present. */
  totals(): PhaseTimes;
}

/** New totals, all phases at zero. */
export function phaseTotals(): PhaseTotals {
  const sums: PhaseTimes = { parse: 0, match: 0, cel: 0, patch: 0, serialise: 0 };
  return {
    hook: (phase, ms) => {
      sums[phase] += ms;
    },
    totals: () => {
      const out = { ...sums };
      for (const p of phaseNames) out[p] = Math.round(out[p] * 10) / 10;
      return out;
    },
  };
}
