// Runs every conformance scenario — ../shared/scenarios and its validating/ folder (when present)
// and test/scenarios — through the built bin. Known failures are data (known-failures.ts); a listed one that passes fails.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadScenario, runScenario } from "./scenario-runner.js";
import { knownFailures } from "./known-failures.js";

const repo = fileURLToPath(new URL("../../../", import.meta.url));
const folders = [join(repo, "../shared/scenarios"), join(repo, "../shared/scenarios/validating"), join(repo, "test/scenarios")];

function scenarioFiles(): string[] {
  const files: string[] = [];
  for (const dir of folders) {
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir).sort()) if (f.endsWith(".yaml")) files.push(join(dir, f));
  }
  return files;
}

const files = scenarioFiles();
if (!existsSync(folders[0])) test("shared scenarios", (t) => t.skip("../shared/scenarios not found"));

describe("conformance scenarios", { concurrency: 4 }, () => {
  for (const file of files) {
    const name = basename(file, ".yaml");
    test(name, async () => {
      const outcome = await runScenario(loadScenario(file));
      const known = knownFailures[name];
      if (known === undefined) assert.deepEqual(outcome.problems, [], `${name}: ${loadScenario(file).description}`);
      else assert.notDeepEqual(outcome.problems, [], `${name} now passes: remove it from known-failures.ts`);
    });
  }
});
