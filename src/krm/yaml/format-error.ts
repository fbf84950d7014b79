// Renders a KrmError as one line: `source:line:col: message` (line and column, 1-based, are
// computed from the offsets only here).

/** 1-based line and column of `offset` in `text`. */
export function lineColOf(text: string, offset: number): { line: number; col: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf("\n"); i >= 0 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, col: offset - lineStart + 1 };
}

/** One line for `error`: prefixed with `source:line:col` when offsets and text are known. */
export function formatError(error: { message: string; pos?: [number, number] }, source: string, text?: string): string {
  if (error.pos && text !== undefined) {
    const { line, col } = lineColOf(text, Math.min(error.pos[0], text.length));
    return `${source}:${line}:${col}: ${error.message}`;
  }
  return `${source}: ${error.message}`;
}
