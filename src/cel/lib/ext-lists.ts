// cel-go `lists` extension, version 3: slice, flatten, sort, @sortByAssociatedKeys (sortBy macro),
// lists.range, reverse, distinct — with the version-3 cost trackers. Work per call stays within what
// the tracker charges: slice reads only its range, flatten joins inner lists as concatenation views.
import type { CelLibrary } from "../types.js";
import { celError, celList, celEquals, compareValues, emptyList, isCelError, kindOf, K, mapInsert, type CelValue, type CelError, type CelList, type CelMap } from "../values/index.js";
import { concatLists, rangeList } from "../values/list.js";
import { MAX_CONCAT_LIST } from "./std-operators.js";
import { T, fn, member, actualSize, byOverload, withResultCost } from "./sig.js";
import type { CelType } from "../types.js";

function slice(l: CelList, start: bigint, end: bigint): CelList | CelError {
  if (start < 0n || end < 0n) return celError(`cannot slice(${start}, ${end}), negative indexes not supported`);
  if (start > end) return celError(`cannot slice(${start}, ${end}), start index must be less than or equal to end index`);
  if (BigInt(l.size()) < end) return celError(`cannot slice(${start}, ${end}), list is length ${l.size()}`);
  // Only the range is read: toArray would convert a whole JSON-backed list (or flatten a fresh
  // concatenation view) per call while the tracker charges the output size.
  const out = new Array<CelValue>(Number(end - start));
  for (let i = 0; i < out.length; i++) out[i] = l.get(Number(start) + i);
  return celList(out);
}
function reverse(l: CelList): CelList {
  const n = l.size();
  const out = new Array<CelValue>(n);
  for (let i = 0; i < n; i++) out[i] = l.get(n - 1 - i);
  return celList(out);
}
/** Joins lists as a balanced tree of concatenation views (depth log2 of the count), not a copy. */
function joinAll(parts: CelList[]): CelList {
  if (parts.length === 0) return emptyList;
  while (parts.length > 1) {
    const next: CelList[] = [];
    for (let i = 0; i < parts.length; i += 2) next.push(i + 1 < parts.length ? concatLists(parts[i], parts[i + 1]) : parts[i]);
    parts = next;
  }
  return concatLists(emptyList, parts[0]); // an accumulator is snapshotted, any other list returned as is
}
/**
 * `l` flattened `depth` levels. Inner lists become operands of concatenation views, so a call costs
 * O(elements of `l`) — what the tracker charges (depth × size of `l`) — not O(size of the result);
 * results past MAX_CONCAT_LIST elements are refused as `+` refuses them.
 */
function flatten(l: CelList, depth: bigint): CelList | CelError {
  if (depth < 0n) return celError("level must be non-negative");
  if (depth === 0n) return concatLists(emptyList, l); // nothing to flatten: the list itself
  const parts: CelList[] = [];
  let loose: CelValue[] = [];
  let size = 0;
  for (let i = 0; i < l.size(); i++) {
    const v = l.get(i);
    if (kindOf(v) !== K.list) {
      loose.push(v);
      size++;
      continue;
    }
    const inner = depth === 1n ? (v as CelList) : flatten(v as CelList, depth - 1n);
    if (isCelError(inner)) return inner;
    if (loose.length > 0) {
      parts.push(celList(loose));
      loose = [];
    }
    parts.push(inner);
    size += inner.size();
    if (size > MAX_CONCAT_LIST) return celError(`flatten: result size exceeds kmutate's list limit ${MAX_CONCAT_LIST}`);
  }
  if (loose.length > 0) parts.push(celList(loose));
  return joinAll(parts);
}
function sortByKeys(l: CelList, keys: CelList): CelList | CelError {
  const n = l.size();
  if (n !== keys.size()) return celError(`@sortByAssociatedKeys() expected a list of the same size as the associated keys list, but got ${n} and ${keys.size()} elements respectively`);
  if (n === 0) return l;
  const k0 = kindOf(keys.get(0));
  if (compareValues(keys.get(0), keys.get(0)) === undefined) return celError("list elements must be comparable");
  const idx = Array.from({ length: n }, (_, i) => i);
  let err: CelError | undefined;
  const ks = keys.toArray();
  idx.sort((a, b) => {
    if (kindOf(ks[a]) !== k0 || kindOf(ks[b]) !== k0) { err = celError("list elements must have the same type"); return 0; }
    return compareValues(ks[a], ks[b]) ?? 0;
  });
  return err ?? celList(idx.map((i) => l.get(i)));
}
function distinct(l: CelList): CelList {
  const out: CelValue[] = [];
  for (let i = 0; i < l.size(); i++) {
    const v = l.get(i);
    if (!out.some((x) => celEquals(x, v))) out.push(v);
  }
  return celList(out);
}
function range(n: bigint): CelList | CelError {
  if (n <= 0n) return emptyList;
  if (n > BigInt(MAX_CONCAT_LIST)) return celError(`lists.range: result size ${n} exceeds kmutate's list limit ${MAX_CONCAT_LIST}`);
  return rangeList(Number(n));
}

// Version-3 cost trackers (total cost = 1 + size × factor + 10); rows hold the extra beyond 1.
const allocating = (factor: number, size: number): number => Math.floor(size * factor) + 10;
const outputSize = (n: number): number => allocating(1, n);
function selfCompare(l: CelList): number {
  const sz = l.size();
  if (sz === 0) return allocating(2, 0);
  const k = kindOf(l.get(0));
  return allocating(k === K.string || k === K.bytes ? 2.1 : 2, sz * sz);
}

/** The tracker of slice, lists.range and reverse: the size of the result (an error counts 1). */
const resultSize = (r: CelValue | CelError): number => outputSize(isCelError(r) ? 1 : actualSize(r));

const L = T.list(T.A);
/** Element types `sort` and `@sortByAssociatedKeys` have an overload for (cel-go's comparableTypes). */
const comparable: readonly CelType[] = [T.int, T.uint, T.double, T.bool, T.duration, T.timestamp, T.string, T.bytes];

/** cel-go lists extension version 3 (its costs are keyed by overload id). */
export const listsLibrary: CelLibrary = {
  name: "lists",
  overloads: byOverload(
    withResultCost(member("slice",  [L, T.int, T.int],  L,              slice), resultSize),
    member("flatten",               [T.list(T.list(T.A))], L,           (l: CelList) => flatten(l, 1n), (l: CelList) => allocating(1, actualSize(l))),
    member("flatten",               [T.list(T.dyn), T.int], T.list(T.dyn), flatten, (l: CelList, d: bigint) => allocating(Number(d), actualSize(l))),
    ...comparable.map((t) => member("sort", [T.list(t)], T.list(t), (l: CelList) => sortByKeys(l, l), selfCompare)),
    ...comparable.map((t) => member("@sortByAssociatedKeys", [L, T.list(t)], L, sortByKeys, (_l: CelList, k: CelList) => selfCompare(k))),
    withResultCost(fn("lists.range", [T.int],           T.list(T.int),  range, (n: bigint) => outputSize(Math.max(0, Number(n)))), resultSize),
    withResultCost(member("reverse", [L],               L,              reverse), resultSize),
    member("distinct",              [L],                L,              distinct, selfCompare),
  ),
};

const setsCost = (a: CelList, b: CelList): number => a.size() * b.size();
/** sets.equivalent compares both ways: factor 2. */
const equivalentCost = (a: CelList, b: CelList): number => 2 * a.size() * b.size();
function contains(l: CelList, sub: CelList): boolean {
  for (let i = 0; i < sub.size(); i++) {
    const v = sub.get(i);
    let found = false;
    for (let j = 0; j < l.size() && !found; j++) found = celEquals(l.get(j), v);
    if (!found) return false;
  }
  return true;
}
/** cel-go sets extension. */
export const setsLibrary: CelLibrary = {
  name: "sets",
  overloads: byOverload(
    fn("sets.contains",   [L, L], T.bool, contains, setsCost),
    fn("sets.equivalent", [L, L], T.bool, (a: CelList, b: CelList) => contains(a, b) && contains(b, a), equivalentCost),
    fn("sets.intersects", [L, L], T.bool, (a: CelList, b: CelList) => { for (let i = 0; i < a.size(); i++) if (contains(b, celList([a.get(i)]))) return true; return false; }, setsCost),
  ),
};

function insertAll(m: CelMap, other: CelMap): CelMap | CelError {
  let acc: CelMap = m;
  for (const k of other.keys()) {
    const r = mapInsert(acc, k, other.get(k) as CelValue);
    if (typeof r === "string") return celError(r);
    acc = r;
  }
  return acc;
}
/** cel-go two-variable comprehensions: the accumulator insert `transformMap*` macros expand to. */
export const comprehensionsLibrary: CelLibrary = {
  name: "comprehensions",
  overloads: [
    fn("cel.@mapInsert", [T.map(T.A, T.B), T.A, T.B],         T.map(T.A, T.B), (m: CelMap, k: CelValue, v: CelValue) => { const r = mapInsert(m, k, v); return typeof r === "string" ? celError(r) : r; }),
    fn("cel.@mapInsert", [T.map(T.A, T.B), T.map(T.A, T.B)], T.map(T.A, T.B), insertAll),
  ],
};
