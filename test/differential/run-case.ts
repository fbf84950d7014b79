// Runs a generated case through kmutate's library entry, with the options its functionConfig
// would set, and says whether kmutate evaluates ValidatingAdmissionPolicies at all.
import { mutate, type MutateOptions, type MutateOutput } from "../../src/index.js";
import type { DiffCase } from "../../scripts/differential/gen/cases.js";
import { vapDenyProbe } from "../../scripts/differential/probe.js";

/** kmutate's options for a case (what its functionConfig would say). */
export function optionsOf(c: DiffCase): Partial<MutateOptions> {
  // The oracle answers per object: every object keeps its own results (no folding of repeats).
  const o: Partial<MutateOptions> = { operation: c.operation, defaultNamespace: "default", resultsPerObject: Infinity };
  if (c.options.userInfo) o.userInfo = c.options.userInfo;
  if (c.options.dryRun !== undefined) o.dryRun = c.options.dryRun;
  if (c.options.authorizer) o.authorizer = { decision: c.options.authorizer };
  return o;
}

/** kmutate's outcome for a case (on a copy of its items). */
export function runKmutate(c: DiffCase): MutateOutput {
  return mutate(structuredClone(c.items), optionsOf(c));
}

/**
 * Whether kmutate evaluates ValidatingAdmissionPolicies: a VAP whose only validation is `false`,
 * bound with Deny, must reject its ConfigMap. While kmutate ignores VAPs it reports no error.
 */
export function kmutateRunsVaps(): boolean {
  return runKmutate(vapDenyProbe).results.some((r) => r.severity === "error");
}
