// Small statistics for paired benchmark runs: medians and pair-by-pair ratios.

/** The median of a non-empty list (mean of the middle two for even lengths); NaN if empty. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Ratios `b[i] / a[i]` for each pair (lists of equal length). */
export function pairRatios(a: readonly number[], b: readonly number[]): number[] {
  if (a.length !== b.length) throw new RangeError("pairRatios needs lists of equal length");
  return a.map((x, i) => b[i] / x);
}

/** Differences `b[i] - a[i]` for each pair (lists of equal length). */
export function pairDifferences(a: readonly number[], b: readonly number[]): number[] {
  if (a.length !== b.length) throw new RangeError("pairDifferences needs lists of equal length");
  return a.map((x, i) => b[i] - x);
}
