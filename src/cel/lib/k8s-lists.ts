// Kubernetes `lists` library (isSorted, sum, min, max, indexOf, lastIndexOf), regex `find`/`findAll`
// (RE2 via re2js).
import type { CelLibrary, CelType } from "../types.js";
import {
  celError, celList, celEquals, compareValues, celDuration, celUint, checkedInt, checkedUint, kindOf, K,
  type CelValue, type CelError, type CelList, type CelMap, type CelUint, type CelDuration,
} from "../values/index.js";
import { T, member, actualSize, utf8Length } from "./sig.js";
import { compileRegex } from "./util-regex.js";

/** Kubernetes' traversalCost: strings/bytes len × 0.1 (floor), lists/maps summed, else 1. */
export function traversalCost(v: CelValue): number {
  switch (kindOf(v)) {
    case K.string: return Math.floor(utf8Length(v as string) * 0.1);
    case K.bytes: return Math.floor((v as Uint8Array).length * 0.1);
    case K.list: { const l = v as CelList; let c = 0; for (let i = 0; i < l.size(); i++) c += traversalCost(l.get(i)); return c; }
    case K.map: { const m = v as CelMap; let c = 0; for (const k of m.keys()) c += traversalCost(k) + traversalCost(m.get(k) as CelValue); return c; }
    default: return 1;
  }
}
const listCost = (l: CelList): number => traversalCost(l) - 1;

function isSorted(l: CelList): boolean | CelError {
  for (let i = 1; i < l.size(); i++) {
    const c = compareValues(l.get(i - 1), l.get(i));
    if (c === undefined) return celError("no such overload");
    if (c > 0) return false;
  }
  return true;
}
function sum(l: CelList, zero: CelValue = 0n): CelValue | CelError {
  if (l.size() === 0) return zero;
  let acc = l.get(0);
  for (let i = 1; i < l.size(); i++) {
    const x = l.get(i);
    const k = kindOf(acc);
    if (k !== kindOf(x)) return celError("no such overload");
    let r: CelValue | CelError;
    if (k === K.int) r = checkedInt((acc as bigint) + (x as bigint));
    else if (k === K.uint) r = checkedUint((acc as CelUint).value + (x as CelUint).value);
    else if (k === K.double) r = (acc as number) + (x as number);
    else if (k === K.duration) r = celDuration((acc as CelDuration).nanos + (x as CelDuration).nanos);
    else return celError("no such overload");
    if (typeof r === "object" && r !== null && (r as { kind: number }).kind === 15) return r;
    acc = r as CelValue;
  }
  return acc;
}
function extreme(name: string, prefer: number): (l: CelList) => CelValue | CelError {
  return (l) => {
    if (l.size() === 0) return celError(`${name} called on empty list`);
    let best = l.get(0);
    for (let i = 1; i < l.size(); i++) {
      const c = compareValues(best, l.get(i));
      if (c === undefined) return celError("no such overload");
      if (c === prefer) best = l.get(i);
    }
    return best;
  };
}
function indexOf(l: CelList, x: CelValue): bigint {
  for (let i = 0; i < l.size(); i++) if (celEquals(l.get(i), x)) return BigInt(i);
  return -1n;
}
function lastIndexOf(l: CelList, x: CelValue): bigint {
  for (let i = l.size() - 1; i >= 0; i--) if (celEquals(l.get(i), x)) return BigInt(i);
  return -1n;
}

const comparable: CelType[] = [T.int, T.uint, T.double, T.bool, T.duration, T.timestamp, T.string, T.bytes];
const summable: [CelType, CelValue][] = [[T.int, 0n], [T.uint, celUint(0n)], [T.double, 0], [T.duration, celDuration(0n) as CelValue]];

/** Kubernetes lists library. */
export const k8sListsLibrary: CelLibrary = {
  name: "kubernetes.lists",
  overloads: [
    ...comparable.map((t) => member("isSorted", [T.list(t)], T.bool, isSorted, listCost)),
    ...summable.map(([t, zero]) => member("sum", [T.list(t)], t, (l: CelList) => sum(l, zero), listCost)),
    ...comparable.map((t) => member("max", [T.list(t)], t, extreme("max", -1), listCost)),
    ...comparable.map((t) => member("min", [T.list(t)], t, extreme("min", 1), listCost)),
    member("indexOf",     [T.list(T.A), T.A], T.int, indexOf, listCost),
    member("lastIndexOf", [T.list(T.A), T.A], T.int, lastIndexOf, listCost),
  ],
};

function find(s: string, re: string): string | CelError {
  const r = compileRegex(re);
  if (typeof r === "string") return celError(`Illegal regex: ${r}`);
  const m = r.matcher(s);
  return m.find() ? (m.group() ?? "") : "";
}
function findAll(s: string, re: string, n = -1n): CelList | CelError {
  const r = compileRegex(re);
  if (typeof r === "string") return celError(`Illegal regex: ${r}`);
  const out: string[] = [];
  if (n === 0n) return celList(out);
  const m = r.matcher(s);
  let pos = 0;
  let prevEnd = -1;
  while (pos <= s.length && (n < 0n || BigInt(out.length) < n)) {
    if (!m.find(pos)) break;
    const st = m.start(), en = m.end();
    if (st === en && st === prevEnd) {
      pos = st + 1;
      continue;
    }
    out.push(m.group() ?? "");
    prevEnd = en;
    pos = en === st ? en + 1 : en;
  }
  return celList(out);
}
const regexCost = (s: string, re: string): number => Math.ceil((1 + actualSize(s)) * 0.1) * Math.ceil(actualSize(re) * 0.25) - 1;

/** Kubernetes regex library. */
export const k8sRegexLibrary: CelLibrary = {
  name: "kubernetes.regex",
  regexArgs: { find: 1, findAll: 1 },
  overloads: [
    member("find",    [T.string, T.string],        T.string,         find, regexCost),
    member("findAll", [T.string, T.string],        T.list(T.string), (s: string, re: string) => findAll(s, re), regexCost),
    member("findAll", [T.string, T.string, T.int], T.list(T.string), findAll, regexCost),
  ],
};
