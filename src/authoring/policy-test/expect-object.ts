// `expect.object` / `expect.objectFile`: the whole object after admission. A difference is shown as
// `kmutate apply --diff` shows one (hunks naming the policies whose changes they show); a golden
// file's diff is exactly the edit `--update` makes, which rewrites only that document, comments kept.
import { deepEqual, type JsonObject } from "../../data/index.js";
import { readStream, writeJson, writeStream, writeYaml, type SourceText } from "../../krm/index.js";
import { streamDiff } from "../diff.js";
import type { DiffStep } from "../diff-render.js";
import { objectLabel, sameObject } from "./case-inputs.js";
import type { CaseFailure, GoldenWrite, ObjectSource, TestFiles } from "./types.js";
import { relativeTo } from "./util-relative-path.js";

/** The outcome of an object expectation: a failure, and with `update` the golden file to write. */
export interface ObjectCheck {
  failure?: CaseFailure;
  golden?: GoldenWrite;
}

/** The object after admission as a document of its own. */
function freshText(path: string, actual: JsonObject): string {
  if (!path.endsWith(".json")) return writeYaml(actual);
  const j = writeJson(actual);
  return j.ok ? j.text : writeYaml(actual);
}

/** A diff of `source`'s documents against `after`, each render reading the text afresh (writing updates the parsed documents). */
function diffOf(source: SourceText, after: readonly JsonObject[], steps: DiffStep[]): CaseFailure["diff"] {
  return (paint) => {
    const s = readStream([source]);
    return s.ok ? streamDiff(s.files, s.items, after, [], paint, () => steps) : "";
  };
}

/** Compares `actual` with an inline expected object. */
function checkInline(expected: JsonObject, actual: JsonObject, steps: DiffStep[]): ObjectCheck {
  if (deepEqual(expected, actual)) return {};
  const source = { path: "expect.object", text: writeYaml(expected) };
  return { failure: { message: `the object differs from expect.object (-expected +actual):`, diff: diffOf(source, [actual], steps) } };
}

/** Compares `actual` with its document in a golden file (the only one, or the same object as `input`). */
function checkFile(src: Extract<ObjectSource, { file: string }>, testPath: string, files: TestFiles, input: JsonObject, actual: JsonObject, steps: DiffStep[], update: boolean): ObjectCheck {
  const path = relativeTo(testPath, src.file);
  const read = files.read(path);
  if (!read.ok) {
    if (update) return { golden: { path, text: freshText(path, actual) } };
    return { failure: { message: `${src.at}: expect.objectFile: ${path}: ${read.message} (kmutate test --update writes it)` } };
  }
  const source = { path, text: read.text };
  const stream = readStream([source]);
  if (!stream.ok) return { failure: { message: stream.errors.join("\n") } };
  const items = stream.items;
  const at = items.length === 1 ? 0 : items.findIndex((o) => sameObject(o, input));
  if (at < 0) {
    if (update) return { golden: { path, text: `${read.text}${read.text.endsWith("\n") || read.text === "" ? "" : "\n"}---\n${writeYaml(actual)}` } };
    return { failure: { message: `${src.at}: expect.objectFile: ${path} holds no document that is ${objectLabel(input)}${items.length === 0 ? "" : ` (it holds ${items.map(objectLabel).join(", ")})`}` } };
  }
  if (deepEqual(items[at], actual)) return {};
  const after = items.map((o, i) => (i === at ? actual : o));
  // A JSON golden file holds one object: rewrite it as JSON (the comment-keeping writer writes YAML).
  if (update) return { golden: { path, text: path.endsWith(".json") && items.length === 1 ? freshText(path, actual) : writeStream(stream.files, after) } };
  return { failure: { message: `the object differs from ${path} (-expected +actual):`, diff: diffOf(source, after, steps) } };
}

/** Checks the whole object after admission against `src`. */
export function checkObject(
  src: ObjectSource, testPath: string, files: TestFiles, input: JsonObject, actual: JsonObject, steps: DiffStep[], update: boolean,
): ObjectCheck {
  return "inline" in src ? checkInline(src.inline, actual, steps) : checkFile(src, testPath, files, input, actual, steps, update);
}

/** The diff of the object before and after admission (for a case that expected no change). */
export function changeDiff(input: JsonObject, actual: JsonObject, steps: DiffStep[]): CaseFailure["diff"] {
  return diffOf({ path: "object", text: writeYaml(input) }, [actual], steps);
}
