// Public surface of the schema layer: the registry (kinds, resources, object types), the
// structured-merge-diff type model the patch layer walks, and the Go shapes of built-in kinds.
export { createSchemaRegistry, splitApiVersion } from "./registry.js";
export type { SchemaRegistry, SchemaRegistryOptions } from "./registry.js";
export { builtinSchema } from "./builtin.js";
export { convertOpenAPISchema } from "./openapi-convert.js";
export type { ConvertContext } from "./openapi-convert.js";
export { guessResource } from "./openapi-doc.js";
export { goKinds, goKindType, goStruct } from "./typed-shape.js";
export type { GoField, GoShape, GoStruct } from "./typed-shape.js";
export { typeTableText } from "./type-tables.js";
export type { TypeTable } from "./type-tables.js";
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
