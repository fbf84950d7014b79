// Compiled RE2 patterns (re2js), cached by pattern text; errors as cel-go-like messages. re2js
// is loaded on the first compile, so programs whose policies use no regex never load it.
import { createRequire } from "node:module";
import type { RE2JS } from "re2js";

const cache = new Map<string, RE2JS | string>();
let engine: typeof RE2JS | undefined;

/** The RE2JS class, required on first use (re2js has a `require` export) and memoised. */
function re2(): typeof RE2JS {
  return (engine ??= (createRequire(import.meta.url)("re2js") as { RE2JS: typeof RE2JS }).RE2JS);
}

/** The compiled pattern, or an error message for an invalid one. */
export function compileRegex(pattern: string): RE2JS | string {
  let r = cache.get(pattern);
  if (r === undefined) {
    try {
      r = re2().compile(pattern);
    } catch (e) {
      const m = e instanceof Error ? e.message : String(e);
      r = m.startsWith("error parsing regexp: ") ? m : `error parsing regexp: ${m}`;
    }
    if (cache.size > 1000) cache.clear();
    cache.set(pattern, r);
  }
  return r;
}
