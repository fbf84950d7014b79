// The static cost of one call resolved to one overload, as cel-go prices it (checker/cost.go
// `functionCost`, and the ext sets/lists estimators): linear string and list functions, regex
// matching as string × pattern, short-circuit logic, conditionals, concatenation sizes; 1 otherwise.
import type { Expr } from "../ast.js";
import { op } from "../operators.js";
import type { Signature } from "./builtins.js";
import { add, byFactor, costs, fixed, multiply, union, MAX_U64, type CostRange } from "./cost-range.js";
import type { CallEstimate, EstimateNode } from "./cost-estimate.js";

/** Sizes of a container's keys (indices) and values, when known. */
export interface EntrySize {
  container: "list" | "map";
  key: CostRange;
  val: CostRange;
}

/** What a call's pricing may read and record about other nodes. */
export interface CallContext {
  size(n: EstimateNode): CostRange;
  entryOf(e: Expr): EntrySize | undefined;
  /** Records the entry size of the call's result (conditionals, concatenations). */
  setEntry(entry: EntrySize | undefined): void;
}

const comparisons = new Set<string>([op.less, op.lessEquals, op.greater, op.greaterEquals]);
const isKind = (t: { kind: string } | undefined, ...kinds: string[]): boolean => t !== undefined && kinds.includes(t.kind);

function unionEntry(a: EntrySize | undefined, b: EntrySize | undefined): EntrySize | undefined {
  return a && b ? { container: a.container, key: union(a.key, b.key), val: union(a.val, b.val) } : undefined;
}

/** ext sets: |a| × |b| × factor + 1. */
function setsCost(ctx: CallContext, args: readonly EstimateNode[], factor: number): CostRange | undefined {
  if (args.length !== 2) return undefined;
  return add(byFactor(multiply(ctx.size(args[0]!), ctx.size(args[1]!)), factor), fixed(1));
}

/** ext lists: a call allocating a list of `size` elements at `factor` per element. */
function allocatingList(factor: number, size: CostRange): CallEstimate {
  return { cost: add(add(byFactor(size, factor), fixed(1)), fixed(costs.listCreate)), resultSize: size };
}

/** An int literal argument's value as uint64 (cel-go `nodeAsIntValue`), else `fallback`. */
function intLiteral(n: EstimateNode | undefined, fallback: bigint): bigint {
  const e = n?.expr;
  if (e?.kind === "const" && e.value.kind === "int") return e.value.value < 0n ? 0n : e.value.value;
  return fallback;
}

/** Overload-keyed estimators of the ext libraries (they take precedence over every other rule). */
function extEstimate(sig: Signature, target: EstimateNode | undefined, args: readonly EstimateNode[], ctx: CallContext): CallEstimate | undefined {
  switch (sig.name) {
    case "sets.contains": case "sets.intersects": { const c = setsCost(ctx, args, 1); return c && { cost: c }; }
    case "sets.equivalent": { const c = setsCost(ctx, args, 2); return c && { cost: c }; }
    default: break;
  }
  if (!sig.member || target === undefined || !isKind(sig.args[0], "list")) {
    if (sig.name === "lists.range" && !sig.member && args.length === 1) return allocatingList(1, fixed(intLiteral(args[0], MAX_U64)));
    return undefined;
  }
  const rest = args;
  switch (sig.name) {
    case "slice": {
      if (rest.length !== 2) return undefined;
      const sz = ctx.size(target);
      const start = intLiteral(rest[0], 0n), end = intLiteral(rest[1], sz.max);
      return allocatingList(1, fixed(BigInt.asUintN(64, end - start)));
    }
    case "flatten": {
      if (rest.length > 1) return undefined;
      const depth = rest.length === 1 ? intLiteral(rest[0], MAX_U64) : 1n;
      return allocatingList(Number(depth), ctx.size(target));
    }
    case "reverse": return rest.length === 0 ? allocatingList(1, ctx.size(target)) : undefined;
    case "distinct": {
      if (rest.length !== 0) return undefined;
      const sz = ctx.size(target);
      return allocatingList(2, multiply(sz, sz));
    }
    case "sort": case "@sortByAssociatedKeys": {
      const keys = sig.name === "sort" ? (rest.length === 0 ? target : undefined) : (rest.length === 1 ? rest[0] : undefined);
      if (keys === undefined) return undefined;
      const sz = ctx.size(keys);
      // The element type of the overload (cel-go registers one estimator per comparable type).
      const keyList = sig.name === "sort" ? sig.args[0] : sig.args[1];
      const elem = keyList?.kind === "list" ? keyList.elem : undefined;
      return allocatingList(2 + (isKind(elem, "string", "bytes") ? costs.stringTraversal : 0), multiply(sz, sz));
    }
    default: return undefined;
  }
}

/**
 * cel-go's price of a call resolved to `sig` (after the library hook declined): the ext
 * estimators, then the standard library's O(n) and O(nm) rules, then 1; each plus `argSum`.
 */
export function builtinCallCost(
  sig: Signature, target: EstimateNode | undefined, args: readonly EstimateNode[], argCosts: readonly CostRange[], argSum: CostRange, ctx: CallContext,
): CallEstimate {
  const ext = extEstimate(sig, target, args, ctx);
  if (ext) return { cost: add(ext.cost, argSum), ...(ext.resultSize ? { resultSize: ext.resultSize } : {}) };
  const a = sig.args, name = sig.name;
  const traverse = (n: EstimateNode): CostRange => byFactor(ctx.size(n), costs.stringTraversal);
  const withArgs = (c: CostRange, resultSize?: CostRange): CallEstimate => (resultSize ? { cost: add(c, argSum), resultSize } : { cost: add(c, argSum) });
  if (name === "format" && sig.member && isKind(a[0], "string") && target) return withArgs(traverse(target));
  if (name === "bytes" && !sig.member && isKind(a[0], "string") && args.length === 1) {
    const sz = ctx.size(args[0]!);
    // (cel-go's result sizes here use plain uint64 arithmetic: they wrap around.)
    return withArgs(traverse(args[0]!), { min: sz.min, max: BigInt.asUintN(64, sz.max * 4n) });
  }
  if (name === "string" && !sig.member && isKind(a[0], "bytes") && args.length === 1) {
    const sz = ctx.size(args[0]!);
    return withArgs(traverse(args[0]!), { min: sz.min / 4n, max: sz.max });
  }
  if (name === "strings.quote" && !sig.member && args.length === 1) {
    const sz = ctx.size(args[0]!);
    return withArgs(traverse(args[0]!), { min: BigInt.asUintN(64, sz.min + 2n), max: BigInt.asUintN(64, sz.max * 2n + 2n) });
  }
  if ((name === "startsWith" || name === "endsWith") && sig.member && isKind(a[0], "string") && args.length === 1) return withArgs(traverse(args[0]!));
  if (name === op.in && isKind(a[1], "list") && args.length === 2) return withArgs(byFactor(ctx.size(args[1]!), 1));
  if (name === "matches" && sig.member && target && args.length === 1) {
    const str = byFactor(add(ctx.size(target), fixed(1)), costs.stringTraversal);
    return withArgs(multiply(str, byFactor(ctx.size(args[0]!), costs.regexStringLength)));
  }
  if (name === "contains" && sig.member && isKind(a[0], "string") && target && args.length === 1) return withArgs(multiply(traverse(target), traverse(args[0]!)));
  if (name === op.logicalAnd || name === op.logicalOr) {
    const [l, r] = [argCosts[0]!, argCosts[1]!];
    return { cost: { min: l.min, max: add(l, r).max } };
  }
  if (name === op.conditional) {
    const size = union(ctx.size(args[1]!), ctx.size(args[2]!));
    ctx.setEntry(unionEntry(ctx.entryOf(args[1]!.expr!), ctx.entryOf(args[2]!.expr!)));
    return { cost: add(argCosts[0]!, union(argCosts[1]!, argCosts[2]!)), resultSize: size };
  }
  if (name === op.add && args.length === 2 && isKind(a[0], "string", "bytes", "list")) {
    const resultSize = add(ctx.size(args[0]!), ctx.size(args[1]!));
    const entry = unionEntry(ctx.entryOf(args[0]!.expr!), ctx.entryOf(args[1]!.expr!));
    if (entry) ctx.setEntry(entry);
    if (a[0]!.kind === "list") return withArgs(fixed(1), resultSize);
    return withArgs(byFactor(resultSize, costs.stringTraversal), resultSize);
  }
  if ((comparisons.has(name) && isKind(a[0], "string", "bytes")) || name === op.equals || name === op.notEquals) {
    const l = ctx.size(args[0]!), r = ctx.size(args[1]!);
    const smallest = l.max < r.max ? l.max : r.max;
    return withArgs(byFactor({ min: smallest > 0n ? 1n : 0n, max: smallest }, costs.stringTraversal));
  }
  return withArgs(fixed(1));
}
