// Visits every node of a CEL expression tree (pre-order): what the lint checks walk.
import type { Comprehension, Expr } from "../../cel/index.js";

/** Calls `visit` on `e` and every node below it, parents first. */
export function walkExpr(e: Expr, visit: (e: Expr) => void): void {
  visit(e);
  switch (e.kind) {
    case "select": return walkExpr(e.operand, visit);
    case "call":
      if (e.target) walkExpr(e.target, visit);
      return e.args.forEach((a) => walkExpr(a, visit));
    case "list": return e.elements.forEach((x) => walkExpr(x, visit));
    case "map":
      for (const en of e.entries) {
        walkExpr(en.key, visit);
        walkExpr(en.value, visit);
      }
      return;
    case "struct": return e.fields.forEach((f) => walkExpr(f.value, visit));
    case "comprehension": {
      const c: Comprehension = e;
      for (const x of [c.iterRange, c.accuInit, c.loopCondition, c.loopStep, c.result]) walkExpr(x, visit);
      return;
    }
    default: return;
  }
}
