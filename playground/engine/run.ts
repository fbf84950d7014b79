// One run of the page, as `kmutate apply` runs on files: read the panes as a stream of YAML
// documents, admit every object, write the stream back (comments and layout kept; local-config
// objects and function configs left out, as apply does), and render the `apply --diff` diffs as
// HTML; `kmutate check`'s findings on the policies come along.
import { lintPolicies, type KrmResult, type LintFinding } from "../../src/admission/index.js";
import { deployable, editScript, stepsFromChanges, streamDiff, type DiffPaint } from "../../src/authoring/index.js";
import { isObject, type JsonObject } from "../../src/data/index.js";
import { mutate, type MutateOutput } from "../../src/index.js";
import { exitCodeOf, readStream, resourceRefOf, withFiles, writeStream, type StreamRead } from "../../src/krm/index.js";
import type { EngineInput, EngineOutput, ObjectChoice, PageResult, Place } from "./api.js";
import { admitOptions } from "./config.js";
import { objectChoices, refText } from "./objects.js";
import { placeError, placeInDocument } from "./place.js";

const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const escapeHtml = (s: string): string => s.replace(/[&<>"]/g, (c) => escapes[c]);

/** The diff as HTML: each piece in a span whose class names its role (`d-added`, `d-range`, …). */
const htmlPaint: DiffPaint = (role, text) => `<span class="d-${role}">${escapeHtml(text)}</span>`;

type Stream = Extract<StreamRead, { ok: true }>;

/** Runs admission on the panes. Never throws on bad input. */
export function run(input: EngineInput): EngineOutput {
  const start = performance.now();
  const done = (o: Omit<EngineOutput, "ms">): EngineOutput => ({ ...o, ms: performance.now() - start });
  const unreadable = (errors: readonly string[], objects: ObjectChoice[] = []): EngineOutput =>
    done({ output: "", changedLines: [], diffHtml: "", exitCode: 1, objects, results: errors.map((e) => inputResult(e, input)) });
  const sources = input.files.map((f) => ({ path: f.name, text: f.text }));
  const stream = readStream(sources);
  if (!stream.ok) return unreadable(stream.errors);
  const objects = objectChoices(stream.items, stream.locations);
  const options = admitOptions(input.options, input.oldObjects);
  if (!options.ok) return unreadable(options.errors, objects);
  let out: MutateOutput;
  try {
    out = mutate(stream.items, { ...options.options, recordChanges: true });
  } catch (e) {
    return unreadable([`internal error: ${e instanceof Error ? e.message : String(e)}`], objects);
  }
  if (out.items.length !== stream.items.length) return unreadable([`internal error: admission returned ${out.items.length} items for ${stream.items.length}`], objects);
  const results = withFiles(out.results, out.items, (_item, i) => stream.locations[i]);
  const kept = deployable(stream.files, out.items);
  const output = writeStream(kept.files, kept.items);
  // writeStream updates the parsed documents in place, so the diff works on a fresh parse.
  const again = readStream(sources);
  const changes = out.changes;
  const diffHtml = again.ok
    ? streamDiff(again.files, again.items, out.items, out.results, htmlPaint, changes ? (_item, i) => stepsFromChanges(changes[i] ?? []) : undefined)
    : "";
  const page = [...results.map((r) => admissionResult(r, stream)), ...lintPolicies(stream.items).map((f) => checkResult(f, stream))];
  const before = again.ok ? deployable(again.files, again.items) : undefined;
  const unchanged = before ? writeStream(before.files, before.items) : output;
  return done({ output, changedLines: addedLines(unchanged, output), diffHtml, exitCode: exitCodeOf(results), objects, results: page });
}

/** The lines of `after` that are not in `before` (by a line diff of the two streams). */
function addedLines(before: string, after: string): number[] {
  if (before === after) return [];
  return editScript(before.split("\n"), after.split("\n")).flatMap((l) => (l.tag === "+" && l.b !== undefined ? [l.b] : []));
}

function inputResult(error: string, input: EngineInput): PageResult {
  const { message, place } = placeError(error, [...input.files, ...input.oldObjects]);
  return { severity: "error", source: "input", message, places: place ? [place] : [] };
}

/**
 * An admission result, placed at its object and, for a policy failure, at the policy's field; a
 * result about the policy itself (an invalid policy) is placed once, at its own field.
 */
function admissionResult(r: KrmResult, stream: Stream): PageResult {
  const places: Place[] = [];
  if (r.file) {
    const p = placeInDocument(stream.files, r.file.path, r.file.index ?? 0, r.field?.path);
    if (p) places.push(p);
  }
  const policy = r.tags?.policy;
  if (policy !== undefined && r.severity !== "info") {
    const i = stream.items.findIndex((it) => it.kind === "MutatingAdmissionPolicy" && isObject(it.metadata) && it.metadata.name === policy);
    const loc = i < 0 ? undefined : stream.locations[i];
    const onPolicy = loc !== undefined && r.file !== undefined && r.file.path === loc.path && (r.file.index ?? 0) === loc.index;
    const p = loc === undefined || onPolicy ? undefined : placeInDocument(stream.files, loc.path, loc.index, r.tags?.policyField);
    if (p) places.push(p);
  }
  const out: PageResult = { severity: r.severity, source: "admission", message: r.message, places };
  if (r.resourceRef) out.object = refText(r.resourceRef);
  if (r.field) out.field = r.field.path;
  if (r.tags) out.tags = r.tags;
  return out;
}

/** A `kmutate check` finding, placed at the character of the expression it is about. */
function checkResult(f: LintFinding, stream: Stream): PageResult {
  const loc = stream.locations[f.source.index];
  const field = [f.source.listIndex !== undefined ? `items[${f.source.listIndex}]` : "", f.field ?? ""].filter((s) => s !== "").join(".");
  const place = placeInDocument(stream.files, loc.path, loc.index, field === "" ? undefined : field, f.exprOffset);
  const out: PageResult = {
    severity: f.severity,
    source: "check",
    message: f.message,
    object: refText(resourceRefOf(stream.items[f.source.index] as JsonObject)),
    tags: { check: f.code, [f.kind === "MutatingAdmissionPolicy" ? "policy" : "binding"]: f.name },
    places: place ? [place] : [],
  };
  if (f.field) out.field = f.field;
  return out;
}
