// cel-go's OptOptimize, which Kubernetes compiles every program with: constants, type names and
// list/map literals of constants are built once when planned and cost nothing; a conversion
// (`int`, `string`, `duration`, `type`, …) of a constant is evaluated when planned — a failing one
// fails the program ("program instantiation"); `x in <constant list of scalars>` is a set lookup
// that costs nothing beyond evaluating `x` (and `x in []` is false without evaluating `x`).
import type { EvalState, Ev } from "./planner.js";
import { K, kindOf, celEquals, isCelError, type CelValue, type CelError, type CelList } from "./values/index.js";

/** The constant each constant closure returns (closures are registered when made). */
const constants = new WeakMap<Ev, CelValue | CelError>();

/** A closure returning `v` at no cost, known to the planner as a constant. */
export function constantEv(v: CelValue | CelError): Ev {
  const ev: Ev = () => v;
  constants.set(ev, v);
  return ev;
}
/** Registers a shared closure that returns `v` at no cost as a constant (e.g. `true`, small ints). */
export function markConstant(ev: Ev, v: CelValue): Ev {
  constants.set(ev, v);
  return ev;
}
/** The value of a constant closure, else undefined. */
export function constantOf(ev: Ev): CelValue | CelError | undefined {
  return constants.get(ev);
}
/** Whether every closure is a constant. */
export function allConstant(evs: readonly Ev[]): boolean {
  for (const ev of evs) if (!constants.has(ev)) return false;
  return true;
}

/** Function names cel-go folds when their one argument is a constant (overloads.IsTypeConversionFunction). */
export const CONVERSIONS: ReadonlySet<string> = new Set(["bool", "bytes", "double", "duration", "dyn", "int", "string", "timestamp", "type", "uint"]);

/** Evaluates a closure of constants once, as the planner does when it folds (no activation, no cost limit). */
export function evaluateNow(ev: Ev): CelValue | CelError {
  const s: EvalState = { vars: {}, slots: [], cost: 0, limit: Infinity };
  return ev(s);
}

/** Scalars a constant list may hold for the set lookup (cel-go: primitive types except bytes). */
function setElement(v: CelValue): boolean {
  const k = kindOf(v);
  return k === K.bool || k === K.int || k === K.uint || k === K.double || k === K.string;
}

/**
 * `lhs in list` as a set lookup when `list` is a constant list of scalars (else undefined): the
 * operator itself costs nothing. Membership is CEL equality (numbers compare across int/uint/double).
 */
export function setMembershipEv(lhs: Ev, list: CelValue | CelError): Ev | undefined {
  if (isCelError(list) || kindOf(list) !== K.list) return undefined;
  const l = list as CelList;
  const n = l.size();
  if (n === 0) return constantEv(false);
  const items: CelValue[] = [];
  for (let i = 0; i < n; i++) {
    const v = l.get(i);
    if (!setElement(v)) return undefined;
    items.push(v);
  }
  return (s) => {
    const x = lhs(s);
    if (isCelError(x)) return x;
    for (let i = 0; i < items.length; i++) if (celEquals(x, items[i]!)) return true;
    return false;
  };
}
