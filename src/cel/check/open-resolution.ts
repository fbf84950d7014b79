// Reuse of overload resolutions whose argument types hold unbound type variables (`@result + [x]`,
// `_?_:_` on lists): argument types are keyed with their variables renamed by first occurrence, and
// a resolution is recorded as templates over "slots" (the argument variables, then the fresh ones).
import type { CelType } from "../types.js";
import type { Mapping, Substitutions } from "./unify.js";
import type { Signature } from "./builtins.js";
import { groundId } from "./ground-type.js";
import { typeVarName } from "./resolution.js";
import { substitute } from "./unify.js";

/** A resolution replayable on argument types of the same open key. */
export interface OpenResolution {
  readonly matched: readonly Signature[];
  /** The result type over slot placeholders. */
  readonly result: CelType;
  /**
   * Triples of (slot index, binding over slot placeholders, 1 when the binding has placeholders
   * else 0) the resolution made or changed in the mapping; of the fresh variables' bindings only
   * those some type can reach (see `fresh`).
   */
  readonly bindings: readonly (number | CelType)[];
  /** Whether `result` has placeholders (else it is the result as it stands). */
  readonly openResult: boolean;
  /**
   * The fresh variables (by index from the first) the result and kept bindings mention: a replay
   * makes these only. No type ever mentions another one, so its binding is never read.
   */
  readonly fresh: readonly number[];
}

/** Most slots (argument plus fresh type variables) a recorded resolution may have. */
export const MAX_SLOTS = 64;
/** Placeholder names of slots (not CEL identifiers, so no declared type parameter shares them). */
const slotNames: readonly string[] = Array.from({ length: MAX_SLOTS }, (_, i) => `#${i}`);
/** The slot index of placeholder name `name` (`#<i>`), else -1. */
function slotIndex(name: string): number {
  if (name.charCodeAt(0) !== 35 || name.length < 2) return -1;
  let i = 0;
  for (let k = 1; k < name.length; k++) {
    const d = name.charCodeAt(k) - 48;
    if (d < 0 || d > 9) return -1;
    i = i * 10 + d;
  }
  return i < MAX_SLOTS ? i : -1;
}

// Key tokens (a pre-order walk with a fixed arity per token, so a sequence names one list of types).
const SLOT = 8192; // + slot index: a variable seen before in this key
const NEW_FREE = 9000, NEW_BOUND = 9001; // a new variable (a bound one is followed by its binding)
const LIST = 9002, MAP = 9003, OPT = 9004, TYPE = 9005;
const ARGS = 10000; // + argument count: the first token

/** A recorded resolution with the key it was recorded under. */
interface OpenEntry {
  readonly tokens: readonly number[];
  readonly hit: OpenResolution;
}

/** A hash of the first `n` tokens of `key`. */
function hashTokens(key: readonly number[], n: number): number {
  let h = n;
  for (let i = 0; i < n; i++) h = (Math.imul(h, 31) + key[i]!) | 0;
  return h;
}

/** Whether the first `n` tokens of `key` are `tokens`. */
function sameTokens(tokens: readonly number[], key: readonly number[], n: number): boolean {
  if (tokens.length !== n) return false;
  for (let i = 0; i < n; i++) if (tokens[i] !== key[i]) return false;
  return true;
}

/** Resolutions of one overload group by the open key of their argument types (hashed: one map lookup a resolution). */
export class OpenResolutions {
  private readonly byHash = new Map<number, OpenEntry[]>();
  /** Number of recorded resolutions. */
  size = 0;
  /** The resolution recorded under the first `n` tokens of `key`, if any. */
  get(key: readonly number[], n: number): OpenResolution | undefined {
    const found = this.byHash.get(hashTokens(key, n));
    if (found !== undefined) for (const e of found) if (sameTokens(e.tokens, key, n)) return e.hit;
    return undefined;
  }
  /** Records `r` under the first `n` tokens of `key`. */
  set(key: readonly number[], n: number, r: OpenResolution): void {
    const h = hashTokens(key, n);
    const entry: OpenEntry = { tokens: key.slice(0, n), hit: r };
    let found = this.byHash.get(h);
    if (found === undefined) this.byHash.set(h, (found = []));
    const at = found.findIndex((e) => sameTokens(e.tokens, key, n));
    if (at >= 0) found[at] = entry;
    else {
      found.push(entry);
      this.size++;
    }
  }
}

/**
 * The distinct type variables of one call's argument types in order of first occurrence (`vars`),
 * with their bindings before the resolution (`init`); the first `count` entries are this call's.
 * One instance is reused for every resolution of a checker.
 */
export class OpenArgs {
  readonly vars: CelType[] = [];
  readonly init: (CelType | undefined)[] = [];
  count = 0;
}

/**
 * The open key of argument types with type variables, as tokens written to `out` from 0 (the
 * count is returned; 0 for ground arguments or a type that cannot be keyed). Each distinct
 * variable becomes a slot (recorded in `args`, its binding in `m` beside it); a bound variable's
 * key includes its binding's (the resolution may read and rebind it).
 */
export function openKey(argTypes: readonly CelType[], m: Mapping, args: OpenArgs, out: number[]): number {
  args.count = 0;
  out[0] = ARGS + argTypes.length;
  let n = 1;
  for (let i = 0; i < argTypes.length && n > 0; i++) n = keyOf(argTypes[i]!, m, args, out, n);
  return args.count > 0 ? n : 0;
}

/** Writes the tokens of `t` to `out` from `n`; returns the next position, 0 when `t` cannot be keyed. */
function keyOf(t: CelType, m: Mapping, args: OpenArgs, out: number[], n: number): number {
  const g = groundId(t);
  if (g >= 0) {
    out[n] = g;
    return n + 1;
  }
  switch (t.kind) {
    case "param": {
      const vars = args.vars, count = args.count;
      for (let i = 0; i < count; i++) {
        if ((vars[i] as { name: string }).name === t.name) {
          out[n] = SLOT + i;
          return n + 1;
        }
      }
      if (count >= MAX_SLOTS) return 0;
      const b = m.get(t.name);
      vars[count] = t;
      args.init[count] = b;
      args.count = count + 1;
      if (b === undefined) {
        out[n] = NEW_FREE;
        return n + 1;
      }
      out[n] = NEW_BOUND;
      return keyOf(b, m, args, out, n + 1);
    }
    case "list":
      out[n] = LIST;
      return keyOf(t.elem, m, args, out, n + 1);
    case "map": {
      out[n] = MAP;
      const k = keyOf(t.key, m, args, out, n + 1);
      return k === 0 ? 0 : keyOf(t.value, m, args, out, k);
    }
    case "optional":
      out[n] = OPT;
      return keyOf(t.param, m, args, out, n + 1);
    case "type":
      if (!t.param) return 0;
      out[n] = TYPE;
      return keyOf(t.param, m, args, out, n + 1);
    default: return 0; // an opaque type with variables, or a ground type past the interning limit
  }
}

/**
 * `t` with each slot variable (`names[i]`) replaced by placeholder `i`; undefined when `t` holds
 * another type variable (the resolution then depends on more than its arguments: not recorded).
 */
export function slotTemplate(t: CelType, names: readonly string[]): CelType | undefined {
  switch (t.kind) {
    case "param": {
      const i = names.indexOf(t.name);
      return i < 0 ? undefined : { kind: "param", name: slotNames[i]! };
    }
    case "list": {
      const elem = slotTemplate(t.elem, names);
      return elem && (elem === t.elem ? t : { kind: "list", elem });
    }
    case "map": {
      const key = slotTemplate(t.key, names), value = slotTemplate(t.value, names);
      return key && value && (key === t.key && value === t.value ? t : { kind: "map", key, value });
    }
    case "optional": {
      const param = slotTemplate(t.param, names);
      return param && (param === t.param ? t : { kind: "optional", param });
    }
    case "type": {
      if (!t.param) return t;
      const param = slotTemplate(t.param, names);
      return param && (param === t.param ? t : { kind: "type", param });
    }
    case "opaque": {
      if (!t.params || t.params.length === 0) return t;
      const params: CelType[] = [];
      for (const p of t.params) {
        const x = slotTemplate(p, names);
        if (x === undefined) return undefined;
        params.push(x);
      }
      return params.every((p, i) => p === t.params![i]) ? t : { kind: "opaque", name: t.name, params };
    }
    default: return t;
  }
}

/** The substitution of slot placeholders by the types of one replay (`types[i]` for slot `i`). */
export class SlotFill implements Substitutions {
  readonly types: CelType[] = [];
  get(name: string): CelType | undefined {
    const i = slotIndex(name);
    return i < 0 ? undefined : this.types[i];
  }
}

/** The slots of one resolution: its argument variables with their bindings before it, and its fresh variables. */
export interface OpenSlots {
  readonly args: OpenArgs;
  /** Number of the first fresh variable. */
  readonly base: number;
  /** Number of fresh variables. */
  readonly paramCount: number;
}

function slotNamesOf(slots: OpenSlots): string[] {
  const names: string[] = [];
  const { vars, count } = slots.args;
  for (let i = 0; i < count; i++) names.push((vars[i] as { name: string }).name);
  for (let i = 0; i < slots.paramCount; i++) names.push(typeVarName(slots.base + i));
  return names;
}

/**
 * Records a resolution just made (bindings in `m`, `result`) under the first `n` tokens of `key`:
 * the bindings it made or changed and the result, as templates over its slots. Nothing is recorded
 * when they mention another variable.
 */
export function recordOpen(m: Mapping, table: OpenResolutions, key: readonly number[], n: number, slots: OpenSlots, matched: readonly Signature[], result: CelType): void {
  const { init, count } = slots.args;
  if (count + slots.paramCount > MAX_SLOTS) return;
  const names = slotNamesOf(slots);
  const templates: (CelType | undefined)[] = [];
  for (let i = 0; i < names.length; i++) {
    const b = m.get(names[i]!);
    if (b === (i < count ? init[i] : undefined)) continue;
    if (b === undefined) return;
    const t = slotTemplate(b, names);
    if (t === undefined) return;
    templates[i] = t;
  }
  const r = slotTemplate(result, names);
  if (r === undefined) return;
  // The slots some type can reach: the result's, the argument variables' bindings', then those in
  // the bindings of fresh variables so reached (to a fixpoint). Other fresh bindings are dropped.
  const reached = new Set<number>();
  slotsIn(r, reached);
  const openResult = reached.size > 0;
  for (let i = 0; i < count; i++) if (templates[i] !== undefined) slotsIn(templates[i]!, reached);
  const keep = new Set<number>();
  for (let grew = true; grew; ) {
    grew = false;
    for (let i = count; i < names.length; i++) {
      if (templates[i] === undefined || keep.has(i) || !reached.has(i)) continue;
      keep.add(i);
      slotsIn(templates[i]!, reached);
      grew = true;
    }
  }
  const bindings: (number | CelType)[] = [];
  const inTemplate = new Set<number>();
  for (let i = 0; i < names.length; i++) {
    const t = templates[i];
    if (t === undefined || (i >= count && !keep.has(i))) continue;
    inTemplate.clear();
    slotsIn(t, inTemplate);
    bindings.push(i, t, inTemplate.size > 0 ? 1 : 0);
  }
  const fresh = [...reached].filter((i) => i >= count).sort((a, b) => a - b).map((i) => i - count);
  table.set(key, n, { matched, result: r, openResult, bindings, fresh });
}

/** Adds the slot indices of the placeholders in template `t` to `out`. */
function slotsIn(t: CelType, out: Set<number>): void {
  switch (t.kind) {
    case "param": {
      const i = slotIndex(t.name);
      if (i >= 0) out.add(i);
      return;
    }
    case "list": return slotsIn(t.elem, out);
    case "map":
      slotsIn(t.key, out);
      return slotsIn(t.value, out);
    case "optional": return slotsIn(t.param, out);
    case "type":
      if (t.param) slotsIn(t.param, out);
      return;
    case "opaque":
      for (const p of t.params ?? []) slotsIn(p, out);
      return;
    default:
  }
}

/** Makes the bindings of recorded resolution `hit` for the argument variables in `args` and fresh variables from `base` (`fill`: the slot types). */
export function replayBindings(m: Mapping, hit: OpenResolution, args: OpenArgs, fill: SlotFill, base: number): void {
  const b = hit.bindings;
  const { vars, count: n } = args;
  for (let k = 0; k < b.length; k += 3) {
    const slot = b[k] as number, t = b[k + 1] as CelType;
    m.bind(slot < n ? (vars[slot] as { name: string }).name : typeVarName(base + slot - n), b[k + 2] === 1 ? substitute(fill, t, false) : t);
  }
}
