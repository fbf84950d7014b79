// The static cost estimate of a checked expression, following cel-go's checker/cost.go (v0.26):
// a [min, max] cost per node, sizes of strings/lists/maps tracked along field paths, and loops
// priced as range size × (condition + step). Sizes of inputs come from the `sizeOf` hook (schema
// bounds); library functions may be priced by the `callCost` hook (Kubernetes' estimator).
import type { Comprehension, Expr, ParsedExpr } from "../ast.js";
import type { CelType } from "../types.js";
import type { Signature } from "./builtins.js";
import { accumulatorName, legacyAccumulatorName } from "../macros.js";
import { op } from "../operators.js";
import { add, costs, fixed, multiply, union, UNKNOWN, MAX_U64, type CostRange } from "./cost-range.js";
import { builtinCallCost, type EntrySize } from "./cost-estimate-calls.js";

/** What an estimator sees of one node (cel-go `checker.AstNode`). */
export interface EstimateNode {
  /** Path from a root variable (field names, `@items`, `@values`, `@keys`, `@indices`); undefined when unknown. */
  path: readonly string[] | undefined;
  type: CelType;
  expr: Expr | undefined;
  /** The size the expression itself gives (literals, concatenations, results of sized calls). */
  computedSize: CostRange | undefined;
}

/** A call's cost and, for a string/bytes/list/map result, its size. */
export interface CallEstimate {
  cost: CostRange;
  resultSize?: CostRange;
}

/** Hooks of {@link estimateCost}; without them every input size is unknown. */
export interface CostEstimateHooks {
  /** The size of an input reachable along `node.path` (e.g. a schema's maxItems). Default: unknown. */
  sizeOf?(node: EstimateNode): CostRange | undefined;
  /**
   * A library's estimate of a call of `fn` resolved to `overload` (its argument costs are added to
   * it); undefined: cel-go's own rule applies. `size` is the hook-aware size of a node.
   */
  callCost?(fn: string, overload: Signature, target: EstimateNode | undefined, args: readonly EstimateNode[], size: (n: EstimateNode) => CostRange): CallEstimate | undefined;
  /**
   * The size of what nothing sizes. Default: 0 to 2^64 − 1 (cel-go). With `{0, 0}` the estimate is
   * a lower bound of the worst case that only the known sizes force (costs grow with sizes).
   */
  unknownSize?: CostRange;
}

/** The checker's output the estimate reads. */
export interface CheckedForCost {
  types: ReadonlyMap<number, CelType>;
  overloads: ReadonlyMap<number, readonly Signature[]>;
}

interface LocalVar {
  path: readonly string[] | undefined;
  size: CostRange | undefined;
  entry: EntrySize | undefined;
}

const DYN: CelType = { kind: "dyn" };
const optionalSelect: Signature = { name: op.optSelect, member: false, args: [DYN, { kind: "string" }], result: { kind: "optional", param: DYN } };

/** The estimated [min, max] cost of `parsed` as checked in `checked`. */
export function estimateCost(parsed: ParsedExpr, checked: CheckedForCost, hooks: CostEstimateHooks = {}): CostRange {
  return new Coster(checked, hooks).cost(parsed.expr);
}

function isScalar(t: CelType): boolean {
  switch (t.kind) {
    case "bool": case "double": case "duration": case "int": case "timestamp": case "uint": return true;
    case "optional": return isScalar(t.param);
    default: return false;
  }
}

function literalSize(e: Expr): CostRange | undefined {
  switch (e.kind) {
    case "const":
      switch (e.value.kind) {
        case "string": return fixed([...e.value.value].length);
        case "bytes": return fixed(e.value.value.length);
        default: return fixed(1);
      }
    case "list": return fixed(e.elements.length);
    case "map": return fixed(e.entries.length);
    default: return undefined;
  }
}

class Coster {
  private readonly paths = new Map<number, readonly string[]>();
  private readonly sizes = new Map<number, CostRange>();
  private readonly entries = new Map<number, EntrySize>();
  private readonly locals = new Map<string, LocalVar[]>();
  private readonly presenceCost = fixed(0); // Kubernetes: PresenceTestHasCost(false)
  private readonly unknown: CostRange;

  constructor(private readonly checked: CheckedForCost, private readonly hooks: CostEstimateHooks) {
    this.unknown = hooks.unknownSize ?? UNKNOWN;
  }

  cost(e: Expr): CostRange {
    switch (e.kind) {
      case "const": return fixed(costs.constant);
      case "ident": {
        const v = this.peek(e.name);
        this.setPath(e, v ? v.path : [e.name]);
        return fixed(costs.selectAndIdent);
      }
      case "select": {
        if (e.testOnly) return add(this.presenceCost, this.cost(e.operand));
        let sum = this.cost(e.operand);
        const k = this.typeOf(e.operand).kind;
        if (k === "map" || k === "object" || k === "param") sum = add(sum, fixed(costs.selectAndIdent));
        const p = this.pathOf(e.operand);
        this.setPath(e, p ? [...p, e.field] : undefined);
        return sum;
      }
      case "call": return this.costCall(e);
      case "list": {
        let sum = fixed(0);
        let item: CostRange = { min: e.elements.length === 0 ? 0n : MAX_U64, max: 0n };
        for (const x of e.elements) {
          sum = add(sum, this.cost(x));
          item = union(item, this.sizeOrUnknown(x));
        }
        this.entries.set(e.id, { container: "list", key: fixed(1), val: item });
        return add(sum, fixed(costs.listCreate));
      }
      case "map": {
        let sum = fixed(0);
        const empty = e.entries.length === 0;
        let key: CostRange = { min: empty ? 0n : MAX_U64, max: 0n };
        let val: CostRange = { min: empty ? 0n : MAX_U64, max: 0n };
        for (const en of e.entries) {
          sum = add(add(sum, this.cost(en.key)), this.cost(en.value));
          key = union(key, this.sizeOrUnknown(en.key));
          val = union(val, this.sizeOrUnknown(en.value));
        }
        this.entries.set(e.id, { container: "map", key, val });
        return add(sum, fixed(costs.mapCreate));
      }
      case "struct": {
        let sum = fixed(0);
        for (const f of e.fields) sum = add(sum, this.cost(f.value));
        return add(sum, fixed(costs.structCreate));
      }
      case "comprehension": return this.isBind(e) ? this.costBind(e) : this.costComprehension(e);
    }
  }

  // --- calls -----------------------------------------------------------------------------

  private costCall(e: Extract<Expr, { kind: "call" }>): CostRange {
    if (e.fn === "dyn" && e.target === undefined && e.args.length === 1) {
      const c = this.cost(e.args[0]!);
      this.copySizes(e, e.args[0]!);
      return add(fixed(1), c);
    }
    const argCosts: CostRange[] = [];
    const args: EstimateNode[] = [];
    for (const a of e.args) {
      argCosts.push(this.cost(a));
      args.push(this.node(a));
    }
    // cel-go references `a.?b` as overload `select_optional_field`, priced like any O(1) call.
    const sigs = e.fn === op.optSelect ? [optionalSelect] : this.checked.overloads.get(e.id) ?? [];
    if (sigs.length === 0) return fixed(0);
    let sum = fixed(0);
    let target: EstimateNode | undefined;
    // A namespaced global (`strings.quote(…)`) parses as a member call on `strings`: cel-go's checker drops that receiver.
    const member = sigs.some((s) => s.member);
    if (e.target !== undefined && member) {
      sum = add(sum, this.cost(e.target));
      target = this.node(e.target);
    }
    let fnCost: CostRange = { min: MAX_U64, max: 0n };
    let resultSize: CostRange | undefined;
    for (const sig of sigs) {
      const est = this.functionCost(e, sig, target, args, argCosts);
      fnCost = union(fnCost, est.cost);
      if (est.resultSize) resultSize = resultSize ? union(resultSize, est.resultSize) : est.resultSize;
      // Index operations track the element's path and size.
      if (sig.name === op.index && e.args.length > 0) {
        const container = this.typeOf(e.args[0]!).kind;
        if (container === "list" || container === "map") {
          resultSize = this.entryOf(e.args[0]!)?.val;
          const p = this.pathOf(e.args[0]!);
          this.setPath(e, p ? [...p, container === "list" ? "@items" : "@values"] : undefined);
        }
      }
      resultSize ??= this.computeSize(e);
    }
    if (resultSize) this.sizes.set(e.id, resultSize);
    return add(sum, fnCost);
  }

  private functionCost(e: Extract<Expr, { kind: "call" }>, sig: Signature, target: EstimateNode | undefined, args: EstimateNode[], argCosts: CostRange[]): CallEstimate {
    const argSum = argCosts.reduce((a, b) => add(a, b), fixed(0));
    // By the resolved name: `ip.isCanonical(…)` parses as `isCanonical` on `ip`.
    const viaHook = this.hooks.callCost?.(sig.name, sig, target, args, (n) => this.sizeOfNode(n));
    if (viaHook) return { cost: add(viaHook.cost, argSum), ...(viaHook.resultSize ? { resultSize: viaHook.resultSize } : {}) };
    return builtinCallCost(sig, target, args, argCosts, argSum, {
      size: (n) => this.sizeOfNode(n),
      entryOf: (x) => this.entryOf(x),
      setEntry: (entry) => { if (entry) this.entries.set(e.id, entry); },
    });
  }

  // --- comprehensions --------------------------------------------------------------------

  private isBind(e: Comprehension): boolean {
    return e.iterRange.kind === "list" && e.iterRange.elements.length === 0
      && e.loopCondition.kind === "const" && e.loopCondition.value.kind === "bool" && !e.loopCondition.value.value
      && e.accuVar !== legacyAccumulatorName;
  }

  private costBind(e: Comprehension): CostRange {
    let sum = add(this.cost(e.iterRange), this.cost(e.accuInit));
    this.pushLocal(e.accuVar, e.accuInit);
    sum = add(sum, this.cost(e.result));
    this.pop(e.accuVar);
    this.copySizes(e, e.result);
    return sum;
  }

  private costComprehension(e: Comprehension): CostRange {
    let sum = add(this.cost(e.iterRange), this.cost(e.accuInit));
    this.pushLocal(e.accuVar, e.accuInit);
    const range = e.iterRange;
    const entry = this.entryOf(range);
    const container = entry?.container ?? this.typeOf(range).kind;
    const rangePath = this.pathOf(range);
    const sub = (p: string): readonly string[] | undefined => (rangePath ? [...rangePath, p] : undefined);
    if (e.iterVar2 !== undefined) {
      this.push(e.iterVar, { path: sub(container === "list" ? "@indices" : "@keys"), size: entry?.key, entry: undefined });
      this.push(e.iterVar2, { path: sub(container === "list" ? "@items" : "@values"), size: entry?.val, entry: undefined });
    } else {
      const list = container === "list";
      this.push(e.iterVar, { path: sub(list ? "@items" : "@keys"), size: list ? entry?.val : entry?.key, entry: undefined });
    }
    const loopCost = this.cost(e.loopCondition);
    const stepCost = this.cost(e.loopStep);
    this.pop(e.iterVar);
    if (e.iterVar2 !== undefined) this.pop(e.iterVar2);
    sum = add(sum, this.cost(e.result));
    this.pop(e.accuVar);
    const count = this.sizeOrUnknown(range);
    sum = add(sum, multiply(count, add(stepCost, loopCost)));
    const init = e.accuInit;
    if (init.kind === "const") {
      const s = this.computeSize(init);
      if (s) this.sizes.set(e.id, s);
    } else if (init.kind === "list" || init.kind === "map") {
      this.sizes.set(e.id, count);
      const stepEntry = this.entryOf(e.loopStep);
      if (stepEntry) this.entries.set(e.id, stepEntry);
    }
    return sum;
  }

  // --- sizes, paths, scopes --------------------------------------------------------------

  private typeOf(e: Expr): CelType {
    return this.checked.types.get(e.id) ?? DYN;
  }

  private peek(name: string): LocalVar | undefined {
    const s = this.locals.get(name);
    return s && s.length > 0 ? s[s.length - 1] : undefined;
  }

  private push(name: string, v: LocalVar): void {
    const s = this.locals.get(name);
    if (s) s.push(v);
    else this.locals.set(name, [v]);
  }

  private pop(name: string): void {
    this.locals.get(name)?.pop();
  }

  private pushLocal(name: string, e: Expr): void {
    this.push(name, { path: this.pathOf(e), size: this.computeSize(e), entry: this.entryOf(e) });
  }

  private pathOf(e: Expr): readonly string[] | undefined {
    if (e.kind === "ident") {
      const v = this.peek(e.name);
      if (v) return v.path;
    }
    return this.paths.get(e.id);
  }

  private setPath(e: Expr, p: readonly string[] | undefined): void {
    if (p) this.paths.set(e.id, p);
  }

  private node(e: Expr): EstimateNode {
    let path = this.pathOf(e);
    // Only paths from root variables are given; accumulators have none.
    if (path && path.length > 0 && (path[0] === accumulatorName || path[0] === legacyAccumulatorName)) path = undefined;
    return { path, type: this.typeOf(e), expr: e, computedSize: this.computeSize(e) };
  }

  private sizeOfNode(n: EstimateNode): CostRange {
    return n.computedSize ?? this.hooks.sizeOf?.(n) ?? this.unknown;
  }

  private sizeOrUnknown(e: Expr): CostRange {
    return this.computeSize(e) ?? this.unknown;
  }

  private computeSize(e: Expr): CostRange | undefined {
    const known = this.sizes.get(e.id) ?? literalSize(e);
    if (known) return known;
    const hinted = this.hooks.sizeOf?.({ path: this.pathOf(e), type: this.typeOf(e), expr: e, computedSize: undefined });
    if (hinted) {
      this.sizes.set(e.id, hinted);
      return hinted;
    }
    if (isScalar(this.typeOf(e))) return fixed(1);
    if (e.kind === "ident") return this.peek(e.name)?.size;
    return undefined;
  }

  private entryOf(e: Expr): EntrySize | undefined {
    const hit = this.entries.get(e.id);
    if (hit) return hit;
    if (e.kind === "ident") return this.peek(e.name)?.entry;
    return undefined;
  }

  private copySizes(dst: Expr, src: Expr): void {
    const s = this.computeSize(src);
    if (s) this.sizes.set(dst.id, s);
    const en = this.entryOf(src);
    if (en) this.entries.set(dst.id, en);
  }
}
