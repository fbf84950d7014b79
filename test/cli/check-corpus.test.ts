// No false alarms from `kmutate check`: every example package checks clean, and every scenario's
// policies (../shared/scenarios/**, when present, and test/scenarios) find exactly the mistakes the
// scenario was written to show — listed below with the codes they must produce — and nothing else.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { lintPolicies } from "../../src/admission/index.js";
import { checkFiles } from "../../src/cli/check.js";
import { isObject, type JsonObject, type JsonValue } from "../../src/data/index.js";
import { memoryIo } from "./io.js";

const repo = fileURLToPath(new URL("../../../", import.meta.url));
const shared = join(repo, "../shared/scenarios");

/** Codes of the findings that are not about mistakes (a scenario's policy may be unbound on purpose). */
const informational = new Set(["unbound-policy", "missing-policy"]);
/** Findings the pre-schema lint already made on scenarios (traps the scenarios show on purpose). */
const traps = new Set(["absent-field", "atomic-field", "index-path"]);

/** Scenarios whose input is a deliberate mistake, with the codes `kmutate check` must report for it. */
const deliberate: Record<string, string[]> = {
  "apply-07-unknown-field-refused": ["unknown-field"],
  "crd-07-unknown-field-refused": ["unknown-field"],
  "dispatch-17-ignore-invalid-apply-configuration": ["unknown-field"],
  "dispatch-18-fail-invalid-apply-configuration": ["unknown-field"],
  "dispatch-21-runtime-no-such-key": ["unknown-field"],
  "match-17-apps-group-never-matches-core-pods": ["unknown-resource"],
  "params-04-deny-when-param-missing": ["param-not-found"],
  "params-05-allow-when-param-missing": ["param-not-found"],
  "apply-50-type-name-mismatch": ["unknown-type"],
  "apply-52-bytes-fail-validation": ["literal-type"],
  "apply-53-bytes-under-ignore-skipped": ["literal-type"],
  "jsonpatch-61-unknown-field-is-internal-error": ["patch-path"],
  "dispatch-42-compile-error-invalid-policy": ["compile"],
  "dispatch-43-wrong-return-type": ["type"],
  "reinvoke-12-pass2-late-binding-missing-deny-param": ["param-not-found"],
  "validation-01-match-condition-cannot-read-variables": ["compile"],
  "validation-02-variable-forward-reference-invalid": ["compile"],
  "validate-06-invalid-policy-and-binding-rejected": ["load"],
  "validate-17-param-not-found-deny": ["param-not-found"],
  "validate-18-param-not-found-allow": ["param-not-found"],
  "validate-19-config-error-denies-despite-warn": ["param-not-found"],
  "validate-25-compile-error": ["compile", "type"],
  "validate-40-delete-sees-old-object": ["patch-path"],
  "validate-42-unresolvable-param-kind-denies-under-warn": ["param-kind"],
  "validate-43-audit-annotation-must-be-string-or-null": ["type"],
  "validate-44-ignored-mutation-error-then-validated": ["patch-path"],
  "validate-45-message-expression-has-no-authorizer": ["compile"],
};

function scenarioFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).sort().flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? scenarioFiles(p) : f.endsWith(".yaml") && f !== "README.md" ? [p] : [];
  });
}

const files = [...scenarioFiles(shared), ...scenarioFiles(join(repo, "test/scenarios"))];
if (!existsSync(shared)) test("check: shared scenarios", (t) => t.skip("../shared/scenarios not found"));

for (const file of files) {
  const name = basename(file, ".yaml");
  test(`check: scenario ${name} finds only its deliberate mistakes`, () => {
    const doc: JsonValue = parse(readFileSync(file, "utf8"));
    const input: JsonObject[] = isObject(doc) && Array.isArray(doc.input) ? doc.input.filter(isObject) : [];
    const codes = lintPolicies(input).map((f) => f.code).filter((c) => !informational.has(c) && !traps.has(c));
    assert.deepEqual([...new Set(codes)].sort(), deliberate[name] ?? []);
  });
}

const examples = join(repo, "examples");
for (const dir of readdirSync(examples).filter((d) => statSync(join(examples, d)).isDirectory()).sort()) {
  test(`check: example ${dir} checks clean`, async () => {
    const io = memoryIo("", repo);
    const code = await checkFiles([join(examples, dir)], io);
    assert.equal(io.out(), "no problems\n");
    assert.equal(code, 0);
  });
}
