// Small helpers of the checker's overload resolution: the early kind-based rejection, fresh type
// variable names, the reusable instantiation substitution, and the cache key of ground argument types.
import type { CelType } from "../types.js";
import type { Substitutions } from "./unify.js";
import { groundId } from "./ground-type.js";

/** Kinds that may be assigned to or from a type of another kind (see unify.ts `assignable`). */
const looseKind = (k: CelType["kind"]): boolean => k === "dyn" || k === "param" || k === "error" || k === "null";
/**
 * A cheap early "no": some argument meets a parameter of a different kind, neither of them `dyn`,
 * a type parameter, the error type or `null` (every other kind assigns only to its own kind).
 */
export function cannotMatch(argTypes: readonly CelType[], params: readonly CelType[]): boolean {
  for (let i = 0; i < argTypes.length; i++) {
    const a = argTypes[i]!.kind, p = params[i]!.kind;
    if (a !== p && !looseKind(a) && !looseKind(p)) return true;
  }
  return false;
}

const typeVarNames: string[] = [];
/** The name of fresh type variable `n` (`_var<n>`), shared for small `n`. */
export function typeVarName(n: number): string {
  if (n >= 1024) return `_var${n}`;
  return (typeVarNames[n] ??= `_var${n}`);
}

/** Fresh type variable number `n`. */
export function typeVar(n: number): CelType {
  return { kind: "param", name: typeVarName(n) };
}

/** Substitution of a signature's type parameters (`names[i]` → `types[i]`; `types` may run longer) by fresh variables. */
export class Instance implements Substitutions {
  names: readonly string[] = [];
  readonly types: CelType[] = [];
  get(name: string): CelType | undefined {
    const names = this.names;
    for (let i = 0; i < names.length; i++) if (names[i] === name) return this.types[i];
    return undefined;
  }
}

/**
 * The key of ground argument types in an overload group's resolution cache: a small integer for
 * up to two arguments (0 for none), else a string; undefined when some type has parameters.
 */
export function resolutionKey(argTypes: readonly CelType[]): number | string | undefined {
  switch (argTypes.length) {
    case 0: return 0;
    case 1: {
      const a = groundId(argTypes[0]!);
      return a < 0 ? undefined : a;
    }
    case 2: {
      const a = groundId(argTypes[0]!);
      if (a < 0) return undefined;
      const b = groundId(argTypes[1]!);
      return b < 0 ? undefined : (a + 1) * 4096 + b;
    }
    default: {
      let key = "";
      for (const t of argTypes) {
        const id = groundId(t);
        if (id < 0) return undefined;
        key += `${id},`;
      }
      return key;
    }
  }
}
