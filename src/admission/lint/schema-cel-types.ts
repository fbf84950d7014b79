// CEL object types from a kind's schema, named as mutation expressions name them (reference §4.3):
// `Object`, `Object.spec`, `Object.spec.template.spec.containers` (lists transparent, map values
// named after their map field). What the policy checker types `object`, `params` and literals with.
import type { CelType, ObjectTypeDecl } from "../../cel/index.js";
import { DEDUCED_TYPE, UNTYPED_ATOMIC_TYPE, type Atom, type TypeRef, type TypeSpec } from "../../schema/index.js";

/** Types whose JSON is not what their schema atom says (custom marshallers, free-form JSON): `dyn`. */
const dynTypes = new Set([
  DEDUCED_TYPE,
  UNTYPED_ATOMIC_TYPE,
  "io.k8s.apimachinery.pkg.api.resource.Quantity",
  "io.k8s.apimachinery.pkg.util.intstr.IntOrString",
  "io.k8s.apimachinery.pkg.apis.meta.v1.Time",
  "io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime",
  "io.k8s.apimachinery.pkg.apis.meta.v1.FieldsV1",
  "io.k8s.apimachinery.pkg.runtime.RawExtension",
  "io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSON",
]);

const DYN: CelType = { kind: "dyn" };

/** The object types of one schema under one root name. */
export interface SchemaTypes {
  /** The root name (`Object`). */
  readonly rootName: string;
  /** Resolves `<root>` and `<root>.<path>` to the struct at that path; undefined elsewhere. */
  resolve(name: string): ObjectTypeDecl | undefined;
}

/** The atom of `spec` unless the value there is free-form (dyn types, several possible forms). */
export function atomOf(ref: TypeRef, spec: TypeSpec): Atom | undefined {
  if (spec.named !== undefined && dynTypes.has(spec.named)) return undefined;
  const atom = ref.schema.resolve(spec);
  if (!atom) return undefined;
  const forms = (atom.scalar ? 1 : 0) + (atom.list ? 1 : 0) + (atom.map ? 1 : 0);
  return forms === 1 ? atom : undefined;
}

/** Lists and string-keyed maps are transparent in type names: the struct they hold, if any. */
function structAt(ref: TypeRef, spec: TypeSpec): Atom | undefined {
  for (let depth = 0; depth < 16; depth++) {
    const atom = atomOf(ref, spec);
    if (!atom) return undefined;
    if (atom.list) spec = atom.list.elementType;
    else if (atom.map && atom.map.fields.size === 0 && atom.map.elementType) spec = atom.map.elementType;
    else return atom.map ? atom : undefined;
  }
  return undefined;
}

/**
 * Object types of the schema at `ref`, named from `rootName`. `numeric` is the CEL type of
 * numeric leaves (`int` for built-in kinds, whose numbers are all integers; `dyn` where the
 * schema does not say).
 */
export function schemaTypes(rootName: string, ref: TypeRef, numeric: CelType): SchemaTypes {
  const cache = new Map<string, ObjectTypeDecl | null>();

  const celType = (spec: TypeSpec, name: string): CelType => {
    const atom = atomOf(ref, spec);
    if (!atom) return DYN;
    if (atom.scalar) return atom.scalar === "string" ? { kind: "string" } : atom.scalar === "boolean" ? { kind: "bool" } : atom.scalar === "numeric" ? numeric : DYN;
    if (atom.list) return { kind: "list", elem: celType(atom.list.elementType, name) };
    const map = atom.map;
    if (!map) return DYN;
    if (map.fields.size === 0) return { kind: "map", key: { kind: "string" }, value: map.elementType ? celType(map.elementType, name) : DYN };
    return { kind: "object", name };
  };

  const declFor = (atom: Atom, name: string): ObjectTypeDecl => {
    const fields: Record<string, CelType> = {};
    for (const [f, sf] of atom.map?.fields ?? []) fields[f] = celType(sf.type, `${name}.${f}`);
    const open = atom.map?.elementType !== undefined || atom.map?.fields.size === 0;
    return open ? { fields, open: true } : { fields };
  };

  const lookup = (name: string): ObjectTypeDecl | null => {
    const path = name === rootName ? [] : name.slice(rootName.length + 1).split(".");
    let spec: TypeSpec = ref.spec;
    for (const seg of path) {
      const field = structAt(ref, spec)?.map?.fields.get(seg);
      if (!field) return null;
      spec = field.type;
    }
    const atom = structAt(ref, spec);
    return atom && (atom.map?.fields.size ?? 0) > 0 ? declFor(atom, name) : null;
  };

  return {
    rootName,
    resolve(name) {
      if (name !== rootName && !name.startsWith(`${rootName}.`)) return undefined;
      let hit = cache.get(name);
      if (hit === undefined) cache.set(name, (hit = lookup(name)));
      return hit ?? undefined;
    },
  };
}
