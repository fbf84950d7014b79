// Matches expected message substrings to result messages, each substring to a different message
// (a maximum bipartite matching, so the order of either list never matters).

/** The substrings no message was left for, and the messages no substring matched. */
export interface MessageMatch {
  missing: string[];
  unexpected: string[];
}

/** Pairs each of `expected` with a different message of `actual` that contains it. */
export function matchMessages(expected: readonly string[], actual: readonly string[]): MessageMatch {
  const owner: Array<number | undefined> = actual.map(() => undefined);
  const tryAssign = (e: number, seen: boolean[]): boolean => {
    for (let a = 0; a < actual.length; a++) {
      if (seen[a] || !actual[a].includes(expected[e])) continue;
      seen[a] = true;
      const prev = owner[a];
      if (prev === undefined || tryAssign(prev, seen)) {
        owner[a] = e;
        return true;
      }
    }
    return false;
  };
  const missing = expected.filter((_, e) => !tryAssign(e, actual.map(() => false)));
  return { missing, unexpected: actual.filter((_, a) => owner[a] === undefined) };
}
