// Go's `strings.TrimSpace`: strips leading and trailing Unicode White_Space (incl. U+0085, not
// U+FEFF — where JavaScript's `trim` differs).

const space = "\\t\\n\\v\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000";
const edges = new RegExp(`^[${space}]+|[${space}]+$`, "g");

/** `s` without the leading and trailing white space Go's `strings.TrimSpace` removes. */
export function goTrimSpace(s: string): string {
  return s.replace(edges, "");
}
