// Type assignability and unification with type variables, following cel-go's checker/types.go
// rules: a substitution map from type-parameter names to types, the occurs check, "most general"
// joins, null assignability of the legacy checker, and final substitution (free params → dyn).
import type { CelType } from "../types.js";

/** Read access to substitutions of type parameters (by name). */
export interface Substitutions {
  get(name: string): CelType | undefined;
}

/**
 * Substitutions of type parameters (by name). A tentative unification records each binding it
 * makes on an undo trail and rolls them back when it fails (instead of copying the whole map).
 */
export class Mapping implements Substitutions {
  private readonly bindings = new Map<string, CelType>();
  /** Pairs of (name, previous binding) in the order they were made; entries from `top` on are stale. */
  private readonly trail: (string | CelType | undefined)[] = [];
  private top = 0;

  /** The binding of `name`, if any. */
  get(name: string): CelType | undefined {
    return this.bindings.get(name);
  }
  /** Binds `name` to `t` (undoable until the enclosing tentative unification ends). */
  set(name: string, t: CelType): void {
    const trail = this.trail;
    let top = this.top;
    // Overwrite stale slots in place (no array truncation, which is slow in V8).
    if (top < trail.length) trail[top] = name;
    else trail.push(name);
    top++;
    if (top < trail.length) trail[top] = this.bindings.get(name);
    else trail.push(this.bindings.get(name));
    this.top = top + 1;
    this.bindings.set(name, t);
  }
  /** Binds `name` to `t` for good: outside a tentative unification nothing undoes it, so no trail entry. */
  bind(name: string, t: CelType): void {
    if (this.top === 0) this.bindings.set(name, t);
    else this.set(name, t);
  }
  /** Starts a tentative unification (not nested: the checker runs one at a time). */
  mark(): number {
    return this.top;
  }
  /** Ends the tentative unification started at `mark`: keeps its bindings, or undoes them. */
  end(mark: number, keep: boolean): boolean {
    if (!keep) {
      const trail = this.trail;
      for (let i = this.top - 2; i >= mark; i -= 2) {
        const name = trail[i] as string;
        const prev = trail[i + 1] as CelType | undefined;
        if (prev === undefined) this.bindings.delete(name);
        else this.bindings.set(name, prev);
      }
    }
    this.top = mark;
    return keep;
  }
}

const DYN: CelType = { kind: "dyn" };

/** Number of type parameters of a parameterised type (list elem, map key/value, optional, type, opaque). */
function arity(t: CelType): number {
  switch (t.kind) {
    case "list": case "optional": return 1;
    case "map": return 2;
    case "type": return t.param ? 1 : 0;
    case "opaque": return t.params?.length ?? 0;
    default: return 0;
  }
}

/** Type parameter `i` of `t` (`i` below {@link arity}). */
function paramAt(t: CelType, i: number): CelType {
  switch (t.kind) {
    case "list": return t.elem;
    case "map": return i === 0 ? t.key : t.value;
    case "optional": return t.param;
    case "type": return t.param!;
    case "opaque": return t.params![i]!;
    default: throw new RangeError(`type '${t.kind}' has no type parameters`);
  }
}

/** Whether `f` holds for each pair of corresponding type parameters of `a` and `b` (same count required). */
function everyParamPair<X>(a: CelType, b: CelType, x: X, f: (x: X, p: CelType, q: CelType) => boolean): boolean {
  const n = arity(a);
  if (n !== arity(b)) return false;
  for (let i = 0; i < n; i++) if (!f(x, paramAt(a, i), paramAt(b, i))) return false;
  return true;
}

/** Name that must agree for two types of one kind to be the same (objects, opaques, params). */
function nameOf(t: CelType): string {
  return t.kind === "object" || t.kind === "opaque" || t.kind === "param" ? t.name : t.kind;
}

/** cel-go `IsExactType`: same kind, name and parameters (type-parameter names included). */
export function isExactType(a: CelType, b: CelType): boolean {
  if (a === b) return true;
  if (a.kind !== b.kind || nameOf(a) !== nameOf(b)) return false;
  return everyParamPair(a, b, undefined, exactPair);
}
const exactPair = (_: undefined, a: CelType, b: CelType): boolean => isExactType(a, b);

const isDyn = (t: CelType): boolean => t.kind === "dyn";
/** True for `dyn` and the error type (both accept anything). */
export const isDynOrError = (t: CelType): boolean => t.kind === "dyn" || t.kind === "error";
const isParameterised = (t: CelType): boolean =>
  t.kind === "opaque" || t.kind === "optional" || t.kind === "list" || t.kind === "map";

/** cel-go's default `Type.IsAssignableType` (no substitutions): `to` accepts `from`. */
function isAssignableType(to: CelType, from: CelType): boolean {
  if (to === from || to.kind === "dyn" || to.kind === "param") return true;
  if (to.kind !== from.kind || nameOf(to) !== nameOf(from)) return false;
  return everyParamPair(to, from, undefined, assignableTypePair);
}
const assignableTypePair = (_: undefined, to: CelType, from: CelType): boolean => isAssignableType(to, from);

/** Types the legacy checker lets `null` be assigned to (plus `null` and `dyn`). */
function isNullable(t: CelType): boolean {
  switch (t.kind) {
    case "opaque": case "optional": case "object": case "duration": case "timestamp": return true;
    default: return isAssignableType(t, { kind: "null" });
  }
}

/** Whether `t1` is equal to or less specific than `t2` (dyn and params are least specific). */
function isEqualOrLessSpecific(t1: CelType, t2: CelType): boolean {
  if (isDyn(t1) || t1.kind === "param") return true;
  if (isDyn(t2) || t2.kind === "param") return false;
  if (t1.kind !== t2.kind) return false;
  switch (t1.kind) {
    case "opaque": case "optional": case "list": case "map": {
      return nameOf(t1) === nameOf(t2) && everyParamPair(t1, t2, undefined, lessSpecificPair);
    }
    case "type": return true;
    default: return isExactType(t1, t2);
  }
}

const lessSpecificPair = (_: undefined, a: CelType, b: CelType): boolean => isEqualOrLessSpecific(a, b);

/** The more general of two types known to unify. */
export function mostGeneral(t1: CelType, t2: CelType): CelType {
  return isEqualOrLessSpecific(t1, t2) ? t1 : t2;
}

/** Occurs check: true when `t` does not appear (directly or through substitutions) in `within`. */
function notReferencedIn(m: Mapping, t: CelType, within: CelType): boolean {
  if (isExactType(t, within)) return false;
  if (within.kind === "param") {
    const sub = m.get(within.name);
    return sub === undefined ? true : notReferencedIn(m, t, sub);
  }
  if (isParameterised(within) || within.kind === "type") {
    for (let i = 0, n = arity(within); i < n; i++) if (!notReferencedIn(m, t, paramAt(within, i))) return false;
  }
  return true;
}

/** Outcomes of {@link validSubstitution}: valid; invalid with `t2` already substituted; invalid otherwise. */
const VALID = 0, INVALID_SUBSTITUTED = 1, INVALID = 2;
/** Whether param `t2` (or its substitution) can stand for `t1`; records the substitution. */
function validSubstitution(m: Mapping, t1: CelType, t2: CelType & { kind: "param" }): number {
  if (t1.kind === t2.kind && isExactType(t1, t2)) return VALID;
  const sub = m.get(t2.name);
  if (sub !== undefined) {
    if (t1.kind === sub.kind && isExactType(t1, sub)) return VALID;
    if (assignable(m, t1, sub)) {
      const general = mostGeneral(t1, sub);
      if (notReferencedIn(m, t2, general)) m.set(t2.name, general);
      return VALID;
    }
    return INVALID_SUBSTITUTED;
  }
  if (notReferencedIn(m, t2, t1)) {
    m.set(t2.name, t1);
    return VALID;
  }
  return INVALID;
}

/** cel-go `internalIsAssignable`: may extend `m` even when it returns false (callers copy first). */
function assignable(m: Mapping, t1: CelType, t2: CelType): boolean {
  if (t2.kind === "param") {
    const r = validSubstitution(m, t1, t2);
    if (r !== INVALID) return r === VALID;
  }
  if (t1.kind === "param") return validSubstitution(m, t2, t1) === VALID;
  if (isDynOrError(t1) || isDynOrError(t2)) return true;
  if (t1.kind === "null") return isNullable(t2);
  if (t2.kind === "null") return isNullable(t1);
  switch (t1.kind) {
    case "bool": case "bytes": case "double": case "int": case "string": case "uint":
    case "duration": case "timestamp": case "object":
      return isAssignableType(t2, t1);
    case "type":
      return t2.kind === "type";
    case "opaque": case "optional": case "list": case "map":
      return t1.kind === t2.kind && nameOf(t1) === nameOf(t2) && everyParamPair(t1, t2, m, assignable);
    default:
      return false;
  }
}

function assignableList(m: Mapping, l1: readonly CelType[], l2: readonly CelType[]): boolean {
  if (l1.length !== l2.length) return false;
  for (let i = 0; i < l1.length; i++) if (!assignable(m, l1[i]!, l2[i]!)) return false;
  return true;
}

/** Whether `t1` is assignable to `t2` under `m`; extends `m` when it is, else leaves it untouched. */
export function tryAssign(m: Mapping, t1: CelType, t2: CelType): boolean {
  const mark = m.mark();
  return m.end(mark, assignable(m, t1, t2));
}

/** Whether each `l1[i]` is assignable to `l2[i]` under `m`; extends `m` when so, else leaves it untouched. */
export function tryAssignList(m: Mapping, l1: readonly CelType[], l2: readonly CelType[]): boolean {
  const mark = m.mark();
  return m.end(mark, assignableList(m, l1, l2));
}

/** Replaces bound type parameters (transitively); unbound ones become `dyn` when `toDyn`. Returns `t` itself when nothing changes. */
export function substitute(m: Substitutions, t: CelType, toDyn: boolean): CelType {
  switch (t.kind) {
    case "param": {
      const sub = m.get(t.name);
      if (sub !== undefined) return substitute(m, sub, toDyn);
      return toDyn ? DYN : t;
    }
    case "list": {
      const elem = substitute(m, t.elem, toDyn);
      return elem === t.elem ? t : { kind: "list", elem };
    }
    case "map": {
      const key = substitute(m, t.key, toDyn), value = substitute(m, t.value, toDyn);
      return key === t.key && value === t.value ? t : { kind: "map", key, value };
    }
    case "optional": {
      const param = substitute(m, t.param, toDyn);
      return param === t.param ? t : { kind: "optional", param };
    }
    case "type": {
      if (!t.param) return t;
      const param = substitute(m, t.param, toDyn);
      return param === t.param ? t : { kind: "type", param };
    }
    case "opaque": {
      if (!t.params || t.params.length === 0) return t;
      let params: CelType[] | undefined;
      for (let i = 0; i < t.params.length; i++) {
        const p = substitute(m, t.params[i]!, toDyn);
        if (p !== t.params[i] && !params) params = t.params.slice(0, i);
        if (params) params.push(p);
      }
      return params ? { kind: "opaque", name: t.name, params } : t;
    }
    default: return t;
  }
}

/** Names of the type parameters occurring in `t` (added to `out`). */
export function collectParams(t: CelType, out: Set<string>): Set<string> {
  if (t.kind === "param") out.add(t.name);
  else for (let i = 0, n = arity(t); i < n; i++) collectParams(paramAt(t, i), out);
  return out;
}
