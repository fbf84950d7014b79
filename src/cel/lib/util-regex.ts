// Compiled RE2 patterns (re2js), cached by pattern text; errors as cel-go-like messages. re2js
// is loaded on the first compile (through `#platform`), so programs whose policies use no regex never load it.
import type { RE2JS } from "re2js";
import { re2Class } from "#platform";

const cache = new Map<string, RE2JS | string>();

/** The compiled pattern, or an error message for an invalid one. */
export function compileRegex(pattern: string): RE2JS | string {
  let r = cache.get(pattern);
  if (r === undefined) {
    try {
      r = re2Class().compile(pattern);
    } catch (e) {
      const m = e instanceof Error ? e.message : String(e);
      r = m.startsWith("error parsing regexp: ") ? m : `error parsing regexp: ${m}`;
    }
    if (cache.size > 1000) cache.clear();
    cache.set(pattern, r);
  }
  return r;
}
