// Applies the value of one mutation to the object (reference §5, §6): a list of JSONPatch values
// through the json-patch v4 applier, or an Object through the structured-merge apply.
import { getKey, goJsonRoundTrip, isObject, setKey, type JsonObject } from "../../data/index.js";
import { isCelError, isCelObject, jsonPatchOps, objectToJson, type CelValue } from "../../cel/index.js";
import {
  applyConfiguration, applyConfigurationDeduced, applyJsonPatch, strictDecodingError, type JsonPatchOperation, type LiveValidity,
} from "../../patch/index.js";
import type { TypeRef } from "../../schema/index.js";
import { BytesMarksCollector } from "./apply-bytes.js";
import type { MutationOutcome } from "./invoke.js";
import type { PatchType } from "../policy/index.js";

/**
 * Patches `object` with a JSON patch value (`list(JSONPatch)`). A failed `test` leaves it
 * unchanged. For built-in kinds (`typedSchema`) the result is decoded strictly: fields the patch
 * introduced that the type lacks fail the request with an internal error (reference §5.4).
 */
function applyJsonPatchValue(object: JsonObject, value: CelValue, typedSchema: TypeRef | undefined, strictDecode: boolean, copyLimitBytes: number): MutationOutcome {
  const ops = jsonPatchOps(value);
  if (isCelError(ops)) return { error: ops.message };
  const operations: JsonPatchOperation[] = ops.map((o) => {
    const op: JsonPatchOperation = { op: o.op, path: o.path, hasValue: o.value !== undefined };
    if (o.from !== undefined) op.from = o.from;
    if (o.value !== undefined) op.value = goJsonRoundTrip(o.value); // Go's JSON round trip of the patch value
    return op;
  });
  const r = applyJsonPatch(object, operations, { copyLimitBytes, shareInput: true });
  if (r.kind === "testFailed") return { object };
  if (r.kind === "error") {
    if (r.code === "panic") return { error: `Internal error occurred: ${r.message}`, statusError: true };
    return { error: r.message };
  }
  if (!isObject(r.doc)) return { error: "Internal error occurred: the JSON patch result is not an object", statusError: true };
  const strict = typedSchema && strictDecode ? strictDecodingError(typedSchema, object, r.doc, r.rewrites) : undefined;
  if (strict !== undefined) return { error: `Internal error occurred: ${strict}`, statusError: true };
  if (typedSchema) {
    const typed = withTypeMetaDefaults(r.doc, object);
    if (typed !== r.doc) return { object: typed }; // rewrites no longer describe the result
  }
  return { object: r.doc, rewrites: r.rewrites };
}

/**
 * Decoding into the Go type defaults a missing or empty `apiVersion`/`kind` to the object's
 * (json serializer `gvkWithDefaults`), e.g. after a patch replaced the whole document.
 */
function withTypeMetaDefaults(doc: JsonObject, object: JsonObject): JsonObject {
  const missing = (k: string): boolean => doc[k] === undefined || doc[k] === "";
  if (!missing("apiVersion") && !missing("kind")) return doc;
  const out: JsonObject = {};
  for (const k of ["apiVersion", "kind"]) {
    const v = missing(k) ? getKey(object, k) : doc[k];
    if (v !== undefined) setKey(out, k, v);
  }
  for (const k of Object.keys(doc)) if (k !== "apiVersion" && k !== "kind") setKey(out, k, doc[k]);
  return out;
}

/** Patches `object` with an apply configuration (`Object{…}`) under `schema` (deduced when absent). */
function applyObjectValue(object: JsonObject, value: CelValue, schema: TypeRef | undefined, validity: LiveValidity): MutationOutcome {
  if (!isCelObject(value)) return { error: `unsupported return type from ApplyConfiguration expression: ${typeof value}` };
  // Its nulls and bytes come from CEL: protobuf NULL_VALUEs and Go []bytes that fail validation
  // (nothing is unset this way, and bytes are never written as base64).
  const collector = new BytesMarksCollector();
  const patch = objectToJson(value, "Object", collector.onBytes);
  if (isCelError(patch)) return { error: patch.message };
  const bytes = collector.result();
  const r = schema
    ? applyConfiguration(object, patch, schema, { validity, patchNulls: "cel", patchBytes: bytes })
    : applyConfigurationDeduced(object, patch, validity, "cel", bytes);
  return r.ok ? { object: r.object, rewrites: r.rewrites } : { error: r.message };
}

/** How one item's mutations are applied: its type and what is known valid of its versions. */
export interface ItemPatching {
  /** The item's schema (absent: no schema, apply configurations use the deduced type). */
  schema: TypeRef | undefined;
  /** The kind is built-in (JSON patch results are decoded strictly into its Go type). */
  typed: boolean;
  /** Shared by the item's apply configurations (one per item: its successive versions). */
  validity: LiveValidity;
}

/**
 * Applies one mutation's value; `copyLimitBytes`: the JSON-patch copy budget; `viewDecodes`: the
 * server view decodes JSON patch results itself (typed: only the type meta defaults here).
 */
export function applyMutationValue(
  patchType: PatchType, object: JsonObject, value: CelValue, item: ItemPatching, copyLimitBytes: number, viewDecodes: boolean,
): MutationOutcome {
  return patchType === "JSONPatch"
    ? applyJsonPatchValue(object, value, item.typed ? item.schema : undefined, !viewDecodes, copyLimitBytes)
    : applyObjectValue(object, value, item.schema, item.validity);
}
