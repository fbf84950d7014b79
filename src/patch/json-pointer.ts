// JSON-pointer handling exactly as evanphx/json-patch v4 does it: split on "/", drop the first
// token, unescape "~1" and "~0" in one left-to-right pass, and parse array indices like Go's Atoi.
import { goQuote } from "./jsonpatch-gojson.js";

/** A pointer split into the tokens to walk and the final key (both unescaped). */
export interface SplitPointer {
  /** Tokens of the containers between the document root and the final key. */
  readonly parents: readonly string[];
  /** The last token: the key or index the operation acts on. */
  readonly key: string;
}

/** Splits remembered before {@link splitPointer} starts over (paths built from data vary). */
const MAX_RECENT_SPLITS = 1024;
const recentSplits = new Map<string, SplitPointer | null>();

/**
 * Splits `path` as json-patch v4 `findObject` does: `strings.Split(path, "/")`, and fewer than
 * two parts (no "/" at all, e.g. `""` or `"a"`) is no pointer. The text before the first "/" is
 * ignored, so `"x/a"` addresses the same place as `"/a"`.
 */
export function splitPointer(path: string): SplitPointer | undefined {
  // A mutation's patch uses the same few paths for every object: remember the recent splits
  // (frozen, as callers share them).
  const hit = recentSplits.get(path);
  if (hit !== undefined) return hit ?? undefined;
  const parts = path.split("/");
  const sp = parts.length < 2 ? undefined : Object.freeze({ parents: Object.freeze(parts.slice(1, -1).map(unescapeToken)), key: unescapeToken(parts[parts.length - 1]) });
  if (recentSplits.size >= MAX_RECENT_SPLITS) recentSplits.clear();
  recentSplits.set(path, sp ?? null);
  return sp;
}


/** RFC 6901 unescaping in a single pass: `~1` → `/`, `~0` → `~`; other `~` stay as they are. */
export function unescapeToken(token: string): string {
  if (!token.includes("~")) return token;
  return token.replace(/~[01]/g, (m) => (m === "~1" ? "/" : "~"));
}

/** RFC 6901 escaping (`~` → `~0`, `/` → `~1`), the inverse of {@link unescapeToken}. */
export function escapeToken(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** The result of {@link goAtoi}: the parsed int64, or Go's error text. */
export type AtoiResult = { ok: true; value: bigint } | { ok: false; error: string };

const INT64_MAX = (1n << 63n) - 1n;
const UINT64_MAX = (1n << 64n) - 1n;

/**
 * Go's `strconv.Atoi` on a 64-bit platform: an optional `+`/`-` sign and ASCII digits only
 * ("01" and "+1" are accepted), int64 range. Errors read exactly like Go's, e.g.
 * `strconv.Atoi: parsing "x": invalid syntax` or `... : value out of range`.
 */
export function goAtoi(s: string): AtoiResult {
  const fail = (why: string): AtoiResult => ({ ok: false, error: `strconv.Atoi: parsing ${goQuote(s)}: ${why}` });
  let digits = s;
  let negative = false;
  if (s.startsWith("+") || s.startsWith("-")) {
    negative = s[0] === "-";
    digits = s.slice(1);
  }
  if (digits.length === 0) return fail("invalid syntax");
  let n = 0n;
  for (let i = 0; i < digits.length; i++) {
    const c = digits.charCodeAt(i);
    if (c < 48 || c > 57) return fail("invalid syntax");
    n = n * 10n + BigInt(c - 48);
    // ParseUint reports overflow as soon as it happens, before looking at later characters.
    if (n > UINT64_MAX) return fail("value out of range");
  }
  if (negative ? n > INT64_MAX + 1n : n > INT64_MAX) return fail("value out of range");
  return { ok: true, value: negative ? -n : n };
}
