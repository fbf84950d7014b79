// The fast YAML path's check against the re-serialising one: a YAML ResourceList must give the
// same exit code and the same list as the same list sent as JSON (which is parsed whole and
// written from values, with no text copied from the input).
import { deepEqual } from "../../src/data/index.js";
import { readDocument, runFunction, writeJson, type FunctionRun } from "../../src/krm/index.js";

/** Undefined when `run` (the function run on the YAML `input`) agrees with the JSON run, else why not. */
export function differenceFromJson(input: string, run: FunctionRun): string | undefined {
  const read = readDocument(input);
  if (!read.ok || read.format !== "yaml") return undefined;
  const json = writeJson(read.value);
  if (!json.ok) return undefined;
  const asJson = runFunction(json.text);
  if (run.exitCode !== asJson.exitCode) return `exit code ${run.exitCode}, the JSON input's ${asJson.exitCode}`;
  if (run.stdout === "" || asJson.stdout === "") return run.stdout === asJson.stdout ? undefined : "output from one input only";
  const out = readDocument(run.stdout);
  const jsonOut = readDocument(asJson.stdout);
  if (!out.ok || !jsonOut.ok) return "an output does not read back";
  return deepEqual(out.value, jsonOut.value) ? undefined : `not the list the JSON input gives:\n${run.stdout}`;
}
