// Whether a text holds a string at a position: the check the fast reader and the patcher make for
// every key they match, as a loop (String.prototype.startsWith with a position is a builtin call
// that costs several times as much on the short keys of a manifest).

/** Whether `t` holds `s` at `at` (`t.startsWith(s, at)` for `at` ≥ 0). */
export function holdsAt(t: string, at: number, s: string): boolean {
  const n = s.length;
  if (at + n > t.length) return false;
  for (let i = 0; i < n; i++) if (t.charCodeAt(at + i) !== s.charCodeAt(i)) return false;
  return true;
}
