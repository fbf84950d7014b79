// What the checker knows beyond the env's tables: the type identifiers cel-go declares (`int`,
// `list`, `google.protobuf.Timestamp`, …) and the signatures of operators the planner implements
// natively (`_[?_]`, `_[_]` on optionals, `cel.@mapInsert`), as cel-go's optional and
// two-variable comprehension libraries declare them.
import type { CelEnv } from "../env.js";
import type { CelType, Overload } from "../types.js";
import { op } from "../operators.js";
import { mapInsertFunction } from "../macros.js";
import { formatArgTypes } from "./format-type.js";
import { collectParams } from "./unify.js";

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

/** Entries kept per env by the name caches below (names come from expressions: bound the memory). */
const CACHE_LIMIT = 4096;
const identCache = new WeakMap<CelEnv, Map<string, CelType | null>>();

/** The type of a type identifier (`int` → `type(int)`), or undefined when `name` is none. Cached per env. */
export function typeIdentType(env: CelEnv, name: string): CelType | undefined {
  const std = stdTypeIdents.get(name);
  if (std) return std;
  let perEnv = identCache.get(env);
  if (!perEnv) identCache.set(env, (perEnv = new Map()));
  const hit = perEnv.get(name);
  if (hit !== undefined) return hit ?? undefined;
  let t: CelType | undefined;
  if (name === "optional_type" && hasOptionals(env)) t = optionalTypeIdent;
  else if (env.typeIdents.has(name)) t = typeOf({ kind: "opaque", name });
  else t = env.resolveType(name) ? typeOf({ kind: "object", name }) : undefined;
  if (perEnv.size < CACHE_LIMIT) perEnv.set(name, t ?? null);
  return t;
}

/** The signatures of function `name` in `env` (env rows first, then missing native operator rows). */
export function signaturesOf(env: CelEnv, name: string): readonly Signature[] | undefined {
  return functionOf(env, name)?.all;
}

/** A signature with its type parameter names (in order of first occurrence: args, then result). */
export interface SignatureInfo {
  readonly sig: Signature;
  readonly params: readonly string[];
}

/** A resolution the checker may reuse: the rows that matched ground argument types, and the result. */
export interface Resolution {
  readonly matched: readonly Signature[];
  readonly result: CelType;
}

/** The rows of one function for one call style (global or member), as the checker resolves them. */
export interface OverloadGroup {
  /** Rows of this call style, in table order. */
  readonly rows: readonly SignatureInfo[];
  /** Type parameters of all rows (the checker numbers a fresh variable for each, per resolution). */
  readonly paramCount: number;
  /** Resolutions by the key of ground argument types (see resolution.ts `resolutionKey`); only ground results are kept. */
  readonly resolved: Map<number | string, Resolution>;
  /** Shared one-row lists, by row index (see {@link sharedRows}). */
  readonly single: (readonly Signature[] | undefined)[];
  /** Shared lists of matched rows, by row indices (see {@link sharedRows}). */
  readonly rowLists: Map<string, readonly Signature[]>;
}

/** The rows of `group` at `indices` (ascending) as a list shared by every resolution that matched them. */
export function sharedRows(group: OverloadGroup, indices: readonly number[]): readonly Signature[] {
  if (indices.length === 1) {
    const i = indices[0]!;
    return (group.single[i] ??= [group.rows[i]!.sig]);
  }
  const key = indices.join(",");
  let rows = group.rowLists.get(key);
  if (!rows) {
    rows = indices.map((i) => group.rows[i]!.sig);
    if (group.rowLists.size < RESOLUTION_LIMIT) group.rowLists.set(key, rows);
  }
  return rows;
}

/** A function's signatures, split by call style. */
export interface FunctionSignatures {
  readonly all: readonly Signature[];
  /** `_&&_` / `_||_` (resolved argument by argument, see the checker's `resolveLogical`). */
  readonly logical: boolean;
  readonly global: OverloadGroup;
  readonly member: OverloadGroup;
}

/** Most resolutions kept per overload group. */
export const RESOLUTION_LIMIT = 512;

function group(rows: readonly Signature[]): OverloadGroup {
  const infos = rows.map((sig) => {
    const set = new Set<string>();
    for (const a of sig.args) collectParams(a, set);
    collectParams(sig.result, set);
    return { sig, params: [...set] };
  });
  return { rows: infos, paramCount: infos.reduce((n, i) => n + i.params.length, 0), resolved: new Map(), single: [], rowLists: new Map() };
}

const cache = new WeakMap<CelEnv, Map<string, FunctionSignatures | null>>();

/** The per-env cache {@link functionOf} reads (callers doing many lookups pass it back in). */
export function functionCache(env: CelEnv): Map<string, FunctionSignatures | null> {
  let perEnv = cache.get(env);
  if (!perEnv) cache.set(env, (perEnv = new Map()));
  return perEnv;
}

/** Function `name` of `env` with its rows grouped for resolution (undefined: no such function). Cached per env. */
export function functionOf(env: CelEnv, name: string, perEnv: Map<string, FunctionSignatures | null> = functionCache(env)): FunctionSignatures | undefined {
  const hit = perEnv.get(name);
  if (hit !== undefined) return hit ?? undefined;
  const rows: Signature[] = [...(env.functions.get(name) ?? [])];
  const extra = [...(hasOptionals(env) ? optionalSignatures : []), ...mapInsertSignatures].filter((s) => s.name === name);
  const seen = new Set(rows.map((r) => formatArgTypes(r.args, r.member)));
  for (const s of extra) if (!seen.has(formatArgTypes(s.args, s.member))) rows.push(s);
  const out = rows.length > 0 ? { all: rows, logical: name === op.logicalAnd || name === op.logicalOr, global: group(rows.filter((r) => !r.member)), member: group(rows.filter((r) => r.member)) } : undefined;
  if (out || perEnv.size < CACHE_LIMIT) perEnv.set(name, out ?? null);
  return out;
}

const qualifiedSuffixes = new WeakMap<CelEnv, ReadonlySet<string>>();

/**
 * Whether some function of `env` is named `<qualifier>.<fn>`: only then can a member call
 * `a.b.fn(…)` name a global function (cel-go's qualified-name resolution). Cached per env.
 */
export function mayBeQualifiedFunction(env: CelEnv, fn: string): boolean {
  return qualifiedFunctionSuffixes(env).has(fn);
}

/** The last name segments of the env's dotted function names (see {@link mayBeQualifiedFunction}). Cached per env. */
export function qualifiedFunctionSuffixes(env: CelEnv): ReadonlySet<string> {
  let set = qualifiedSuffixes.get(env);
  if (!set) {
    const names = new Set<string>();
    const add = (n: string): void => {
      const dot = n.lastIndexOf(".");
      if (dot >= 0) names.add(n.slice(dot + 1));
    };
    for (const n of env.functions.keys()) add(n);
    for (const s of optionalSignatures) add(s.name);
    for (const s of mapInsertSignatures) add(s.name);
    qualifiedSuffixes.set(env, (set = names));
  }
  return set;
}

const rootsCache = new WeakMap<CelEnv, ReadonlySet<string>>();

/**
 * The first segments of the dotted names an identifier chain `a.b.c` may resolve to as a whole
 * (dotted variables, declared and standard type names, the roots of the env's type resolver). Cached per env.
 */
export function qualifiedRoots(env: CelEnv): ReadonlySet<string> {
  let roots = rootsCache.get(env);
  if (roots === undefined) {
    const set = new Set<string>(env.options.resolveType?.roots ?? []);
    const add = (n: string): void => {
      const dot = n.indexOf(".");
      if (dot >= 0) set.add(n.slice(0, dot));
    };
    for (const n of env.variables.keys()) add(n);
    for (const n of env.types.keys()) add(n);
    for (const n of env.typeIdents) add(n);
    for (const n of stdTypeIdents.keys()) add(n);
    rootsCache.set(env, (roots = set));
  }
  return roots;
}
