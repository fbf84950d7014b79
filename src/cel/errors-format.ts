// Compile-time issues (parse and check errors) and their display in cel-go's format:
// `ERROR: <input>:L:C: message`, the source line, and a caret line; columns count code points.

/** One parse or check error. */
export interface CelIssue {
  /** Message text, worded like cel-go's. */
  message: string;
  /** UTF-16 offset into the expression text; -1 for an error without a location (limits). */
  offset: number;
  /** Id of the AST node the error belongs to, when there is one. */
  exprId?: number;
}

/** Line (1-based) and column (0-based, in code points) of a UTF-16 offset; `{-1, -1}` for offset -1. */
export function offsetLocation(text: string, offset: number): { line: number; column: number } {
  if (offset < 0) return { line: -1, column: -1 };
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  let column = 0;
  for (let i = lineStart; i < offset && i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < offset) i++;
    column++;
  }
  if (offset > text.length) column += offset - text.length;
  return { line, column };
}

const maxSnippetLength = 16384;
const maxErrorsToReport = 100;

/** Renders one issue: message line plus source snippet and caret, as cel-go's `Error.ToDisplayString`. */
export function formatIssue(text: string, issue: CelIssue, description = "<input>"): string {
  const { line, column } = offsetLocation(text, issue.offset);
  let out = `ERROR: ${description}:${line}:${column + 1}: ${issue.message}`;
  if (line < 1 || text.length === 0) return out;
  const lines = text.split("\n");
  const snippetRaw = lines[line - 1];
  if (snippetRaw === undefined) return out;
  const snippet = snippetRaw.replace(/\t/g, " ");
  if (Buffer.byteLength(snippet, "utf8") > maxSnippetLength) return out;
  out += "\n | " + snippet;
  let ind = "\n | ";
  const cps = Array.from(snippet);
  let k = 0;
  for (; k < column && k < cps.length; k++) ind += cps[k]!.length > 1 || cps[k]!.charCodeAt(0) >= 0x80 ? "\uff0e" : ".";
  const at = cps[k];
  ind += at !== undefined && (at.length > 1 || at.charCodeAt(0) >= 0x80) ? "\uff3e" : "^";
  return out + ind;
}

/** Renders a list of issues sorted by location (stable), newline-joined, as cel-go's `Errors.ToDisplayString`. */
export function formatIssues(text: string, issues: readonly CelIssue[], description = "<input>"): string {
  const sorted = issues
    .map((issue, i) => ({ issue, i, loc: offsetLocation(text, issue.offset) }))
    .sort((a, b) => a.loc.line - b.loc.line || a.loc.column - b.loc.column || a.i - b.i);
  const shown = sorted.slice(0, maxErrorsToReport).map((s) => formatIssue(text, s.issue, description));
  if (issues.length > maxErrorsToReport) shown.push(`${issues.length - maxErrorsToReport} more errors were truncated`);
  return shown.join("\n");
}
