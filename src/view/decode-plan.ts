// Decode plans: each Go struct of the typed-shape table compiled once for the typed decode — per
// JSON field its scalar fast path, its drop rule and the zero it shows when absent — with nested
// structs linked directly (resolved on first use: a type can hold itself), so the per-object walk
// looks nothing up by type name and re-derives nothing from the shapes.
import { setKey, type JsonObject, type JsonValue } from "../data/index.js";
import { goStruct, type GoField, type GoShape, type GoStruct } from "../schema/index.js";

/** The JSON scalar that decodes to itself in a field (behind a pointer too): none, string, bool, int32, int64. */
export const PLAIN_NONE = 0;
const PLAIN_STRING = 1;
const PLAIN_BOOL = 2;
const PLAIN_INT32 = 3;
const PLAIN_INT64 = 4;

/** A Go shape compiled for decoding: its element's node and (struct shapes) its struct's plan. */
export interface ShapeNode {
  readonly shape: GoShape;
  /** The element of a pointer, slice or map shape. */
  readonly elem: ShapeNode | undefined;
  /** A struct shape's plan: undefined until first needed, null when the table lacks the type. */
  plan: StructPlan | null | undefined;
}

/** One JSON field of a struct, compiled. */
export interface FieldPlan {
  readonly field: GoField;
  readonly node: ShapeNode;
  /** PLAIN_NONE or the scalar code of the field's (pointed-to) type. */
  readonly plain: number;
  readonly pointer: boolean;
  /** A plain scalar here is dropped when empty ("", 0, false): omitempty, not omitzero, not a pointer. */
  readonly dropsEmptyPlain: boolean;
  /** Shown when absent: its zero value (a fresh struct each time for struct fields). */
  readonly shown: boolean;
}

/** A struct compiled: its fields by JSON name and the fields an absent key still shows. */
export interface StructPlan {
  readonly st: GoStruct;
  readonly byName: ReadonlyMap<string, FieldPlan>;
  readonly fieldCount: number;
  readonly shownWhenAbsent: readonly FieldPlan[];
}

function plainCode(s: GoShape): number {
  const t = s.kind === "pointer" ? s.elem : s;
  switch (t.kind) {
    case "string":
      return PLAIN_STRING;
    case "bool":
      return PLAIN_BOOL;
    case "int32":
      return PLAIN_INT32;
    case "int64":
      return PLAIN_INT64;
    default:
      return PLAIN_NONE;
  }
}

/** Whether `x` is a scalar of the field's own JSON type that decodes to itself, with no error. */
export function isPlain(x: JsonValue, code: number): boolean {
  switch (code) {
    case PLAIN_STRING:
      return typeof x === "string";
    case PLAIN_BOOL:
      return typeof x === "boolean";
    case PLAIN_INT32:
      return typeof x === "number" && Number.isInteger(x) && x >= -2147483648 && x <= 2147483647;
    case PLAIN_INT64:
      return typeof x === "number" && Number.isSafeInteger(x);
    default:
      return false;
  }
}

/** The value of a field the input lacks (its Go zero), or undefined when ToUnstructured drops it. */
export function zeroOf(f: GoField): JsonValue | undefined {
  if (f.omitzero) return undefined;
  const s = f.shape;
  switch (s.kind) {
    case "struct":
      return zeroStruct(s.type);
    case "quantity":
      return "0";
    case "intOrString":
      return 0;
    case "time":
    case "microTime":
    case "raw":
      return null;
    default:
      if (f.omitempty) return undefined;
      return s.kind === "string" ? "" : s.kind === "int32" || s.kind === "int64" ? 0 : s.kind === "bool" ? false : null;
  }
}

/** Compiles a shape (struct plans stay unresolved until used). */
function shapeNode(shape: GoShape): ShapeNode {
  const elem = shape.kind === "pointer" || shape.kind === "slice" || shape.kind === "map" ? shapeNode(shape.elem) : undefined;
  return { shape, elem, plan: undefined };
}

const plans = new Map<string, StructPlan | null>();

/** The plan of the struct type `type` (an OpenAPI model name), or undefined when the table lacks it. */
export function structPlan(type: string): StructPlan | undefined {
  let p = plans.get(type);
  if (p === undefined) {
    const st = goStruct(type);
    p = st === undefined ? null : compile(st);
    plans.set(type, p);
  }
  return p ?? undefined;
}

/** The plan of a struct shape's node (resolved once). */
export function nodePlan(node: ShapeNode): StructPlan | undefined {
  if (node.plan === undefined) node.plan = node.shape.kind === "struct" ? (structPlan(node.shape.type) ?? null) : null;
  return node.plan ?? undefined;
}

function compile(st: GoStruct): StructPlan {
  const fields = st.fields.map((field): FieldPlan => {
    const pointer = field.shape.kind === "pointer";
    return {
      field,
      node: shapeNode(field.shape),
      plain: plainCode(field.shape),
      pointer,
      dropsEmptyPlain: field.omitempty && !field.omitzero && !pointer,
      shown: zeroOf(field) !== undefined,
    };
  });
  return { st, byName: new Map(fields.map((f) => [f.field.name, f])), fieldCount: fields.length, shownWhenAbsent: fields.filter((f) => f.shown) };
}

/** The zero value a field shows when its key is absent (call only for `shown` fields; fresh structs). */
export function shownZero(f: FieldPlan): JsonValue {
  const n = f.node;
  if (n.shape.kind === "struct") {
    const p = nodePlan(n);
    return p === undefined ? {} : zeroOfPlan(p);
  }
  return zeroOf(f.field) ?? null;
}

function zeroOfPlan(p: StructPlan): JsonObject {
  const out: JsonObject = {};
  for (const f of p.shownWhenAbsent) setKey(out, f.field.name, shownZero(f));
  return out;
}

/** The zero value of a struct, filled by the same rule (a fresh object each time). */
export function zeroStruct(type: string): JsonObject {
  const p = structPlan(type);
  return p === undefined ? {} : zeroOfPlan(p);
}
