// Renders `kmutate check` findings: for files, `file:line:col: severity: Kind name: field: message`
// with the source line and a caret; for KRM, results naming the object and field path.
import type { KrmResult, LintFinding } from "../admission/index.js";
import { offsetLocation } from "../cel/index.js";
import type { JsonObject } from "../data/index.js";
import { lineColOf, resourceRefOf } from "../krm/index.js";

/** A finding placed in a file (`offset` undefined when the object could not be found). */
export interface PlacedFinding {
  finding: LintFinding;
  path: string;
  text: string;
  offset?: number;
}

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

/** `1 error, 2 warnings` (or `no problems`). */
export function summaryLine(findings: readonly LintFinding[]): string {
  const errors = findings.filter((f) => f.severity === "error").length;
  const warnings = findings.length - errors;
  if (findings.length === 0) return "no problems\n";
  const n = (k: number, w: string): string => `${k} ${w}${k === 1 ? "" : "s"}`;
  return `${n(errors, "error")}, ${n(warnings, "warning")}\n`;
}

/** A KRM result for a finding about `items[f.source.index]` (List members: a field path under `items[i]`). */
export function findingResult(f: LintFinding, items: readonly JsonObject[], expressionText?: string): KrmResult {
  let message = f.message;
  if (f.exprOffset !== undefined && f.code !== "type" && expressionText !== undefined) {
    const { line, column } = offsetLocation(expressionText, f.exprOffset);
    message += ` (expression line ${line}, column ${column + 1})`;
  }
  const r: KrmResult = { severity: f.severity, message, resourceRef: resourceRefOf(items[f.source.index]), tags: { check: f.code, [f.kind === "MutatingAdmissionPolicy" ? "policy" : "binding"]: f.name } };
  const prefix = f.source.listIndex !== undefined ? `items[${f.source.listIndex}]` : "";
  const field = [prefix, f.field ?? ""].filter((s) => s !== "").join(".");
  if (field) r.field = { path: field };
  return r;
}
