// The text report of `kmutate test`: one line per case (`PASS  file:line  name`), the reasons and
// diffs of each failure indented under it, and the closing `N passed, M failed[, K skipped]` line.
import type { DiffPaint } from "../diff-render.js";
import { notSelected, type CaseFailure, type CaseReport, type FileReport, type TestTotals } from "./types.js";

/** Totals of a run: cases by status, plus one failure per file whose problems failed no case. */
export function testTotals(files: readonly FileReport[]): TestTotals {
  const t: TestTotals = { passed: 0, failed: 0, skipped: 0 };
  for (const f of files) {
    for (const c of f.cases) t[c.status]++;
    if (f.errors.length > 0 && !f.cases.some((c) => c.status === "failed")) t.failed++;
  }
  return t;
}

/** `3 passed, 1 failed` with `, 2 skipped` when any were. */
export function totalsLine(t: TestTotals): string {
  return `${t.passed} passed, ${t.failed} failed${t.skipped > 0 ? `, ${t.skipped} skipped` : ""}\n`;
}

const indent = (text: string): string => text.replace(/\n$/, "").split("\n").map((l) => (l === "" ? "" : `    ${l}`)).join("\n") + "\n";

/** The text of one failure: its message, then its diff painted by `paint`. */
export function failureText(f: CaseFailure, paint: DiffPaint): string {
  return indent(f.message) + (f.diff ? indent(f.diff(paint)) : "");
}

function caseText(path: string, c: CaseReport, paint: DiffPaint): string {
  const where = `${path}:${c.line}  ${c.name}`;
  if (c.status === "skipped") return `${paint("steps", "SKIP")}  ${where} (${c.skipReason ?? "skipped"})\n`;
  if (c.status === "passed") return `${paint("added", "PASS")}  ${where}${c.golden ? ` (updated ${c.golden.path})` : ""}\n`;
  return `${paint("removed", "FAIL")}  ${where}\n` + c.failures.map((f) => failureText(f, paint)).join("");
}

/**
 * The report of a run. Cases not selected by `--run` are counted, not listed. `paint` colours the
 * status words (PASS as an added line, FAIL as a removed one) and the diffs.
 */
export function renderTestReport(files: readonly FileReport[], paint: DiffPaint): string {
  let out = "";
  for (const f of files) {
    if (f.errors.length > 0) out += `${paint("removed", "FAIL")}  ${f.path}\n` + f.errors.map((e) => indent(e)).join("");
    for (const c of f.cases) if (c.skipReason !== notSelected) out += caseText(f.path, c, paint);
  }
  return out + totalsLine(testTotals(files));
}
