// `kmutate test [PATH...]`: runs the PolicyTest files under the paths with the engine that renders
// (authoring/policy-test), writes golden files with --update, and reports as text, JSON or JUnit.
import { Option, type Command } from "commander";
import { re2Class } from "#platform";
import {
  ansiPaint, plainPaint, renderJsonReport, renderJunit, renderTestReport, runTestFile, testTotals, type FileReport,
} from "../authoring/index.js";
import { writeText, type CliIo } from "./io.js";
import { diskTestFiles, findTestFiles, writeOutputFile } from "./test-files.js";

/** Output formats of `test`. */
export const testOutputFormats = ["text", "json"] as const;
/** An output format of `test`. */
export type TestOutputFormat = (typeof testOutputFormats)[number];

/** Options of `test`. */
export interface TestOptions {
  /** RE2 pattern searched for in `<test name>/<case name>`. Default: every case. */
  run?: string;
  /** Also write a JUnit XML report to this file. Default: none. */
  junit?: string;
  /** Rewrite golden files (expect.objectFile) from the actual objects. Default: false. */
  update?: boolean;
  /** Default: `text`. */
  output: TestOutputFormat;
}

/** The case filter of `--run`, or the error for an invalid pattern (re2js is loaded only here, so other commands never load it). */
function selector(pattern: string | undefined): { ok: true; select?: (id: string) => boolean } | { ok: false; error: string } {
  if (pattern === undefined) return { ok: true };
  try {
    const re = re2Class().compile(pattern);
    return { ok: true, select: (id) => re.matcher(id).find() };
  } catch (e) {
    return { ok: false, error: `--run: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/** Writes the golden files of passed cases; a case whose file cannot be written (or that another case wrote differently) fails. */
function writeOutputFiles(reports: FileReport[], cwd: string): void {
  const written = new Map<string, string>();
  for (const c of reports.flatMap((f) => f.cases)) {
    if (!c.golden) continue;
    const { path, text } = c.golden;
    const before = written.get(path);
    const error = before === undefined ? writeOutputFile(cwd, path, text) : before === text ? undefined : "another case updated it with a different object";
    if (error === undefined) {
      written.set(path, text);
      continue;
    }
    c.status = "failed";
    c.failures.push({ message: `--update: ${path}: ${error}` });
    delete c.golden;
  }
}

/** Runs `test`; returns the exit code (1 if any case failed or a path is unreadable). */
export async function testCommand(paths: readonly string[], opts: TestOptions, io: CliIo): Promise<number> {
  const fail = async (lines: string[]): Promise<number> => {
    await writeText(io.stderr, lines.map((l) => `kmutate: ${l}\n`).join(""));
    return 1;
  };
  const sel = selector(opts.run);
  if (!sel.ok) return fail([sel.error]);
  const roots = paths.length > 0 ? paths : ["."];
  const found = findTestFiles(roots, io.cwd);
  if (found.errors.length > 0) return fail(found.errors);
  if (found.files.length === 0) return fail([`no test files (kmutate-test.yaml, *.kmutate-test.yaml) under ${roots.join(", ")}`]);
  const files = diskTestFiles(io.cwd);
  const reports = found.files.map((path): FileReport => {
    const read = files.read(path);
    if (!read.ok) return { path, errors: [`${path}: ${read.message}`], cases: [] };
    return runTestFile({ path, text: read.text }, files, { select: sel.select, update: opts.update === true });
  });
  if (opts.update) writeOutputFiles(reports, io.cwd);
  const colour = io.stdout.isTTY === true;
  await writeText(io.stdout, opts.output === "json" ? renderJsonReport(reports) : renderTestReport(reports, colour ? ansiPaint : plainPaint));
  if (opts.junit !== undefined) {
    const error = writeOutputFile(io.cwd, opts.junit, renderJunit(reports));
    if (error !== undefined) return fail([`--junit: ${opts.junit}: ${error}`]);
  }
  return testTotals(reports).failed > 0 ? 1 : 0;
}

/** Registers `kmutate test`. */
export function registerTest(program: Command, io: CliIo, done: (code: number) => void): void {
  program
    .command("test")
    .summary("run the policy tests (kmutate-test.yaml) under the paths")
    .description("Run every case of the PolicyTest files (kmutate-test.yaml, *.kmutate-test.yaml) under the given paths: admit each case's object with the test's policies, as kmutate apply would, and check what came out.")
    .argument("[path...]", "test files, or folders searched recursively for them (default: .)")
    .option("--run <regex>", "run only the cases whose `<test name>/<case name>` matches this RE2 pattern (the others count as skipped)")
    .option("--junit <file>", "also write a JUnit XML report to this file")
    .option("--update", "rewrite the golden files (expect.objectFile) from the actual objects, and say which changed")
    .addOption(new Option("-o, --output <format>", "output format").choices(testOutputFormats).default("text" satisfies TestOutputFormat))
    .addHelpText("after", TEST_HELP)
    .action(async (paths: string[], opts: TestOptions) => done(await testCommand(paths, opts, io)));
}

const TEST_HELP = `
stdin   not read
stdout  one line per case (PASS, FAIL, SKIP with file:line and name); under a failure its
        reasons and a unified diff of expected vs actual object; then \`N passed, M failed\`
        (\`, K skipped\`). With -o json: the same as one JSON document.
stderr  unreadable paths, no test files, an invalid --run pattern
exit    1 if any case failed (a broken test file, a missing file or a policy that does not
        compile fails too), else 0

Format: krm/policy-test.schema.json in the npm package; docs/08_testing.md.

Examples:
  $ kmutate test
  $ kmutate test examples/ --run 'sidecar'
  $ kmutate test --update           # write the golden files, then review git diff
  $ kmutate test --junit report.xml
`;
