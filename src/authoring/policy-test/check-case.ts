// Checks one case's outcome against its expectation; each unmet part is one failure. An error
// result about the object means the apiserver would refuse it, so it fails every case that does not
// expect `denied` or list the `errors`.
import type { InvocationChange, KrmResult } from "../../admission/index.js";
import { deepEqual, type JsonObject, type JsonValue } from "../../data/index.js";
import { writeJson } from "../../krm/index.js";
import { stepsFromChanges } from "../diff.js";
import { changeDiff, checkObject } from "./expect-object.js";
import { valueAtPath } from "./field-path.js";
import { matchMessages } from "./match-messages.js";
import type { CaseFailure, Expectation, GoldenWrite, InvocationExpectation, TestFiles } from "./types.js";

/** What admitting a case's object produced. */
export interface CaseOutcome {
  input: JsonObject;
  actual: JsonObject;
  /** Results naming the object, and error results naming nothing (they concern every object). */
  results: KrmResult[];
  /** The invocations that changed the object, in order. */
  changes: InvocationChange[];
}

/** A value on one line, as JSON. */
function valueText(v: JsonValue): string {
  const j = writeJson(v);
  return j.ok ? j.text.trim().replace(/,\n\s*/g, ", ").replace(/\n\s*/g, "") : String(v);
}

/** An expected invocation worded as the labels of `stepsFromChanges` (binding and param when given). */
function invocationText(i: InvocationExpectation): string {
  return `policy '${i.policy}'${i.binding !== undefined ? ` with binding '${i.binding}'` : ""}${i.param !== undefined ? ` and param '${i.param}'` : ""}`;
}

/** "no error result contains "x"", with the results there are (so the right substring is easy to pick). */
function missingText(severity: "error" | "warning", substring: string, actual: readonly string[]): string {
  const there = actual.length === 0 ? ` (there is no ${severity} result)` : `; the ${severity} results:\n${actual.map((m) => `  ${m}`).join("\n")}`;
  return `no ${severity} result contains ${JSON.stringify(substring)}${there}`;
}

/** Pushes each missing and unexpected message of an exact list. */
function checkExact(severity: "error" | "warning", want: readonly string[], actual: readonly string[], out: CaseFailure[]): void {
  const m = matchMessages(want, actual);
  for (const s of m.missing) out.push({ message: `missing ${severity}: ${missingText(severity, s, actual)}` });
  for (const s of m.unexpected) out.push({ message: `unexpected ${severity}: ${s}` });
}

function checkErrors(e: Expectation, errors: string[], out: CaseFailure[]): void {
  if (e.denied === false) for (const m of errors) out.push({ message: `expected the object to be admitted; it was denied: ${m}` });
  if (e.denied !== undefined && e.denied !== false) {
    if (errors.length === 0) out.push({ message: "expected the object to be denied; it was admitted" });
    // Unlike the exact lists, several substrings may describe the same denial.
    else if (e.denied !== true) for (const s of e.denied.filter((d) => !errors.some((m) => m.includes(d)))) out.push({ message: missingText("error", s, errors) });
  }
  if (e.errors !== undefined) checkExact("error", e.errors, errors, out);
  else if (e.denied === undefined) for (const s of errors) out.push({ message: `unexpected error: ${s}` });
}

function checkInvocations(want: InvocationExpectation[], got: InvocationChange[], out: CaseFailure[]): void {
  const same = want.length === got.length && want.every((w, i) => w.policy === got[i].policy && (w.binding === undefined || w.binding === got[i].binding) && (w.param === undefined || w.param === got[i].param));
  if (same) return;
  const list = (xs: readonly string[]): string => (xs.length === 0 ? "none" : xs.join("; "));
  out.push({ message: `the invocations that changed the object differ:\n  expected: ${list(want.map(invocationText))}\n  actual:   ${list(stepsFromChanges(got).map((s) => s.label))}` });
}

/** The failures of a case (empty: it passed) and, with `update`, the golden file it writes. */
export function checkCase(e: Expectation, o: CaseOutcome, testPath: string, files: TestFiles, update: boolean): { failures: CaseFailure[]; golden?: GoldenWrite } {
  const out: CaseFailure[] = [];
  const steps = stepsFromChanges(o.changes);
  checkErrors(e, o.results.filter((r) => r.severity === "error").map((r) => r.message), out);
  if (e.warnings !== undefined) checkExact("warning", e.warnings, o.results.filter((r) => r.severity === "warning").map((r) => r.message), out);
  const changed = !deepEqual(o.input, o.actual);
  if (e.unchanged === true && changed) out.push({ message: "expected the object unchanged; admission changed it (-before +after):", diff: changeDiff(o.input, o.actual, steps) });
  if (e.unchanged === false && !changed) out.push({ message: "expected admission to change the object; it came out unchanged" });
  for (const f of e.fields ?? []) {
    const got = valueAtPath(o.actual, f.keys);
    if (f.value === null ? got === undefined || got === null : got !== undefined && deepEqual(f.value, got)) continue;
    const want = f.value === null ? "absent" : valueText(f.value);
    out.push({ message: `field ${f.path}: expected ${want}, ${got === undefined ? "it is absent" : `got ${valueText(got)}`}` });
  }
  if (e.invocations !== undefined) checkInvocations(e.invocations, o.changes, out);
  if (e.object === undefined) return { failures: out };
  const obj = checkObject(e.object, testPath, files, o.input, o.actual, steps, update);
  if (obj.failure) out.push(obj.failure);
  if (!obj.golden) return { failures: out };
  if (out.length === 0) return { failures: out, golden: obj.golden };
  // Never write a golden file from a run that failed otherwise: show what it would change instead.
  const shown = checkObject(e.object, testPath, files, o.input, o.actual, steps, false);
  if (shown.failure) out.push({ ...shown.failure, message: `${shown.failure.message.replace(/:$/, "")} (not updated: the case fails otherwise):` });
  return { failures: out };
}
