// The reports of `kmutate test` for tools: JUnit XML (`--junit FILE`, one testsuite per test file,
// as CI systems read it) and JSON (`-o json`). Diffs are plain text in both.
import type { JsonObject, JsonValue } from "../../data/index.js";
import { writeJson } from "../../krm/index.js";
import { plainPaint } from "../diff-render.js";
import { testTotals } from "./report-text.js";
import type { CaseFailure, CaseReport, FileReport } from "./types.js";

function xml(s: string): string {
  // Characters XML 1.0 cannot hold at all (control characters other than tab and newlines) are dropped.
  return s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

const failureBody = (f: CaseFailure): string => f.message + "\n" + (f.diff ? f.diff(plainPaint) : "");

function junitCase(file: FileReport, c: CaseReport): string {
  const head = `    <testcase name="${xml(c.name)}" classname="${xml(file.path)}" file="${xml(file.path)}" line="${c.line}"`;
  if (c.status === "passed") return `${head}/>\n`;
  if (c.status === "skipped") return `${head}>\n      <skipped message="${xml(c.skipReason ?? "")}"/>\n    </testcase>\n`;
  const body = [...c.failures.map(failureBody), ...file.errors.map((e) => e + "\n")].join("");
  return `${head}>\n      <failure message="${xml(c.failures[0]?.message.split("\n")[0] ?? "failed")}">${xml(body)}</failure>\n    </testcase>\n`;
}

/** JUnit XML: a testsuite per file; a file's own errors are one `<error>` test case. */
export function renderJunit(files: readonly FileReport[]): string {
  const t = testTotals(files);
  let out = `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="kmutate test" tests="${t.passed + t.failed + t.skipped}" failures="${t.failed}" skipped="${t.skipped}">\n`;
  for (const f of files) {
    const count = (s: CaseReport["status"]): number => f.cases.filter((c) => c.status === s).length;
    const own = f.errors.length > 0 && count("failed") === 0;
    out += `  <testsuite name="${xml(f.path)}" tests="${f.cases.length + (own ? 1 : 0)}" failures="${count("failed")}" errors="${own ? 1 : 0}" skipped="${count("skipped")}">\n`;
    if (own) out += `    <testcase name="(test file)" classname="${xml(f.path)}" file="${xml(f.path)}">\n      <error message="${xml(f.errors[0].split("\n")[0])}">${xml(f.errors.join("\n") + "\n")}</error>\n    </testcase>\n`;
    for (const c of f.cases) out += junitCase(f, c);
    out += "  </testsuite>\n";
  }
  return out + "</testsuites>\n";
}

function caseJson(c: CaseReport): JsonObject {
  const o: JsonObject = { test: c.test, name: c.name, line: c.line, status: c.status };
  if (c.skipReason !== undefined) o.skipReason = c.skipReason;
  if (c.failures.length > 0) o.failures = c.failures.map((f): JsonObject => (f.diff ? { message: f.message, diff: f.diff(plainPaint) } : { message: f.message }));
  if (c.golden) o.updated = c.golden.path;
  return o;
}

/** The run as JSON: `{files: [{path, errors, cases: [{test, name, line, status, failures?, skipReason?, updated?}]}], passed, failed, skipped}`. */
export function renderJsonReport(files: readonly FileReport[]): string {
  const t = testTotals(files);
  const value: JsonValue = {
    files: files.map((f): JsonObject => ({ path: f.path, errors: f.errors, cases: f.cases.map(caseJson) })),
    passed: t.passed,
    failed: t.failed,
    skipped: t.skipped,
  };
  const j = writeJson(value);
  return j.ok ? j.text : "{}\n";
}
