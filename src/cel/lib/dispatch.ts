// Runtime overload resolution over library rows: the first row whose parameter kinds (and object/
// opaque type names) match the argument values, cached per argument kinds; and calling a row so
// that a thrown exception becomes an error value.
import type { CelEnv } from "../env.js";
import type { CelType, Overload } from "../types.js";
import { K, kindOf, celError, type CelValue, type CelError, type CelObject, type CelOpaque } from "../values/index.js";

// Runtime matcher of one parameter type: a kind tag (-1: any) and, for objects/opaques, a name.
interface Want { k: number; name?: string }
function wantOf(t: CelType): Want {
  switch (t.kind) {
    case "dyn": case "param": case "error": return { k: -1 };
    case "bool": return { k: K.bool };
    case "int": return { k: K.int };
    case "uint": return { k: K.uint };
    case "double": return { k: K.double };
    case "string": return { k: K.string };
    case "bytes": return { k: K.bytes };
    case "null": return { k: K.null };
    case "timestamp": return { k: K.timestamp };
    case "duration": return { k: K.duration };
    case "list": return { k: K.list };
    case "map": return { k: K.map };
    case "type": return { k: K.type };
    case "optional": return { k: K.optional };
    case "object": return { k: K.object, name: t.name };
    case "opaque": return { k: K.opaque, name: t.name };
  }
}
function matchesWant(w: Want, v: CelValue, k: number): boolean {
  if (w.k === -1) return true;
  if (w.k !== k) return false;
  if (w.name === undefined) return true;
  return (v as CelObject | CelOpaque).typeName === w.name;
}

/** Resolves an overload for runtime arguments; cached by argument kinds when no names are involved. */
export class Dispatcher {
  private readonly wants: Want[][];
  private readonly cache1: (Overload | null | undefined)[] = [];
  private readonly cache2: (Overload | null | undefined)[] = [];
  private readonly cacheN = new Map<number, Overload | null>();
  constructor(readonly candidates: readonly Overload[]) {
    this.wants = candidates.map((o) => o.args.map(wantOf));
  }
  private search(args: readonly CelValue[]): Overload | null {
    outer: for (let c = 0; c < this.candidates.length; c++) {
      const w = this.wants[c];
      for (let i = 0; i < args.length; i++) if (!matchesWant(w[i], args[i], kindOf(args[i]))) continue outer;
      return this.candidates[c];
    }
    return null;
  }
  resolve1(a: CelValue): Overload | null {
    const k = kindOf(a);
    if (k >= K.object) return this.search([a]);
    let h = this.cache1[k];
    if (h === undefined) h = this.cache1[k] = this.search([a]);
    return h;
  }
  resolve2(a: CelValue, b: CelValue): Overload | null {
    const ka = kindOf(a), kb = kindOf(b);
    if (ka >= K.object || kb >= K.object) return this.search([a, b]);
    const key = ka * 16 + kb;
    let h = this.cache2[key];
    if (h === undefined) h = this.cache2[key] = this.search([a, b]);
    return h;
  }
  resolveN(args: readonly CelValue[]): Overload | null {
    let key = 0;
    for (let i = 0; i < args.length; i++) {
      const k = kindOf(args[i]);
      if (k >= K.object) return this.search(args);
      key = key * 16 + k;
    }
    let h = this.cacheN.get(key);
    if (h === undefined) this.cacheN.set(key, (h = this.search(args)));
    return h;
  }
}

const dispatchers = new WeakMap<CelEnv, Map<string, Dispatcher | undefined>>();
/** The shared dispatcher of an env's overloads named `fn` with this call shape (undefined: none). */
export function dispatcherFor(env: CelEnv, fn: string, member: boolean, n: number): Dispatcher | undefined {
  let m = dispatchers.get(env);
  if (!m) dispatchers.set(env, (m = new Map()));
  const key = `${fn}/${member ? 1 : 0}/${n}`;
  if (m.has(key)) return m.get(key);
  const candidates = (env.functions.get(fn) ?? []).filter((o) => o.member === member && o.args.length === n);
  const d = candidates.length ? new Dispatcher(candidates) : undefined;
  m.set(key, d);
  return d;
}

const narrowCache = new WeakMap<Dispatcher, Map<string, Dispatcher>>();
export function narrowed(all: Dispatcher, rows: Overload[]): Dispatcher {
  let m = narrowCache.get(all);
  if (!m) narrowCache.set(all, (m = new Map()));
  const key = rows.map((r) => all.candidates.indexOf(r)).join(",");
  let d = m.get(key);
  if (!d) m.set(key, (d = new Dispatcher(rows)));
  return d;
}

function thrown(e: unknown): CelError {
  return celError(e instanceof Error ? e.message : String(e));
}
/** Calls an implementation; a thrown exception becomes an error value. */
export function invoke1(o: Overload, a: CelValue): CelValue | CelError {
  try {
    return o.impl(a);
  } catch (e) {
    return thrown(e);
  }
}
export function invoke2(o: Overload, a: CelValue, b: CelValue): CelValue | CelError {
  try {
    return o.impl(a, b);
  } catch (e) {
    return thrown(e);
  }
}
export function invokeN(o: Overload, args: CelValue[]): CelValue | CelError {
  try {
    return o.impl(...args);
  } catch (e) {
    return thrown(e);
  }
}

