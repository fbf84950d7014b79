// Size bounds of the values under a CRD's schema, for the static cost estimate: the bounds the
// apiserver's schema types give CEL when the schema declares them (k8s.io/apiserver
// pkg/cel/common/schemas.go `SchemaDeclType`): maxItems, maxProperties, maxLength (×4: bytes), a
// string enum. Undeclared sizes stay unknown (the apiserver would bound them by the request size).
import type { CostRange } from "../../cel/index.js";
import type { JsonObject, JsonValue } from "../../data/index.js";
import type { ResourceInfo } from "../../schema/index.js";

const upTo = (n: number): CostRange => ({ min: 0n, max: BigInt(Math.max(0, Math.floor(n))) });

/** Sizes along paths below a root variable (`["spec", "containers", "@items", "image"]`); undefined: not sized. */
export type PathSizes = (path: readonly string[]) => CostRange | undefined;

const isObj = (v: JsonValue | undefined): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);
const num = (v: JsonValue | undefined): number | undefined => (typeof v === "number" ? v : undefined);

/** A bound the schema declares: maxLength (×4: bytes per code point), maxItems, maxProperties, a string enum. */
function declaredSize(s: JsonObject): CostRange | undefined {
  const maxLength = num(s.maxLength);
  if (s["x-kubernetes-int-or-string"] === true) return maxLength !== undefined ? upTo(maxLength * 4) : undefined;
  switch (s.type) {
    case "string":
      if (maxLength !== undefined) return upTo(maxLength * 4);
      return Array.isArray(s.enum) ? upTo(Math.max(0, ...s.enum.map((e) => (typeof e === "string" ? e.length : 0)))) : undefined;
    case "array": return num(s.maxItems) !== undefined ? upTo(num(s.maxItems)!) : undefined;
    case "object": return isObj(s.additionalProperties) && num(s.maxProperties) !== undefined ? upTo(num(s.maxProperties)!) : undefined;
    default: return undefined;
  }
}

function openApiSizes(root: JsonObject): PathSizes {
  return (path) => {
    let s: JsonObject | undefined = root;
    for (const seg of path) {
      if (!s) return undefined;
      const next: JsonValue | undefined = seg === "@items" ? s.items
        : seg === "@values" ? s.additionalProperties
        : seg.startsWith("@") ? undefined
        : isObj(s.properties) ? s.properties[seg] : undefined;
      s = isObj(next) ? next : undefined;
    }
    return s ? declaredSize(s) : undefined;
  };
}

/**
 * Size bounds for a kind's objects, from its CRD's OpenAPI schema; a value without a declared
 * bound is not sized. Built-in kinds declare no bounds: undefined.
 */
export function kindSizes(info: ResourceInfo | undefined): PathSizes | undefined {
  return info?.openAPIV3Schema ? openApiSizes(info.openAPIV3Schema) : undefined;
}
