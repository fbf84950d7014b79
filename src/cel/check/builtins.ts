// What the checker knows beyond the env's tables: the type identifiers cel-go declares (`int`,
// `list`, `google.protobuf.Timestamp`, …) and the signatures of operators the planner implements
// natively (`_[?_]`, `_[_]` on optionals, `cel.@mapInsert`), as cel-go's optional and
// two-variable comprehension libraries declare them.
import type { CelEnv } from "../env.js";
import type { CelType, Overload } from "../types.js";
import { op } from "../operators.js";
import { mapInsertFunction } from "../macros.js";
import { formatArgTypes } from "./format-type.js";

/** A function signature the checker resolves against (an Overload without its implementation). */
export type Signature = Pick<Overload, "name" | "member" | "args" | "result">;

const K: CelType = { kind: "param", name: "K" };
const V: CelType = { kind: "param", name: "V" };
const listV: CelType = { kind: "list", elem: V };
const mapKV: CelType = { kind: "map", key: K, value: V };
const opt = (param: CelType): CelType => ({ kind: "optional", param });
const sig = (name: string, args: CelType[], result: CelType): Signature => ({ name, member: false, args, result });

/** Signatures of the optional library's index operators (cel-go `cel.OptionalTypes`). */
const optionalSignatures: readonly Signature[] = [
  sig(op.optIndex, [listV, { kind: "int" }], opt(V)),
  sig(op.optIndex, [opt(listV), { kind: "int" }], opt(V)),
  sig(op.optIndex, [mapKV, K], opt(V)),
  sig(op.optIndex, [opt(mapKV), K], opt(V)),
  sig(op.index, [opt(listV), { kind: "int" }], opt(V)),
  sig(op.index, [opt(mapKV), K], opt(V)),
];

/** Signatures of the two-variable comprehensions' hidden map builder. */
const mapInsertSignatures: readonly Signature[] = [
  sig(mapInsertFunction, [mapKV, K, V], mapKV),
  sig(mapInsertFunction, [mapKV, mapKV], mapKV),
];

const typeOf = (t: CelType): CelType => ({ kind: "type", param: t });
const A: CelType = { kind: "param", name: "A" };
const B: CelType = { kind: "param", name: "B" };

/** Type identifiers of the standard library (cel-go `stdlib` TypeVariable declarations). */
const stdTypeIdents: ReadonlyMap<string, CelType> = new Map<string, CelType>([
  ["bool", typeOf({ kind: "bool" })],
  ["bytes", typeOf({ kind: "bytes" })],
  ["double", typeOf({ kind: "double" })],
  ["google.protobuf.Duration", typeOf({ kind: "duration" })],
  ["int", typeOf({ kind: "int" })],
  ["list", typeOf({ kind: "list", elem: A })],
  ["map", typeOf({ kind: "map", key: A, value: B })],
  ["null_type", typeOf({ kind: "null" })],
  ["string", typeOf({ kind: "string" })],
  ["google.protobuf.Timestamp", typeOf({ kind: "timestamp" })],
  ["type", typeOf({ kind: "type" })],
  ["uint", typeOf({ kind: "uint" })],
]);
const optionalTypeIdent: CelType = typeOf({ kind: "opaque", name: "optional_type" });

/** Whether the env has the optional library (its type identifier and index operators). */
export function hasOptionals(env: CelEnv): boolean {
  return env.libraries.has("optional") || env.functions.has("optional.of");
}

/** The type of a type identifier (`int` → `type(int)`), or undefined when `name` is none. */
export function typeIdentType(env: CelEnv, name: string): CelType | undefined {
  const std = stdTypeIdents.get(name);
  if (std) return std;
  if (name === "optional_type" && hasOptionals(env)) return optionalTypeIdent;
  return env.resolveType(name) ? typeOf({ kind: "object", name }) : undefined;
}

const cache = new WeakMap<CelEnv, Map<string, readonly Signature[] | undefined>>();

/** The signatures of function `name` in `env` (env rows first, then missing native operator rows). */
export function signaturesOf(env: CelEnv, name: string): readonly Signature[] | undefined {
  let perEnv = cache.get(env);
  if (!perEnv) cache.set(env, (perEnv = new Map()));
  if (perEnv.has(name)) return perEnv.get(name);
  const rows: Signature[] = [...(env.functions.get(name) ?? [])];
  const extra = [...(hasOptionals(env) ? optionalSignatures : []), ...mapInsertSignatures].filter((s) => s.name === name);
  const seen = new Set(rows.map((r) => formatArgTypes(r.args, r.member)));
  for (const s of extra) if (!seen.has(formatArgTypes(s.args, s.member))) rows.push(s);
  const out = rows.length > 0 ? rows : undefined;
  perEnv.set(name, out);
  return out;
}
