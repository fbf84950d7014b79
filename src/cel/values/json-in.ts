// JSON data → CEL values, lazily: scalars convert directly, arrays and objects are wrapped and their
// elements convert on access.
import { JsonFloat, type JsonValue } from "../../data/index.js";
import type { CelValue } from "./value.js";
import { jsonList } from "./list.js";
import { jsonMap } from "./map.js";

/**
 * Converts a JSON value to a CEL value without copying: integral numbers → int (bigint),
 * other numbers and JsonFloat → double, arrays/objects → lazy list/map views.
 */
export function fromJson(v: JsonValue): CelValue {
  switch (typeof v) {
    case "string": case "boolean": case "bigint": return v;
    case "number":
      return Number.isInteger(v) && v >= -9223372036854775808 && v < 9223372036854775808 ? BigInt(v) : v;
    default:
      if (v === null) return null;
      if (Array.isArray(v)) return jsonList(v);
      if (v instanceof JsonFloat) return v.value;
      return jsonMap(v);
  }
}
