// ApplyConfiguration patching (apiserver `ApplyStructuredMergeDiff`): validate the patch against
// the schema, refuse atomic nodes, type the live object (duplicates allowed), then merge.
import { getKey, isObject, setKey, type JsonObject, type Rewrite } from "../data/index.js";
import { builtinSchema, DEDUCED_TYPE, type TypeRef } from "../schema/index.js";
import { atomicsMessage } from "./apply-atomics.js";
import { validatePatch, validateValue, type BytesMarks, type NullReading } from "./apply-validate.js";
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

/**
 * The last version of one live object known valid under one type, kept by the caller across the
 * applies to successive versions of that object (which share most sub-trees with each other).
 * An apply validates its live object only where it differs from `object` (when `type` is its
 * type), then records here its live object once found valid, and its result (a merge of two
 * valid values is valid).
 */
export interface LiveValidity {
  type?: TypeRef;
  object?: JsonObject;
}

/** Options of {@link applyConfiguration}. */
export interface ApplyOptions {
  /**
   * Refuse lists reached through undeclared keys too (kmutate's no-schema mode, where every
   * list in the patch must be refused). Default: false (the apiserver's rule).
   */
  everyKeyAtomic?: boolean;
  /** What is known valid of earlier versions of `live`, read and updated. Default: nothing. */
  validity?: LiveValidity;
  /**
   * How nulls in the patch are read: `cel` for a patch a CEL expression built (MAP apply
   * configurations), whose nulls fail validation as they do upstream (reference §6.1).
   * Default: `json` (a null is SMD's null).
   */
  patchNulls?: NullReading;
  /**
   * Where a patch a CEL expression built held bytes (written as base64 strings): they fail
   * validation as Go `[]byte` values do upstream. Default: none.
   */
  patchBytes?: BytesMarks;
}

function sameType(a: TypeRef | undefined, b: TypeRef): boolean {
  return a !== undefined && a.schema === b.schema && a.spec === b.spec;
}

function recordValid(validity: LiveValidity | undefined, type: TypeRef, object: JsonObject): void {
  if (validity === undefined) return;
  validity.type = type;
  validity.object = object;
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
  const marks = options.patchBytes;
  // `p` is a copy of the patch's root: its marks are the root's.
  const bytes: BytesMarks | undefined = marks && { get: (c) => marks.get(c === p ? patch : c) };
  const checked = validatePatch(schema, spec, p, options.everyKeyAtomic === true, options.patchNulls, bytes);
  if (checked.errs !== undefined) {
    return fail("invalid-patch", `failed to convert patch object to typed object: ${formatSmdErrors(checked.errs)}`);
  }
  if (checked.atomics.length > 0) return fail("atomic", atomicsMessage(checked.atomics));
  const { validity } = options;
  const liveErrs = validateValue(schema, spec, live, true, sameType(validity?.type, type) ? validity?.object : undefined);
  if (liveErrs.length > 0) {
    return fail("invalid-live", `failed to convert original object to typed object: ${formatSmdErrors(liveErrs)}`);
  }
  recordValid(validity, type, live);
  const merged = mergeWithRewrites(schema, spec, live, p);
  if (merged.errs.length > 0) return fail("merge", `failed to merge patch: ${formatSmdErrors(merged.errs)}`);
  const object = isObject(merged.out) ? merged.out : {};
  recordValid(validity, type, object);
  const rewrites = object === merged.out ? merged.rewrites : [{ at: [], before: live, after: object }];
  return { ok: true, object, rewrites };
}

let deduced: TypeRef | undefined;

/**
 * kmutate's extension for kinds without a schema (reference §6.6): the SMD deduced type (maps
 * merge granularly, scalars replace) and every list in the patch refused as atomic.
 * `validity`: as {@link ApplyOptions.validity}.
 */
export function applyConfigurationDeduced(live: JsonObject, patch: JsonObject, validity?: LiveValidity, patchNulls?: NullReading, patchBytes?: BytesMarks): ApplyResult {
  deduced ??= { schema: builtinSchema(), spec: { named: DEDUCED_TYPE } };
  return applyConfiguration(live, patch, deduced, { everyKeyAtomic: true, validity, patchNulls, patchBytes });
}

function fail(code: ApplyErrorCode, message: string): ApplyResult {
  return { ok: false, code, message: PREFIX + message };
}
