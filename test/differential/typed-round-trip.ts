// The typed round trip of a built-in object: what `ToUnstructured(FromUnstructured(obj))` gives
// for its k8s.io/api v0.36.3 Go type, from ../shared/k8s-api/typed-shape.json — zero-valued
// fields that have no omitempty appear, empty omitempty fields disappear. Unknown keys are kept.
import { readFileSync } from "node:fs";
import type { JsonObject, JsonValue } from "../../src/data/index.js";

interface FieldShape {
  name: string;
  omitempty: boolean;
  omitzero: boolean;
  shape: string;
  elem?: string;
  type: string;
  zero?: JsonValue;
}

interface TypedShapeFile {
  kinds: { apiVersion: string; kind: string; type: string }[];
  types: Record<string, { fields?: FieldShape[] }>;
}

const isMap = (v: JsonValue | undefined): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);
const DROP = Symbol("drop");

/** Round trips of built-in objects through their Go types. */
export class TypedRoundTrip {
  private readonly rootType = new Map<string, string>();
  private readonly types: TypedShapeFile["types"];

  constructor(typedShapePath: string) {
    const file = JSON.parse(readFileSync(typedShapePath, "utf8")) as TypedShapeFile;
    for (const k of file.kinds) this.rootType.set(`${k.apiVersion}/${k.kind}`, k.type);
    this.types = file.types;
  }

  /** Whether `obj` is of a built-in kind (admitted as a typed object). */
  isTyped(obj: JsonObject): boolean {
    return this.rootType.has(`${String(obj.apiVersion)}/${String(obj.kind)}`);
  }

  /** `obj` after the typed round trip; custom resources are returned as they are. */
  apply(obj: JsonObject): JsonObject {
    const t = this.rootType.get(`${String(obj.apiVersion)}/${String(obj.kind)}`);
    if (t === undefined) return obj;
    const out = this.struct(obj, t);
    return isMap(out) ? out : obj;
  }

  private struct(v: JsonValue, typeName: string): JsonValue {
    const t = this.types[typeName];
    if (!isMap(v) || !t?.fields) return v;
    const out: JsonObject = {};
    const known = new Set<string>();
    for (const f of t.fields) {
      known.add(f.name);
      if (!Object.hasOwn(v, f.name)) {
        if (f.zero !== undefined) out[f.name] = structuredClone(f.zero);
        continue;
      }
      const r = this.field(v[f.name], f);
      if (r !== DROP) out[f.name] = r;
    }
    for (const k of Object.keys(v)) if (!known.has(k)) out[k] = v[k];
    return out;
  }

  private field(v: JsonValue, f: FieldShape): JsonValue | typeof DROP {
    const elemType = f.type.replace(/^(\*|\[\]|map\[string\])/, "");
    const empty = (x: JsonValue): JsonValue | typeof DROP => (f.omitempty ? DROP : x);
    switch (f.shape) {
      case "string":
        return v === null || v === "" ? empty("") : v;
      case "int":
      case "float":
        return v === null || v === 0 ? empty(0) : v;
      case "bool":
        return v === null || v === false ? empty(false) : v;
      case "bytes":
        return v === null ? empty(null) : v === "" ? empty("") : v;
      case "pointer":
        if (v === null) return empty(null);
        return f.elem === "struct" ? this.struct(v, elemType) : v;
      case "struct":
        return this.struct(v === null ? {} : v, f.type);
      case "slice":
        if (v === null) return empty(null);
        if (!Array.isArray(v)) return v;
        if (v.length === 0) return empty([]);
        return f.elem === "struct" ? v.map((x) => this.struct(x, elemType)) : v;
      case "map":
        if (v === null) return empty(null);
        if (!isMap(v)) return v;
        if (Object.keys(v).length === 0) return empty({});
        if (f.elem !== "struct") return v;
        return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, this.struct(x, elemType)]));
      case "custom":
        if (v === null) return f.omitzero ? DROP : (f.zero ?? null);
        return v;
      default:
        return v;
    }
  }
}
