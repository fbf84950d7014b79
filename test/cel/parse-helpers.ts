// Test helpers for parser tests: render our AST in cel-go's debug format (ToDebugString with the
// kind adorner) by mapping it onto the cel-spec Expr shape the @bufbuild/cel-spec printer reads.
import { toDebugString, KindAdorner } from "@bufbuild/cel-spec/testdata/to-debug-string.js";
import type { Constant, Expr } from "../../src/cel/ast.js";

type SpecExpr = Record<string, unknown>;

function constant(c: Constant): SpecExpr {
  const kinds: Record<Constant["kind"], string> = {
    null: "nullValue", bool: "boolValue", int: "int64Value", uint: "uint64Value",
    double: "doubleValue", string: "stringValue", bytes: "bytesValue",
  };
  const value = c.kind === "null" ? 0 : c.value;
  return { $typeName: "cel.expr.Constant", constantKind: { case: kinds[c.kind], value } };
}

/** Our AST → the plain object shape of cel.expr.Expr that the cel-spec debug printer walks. */
export function toSpecExpr(e: Expr): SpecExpr {
  const base = { $typeName: "cel.expr.Expr", id: BigInt(e.id) };
  switch (e.kind) {
    case "const":
      return { ...base, exprKind: { case: "constExpr", value: constant(e.value) } };
    case "ident":
      return { ...base, exprKind: { case: "identExpr", value: { name: e.name } } };
    case "select":
      return { ...base, exprKind: { case: "selectExpr", value: { operand: toSpecExpr(e.operand), field: e.field, testOnly: e.testOnly } } };
    case "call":
      return { ...base, exprKind: { case: "callExpr", value: { target: e.target ? toSpecExpr(e.target) : undefined, function: e.fn, args: e.args.map(toSpecExpr) } } };
    case "list":
      return { ...base, exprKind: { case: "listExpr", value: { elements: e.elements.map(toSpecExpr), optionalIndices: e.optionalIndices } } };
    case "map":
      return { ...base, exprKind: { case: "structExpr", value: { messageName: "", entries: e.entries.map((en) => ({
        $typeName: "cel.expr.Expr.CreateStruct.Entry", id: BigInt(en.id), optionalEntry: en.optional,
        keyKind: { case: "mapKey", value: toSpecExpr(en.key) }, value: toSpecExpr(en.value) })) } } };
    case "struct":
      return { ...base, exprKind: { case: "structExpr", value: { messageName: e.typeName, entries: e.fields.map((f) => ({
        $typeName: "cel.expr.Expr.CreateStruct.Entry", id: BigInt(f.id), optionalEntry: f.optional,
        keyKind: { case: "fieldKey", value: f.field }, value: toSpecExpr(f.value) })) } } };
    case "comprehension":
      return { ...base, exprKind: { case: "comprehensionExpr", value: {
        iterVar: e.iterVar2 !== undefined ? `${e.iterVar},${e.iterVar2}` : e.iterVar, iterRange: toSpecExpr(e.iterRange),
        accuVar: e.accuVar, accuInit: toSpecExpr(e.accuInit), loopCondition: toSpecExpr(e.loopCondition),
        loopStep: toSpecExpr(e.loopStep), result: toSpecExpr(e.result) } } };
  }
}

/** cel-go's `debug.ToDebugString` with kind adornments (`^#*expr.Expr_IdentExpr#`), ids left out. */
export function debugString(e: Expr): string {
  return toDebugString(toSpecExpr(e) as never, KindAdorner.singleton);
}

/** A compact s-expression of the AST with ids: `(_+_#2 a#1 b#3)`. */
export function sexpr(e: Expr): string {
  switch (e.kind) {
    case "const": {
      const c = e.value;
      const v = c.kind === "null" ? "null" : c.kind === "string" ? JSON.stringify(c.value)
        : c.kind === "bytes" ? `b[${[...c.value].join(",")}]` : c.kind === "uint" ? `${c.value}u`
        : c.kind === "double" ? `${c.value}d` : String(c.value);
      return `${v}#${e.id}`;
    }
    case "ident":
      return `${e.name}#${e.id}`;
    case "select":
      return `(${e.testOnly ? "has" : "."}#${e.id} ${sexpr(e.operand)} ${e.field})`;
    case "call":
      return `(${e.target ? "." : ""}${e.fn}#${e.id}${e.target ? " " + sexpr(e.target) : ""}${e.args.map((a) => " " + sexpr(a)).join("")})`;
    case "list":
      return `[#${e.id}${e.elements.map((x, i) => " " + (e.optionalIndices.includes(i) ? "?" : "") + sexpr(x)).join("")}]`;
    case "map":
      return `{#${e.id}${e.entries.map((en) => ` ${en.optional ? "?" : ""}${sexpr(en.key)}:${sexpr(en.value)}#${en.id}`).join("")}}`;
    case "struct":
      return `${e.typeName}{#${e.id}${e.fields.map((f) => ` ${f.optional ? "?" : ""}${f.field}:${sexpr(f.value)}#${f.id}`).join("")}}`;
    case "comprehension":
      return `(fold#${e.id} ${e.iterVar}${e.iterVar2 !== undefined ? "," + e.iterVar2 : ""} ${sexpr(e.iterRange)} ${e.accuVar} ${sexpr(e.accuInit)} ${sexpr(e.loopCondition)} ${sexpr(e.loopStep)} ${sexpr(e.result)})`;
  }
}
