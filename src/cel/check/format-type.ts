// Type spelling in checker messages, as cel-go's FormatCELType: `int`, `list(int)`,
// `map(string, dyn)`, `optional_type(int)`, `timestamp`, `null`, `!error!`. (Output types in
// Kubernetes' "must evaluate to" messages use env.ts `typeText`, cel-go's Type.String().)
import type { CelType } from "../types.js";

/** The text of `t` in checker error messages (cel-go `FormatCELType`). */
export function formatCelType(t: CelType): string {
  switch (t.kind) {
    case "error": return "!error!";
    case "param": return t.name;
    case "list": return `list(${formatCelType(t.elem)})`;
    case "map": return `map(${formatCelType(t.key)}, ${formatCelType(t.value)})`;
    case "optional": return `optional_type(${formatCelType(t.param)})`;
    case "type": return t.param ? `type(${formatCelType(t.param)})` : "type";
    case "object": return t.name;
    case "opaque": return t.params && t.params.length > 0 ? `${t.name}(${t.params.map(formatCelType).join(", ")})` : t.name;
    default: return t.kind;
  }
}

/** A call signature in "no matching overload" messages: `(int, string)` or `string.(int)`. */
export function formatArgTypes(args: readonly CelType[], member: boolean): string {
  const rest = member ? args.slice(1) : args;
  const head = member && args.length > 0 ? `${formatCelType(args[0]!)}.` : "";
  return `${head}(${rest.map(formatCelType).join(", ")})`;
}
