// The Go shapes of the built-in kinds (k8s.io/api v0.36.3 structs, from the generated table):
// what the apiserver's typed decode of a manifest keeps, fills with zero values and drops.
import { typedKinds } from "./gen/typed-shapes.js";
import { typeTableText } from "./type-tables.js";

/**
 * The JSON-relevant shape of a Go field type, with the Go type as the JSON decoder names it in
 * errors (`int32`, `[]v1.Container`, `v1.ResourceList`, `v1.PersistentVolumeAccessMode`).
 */
export type GoShape = { readonly goType: string } & (
  | { readonly kind: "string" | "int32" | "int64" | "bool" | "bytes" }
  /** resource.Quantity, intstr.IntOrString, metav1.Time / MicroTime, RawExtension / FieldsV1. */
  | { readonly kind: "quantity" | "intOrString" | "time" | "microTime" | "raw" }
  | { readonly kind: "struct"; readonly type: string }
  | { readonly kind: "pointer" | "slice" | "map"; readonly elem: GoShape }
);

/** One JSON field of a Go struct (inline structs already flattened into their parent). */
export interface GoField {
  /** JSON name. */
  readonly name: string;
  readonly shape: GoShape;
  /** `omitempty`: dropped when "", 0, false, nil, or an empty slice or map. */
  readonly omitempty: boolean;
  /** `omitzero`: dropped when the zero value (only `ObjectMeta.creationTimestamp`). */
  readonly omitzero: boolean;
  /** The Go type as the JSON decoder names it in errors (`int32`, `[]v1.Container`, `v1.ResourceList`). */
  readonly goType: string;
}

/** A Go struct: its fields in declaration order, by JSON name too. */
export interface GoStruct {
  /** OpenAPI model name (`io.k8s.api.core.v1.Container`). */
  readonly name: string;
  /** Go name as errors print it (`Container`). */
  readonly goName: string;
  /** Go type with its package's name (`v1.Container`). */
  readonly goType: string;
  readonly fields: readonly GoField[];
  readonly byName: ReadonlyMap<string, GoField>;
}

const PREFIXES: Record<string, string> = { "^": "io.k8s.apimachinery.pkg.apis.meta.v1.", "~": "io.k8s.api." };
const SCALARS: Record<string, "string" | "int32" | "int64" | "bool" | "bytes" | "quantity" | "intOrString" | "time" | "microTime" | "raw"> = {
  s: "string", i: "int32", l: "int64", b: "bool", y: "bytes", q: "quantity", n: "intOrString", t: "time", u: "microTime", r: "raw", f: "raw",
};
const SCALAR_GO: Record<string, string> = {
  s: "string", i: "int32", l: "int64", b: "bool", y: "[]uint8", q: "resource.Quantity", n: "intstr.IntOrString",
  t: "v1.Time", u: "v1.MicroTime", r: "runtime.RawExtension", f: "v1.FieldsV1",
};

function longName(n: string): string {
  const p = PREFIXES[n[0]];
  return p === undefined ? n : p + n.slice(1);
}

function shortName(n: string): string {
  for (const [abbr, prefix] of Object.entries(PREFIXES)) if (n.startsWith(prefix)) return abbr + n.slice(prefix.length);
  return n;
}

/** The short Go name of a struct type as the generator derives it (`v1.Container`). */
function goShortOf(name: string): string {
  return name.split(".").slice(-2).join(".");
}

/** The element's Go type inside a composite Go type text, when the text spells it. */
function elemGoText(goType: string): string | undefined {
  if (goType.startsWith("[]")) return goType.slice(2);
  if (goType.startsWith("*")) return goType.slice(1);
  if (goType.startsWith("map[")) return goType.slice(goType.indexOf("]") + 1);
  return undefined;
}

function decodeShape(code: string, ref: string, goType: string): GoShape {
  const c = code[0];
  if (c === "*" || c === "[" || c === "{") {
    const rest = code.slice(1);
    const elem = decodeShape(rest, ref, elemGoText(goType) ?? derivedGo(rest, ref));
    return { kind: c === "*" ? "pointer" : c === "[" ? "slice" : "map", elem, goType };
  }
  if (c === "o") return { kind: "struct", type: longName(ref), goType };
  return { kind: SCALARS[c], goType };
}

function derivedGo(code: string, ref: string): string {
  const c = code[0];
  if (c === "*") return "*" + derivedGo(code.slice(1), ref);
  if (c === "[") return "[]" + derivedGo(code.slice(1), ref);
  if (c === "{") return "map[string]" + derivedGo(code.slice(1), ref);
  if (c === "o") return goShortOf(longName(ref));
  return SCALAR_GO[c];
}

type EncField = [string, string, string?, string?];
const decoded = new Map<string, GoStruct | null>();

/** The Go struct of a built-in type (decoded on first use), or undefined when it has none. */
export function goStruct(name: string): GoStruct | undefined {
  const hit = decoded.get(name);
  if (hit !== undefined) return hit ?? undefined;
  const key = shortName(name);
  const enc = typeTableText("typedShapes", key);
  if (enc === undefined) {
    decoded.set(name, null);
    return undefined;
  }
  const [encFields, goShort] = JSON.parse(enc) as [EncField[], string?];
  const fields: GoField[] = encFields.map(([fieldName, flagged, ref = "", goType]) => {
    const code = flagged.replace(/[?!]+$/, "");
    const go = goType ?? derivedGo(code, ref);
    return { name: fieldName, shape: decodeShape(code, ref, go), omitempty: flagged.includes("?"), omitzero: flagged.includes("!"), goType: go };
  });
  const short = goShort ?? goShortOf(name);
  const out: GoStruct = { name, goName: short.slice(short.indexOf(".") + 1), goType: short, fields, byName: new Map(fields.map((f) => [f.name, f])) };
  decoded.set(name, out);
  return out;
}

/** Per apiVersion, per kind: the Go struct type name (no key text built per lookup). */
let kindIndex: Map<string, Map<string, string>> | undefined;

/** The Go struct type name of a built-in kind (`apps/v1`, `Deployment`), or undefined. */
export function goKindType(apiVersion: string, kind: string): string | undefined {
  if (kindIndex === undefined) {
    kindIndex = new Map();
    for (const [av, k, t] of typedKinds) {
      let byKind = kindIndex.get(av);
      if (byKind === undefined) kindIndex.set(av, (byKind = new Map()));
      byKind.set(k, longName(t));
    }
  }
  return kindIndex.get(apiVersion)?.get(kind);
}

/** Every built-in kind with a Go type: apiVersion, kind and type name (for tests and tools). */
export function goKinds(): { apiVersion: string; kind: string; type: string }[] {
  return typedKinds.map(([apiVersion, kind, t]) => ({ apiVersion, kind, type: longName(t) }));
}
