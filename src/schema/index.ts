// Public surface of the schema layer: the registry (kinds, resources, object types) and the
// structured-merge-diff type model the patch layer walks.
export { createSchemaRegistry, splitApiVersion } from "./registry.js";
export type { SchemaRegistry, SchemaRegistryOptions } from "./registry.js";
export { builtinSchema } from "./builtin.js";
export { convertOpenAPISchema } from "./openapi-convert.js";
export type { ConvertContext } from "./openapi-convert.js";
export { guessResource } from "./openapi-doc.js";
export { DEDUCED_TYPE, UNTYPED_ATOMIC_TYPE, OBJECT_META_TYPE } from "./types.js";
export type {
  Atom,
  ListType,
  MapType,
  Relationship,
  ResourceInfo,
  ScalarKind,
  Schema,
  SchemaProblem,
  StructField,
  TypeRef,
  TypeSpec,
} from "./types.js";
