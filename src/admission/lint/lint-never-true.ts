// Policy lint of conditions that can never hold: `request.operation` compared with a value the
// apiserver never sends (`"create"`), and `namespaceObject` read in a matchCondition (always null there).
import { op, type Expr, type ParsedExpr } from "../../cel/index.js";
import { closest } from "../../data/index.js";
import type { ExprFinding } from "./lint-reads.js";
import { walkExpr } from "./walk-expr.js";

/** The values of `request.operation` (admission.Operation). */
const operations = ["CREATE", "UPDATE", "DELETE", "CONNECT"];

function isOperation(e: Expr): boolean {
  return e.kind === "select" && !e.testOnly && e.field === "operation" && e.operand.kind === "ident" && e.operand.name === "request";
}

function stringConst(e: Expr): string | undefined {
  return e.kind === "const" && e.value.kind === "string" ? e.value.value : undefined;
}

/** `request.operation == "create"` and the like: literals that are not an operation name. */
export function operationLiterals(parsed: ParsedExpr): ExprFinding[] {
  const out: ExprFinding[] = [];
  const report = (lit: Expr, value: string, verdict: string): void => {
    const hint = operations.find((o) => o === value.toUpperCase()) ?? closest(value.toLowerCase(), operations.map((o) => o.toLowerCase()))?.toUpperCase();
    out.push({
      offset: parsed.sourceInfo.positions.get(lit.id) ?? 0,
      message: `request.operation is one of ${operations.join(", ")}, never "${value}": this comparison ${verdict}${hint ? `; write "${hint}"` : ""}`,
    });
  };
  walkExpr(parsed.expr, (e) => {
    if (e.kind !== "call" || e.args.length !== 2) return;
    const [a, b] = e.args as [Expr, Expr];
    if (e.fn === op.equals || e.fn === op.notEquals) {
      const lit = isOperation(a) ? b : isOperation(b) ? a : undefined;
      const value = lit && stringConst(lit);
      if (lit && value !== undefined && !operations.includes(value)) report(lit, value, e.fn === op.equals ? "is never true" : "is always true");
    } else if (e.fn === op.in && isOperation(a) && b.kind === "list") {
      for (const el of b.elements) {
        const value = stringConst(el);
        if (value !== undefined && !operations.includes(value)) report(el, value, "never matches this entry");
      }
    }
  });
  return out;
}

/** Every read of `namespaceObject` in a matchCondition, where it is always null. */
export function namespaceObjectReads(parsed: ParsedExpr): ExprFinding[] {
  const out: ExprFinding[] = [];
  walkExpr(parsed.expr, (e) => {
    if (e.kind !== "ident" || e.name !== "namespaceObject") return;
    out.push({
      offset: parsed.sourceInfo.positions.get(e.id) ?? 0,
      message: "namespaceObject is always null in matchConditions (the apiserver passes no namespace there): reading its fields fails; use the policy's or binding's namespaceSelector, or move the test into the mutation",
    });
  });
  return out;
}
