// Value kinds as structured-merge-diff sees unstructured data (int / float / string / bool /
// null / list / map), and Go's fmt renderings of such values used verbatim in SMD messages.
import { JsonFloat, goFloatG, goQuote, isObject, type JsonObject, type JsonValue } from "../data/index.js";
export { goQuote };

/** True for an int (integral JS number or bigint). */
export function isInt(v: JsonValue): boolean {
  return typeof v === "bigint" || (typeof v === "number" && Number.isInteger(v));
}

/** True for a float (non-integral JS number, or a JsonFloat). */
export function isFloat(v: JsonValue): boolean {
  return v instanceof JsonFloat || (typeof v === "number" && !Number.isInteger(v));
}

/** The float64 value of an int or float. */
export function floatOf(v: JsonValue): number {
  return v instanceof JsonFloat ? v.value : Number(v as number | bigint);
}

/** True for an int, float, string or bool. */
export function isScalar(v: JsonValue): boolean {
  return typeof v === "string" || typeof v === "boolean" || isInt(v) || isFloat(v);
}

/** The list, or undefined when `v` is not a list. */
export function asList(v: JsonValue | undefined): JsonValue[] | undefined {
  return Array.isArray(v) ? v : undefined;
}

/** The map, or undefined when `v` is not a map. */
export function asMap(v: JsonValue | undefined): JsonObject | undefined {
  return isObject(v) ? v : undefined;
}

function sortedKeys(m: JsonObject): string[] {
  return Object.keys(m).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Go `%v` of an unstructured value (maps with sorted keys, `<nil>` for null). */
export function goV(v: JsonValue): string {
  if (v === null) return "<nil>";
  if (typeof v === "string") return v;
  if (typeof v === "boolean" || typeof v === "bigint") return String(v);
  if (typeof v === "number") return Number.isInteger(v) ? String(v) : goFloatG(v);
  if (v instanceof JsonFloat) return goFloatG(v.value);
  if (Array.isArray(v)) return "[" + v.map(goV).join(" ") + "]";
  return "map[" + sortedKeys(v).map((k) => `${k}:${goV(v[k])}`).join(" ") + "]";
}

/** Go `%#v` of an unstructured value held in an `interface{}`. */
export function goSharpV(v: JsonValue): string {
  if (v === null) return "interface {}(nil)";
  if (typeof v === "string") return goQuote(v);
  if (typeof v === "boolean" || typeof v === "bigint") return String(v);
  if (typeof v === "number") return Number.isInteger(v) ? String(v) : goFloatG(v);
  if (v instanceof JsonFloat) return goFloatG(v.value);
  if (Array.isArray(v)) return "[]interface {}{" + v.map(goSharpV).join(", ") + "}";
  return "map[string]interface {}{" + sortedKeys(v).map((k) => `${goQuote(k)}:${goSharpV(v[k])}`).join(", ") + "}";
}

/** Go `%T` of an unstructured value. */
export function goType(v: JsonValue): string {
  if (v === null) return "<nil>";
  if (typeof v === "string") return "string";
  if (typeof v === "boolean") return "bool";
  if (isInt(v)) return "int64";
  if (isFloat(v)) return "float64";
  if (Array.isArray(v)) return "[]interface {}";
  return "map[string]interface {}";
}

/** Go `%v` of an SMD `value.Value` met while walking (a `*valueUnstructured`): `&{…}`. */
export function goValueV(v: JsonValue): string {
  return `&{${goV(v)}}`;
}

/** Go `%#v` of an SMD `value.Value` met while walking. */
export function goValueSharpV(v: JsonValue): string {
  return `&value.valueUnstructured{Value:${goSharpV(v)}}`;
}

/** SMD `value.ToString` (used in list-key path elements such as `[name="a"]`). */
export function smdToString(v: JsonValue): string {
  if (v === null) return "null";
  if (typeof v === "number") return Number.isInteger(v) ? String(v) : goFloatG(v);
  if (v instanceof JsonFloat) return goFloatG(v.value);
  if (typeof v === "string") return goQuote(v);
  if (typeof v === "boolean" || typeof v === "bigint") return String(v);
  if (Array.isArray(v)) return "[" + v.map(smdToString).join(",") + "]";
  return Object.keys(v).map((k) => `${k}=${smdToString(v[k])}`).join("");
}
