// What cel-go does for a call whose function did not run: an argument was an error, or no overload
// matched the argument values. Its cost tracker observes every call after evaluation and sizes an
// error as 1, so most such calls cost 1; the exceptions are the formulas that read a well-formed
// argument (list membership, regex matching, `contains`, `format`). And the no-overload error text.
import { op } from "./operators.js";
import type { CelType, Overload } from "./types.js";
import { K, kindOf, typeNameOf, celError, celList, celMapOfStrings, errText, isCelError, type CelValue, type CelError } from "./values/index.js";
import { actualSize } from "./lib/sig.js";
import { traversalCost } from "./lib/k8s-lists.js";

/** cel-go's actualSize (errors count 1; see lib/sig.ts `actualSize`). */
function sizeOf(v: CelValue | CelError): number {
  return isCelError(v) ? 1 : actualSize(v);
}

/** The cost of call `fn` (receiver first in `args`) that returned an error before or instead of running. */
export function failedCallCost(fn: string, args: readonly (CelValue | CelError)[]): number {
  switch (fn) {
    case op.in: return args[1] !== undefined && kindOf(args[1] as CelValue) === K.list ? sizeOf(args[1]) : 1;
    case "matches": case "find": case "findAll":
      return Math.ceil((1 + sizeOf(args[0]!)) * 0.1) * Math.ceil(sizeOf(args[1]!) * 0.25);
    case "contains": return Math.ceil(sizeOf(args[0]!) * 0.1) * Math.ceil(sizeOf(args[1]!) * 0.1);
    case "format": case "substring": case "lowerAscii": case "upperAscii": case "trim": case "url": case "jsonpatch.escapeKey":
      // Kubernetes' estimator, by function name: a traversal of the receiver, whatever the other arguments.
      return Math.ceil(sizeOf(args[0]!) * 0.1);
    case "replace": case "split": return Math.ceil(sizeOf(args[0]!) * 2 * 0.1);
    case "isSorted": case "sum": case "max": case "min": case "indexOf": case "lastIndexOf":
      // Kubernetes' estimator, by function name: one traversal of the receiver (an error counts 1).
      return isCelError(args[0]!) ? 1 : traversalCost(args[0] as CelValue);
    case op.equals: case op.notEquals:
      // Kubernetes charges 1 when the first operand is a library value; else cel-go's smaller-operand traversal.
      if (!isCelError(args[0]!) && kindOf(args[0] as CelValue) === K.opaque) return 1;
      return Math.ceil(Math.min(sizeOf(args[0]!), sizeOf(args[1]!)) * 0.1);
    case "containsIP": case "containsCIDR": {
      // Kubernetes' estimator: twice the prefix bytes (and for containsCIDR once more, plus 1), plus a string argument's parse.
      const c = sizeOf(args[0]!), other = args[1]!;
      const base = Math.ceil(2 * c * 0.1) + (fn === "containsCIDR" ? Math.ceil(c * 0.1) + 1 : 0);
      return base + (typeof other === "string" ? Math.ceil(sizeOf(other) * 0.1) : 0);
    }
    case "sets.contains": case "sets.intersects": return 1 + sizeOf(args[0]!) * sizeOf(args[1]!);
    case "sets.equivalent": return 1 + 2 * sizeOf(args[0]!) * sizeOf(args[1]!);
    default: return 1;
  }
}

/** Kinds of first operand that have the trait a standard operator needs (else: `no such overload: <op>`). */
const TRAIT_KINDS: Readonly<Record<string, readonly number[]>> = {
  [op.less]: [K.bool, K.int, K.uint, K.double, K.string, K.bytes, K.timestamp, K.duration],
  [op.lessEquals]: [K.bool, K.int, K.uint, K.double, K.string, K.bytes, K.timestamp, K.duration],
  [op.greater]: [K.bool, K.int, K.uint, K.double, K.string, K.bytes, K.timestamp, K.duration],
  [op.greaterEquals]: [K.bool, K.int, K.uint, K.double, K.string, K.bytes, K.timestamp, K.duration],
  [op.add]: [K.int, K.uint, K.double, K.string, K.bytes, K.list, K.timestamp, K.duration],
  [op.subtract]: [K.int, K.uint, K.double, K.timestamp, K.duration],
  [op.multiply]: [K.int, K.uint, K.double],
  [op.divide]: [K.int, K.uint, K.double],
  [op.modulo]: [K.int, K.uint],
  size: [K.string, K.bytes, K.list, K.map],
};
/** Standard functions dispatched through value traits: their mismatches read `no such overload`. */
const PLAIN: ReadonlySet<string> = new Set([op.negate, op.logicalNot, op.in, op.equals, op.notEquals, "contains", "startsWith", "endsWith", "matches"]);

/**
 * cel-go's error for call `fn` when no overload takes its argument values: `no such overload` for the
 * standard operators (`no such overload: <op>` when the first operand lacks the operator's trait),
 * `no such overload: <fn>(<argument types>)` for every other function.
 */
export function noOverloadError(fn: string, args: readonly CelValue[], id: number): CelError {
  const kinds = TRAIT_KINDS[fn];
  if (kinds) return celError(kinds.includes(kindOf(args[0]!)) && fn !== "size" ? errText.noSuchOverload : `no such overload: ${fn}`, id);
  if (PLAIN.has(fn)) return celError(errText.noSuchOverload, id);
  return celError(`no such overload: ${fn}(${args.map(typeNameOf).join(", ")})`, id);
}

/** A value of declared type `t` that sizes 1, as cel-go sizes an error; undefined when none stands in. */
function unitOf(t: CelType): CelValue | undefined {
  switch (t.kind) {
    case "list": return celList([null]);
    case "map": return celMapOfStrings(new Map([["", null]]));
    case "string": return "x";
    case "bytes": return new Uint8Array(1);
    default: return undefined;
  }
}

/**
 * The cost of a call that failed although the checker resolved it to `row` alone: cel-go still runs
 * that overload's cost tracker, on the arguments with errors sized 1 (or on the error result).
 * Undefined when the row's cost is not tracked that way (then see {@link failedCallCost}).
 */
export function rowCostOnFailure(row: Overload, args: readonly (CelValue | CelError)[], err: CelError): number | undefined {
  if (row.resultCost) return 1 + row.resultCost(err);
  if (!row.costByOverload || !row.cost) return undefined;
  const vals: CelValue[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!isCelError(a)) { vals.push(a); continue; }
    const unit = row.args[i] ? unitOf(row.args[i]!) : undefined;
    if (unit === undefined) return undefined;
    vals.push(unit);
  }
  return 1 + row.cost(...vals);
}
