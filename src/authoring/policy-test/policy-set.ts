// Loads a test's `spec.policies`: the files and folders it names (relative to the test file), read as
// one stream, and linted as `kmutate check` does — a policy that does not load or compile stops the
// test with its `file:line:col` and a caret, before any case runs.
import { lintPolicies, type LintCode } from "../../admission/index.js";
import type { JsonObject } from "../../data/index.js";
import { readStream, type SourceText } from "../../krm/index.js";
import { placeFinding } from "../check-locate.js";
import { renderFinding } from "../finding-text.js";
import type { TestFiles } from "./types.js";
import { relativeTo } from "./util-relative-path.js";

/** Lint codes of policies that never load (refused at create time, or expressions that do not compile). */
const unloadable: ReadonlySet<LintCode> = new Set<LintCode>(["load", "compile", "type"]);

/** The objects of a policy set, or the located problems that make it unusable. */
export type PolicySet = { ok: true; items: JsonObject[] } | { ok: false; errors: string[] };

/** Reads every named file (folders: their manifest files), then lints the policies among them. */
export function loadPolicySet(testPath: string, policies: ReadonlyArray<{ path: string; at: string }>, files: TestFiles): PolicySet {
  const errors: string[] = [];
  const sources: SourceText[] = [];
  const seen = new Set<string>();
  for (const p of policies) {
    const path = relativeTo(testPath, p.path);
    const listed = files.manifests(path);
    if (!listed.ok) {
      errors.push(`${p.at}: spec.policies: ${p.path}: ${listed.message}`);
      continue;
    }
    if (listed.paths.length === 0) errors.push(`${p.at}: spec.policies: ${p.path}: the folder holds no *.yaml, *.yml or *.json file`);
    for (const f of listed.paths) {
      if (seen.has(f)) continue;
      seen.add(f);
      const read = files.read(f);
      if (read.ok) sources.push({ path: f, text: read.text });
      else errors.push(`${p.at}: spec.policies: ${f}: ${read.message}`);
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  const stream = readStream(sources);
  if (!stream.ok) return { ok: false, errors: stream.errors };
  // Only policies the apiserver would not load stop a test run; runtime failures are what tests look at.
  const broken = lintPolicies(stream.items).filter((f) => f.severity === "error" && unloadable.has(f.code));
  if (broken.length > 0) return { ok: false, errors: broken.map((f) => renderFinding(placeFinding(f, stream)).replace(/\n$/, "")) };
  return { ok: true, items: stream.items };
}
