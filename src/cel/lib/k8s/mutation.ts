// Kubernetes' mutation types (reference §4.3), declared to the engine through env options: the open
// `Object` / `Object.<path>` types (data-only: a typed read of an unset field is null), the closed `JSONPatch` type (unset
// strings read as "" and are present only when non-empty) and `jsonpatch.escapeKey`.
import type { CelLibrary, ObjectTypeDecl, TypeResolver } from "../../types.js";
import { T, fn, actualSize } from "../sig.js";

/** Name of the root type of apply configurations; nested types are `Object.<field path>`. */
export const OBJECT_TYPE = "Object";
/** Name of the JSON patch operation type. */
export const JSONPATCH_TYPE = "JSONPatch";

/**
 * Kubernetes' object values convert to a type as the type of types, parameterised: `type(v)` of
 * an `Object.*` or `JSONPatch` value is `type` (`type(Object{}) == type(type(1))`), not the object type.
 */
const TYPE_VALUE_NAME = "type";

/**
 * `Object` values are unstructured data (apiserver `ObjectVal`): a typed field read converts the object
 * to data; through `dyn` it has no fields (see `ObjectValueDecl.dataOnly`).
 */
const objectType: ObjectTypeDecl = { fields: {}, open: true, otherZeroValue: null, typeValueName: TYPE_VALUE_NAME, dataOnly: true };

/** Resolves `Object` and every `Object.<path>` name to an open object type. */
export const objectTypeResolver: TypeResolver = {
  roots: [OBJECT_TYPE],
  resolve: (name) => (name === OBJECT_TYPE || name.startsWith(OBJECT_TYPE + ".") ? objectType : undefined),
};

/** `JSONPatch`: fields op, path, from (strings) and value (dyn), with the apiserver's texts for any other field. */
export const jsonPatchType: ObjectTypeDecl = {
  fields: { op: T.string, path: T.string, from: T.string, value: T.dyn },
  zeroValues: { op: "", path: "", from: "", value: null },
  presentWhenNonZero: ["op", "path", "from"],
  unknownField: { construct: "unexpected JSONPatchType field: ", select: "unsupported indexer: ", test: "unsupported field: " },
  otherFieldsUntyped: true,
  emptyIsZero: false,
  typeValueName: TYPE_VALUE_NAME,
};

/** A JSON pointer token for `key`: `~` → `~0`, then `/` → `~1` (a key with neither is itself). */
function escapeKey(key: string): string {
  const t = key.includes("~") ? key.replaceAll("~", "~0") : key;
  return t.includes("/") ? t.replaceAll("/", "~1") : t;
}

/** `jsonpatch.escapeKey` (`~` → `~0`, `/` → `~1`) and the `JSONPatch` type: mutation expressions only. */
export const jsonPatchLibrary: CelLibrary = {
  name: "kubernetes.jsonpatch",
  overloads: [
    fn("jsonpatch.escapeKey", [T.string], T.string, escapeKey, (s: string) => Math.ceil(actualSize(s) * 0.1) - 1),
  ],
  types: { [JSONPATCH_TYPE]: jsonPatchType },
};
