// What the apiserver's storage layer does with the identity of an object mutating admission
// returned, before validating admission and storage (`rest.BeforeCreate` / `BeforeUpdate`, the
// custom resource validator): the namespace is made the request's or refused, a kind change of
// a custom resource and a missing or (on UPDATE) changed name are invalid. None of these is
// subject to failurePolicy: the request fails.
import { getString, goQuote, isObject, type JsonObject } from "../../data/index.js";
import type { Gvk } from "../match/index.js";
import { aggregateText, fieldErrorText, invalid, type FieldError } from "../policy/index.js";
import type { Operation } from "../types.js";
import { gvkOf } from "./kind-conversion.js";

/** The request an admitted object must still belong to. */
export interface StoredRequest {
  operation: Operation;
  kind: Gvk;
  /** `""` for cluster-scoped kinds. */
  namespace: string;
  namespaced: boolean;
  /** The name the request was made for. */
  name: string;
  /** A custom resource (its kind is checked by the CustomResourceDefinition's validator). */
  custom: boolean;
}

/** apimachinery `EnsureObjectNamespaceMatchesRequestNamespace` mismatch (BadRequest). */
export const namespaceMismatch = "the namespace of the provided object does not match the namespace sent on the request";

/**
 * The object as the apiserver would go on with it, or the error that fails the request. A
 * namespace the policies removed is the request's again; one they set on a cluster-scoped
 * object is dropped.
 */
export function storedIdentity(object: JsonObject, req: StoredRequest): { object: JsonObject } | { error: string } {
  const expected = req.namespaced ? req.namespace : "";
  const ns = getString(object, "metadata", "namespace") ?? "";
  let out = object;
  if (ns !== expected) {
    if (ns !== "" && expected !== "") return { error: namespaceMismatch };
    out = withNamespace(object, expected);
  }
  const kind = gvkOf(out);
  const name = getString(out, "metadata", "name") ?? "";
  const errs: FieldError[] = [];
  if (req.custom && kind.kind !== req.kind.kind) {
    errs.push(invalid("kind", kind.kind, `must be ${req.kind.kind}`)); // the validator stops at type errors
  } else {
    if (name === "") {
      const generateName = getString(out, "metadata", "generateName") ?? "";
      errs.push({ type: "Required", field: "metadata.name", detail: generateName === "" ? "name or generateName is required" : `kmutate cannot generate a name from generateName ${goQuote(generateName)} offline` });
    }
    if (req.operation === "UPDATE" && name !== req.name) errs.push(invalid("metadata.name", name, "field is immutable"));
  }
  if (errs.length === 0) return { object: out };
  return { error: `${groupKindText(req.kind)} ${goQuote(name)} is invalid: ${aggregateText(errs.map(fieldErrorText))}` };
}

/** apimachinery `GroupKind.String()`: `Kind` for core, `Kind.group` otherwise. */
function groupKindText(k: Gvk): string {
  return k.group === "" ? k.kind : `${k.kind}.${k.group}`;
}

function withNamespace(object: JsonObject, namespace: string): JsonObject {
  const meta = object.metadata;
  if (!isObject(meta)) return object;
  const m: JsonObject = { ...meta };
  if (namespace === "") delete m.namespace;
  else m.namespace = namespace;
  return { ...object, metadata: m };
}
