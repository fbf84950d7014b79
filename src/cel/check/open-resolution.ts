// Reuse of overload resolutions whose argument types hold unbound type variables (`@result + [x]`,
// `_?_:_` on lists): argument types are keyed with their variables renamed by first occurrence, and
// a resolution is recorded as templates over "slots" (the argument variables, then the fresh ones).
import type { CelType } from "../types.js";
import type { Mapping, Substitutions } from "./unify.js";
import type { Signature } from "./builtins.js";
import { groundId } from "./ground-type.js";

/** A resolution replayable on argument types of the same open key. */
export interface OpenResolution {
  readonly matched: readonly Signature[];
  /** The result type over slot placeholders. */
  readonly result: CelType;
  /** Pairs of (slot index, binding over slot placeholders) the resolution made or changed in the mapping. */
  readonly bindings: readonly (number | CelType)[];
}

/** Most slots (argument plus fresh type variables) a recorded resolution may have. */
export const MAX_SLOTS = 64;
/** Placeholder names of slots (not CEL identifiers, so no declared type parameter shares them). */
const slotNames: readonly string[] = Array.from({ length: MAX_SLOTS }, (_, i) => `#${i}`);
const slotIndex: ReadonlyMap<string, number> = new Map(slotNames.map((n, i) => [n, i]));

/**
 * The key of argument types with type variables: each distinct variable becomes a slot (pushed to
 * `vars`, in order of first occurrence, its binding in `m` to `init`), and a bound variable's key
 * includes its binding's (the resolution may read and rebind it). Undefined for ground arguments
 * or a type that cannot be named.
 */
export function openKey(argTypes: readonly CelType[], m: Mapping, vars: CelType[], init: (CelType | undefined)[]): string | undefined {
  let key = "";
  for (let i = 0; i < argTypes.length; i++) {
    const k = keyOf(argTypes[i]!, m, vars, init);
    if (k === undefined) return undefined;
    key += k + ";";
  }
  return vars.length > 0 ? key : undefined;
}

function keyOf(t: CelType, m: Mapping, vars: CelType[], init: (CelType | undefined)[]): string | undefined {
  const g = groundId(t);
  if (g >= 0) return String(g);
  switch (t.kind) {
    case "param": {
      for (let i = 0; i < vars.length; i++) if ((vars[i] as { name: string }).name === t.name) return slotNames[i];
      if (vars.length >= MAX_SLOTS) return undefined;
      const b = m.get(t.name);
      vars.push(t);
      init.push(b);
      const slot = slotNames[vars.length - 1]!;
      if (b === undefined) return slot;
      const bk = keyOf(b, m, vars, init);
      return bk === undefined ? undefined : `${slot}=${bk}`;
    }
    case "list": {
      const e = keyOf(t.elem, m, vars, init);
      return e === undefined ? undefined : `l(${e})`;
    }
    case "map": {
      const k = keyOf(t.key, m, vars, init);
      if (k === undefined) return undefined;
      const v = keyOf(t.value, m, vars, init);
      return v === undefined ? undefined : `m(${k},${v})`;
    }
    case "optional": {
      const p = keyOf(t.param, m, vars, init);
      return p === undefined ? undefined : `o(${p})`;
    }
    case "type": {
      const p = t.param && keyOf(t.param, m, vars, init);
      return p === undefined ? undefined : `t(${p})`;
    }
    case "opaque": {
      let out = `q:${t.name}(`;
      for (const p of t.params ?? []) {
        const k = keyOf(p, m, vars, init);
        if (k === undefined) return undefined;
        out += k + ",";
      }
      return out + ")";
    }
    default: return undefined; // a ground type past the interning limit
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
    const i = slotIndex.get(name);
    return i === undefined ? undefined : this.types[i];
  }
}
