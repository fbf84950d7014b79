// The closures of the operators the planner inlines (single field selections and presence tests,
// logic, conditional, indexing, equality, int/double/string arithmetic and comparisons, string
// predicates, negation, `or`/`orValue`):
// one factory per operator, so a planned node's closure captures only what it evaluates with.
// A fast path that does not apply leaves its operands in slots and runs `rest` (the generic call).
import { op } from "./operators.js";
import { failedCallCost } from "./plan-call-cost.js";
import { concatStrings } from "./lib/std-operators.js";
import type { Ev, EvalState } from "./planner.js";
import { getKey, hasKey, type JsonObject } from "../data/index.js";
import type { Expr } from "./ast.js";
import { optionalSelect, optionalInner, indexValue, optionalIndex, selectField, testField } from "./values/access.js";
import {
  K, kindOf, celError, isCelError, errText, celEquals, optionalNone, isDataObject, dataField, dataHas, jsonOfMap,
  type CelValue, type CelError, type CelList, type CelMap, type CelOptional,
} from "./values/index.js";

/** Labels an error result with a node id when it has none. */
export function label(v: CelValue | CelError, id: number): CelValue | CelError {
  if (isCelError(v) && v.exprId === 0) v.exprId = id;
  return v;
}

function sizeOf(v: CelValue): number {
  if (typeof v === "string") return v.length;
  const k = kindOf(v);
  if (k === K.bytes) return (v as Uint8Array).length;
  if (k === K.list) return (v as CelList).size();
  if (k === K.map) return (v as CelMap).size();
  if (k === K.optional && (v as CelOptional).value !== undefined) return sizeOf((v as CelOptional).value as CelValue);
  return 1;
}

const I64_MIN = -(2n ** 63n), I64_MAX = 2n ** 63n - 1n;
// int ⊕ int without dispatch; undefined sends the call to the generic path (overflow, division by zero).
const FAST_INT: Readonly<Record<string, (a: bigint, b: bigint) => CelValue | undefined>> = {
  [op.add]: (a, b) => { const v = a + b; return v < I64_MIN || v > I64_MAX ? undefined : v; },
  [op.subtract]: (a, b) => { const v = a - b; return v < I64_MIN || v > I64_MAX ? undefined : v; },
  [op.multiply]: (a, b) => { const v = a * b; return v < I64_MIN || v > I64_MAX ? undefined : v; },
  [op.divide]: (a, b) => (b === 0n || b === -1n ? undefined : a / b),
  [op.modulo]: (a, b) => (b === 0n || b === -1n ? undefined : a % b),
  [op.less]: (a, b) => a < b,
  [op.lessEquals]: (a, b) => a <= b,
  [op.greater]: (a, b) => a > b,
  [op.greaterEquals]: (a, b) => a >= b,
};
// double ⊕ double (no modulo: the generic path reports it); the comparisons also compare strings.
const FAST_DOUBLE: Readonly<Record<string, ((a: number, b: number) => CelValue) | undefined>> = {
  [op.add]: (a, b) => a + b,
  [op.subtract]: (a, b) => a - b,
  [op.multiply]: (a, b) => a * b,
  [op.divide]: (a, b) => a / b,
  [op.less]: (a, b) => a < b,
  [op.lessEquals]: (a, b) => a <= b,
  [op.greater]: (a, b) => a > b,
  [op.greaterEquals]: (a, b) => a >= b,
};

/** Whether `v` is an optional holding a value (a qualifier that yields none or fails costs nothing, as cel-go observes it). */
function present(v: CelValue | CelError): boolean {
  return kindOf(v) === K.optional && (v as CelOptional).value !== undefined;
}

/**
 * `has(operand.field)`. cel-go turns the operand's attribute into the test, which costs nothing
 * (Kubernetes' PresenceTestHasCost(false)), and charges the presence qualifier when it is reached:
 * `refund` (1 when the operand is an attribute, whose own cost of 1 the operand has paid, else 0).
 */
export function testFieldEv(operand: Ev, field: string, id: number, refund: number, strict: boolean): Ev {
  return (s) => testFieldOf(s, operand(s), field, id, refund, strict);
}

/** What {@link testFieldEv} does with its operand's value `v`. */
export function testFieldOf(s: EvalState, v: CelValue | CelError, field: string, id: number, refund: number, strict: boolean): CelValue | CelError {
  s.cost -= refund;
  if (isCelError(v)) return v;
  s.cost++;
  // A map over JSON: the key's presence, without converting its value.
  const raw = kindOf(v) === K.map ? jsonOfMap(v as CelMap) : undefined;
  if (raw !== undefined) return getKey(raw, field) !== undefined;
  return label(testField(v, field, strict), id);
}

/**
 * `operand.field` (a single select; chains are fused by the planner); `relative` (1 or 0) is cel-go's
 * cost of the attribute made of an operand that is no attribute itself (a literal, a call).
 */
export function selectFieldEv(operand: Ev, field: string, id: number, relative: number, strict: boolean): Ev {
  return (s) => {
    const v = operand(s);
    s.cost += relative;
    if (isCelError(v)) return v;
    const k = kindOf(v);
    if (k === K.map) {
      s.cost++;
      const r = (v as CelMap).get(field);
      return r === undefined ? celError(`no such key: ${field}`, id, "no_such_key") : r;
    }
    const r = selectField(v, field, strict);
    // After an optional qualifier the chain is optional: a field costs only when present.
    if (k !== K.optional || present(r)) s.cost++;
    return label(r, id);
  };
}

/**
 * `o.field` / `has(o.field)` on an operand statically of a data-only object type: the object read as
 * data (values/object-data.ts). `adjust` is what {@link selectFieldEv} (`relative`) or
 * {@link testFieldEv} (minus `refund`) charges for the attribute.
 */
export function dataSelectEv(operand: Ev, field: string, id: number, testOnly: boolean, adjust: number, strict: boolean): Ev {
  return (s) => {
    const v = operand(s);
    s.cost += adjust;
    if (isCelError(v)) return v;
    s.cost++;
    if (!isDataObject(v)) return label(testOnly ? testField(v, field, strict) : selectField(v, field, strict), id);
    return testOnly ? dataHas(v, field) : label(dataField(v, field), id);
  };
}

/**
 * The operand of a plain qualifier (`.f`, `has(.f)`, `[i]`) that may be an error held as a field's
 * value (code `held_value`, values/object-data.ts): cel-go still applies that qualifier, charging 1,
 * and it fails with the error, which the qualifier after it no longer charges for.
 */
export function heldOperandEv(operand: Ev): Ev {
  return (s) => {
    const v = operand(s);
    if (!isCelError(v) || v.code !== "held_value") return v;
    s.cost++;
    return celError(v.message, v.exprId);
  };
}

/**
 * The operand of a field select met mid-attribute with no optional qualifier or possibly optional
 * base before it: an optional there is a plain value (a list or map element), which cel-go does not
 * unwrap; it has no fields, so it qualifies as null does (`no such key`, absent, none).
 */
export function elementOperandEv(operand: Ev): Ev {
  return (s) => {
    const v = operand(s);
    return kindOf(v) === K.optional ? null : v;
  };
}

/** `&&` / `||` with CEL's error absorption. */
export function logicEv(isAnd: boolean, l: Ev, r: Ev, id: number): Ev {
  const stop = !isAnd;
  return (s) => {
    const lv = l(s);
    if (lv === stop) return stop;
    const rv = r(s);
    if (rv === stop) return stop;
    if (lv === !stop && rv === !stop) return !stop;
    if (typeof lv !== "boolean") return isCelError(lv) ? lv : celError(errText.noSuchOverload, id);
    return isCelError(rv) ? rv : celError(errText.noSuchOverload, id);
  };
}

/**
 * `c ? t : f`. cel-go makes the conditional an attribute over its branches, and a branch that is an
 * attribute itself is resolved without its own observation: `tRefund`/`fRefund` (1 or 0) take back
 * the 1 such a branch charged for its identifier or relative base (its qualifiers still cost).
 */
export function conditionalEv(c: Ev, t: Ev, f: Ev, id: number, tRefund: number, fRefund: number): Ev {
  return (s) => {
    const cv = c(s);
    if (cv === true) {
      const v = t(s);
      s.cost -= tRefund;
      return v;
    }
    if (cv === false) {
      const v = f(s);
      s.cost -= fRefund;
      return v;
    }
    return isCelError(cv) ? cv : celError(errText.noSuchOverload, id);
  };
}

/** `@not_strictly_false(a)`: false only for false (errors count as true). */
export function notStrictlyFalseEv(a: Ev): Ev {
  return (s) => {
    const v = a(s);
    s.cost++;
    return v !== false;
  };
}

/** `o.?field`: costs 1 only when the field is present; `relative` as for {@link selectFieldEv}. */
export function optSelectEv(o: Ev, field: string, id: number, relative: number, strict: boolean): Ev {
  return (s) => {
    const v = o(s);
    s.cost += relative;
    if (isCelError(v)) return v;
    let r: CelValue | CelError;
    if (kindOf(v) === K.optional) {
      const inner = optionalInner(v as CelOptional);
      r = inner === undefined ? optionalNone : isCelError(inner) ? inner : optionalSelect(inner, field, strict);
    } else r = optionalSelect(v, field, strict);
    if (present(r)) s.cost++;
    return label(r, id);
  };
}

/**
 * `a[i]` / `a[?i]`: `qualCost` is the index qualifier's cost (0 when `i` is an attribute itself, as
 * cel-go folds it into the attribute); an optional index (or one after an optional) costs only when
 * present; `relative` as for {@link selectFieldEv}; `strict`: the env's `errorOnBadPresenceTest`.
 */
export function indexEv(a: Ev, i: Ev, optional: boolean, qualCost: number, id: number, relative: number, strict: boolean): Ev {
  return (s) => {
    const av = a(s);
    s.cost += relative;
    if (isCelError(av)) return av;
    const iv = i(s);
    if (isCelError(iv)) {
      // An optional index by an attribute that failed: cel-go does not observe the enclosing attribute (1).
      if (optional) {
        if (qualCost === 0) s.cost--;
      } else if (iv.code !== "cost_limit") s.cost += qualCost; // A failed index is still a qualifier cel-go observes.
      return iv;
    }
    const r = optional ? optionalIndex(av, iv, strict) : indexValue(av, iv, strict);
    if ((!optional && kindOf(av) !== K.optional) || present(r)) s.cost += qualCost;
    // Nor when an optional index by an attribute finds nothing.
    else if (optional && qualCost === 0) s.cost--;
    return label(r, id);
  };
}

/** `==` / `!=` of the standard library. */
export function equalsEv(isEq: boolean, l: Ev, r: Ev): Ev {
  return (s) => {
    const a = l(s);
    const b = r(s);
    if (isCelError(a) || isCelError(b)) {
      s.cost += failedCallCost(op.equals, [a, b]);
      return isCelError(a) ? a : b;
    }
    const ta = typeof a;
    if (ta !== "object" && ta === typeof b) {
      if (ta === "string") {
        const la = (a as string).length, lb = (b as string).length;
        s.cost += Math.ceil((la < lb ? la : lb) * 0.1);
      } else s.cost++;
      return isEq === (a === b);
    }
    s.cost += Math.ceil(Math.min(sizeOf(a), sizeOf(b)) * 0.1);
    return isEq === celEquals(a, b);
  };
}

/**
 * `x in m` of the standard library: a string in a map answered by the map (the row `[A, M]`, which
 * costs 1); other operands go to the call's generic path through `slot`/`slot2`.
 */
export function inMapEv(e: Extract<Expr, { kind: "call" }>, l: Ev, r: Ev, slot: number, slot2: number, planner: SlotCallPlanner): Ev {
  const tail = inMapOf(e, slot, slot2, planner);
  return (s) => {
    const a = l(s);
    return tail(s, a, r(s));
  };
}

/** What {@link inMapEv} does with its operands' values `a` and `b`. */
export function inMapOf(
  e: Extract<Expr, { kind: "call" }>, slot: number, slot2: number, planner: SlotCallPlanner,
): (s: EvalState, a: CelValue | CelError, b: CelValue | CelError) => CelValue | CelError {
  const id = e.id;
  let rest: Ev | undefined;
  return (s, a, b) => {
    if (typeof a === "string" && kindOf(b) === K.map) {
      s.cost++;
      if (s.cost > s.limit) return celError(errText.costLimit, id, "cost_limit");
      return (b as CelMap).has(a);
    }
    s.slots[slot] = a;
    s.slots[slot2] = b;
    return (rest ??= planner.slotCall(e, slot, slot2))(s);
  };
}

/** `a in m` where `m` is the JSON object `x` (a map view of it is what {@link inMapOf} tests): the answer, else undefined (`a` is no string). */
export function inJsonObject(s: EvalState, a: CelValue | CelError, x: JsonObject, id: number): CelValue | CelError | undefined {
  if (typeof a !== "string") return undefined;
  s.cost++;
  if (s.cost > s.limit) return celError(errText.costLimit, id, "cost_limit");
  return hasKey(x, a);
}

/** Plans a call's generic path on two operands already evaluated into slots (on first use: the fast paths mostly succeed). */
export interface SlotCallPlanner {
  slotCall(e: Extract<Expr, { kind: "call" }>, slot: number, slot2: number): Ev;
}

/** What {@link arithmeticEv} needs of an operator, looked up once per operator name. */
interface ArithmeticOp {
  readonly fast: (a: bigint, b: bigint) => CelValue | undefined;
  readonly fastDouble: ((a: number, b: number) => CelValue) | undefined;
  readonly isAdd: boolean;
  readonly stringOp: boolean;
}
const arithmeticOps = new Map<string, ArithmeticOp>(
  Object.keys(FAST_INT).map((fn) => {
    const isAdd = fn === op.add;
    const stringOp = isAdd || fn === op.less || fn === op.lessEquals || fn === op.greater || fn === op.greaterEquals;
    return [fn, { fast: FAST_INT[fn]!, fastDouble: FAST_DOUBLE[fn], isAdd, stringOp }];
  }),
);

/**
 * Standard arithmetic operator or comparison of call `e` on ints, doubles and (`+` and
 * comparisons) strings; other operands go to its generic path through `slot`/`slot2`. `sized`: the
 * call resolved to one overload, so strings cost by their size.
 */
export function arithmeticEv(e: Extract<Expr, { kind: "call" }>, l: Ev, r: Ev, slot: number, slot2: number, planner: SlotCallPlanner, sized: boolean): Ev {
  // The closure keeps the operator's facts as one object (a smaller context per operator node).
  const o = arithmeticOps.get(e.fn)!;
  let rest: Ev | undefined;
  return (s) => {
    const a = l(s);
    const b = r(s);
    if (typeof a === "bigint" && typeof b === "bigint") {
      const v = o.fast(a, b);
      if (v !== undefined) {
        s.cost++;
        return v;
      }
    } else if (typeof a === "number" && typeof b === "number" && o.fastDouble !== undefined) {
      s.cost++;
      return o.fastDouble(a, b);
    } else if (typeof a === "string" && typeof b === "string" && o.stringOp) {
      if (o.isAdd) {
        s.cost += sized ? Math.ceil((a.length + b.length) * 0.1) : 1;
        if (s.cost > s.limit) return celError(errText.costLimit, e.id, "cost_limit");
        return label(concatStrings(a, b), e.id);
      }
      s.cost += sized ? Math.ceil(Math.min(a.length, b.length) * 0.1) : 1;
      return o.fastDouble!(a as never, b as never);
    }
    s.slots[slot] = a;
    s.slots[slot2] = b;
    return (rest ??= planner.slotCall(e, slot, slot2))(s);
  };
}

/** Standard `startsWith` / `endsWith` / `contains` of call `e` on strings; other operands go to its generic path. */
export function stringPredicateEv(e: Extract<Expr, { kind: "call" }>, t: Ev, a: Ev, slot: number, slot2: number, planner: SlotCallPlanner): Ev {
  const which = e.fn;
  const contains = which === "contains", starts = which === "startsWith";
  let rest: Ev | undefined;
  return (s) => {
    const x = t(s);
    const y = a(s);
    if (typeof x === "string" && typeof y === "string") {
      if (contains) {
        s.cost += Math.ceil(x.length * 0.1) * Math.ceil(y.length * 0.1);
        return x.includes(y);
      }
      s.cost += Math.ceil(x.length * 0.1);
      return starts ? x.startsWith(y) : x.endsWith(y);
    }
    s.slots[slot] = x;
    s.slots[slot2] = y;
    return (rest ??= planner.slotCall(e, slot, slot2))(s);
  };
}

/** Standard `!_`. */
export function notEv(a: Ev, id: number): Ev {
  return (s) => {
    const v = a(s);
    s.cost++;
    if (typeof v === "boolean") return !v;
    return isCelError(v) ? v : celError(errText.noSuchOverload, id);
  };
}

/**
 * `opt.or(x)` / `opt.orValue(x)` as cel-go's optional library plans them: no call cost, `x` evaluated
 * only when `opt` holds no value; a receiver that is no optional (through `dyn`) is the result as it is.
 */
export function optionalOrEv(isOr: boolean, target: Ev, alternative: Ev): Ev {
  return (s) => {
    const t = target(s);
    if (kindOf(t) !== K.optional) return t;
    const inner = (t as CelOptional).value;
    if (inner !== undefined) return isOr ? t : inner;
    return alternative(s);
  };
}
