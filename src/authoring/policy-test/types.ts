// The contract of `kmutate test`'s runner: how it reads files (injected, so the runner stays
// Node-free), a loaded test case, and the reports it returns per test file and case.
import type { JsonObject, JsonValue } from "../../data/index.js";
import type { DiffPaint } from "../diff-render.js";

/** Reading a file: its text, or a one-line reason (`cannot read: ENOENT`). */
export type FileRead = { ok: true; text: string } | { ok: false; message: string };

/** The files a test may name, by path relative to the working directory (`/`-separated). */
export interface TestFiles {
  read(path: string): FileRead;
  /** The path itself when it is a file; for a folder its *.yaml, *.yml, *.json files, recursively, in name order, hidden entries skipped. */
  manifests(path: string): { ok: true; paths: string[] } | { ok: false; message: string };
}

/** An object given inline or by file; `at` is the `file:line:col` of the field that gives it. */
export type ObjectSource = { inline: JsonObject; at: string } | { file: string; name?: string; at: string };

/** One `expect.fields` entry: the path as written, its keys, and the wanted value (null: absent). */
export interface FieldExpectation {
  path: string;
  keys: FieldKey[];
  value: JsonValue;
}

/** A key of a field path: a map key, a list index, or a list element whose `field` is `value`. */
export type FieldKey = string | number | { field: string; value: string };

/** One expected invocation; an absent binding or param is not compared. */
export interface InvocationExpectation {
  policy: string;
  binding?: string;
  param?: string;
}

/** What a case checks (each field present is checked). */
export interface Expectation {
  object?: ObjectSource;
  fields?: FieldExpectation[];
  unchanged?: boolean;
  /** true/false, or substrings (implies true). */
  denied?: boolean | string[];
  errors?: string[];
  warnings?: string[];
  invocations?: InvocationExpectation[];
}

/** One case of a test file, validated. */
export interface TestCase {
  name: string;
  /** 1-based line of the case in its file. */
  line: number;
  /** Why it is skipped ("" for `skip: true`); undefined when it runs. */
  skip?: string;
  object: ObjectSource;
  oldObject?: ObjectSource;
  /** The case's MutationConfig spec overrides. Default: none. */
  config?: JsonObject;
  expect: Expectation;
}

/** Outcome of one case. */
export type CaseStatus = "passed" | "failed" | "skipped";

/** One reason a case failed; `diff` renders expected vs actual object when there is one. */
export interface CaseFailure {
  message: string;
  diff?: (paint: DiffPaint) => string;
}

/** The new text of a golden file (`--update`). */
export interface GoldenWrite {
  path: string;
  text: string;
}

/** The skip reason of a case that `--run` did not select (such cases are counted, not listed). */
export const notSelected = "not selected by --run";

/** The report of one case. */
export interface CaseReport {
  /** `metadata.name` of the test. */
  test: string;
  name: string;
  line: number;
  status: CaseStatus;
  failures: CaseFailure[];
  /** Why it was skipped (`deselected by --run`, or the case's reason). */
  skipReason?: string;
  /** With `update`: the golden file to write (the case passed once it is written). */
  golden?: GoldenWrite;
}

/** The report of one test file: errors that stopped it (located), and its cases. */
export interface FileReport {
  path: string;
  errors: string[];
  cases: CaseReport[];
}

/** How a run selects and updates. */
export interface TestRunOptions {
  /** Whether to run a case, given `<test name>/<case name>`. Default: every case. */
  select?: (id: string) => boolean;
  /** Write golden files (expect.objectFile) from the actual objects instead of failing on them. Default: false. */
  update?: boolean;
}

/** Totals of a run. */
export interface TestTotals {
  passed: number;
  failed: number;
  skipped: number;
}
