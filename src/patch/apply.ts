// ApplyConfiguration patching (apiserver `ApplyStructuredMergeDiff`): validate the patch against
// the schema, refuse atomic nodes, type the live object (duplicates allowed), then merge.
import { getKey, isObject, setKey, type JsonObject, type Rewrite } from "../data/index.js";
import { builtinSchema, DEDUCED_TYPE, type TypeRef } from "../schema/index.js";
import { atomicsMessage, findAtomics } from "./apply-atomics.js";
import { markValidLive, validateValue } from "./apply-validate.js";
import { formatSmdErrors } from "./merge-errors.js";
import { mergeWithRewrites } from "./merge.js";

/** Which step refused the patch. */
export type ApplyErrorCode = "invalid-patch" | "atomic" | "invalid-live" | "merge";

/**
 * Result of {@link applyConfiguration}: a new object with the {@link Rewrite}s that turn the live
 * object into it, or the apiserver's error text.
 */
export type ApplyResult =
  | { ok: true; object: JsonObject; rewrites: Rewrite[] }
  | { ok: false; code: ApplyErrorCode; message: string };

/** Options of {@link applyConfiguration}. */
export interface ApplyOptions {
  /**
   * Refuse lists reached through undeclared keys too (kmutate's no-schema mode, where every
   * list in the patch must be refused). Default: false (the apiserver's rule).
   */
  everyKeyAtomic?: boolean;
}

const PREFIX = "error applying patch: ";

/** The patch with `apiVersion`/`kind` forced to the live object's (§6.1 step 4). */
function withLiveGvk(live: JsonObject, patch: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const k of Object.keys(patch)) setKey(out, k, patch[k]);
  for (const k of ["apiVersion", "kind"]) {
    const v = getKey(live, k);
    if (typeof v === "string") setKey(out, k, v);
  }
  return out;
}

/**
 * Applies an ApplyConfiguration patch to `live` under `type`, as kube-apiserver 1.36 does for a
 * MutatingAdmissionPolicy: errors carry the apiserver's text (`error applying patch: …`).
 * Neither input is modified; the result is a new object that may share untouched sub-trees with
 * them (kmutate never mutates data in place).
 */
export function applyConfiguration(live: JsonObject, patch: JsonObject, type: TypeRef, options: ApplyOptions = {}): ApplyResult {
  const { schema, spec } = type;
  const p = withLiveGvk(live, patch);
  const patchErrs = validateValue(schema, spec, p, false);
  if (patchErrs.length > 0) {
    return fail("invalid-patch", `failed to convert patch object to typed object: ${formatSmdErrors(patchErrs)}`);
  }
  const atomics = findAtomics(schema, spec, p, { everyKey: options.everyKeyAtomic === true });
  if (atomics.length > 0) return fail("atomic", atomicsMessage(atomics));
  const liveErrs = validateValue(schema, spec, live, true);
  if (liveErrs.length > 0) {
    return fail("invalid-live", `failed to convert original object to typed object: ${formatSmdErrors(liveErrs)}`);
  }
  const merged = mergeWithRewrites(schema, spec, live, p);
  if (merged.errs.length > 0) return fail("merge", `failed to merge patch: ${formatSmdErrors(merged.errs)}`);
  const object = isObject(merged.out) ? merged.out : {};
  markValidLive(schema, spec, object); // a merge of two valid values is valid: the next mutation need not walk it
  const rewrites = object === merged.out ? merged.rewrites : [{ at: [], before: live, after: object }];
  return { ok: true, object, rewrites };
}

/**
 * kmutate's extension for kinds without a schema (reference §6.6): the SMD deduced type (maps
 * merge granularly, scalars replace) and every list in the patch refused as atomic.
 */
export function applyConfigurationDeduced(live: JsonObject, patch: JsonObject): ApplyResult {
  return applyConfiguration(live, patch, { schema: builtinSchema(), spec: { named: DEDUCED_TYPE } }, { everyKeyAtomic: true });
}

function fail(code: ApplyErrorCode, message: string): ApplyResult {
  return { ok: false, code, message: PREFIX + message };
}
