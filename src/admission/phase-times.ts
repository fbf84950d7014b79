// Optional per-phase wall-clock accounting for benchmarks (`KMUTATE_PHASE_TIMES`): off by
// default; when on, callers add `performance.now()` deltas to five named phases.

/** The phases, in pipeline order. */
export const phaseNames = ["parse", "match", "cel", "patch", "serialise"] as const satisfies readonly string[];
/** One phase. */
export type PhaseName = (typeof phaseNames)[number];
/** Milliseconds per phase. */
export type PhaseTimes = Record<PhaseName, number>;

const totals: PhaseTimes = { parse: 0, match: 0, cel: 0, patch: 0, serialise: 0 };
let enabled = false;

/** Turns accounting on for this process and resets the totals. */
export function enablePhaseTimes(): void {
  enabled = true;
  for (const p of phaseNames) totals[p] = 0;
}

/** A start mark: `performance.now()` when accounting is on, else 0 (no clock read). */
export function phaseStart(): number {
  return enabled ? performance.now() : 0;
}

/** Adds the time since `start` (from {@link phaseStart}) to `phase`; a no-op when off. */
export function phaseEnd(phase: PhaseName, start: number): void {
  if (enabled) totals[phase] += performance.now() - start;
}

/** The totals so far (ms, rounded to 0.1), or undefined when accounting is off. */
export function phaseTimes(): PhaseTimes | undefined {
  if (!enabled) return undefined;
  const out = { ...totals };
  for (const p of phaseNames) out[p] = Math.round(out[p] * 10) / 10;
  return out;
}
