// CEL macros: the table of call shapes the parser rewrites into comprehensions (or presence tests),
// with exactly the expansion shapes and error texts of cel-go (parser/macro.go, ext/comprehensions.go,
// cel optional library). The accumulator is the hidden name `@result`.
import { op } from "./operators.js";
import type { Constant, Expr } from "./ast.js";

/** cel-go's hidden accumulator variable name. */
export const accumulatorName = "@result";
/** The legacy accumulator name; using it as an iteration variable is also rejected. */
export const legacyAccumulatorName = "__result__";
/** Internal function two-variable `transformMap*` macros call to insert into the accumulator map. */
export const mapInsertFunction = "cel.@mapInsert";
/** Iteration variable name the optional macros use for their empty-list comprehension. */
export const unusedIterVar = "#unused";

/** Node factory a macro expander builds with; every node gets a fresh id at the call's position. */
export interface MacroHelper {
  literal(value: Constant): Expr;
  list(elements: Expr[]): Expr;
  map(): Expr;
  ident(name: string): Expr;
  accuIdent(): Expr;
  call(fn: string, args: Expr[]): Expr;
  memberCall(fn: string, target: Expr, args: Expr[]): Expr;
  presenceTest(operand: Expr, field: string): Expr;
  comprehension(range: Expr, iterVar: string, iterVar2: string | undefined, accuVar: string, init: Expr, cond: Expr, step: Expr, result: Expr): Expr;
  /** Deep copy with new ids (positions kept). */
  copy(e: Expr): Expr;
}

/** A macro expansion error: message and the id of the argument it points at. */
export interface MacroError {
  error: string;
  exprId: number;
}

/** Expands a matched call; `undefined` means "not a macro after all" (leave the call as is). */
export type MacroExpander = (h: MacroHelper, target: Expr | undefined, args: Expr[]) => Expr | MacroError | undefined;

/** One macro: name, argument count, receiver style, expander. */
export interface Macro {
  name: string;
  args: number;
  receiver: boolean;
  expand: MacroExpander;
}

const TRUE: Constant = { kind: "bool", value: true };
const FALSE: Constant = { kind: "bool", value: false };
const ZERO: Constant = { kind: "int", value: 0n };
const ONE: Constant = { kind: "int", value: 1n };

function identName(e: Expr): string | undefined {
  return e.kind === "ident" ? e.name : undefined;
}

function isAccu(name: string): boolean {
  return name === accumulatorName || name === legacyAccumulatorName;
}

type Quantifier = "all" | "exists" | "existsOne";

function quantifierParts(h: MacroHelper, kind: Quantifier, pred: Expr): [Expr, Expr, Expr, Expr] {
  switch (kind) {
    case "all":
      return [h.literal(TRUE), h.call(op.notStrictlyFalse, [h.accuIdent()]), h.call(op.logicalAnd, [h.accuIdent(), pred]), h.accuIdent()];
    case "exists":
      return [
        h.literal(FALSE),
        h.call(op.notStrictlyFalse, [h.call(op.logicalNot, [h.accuIdent()])]),
        h.call(op.logicalOr, [h.accuIdent(), pred]),
        h.accuIdent(),
      ];
    case "existsOne":
      return [
        h.literal(ZERO),
        h.literal(TRUE),
        h.call(op.conditional, [pred, h.call(op.add, [h.accuIdent(), h.literal(ONE)]), h.accuIdent()]),
        h.call(op.equals, [h.accuIdent(), h.literal(ONE)]),
      ];
  }
}

function quantifier(kind: Quantifier): MacroExpander {
  return (h, target, args) => {
    const v = identName(args[0]!);
    if (v === undefined) return { error: "argument must be a simple name", exprId: args[0]!.id };
    if (isAccu(v)) return { error: "iteration variable overwrites accumulator variable", exprId: args[0]!.id };
    const [init, cond, step, result] = quantifierParts(h, kind, args[1]!);
    return h.comprehension(target!, v, undefined, accumulatorName, init, cond, step, result);
  };
}

const mapMacro: MacroExpander = (h, target, args) => {
  const v = identName(args[0]!);
  if (v === undefined) return { error: "argument is not an identifier", exprId: args[0]!.id };
  if (isAccu(v)) return { error: "iteration variable overwrites accumulator variable", exprId: args[0]!.id };
  const filter = args.length === 3 ? args[1] : undefined;
  const fn = args.length === 3 ? args[2]! : args[1]!;
  const init = h.list([]);
  const cond = h.literal(TRUE);
  let step = h.call(op.add, [h.accuIdent(), h.list([fn])]);
  if (filter) step = h.call(op.conditional, [filter, step, h.accuIdent()]);
  return h.comprehension(target!, v, undefined, accumulatorName, init, cond, step, h.accuIdent());
};

const filterMacro: MacroExpander = (h, target, args) => {
  const v = identName(args[0]!);
  if (v === undefined) return { error: "argument is not an identifier", exprId: args[0]!.id };
  if (isAccu(v)) return { error: "iteration variable overwrites accumulator variable", exprId: args[0]!.id };
  const init = h.list([]);
  const cond = h.literal(TRUE);
  let step = h.call(op.add, [h.accuIdent(), h.list([args[0]!])]);
  step = h.call(op.conditional, [args[1]!, step, h.accuIdent()]);
  return h.comprehension(target!, v, undefined, accumulatorName, init, cond, step, h.accuIdent());
};

const hasMacro: MacroExpander = (h, _target, args) => {
  const a = args[0]!;
  if (a.kind === "select") return h.presenceTest(a.operand, a.field);
  return { error: "invalid argument to has() macro", exprId: a.id };
};

function iterVars(args: Expr[]): [string, string] | MacroError {
  const v1 = identName(args[0]!);
  if (v1 === undefined) return { error: "argument must be a simple name", exprId: args[0]!.id };
  const v2 = identName(args[1]!);
  if (v2 === undefined) return { error: "argument must be a simple name", exprId: args[1]!.id };
  if (v1 === v2) return { error: `duplicate variable name: ${v1}`, exprId: args[1]!.id };
  if (isAccu(v1)) return { error: "iteration variable overwrites accumulator variable", exprId: args[0]!.id };
  if (isAccu(v2)) return { error: "iteration variable overwrites accumulator variable", exprId: args[1]!.id };
  return [v1, v2];
}

function quantifier2(kind: Quantifier): MacroExpander {
  return (h, target, args) => {
    const vars = iterVars(args);
    if (!Array.isArray(vars)) return vars;
    const [init, cond, step, result] = quantifierParts(h, kind, args[2]!);
    return h.comprehension(target!, vars[0], vars[1], accumulatorName, init, cond, step, result);
  };
}

type Transform = "list" | "map" | "entry";

function transform(kind: Transform): MacroExpander {
  return (h, target, args) => {
    const vars = iterVars(args);
    if (!Array.isArray(vars)) return vars;
    const filter = args.length === 4 ? args[2] : undefined;
    const fn = args.length === 4 ? args[3]! : args[2]!;
    let step =
      kind === "list"
        ? h.call(op.add, [h.accuIdent(), h.list([fn])])
        : kind === "map"
          ? h.call(mapInsertFunction, [h.accuIdent(), h.ident(vars[0]), fn])
          : h.call(mapInsertFunction, [h.accuIdent(), fn]);
    if (filter) step = h.call(op.conditional, [filter, step, h.accuIdent()]);
    const init = kind === "list" ? h.list([]) : h.map();
    return h.comprehension(target!, vars[0], vars[1], accumulatorName, init, h.literal(TRUE), step, h.accuIdent());
  };
}

function optMacro(name: "optMap" | "optFlatMap"): MacroExpander {
  return (h, target, args) => {
    const v = identName(args[0]!);
    if (v === undefined) return { error: `${name}() variable name must be a simple identifier`, exprId: args[0]!.id };
    const hasValue = h.memberCall("hasValue", target!, []);
    const comp = h.comprehension(h.list([]), unusedIterVar, undefined, v, h.memberCall("value", h.copy(target!), []), h.literal(FALSE), h.ident(v), args[1]!);
    const some = name === "optMap" ? h.call("optional.of", [comp]) : comp;
    return h.call(op.conditional, [hasValue, some, h.call("optional.none", [])]);
  };
}

/** cel-go's standard macros (`has`, `all`, `exists`, `exists_one`, `existsOne`, `map`, `filter`). */
export const standardMacros: readonly Macro[] = [
  { name: "has", args: 1, receiver: false, expand: hasMacro },
  { name: "all", args: 2, receiver: true, expand: quantifier("all") },
  { name: "exists", args: 2, receiver: true, expand: quantifier("exists") },
  { name: "exists_one", args: 2, receiver: true, expand: quantifier("existsOne") },
  { name: "existsOne", args: 2, receiver: true, expand: quantifier("existsOne") },
  { name: "map", args: 2, receiver: true, expand: mapMacro },
  { name: "map", args: 3, receiver: true, expand: mapMacro },
  { name: "filter", args: 2, receiver: true, expand: filterMacro },
];

/** cel-go `ext.TwoVarComprehensions` macros. */
export const twoVarMacros: readonly Macro[] = [
  { name: "all", args: 3, receiver: true, expand: quantifier2("all") },
  { name: "exists", args: 3, receiver: true, expand: quantifier2("exists") },
  { name: "existsOne", args: 3, receiver: true, expand: quantifier2("existsOne") },
  { name: "exists_one", args: 3, receiver: true, expand: quantifier2("existsOne") },
  { name: "transformList", args: 3, receiver: true, expand: transform("list") },
  { name: "transformList", args: 4, receiver: true, expand: transform("list") },
  { name: "transformMap", args: 3, receiver: true, expand: transform("map") },
  { name: "transformMap", args: 4, receiver: true, expand: transform("map") },
  { name: "transformMapEntry", args: 3, receiver: true, expand: transform("entry") },
  { name: "transformMapEntry", args: 4, receiver: true, expand: transform("entry") },
];

/** cel-go optional-types macros (`optMap`, `optFlatMap`). */
export const optionalMacros: readonly Macro[] = [
  { name: "optMap", args: 2, receiver: true, expand: optMacro("optMap") },
  { name: "optFlatMap", args: 2, receiver: true, expand: optMacro("optFlatMap") },
];

/** Every macro Kubernetes 1.36 enables (standard, two-variable, optional). */
export const allMacros: readonly Macro[] = [...standardMacros, ...twoVarMacros, ...optionalMacros];

/** Lookup key of a macro: `name:argCount:receiver`. */
export function macroKey(name: string, args: number, receiver: boolean): string {
  return `${name}:${args}:${receiver}`;
}
