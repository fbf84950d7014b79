// The text of a lint finding placed in a file (`kmutate check`, `kmutate test`):
// `file:line:col: severity: Kind name: field: message`, then the source line and a caret.
import { lineColOf } from "../krm/index.js";
import type { PlacedFinding } from "./check-locate.js";

/** The human-readable text of one finding, ending in a newline. */
export function renderFinding(p: PlacedFinding): string {
  const f = p.finding;
  const field = f.field && !f.message.startsWith(f.field + ":") ? f.field + ": " : "";
  const head = `${f.severity}: ${f.kind} ${f.name || "(unnamed)"}: ${field}${f.message}`;
  if (p.offset === undefined) return `${p.path}: ${head}\n`;
  const { line, col } = lineColOf(p.text, p.offset);
  const lines = p.text.split("\n");
  const src = (lines[line - 1] ?? "").replace(/\r$/, "");
  const gutter = String(line);
  const pad = " ".repeat(gutter.length);
  const before = src.slice(0, col - 1).replace(/[^\t]/g, " ");
  return `${p.path}:${line}:${col}: ${head}\n ${gutter} | ${src}\n ${pad} | ${before}^\n`;
}
