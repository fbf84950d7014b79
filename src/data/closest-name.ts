// "Did you mean …?" for a mistyped command, field or resource name: the candidate at the smallest
// edit distance (insertions, deletions, substitutions and swaps of neighbours), if it is close enough.

/** Edit distance with adjacent transpositions (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/**
 * The candidate closest to `word`: at most 2 edits away and fewer edits than half its length, or
 * one that starts with `word` (2+ characters). Undefined when none is close.
 */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = editDistance(word.toLowerCase(), c);
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  if (best !== undefined && bestDistance <= 2 && bestDistance * 2 < best.length) return best;
  return word.length >= 2 ? candidates.find((c) => c.startsWith(word.toLowerCase())) : undefined;
}
