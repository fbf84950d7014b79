// Renders `kmutate check` findings: the summary line, and for KRM, results naming the object and
// field path (the file form, with a caret, is authoring's renderFinding).
import type { KrmResult, LintFinding } from "../admission/index.js";
import { offsetLocation } from "../cel/index.js";
import type { JsonObject } from "../data/index.js";
import { resourceRefOf } from "../krm/index.js";

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
