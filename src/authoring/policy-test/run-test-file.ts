// Runs one test file: reads it, loads each test's policy set once, and admits each case's object
// with the policies through the same `admit` that `kmutate apply` and fn mode use.
import { admit, resourceRefOf, type AdmitOptions, type KrmResult } from "../../admission/index.js";
import type { JsonObject } from "../../data/index.js";
import type { SourceText } from "../../krm/index.js";
import { checkCase, type CaseOutcome } from "./check-case.js";
import { caseInputs } from "./case-inputs.js";
import { loadPolicySet, type PolicySet } from "./policy-set.js";
import { readTestFile, type LoadedTest } from "./read-test-file.js";
import { notSelected, type CaseReport, type FileReport, type TestCase, type TestFiles, type TestRunOptions } from "./types.js";

function refKey(r: KrmResult["resourceRef"]): string {
  return r ? [r.apiVersion, r.kind, r.namespace ?? "", r.name].join("\u0000") : "";
}

/** Admits the case's object among the policy set's objects (which are admitted too, but only the case's object is checked). */
function admitCase(items: readonly JsonObject[], object: JsonObject, options: AdmitOptions): CaseOutcome {
  const all = [...items, object];
  const out = admit(all, { ...options, recordChanges: true });
  const key = refKey(resourceRefOf(object));
  return {
    input: object,
    actual: out.items[all.length - 1],
    results: out.results.filter((r) => (r.resourceRef ? refKey(r.resourceRef) === key : r.severity === "error")),
    changes: out.changes?.[all.length - 1] ?? [],
  };
}

function runCase(c: TestCase, test: LoadedTest, set: Extract<PolicySet, { ok: true }>, path: string, files: TestFiles, update: boolean): Pick<CaseReport, "status" | "failures" | "golden"> {
  const inputs = caseInputs(c, path, test.config, files);
  if (!inputs.ok) return { status: "failed", failures: inputs.errors.map((message) => ({ message })) };
  let outcome: CaseOutcome;
  try {
    outcome = admitCase(set.items, inputs.object, inputs.options);
  } catch (e) {
    return { status: "failed", failures: [{ message: `internal error: ${e instanceof Error ? e.message : String(e)}` }] };
  }
  const checked = checkCase(c.expect, outcome, path, files, update);
  if (checked.failures.length > 0) return { status: "failed", failures: checked.failures };
  return checked.golden ? { status: "passed", failures: [], golden: checked.golden } : { status: "passed", failures: [] };
}

/** Runs every (selected) case of the test file `source`. */
export function runTestFile(source: SourceText, files: TestFiles, opts: TestRunOptions = {}): FileReport {
  const read = readTestFile(source);
  const report: FileReport = { path: source.path, errors: [...read.errors], cases: [] };
  for (const test of read.tests) {
    let set: PolicySet | undefined;
    for (const c of test.cases) {
      const base = { test: test.name, name: c.name, line: c.line };
      if (opts.select && !opts.select(`${test.name}/${c.name}`)) {
        report.cases.push({ ...base, status: "skipped", failures: [], skipReason: notSelected });
        continue;
      }
      if ("errors" in c) {
        report.cases.push({ ...base, status: "failed", failures: c.errors.map((message) => ({ message })) });
        continue;
      }
      if (c.skip !== undefined) {
        report.cases.push({ ...base, status: "skipped", failures: [], skipReason: c.skip || "skip: true" });
        continue;
      }
      if (!set) {
        set = loadPolicySet(source.path, test.policies, files);
        if (!set.ok) report.errors.push(...set.errors);
      }
      if (!set.ok) {
        report.cases.push({ ...base, status: "failed", failures: [{ message: "not run: spec.policies has errors (above)" }] });
        continue;
      }
      report.cases.push({ ...base, ...runCase(c, test, set, source.path, files, opts.update === true) });
    }
  }
  return report;
}
