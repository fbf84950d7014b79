// The encoded texts of the generated schema tables, looked up by name: the structured-merge atom
// of each built-in type (gen/builtin-types.ts) and the Go shape of each struct (gen/typed-shapes.ts).
// The bin's bundles put src/cli/type-tables-file.ts in this module's place, which reads the same
// texts from a file beside them on first use (scripts/post-build.mjs).
import { builtinTypes } from "./gen/builtin-types.js";
import { typedShapes } from "./gen/typed-shapes.js";

/** The names of the tables. */
export type TypeTable = "builtinTypes" | "typedShapes";

const tables: Readonly<Record<TypeTable, Readonly<Record<string, string>>>> = { builtinTypes, typedShapes };

/** The encoded text of `name` in `table`, or undefined. */
export function typeTableText(table: TypeTable, name: string): string | undefined {
  const t = tables[table];
  return Object.prototype.hasOwnProperty.call(t, name) ? t[name] : undefined;
}
