// Renders `kmutate apply --diff`: one unified diff per changed object, each hunk header naming the
// mutation steps (policy, binding, param) whose changed field paths its lines show; each line is
// painted by a DiffPaint (plain text, ANSI colours on a TTY, the playground's HTML).
import { linePaths, overlaps, type FieldPath } from "./diff-paths.js";
import { unifiedHunks, type Hunk } from "./diff-lines.js";

/** One mutation step of an object: who made it and which paths it changed. */
export interface DiffStep {
  /** e.g. `policy 'p' with binding 'b' and param 'x'`. */
  label: string;
  /** Paths it changed; empty: unknown (the step is named on every hunk). */
  paths: FieldPath[];
}

/** One changed object: its document text before and after, and where it sits in its file. */
export interface ObjectDiff {
  /** File shown in the headers (`stdin` for -f -). */
  file: string;
  /** `Kind namespace/name`. */
  object: string;
  before: string;
  after: string;
  /** 0-based line of the document's first line in the input file. */
  beforeLine: number;
  /** 0-based line of the document's first line in the output file. */
  afterLine: number;
  /**
   * Unchanged file lines just before and after the document: context for hunks at its edges
   * (without trailing context `patch` would anchor a hunk to the end of the file). Default: none.
   */
  leading?: string[];
  trailing?: string[];
  steps: DiffStep[];
}

/** What a piece of diff text is: a file header, a hunk's line ranges, the steps named after them, or a line. */
export type DiffRole = "file" | "range" | "steps" | "removed" | "added" | "context";

/** Turns one piece of diff text into output text (adds colour or markup; must escape what its markup needs). */
export type DiffPaint = (role: DiffRole, text: string) => string;

/** The text as it is. */
export const plainPaint: DiffPaint = (_role, text) => text;

const ansi = { bold: "\x1b[1m", cyan: "\x1b[36m", red: "\x1b[31m", green: "\x1b[32m", reset: "\x1b[0m" } as const;
const ansiCodes: Partial<Record<DiffRole, string>> = { file: ansi.bold, range: ansi.cyan, removed: ansi.red, added: ansi.green };

/** ANSI colours, for a terminal: bold file headers, cyan ranges, red removals, green additions. */
export const ansiPaint: DiffPaint = (role, text) => {
  const code = ansiCodes[role];
  return code === undefined ? text : code + text + ansi.reset;
};

function splitLines(text: string): string[] {
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** The steps a hunk belongs to: those whose paths overlap a changed line's path (all when none does). */
function stepsOf(h: Hunk, steps: readonly DiffStep[], beforePaths: Array<FieldPath | undefined>, afterPaths: Array<FieldPath | undefined>): DiffStep[] {
  if (steps.length <= 1) return [...steps];
  const paths: FieldPath[] = [];
  for (const l of h.lines) {
    const p = l.tag === "-" ? beforePaths[l.a!] : l.tag === "+" ? afterPaths[l.b!] : undefined;
    if (p) paths.push(p);
  }
  const hit = steps.filter((s) => s.paths.length === 0 || s.paths.some((sp) => paths.some((p) => overlaps(sp, p))));
  return hit.length > 0 ? hit : [...steps];
}

function range(start: number, length: number, offset: number): string {
  if (length === 0) return `${start + offset},0`;
  return length === 1 ? `${start + offset + 1}` : `${start + offset + 1},${length}`;
}

/** The unified diff of one object ("" when its text did not change), each piece painted by `paint`. */
export function renderObjectDiff(d: ObjectDiff, paint: DiffPaint): string {
  const leading = d.leading ?? [];
  const trailing = d.trailing ?? [];
  const a = [...leading, ...splitLines(d.before), ...trailing];
  const b = [...leading, ...splitLines(d.after), ...trailing];
  const hunks = unifiedHunks(a, b);
  if (hunks.length === 0) return "";
  const pad = (paths: Array<FieldPath | undefined>): Array<FieldPath | undefined> => [...leading.map(() => undefined), ...paths];
  const beforePaths = d.steps.length > 1 ? pad(linePaths(d.before)) : [];
  const afterPaths = d.steps.length > 1 ? pad(linePaths(d.after)) : [];
  let out = paint("file", `--- a/${d.file}\t${d.object}`) + "\n" + paint("file", `+++ b/${d.file}\t${d.object}`) + "\n";
  for (const h of hunks) {
    const by = stepsOf(h, d.steps, beforePaths, afterPaths).map((s) => s.label).join("; ");
    out += paint("range", `@@ -${range(h.aStart, h.aLength, d.beforeLine - leading.length)} +${range(h.bStart, h.bLength, d.afterLine - leading.length)} @@`) + (by ? paint("steps", ` ${by}`) : "") + "\n";
    for (const l of h.lines) out += paint(l.tag === "-" ? "removed" : l.tag === "+" ? "added" : "context", l.tag + l.text) + "\n";
  }
  return out;
}
