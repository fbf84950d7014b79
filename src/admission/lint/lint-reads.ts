// Policy lint: field reads that error when the field is absent. `object.spec.initContainers.exists(…)`
// fails with "no such key" on every object without init containers; `.?f.orValue(…)` or `has()` avoid it.
import { op, type Expr, type ParsedExpr } from "../../cel/index.js";
import type { TypeRef } from "../../schema/index.js";
import { walkExpr } from "./walk-expr.js";

/** A select chain `root.a.b` (no optional step, no index). */
interface Chain {
  root: string;
  path: string[];
  /** The select node of the last step. */
  node: Expr;
}

/** How a read was used: as a collection (macro range, index, `in`, size), as a receiver, or as a map whose field is selected. */
type Usage = "range" | "index" | "in" | "size" | "receiver" | "field";

/** One lint finding inside an expression: where (UTF-16 offset into the expression) and what to say. */
export interface ExprFinding {
  offset: number;
  message: string;
}

/** Schema knowledge of the policy's matched kinds. */
export interface MatchedSchemas {
  /** Schemas of the concrete kinds the policy matches. */
  schemas: TypeRef[];
  /** True when some matched kind has no known schema (wildcards, unknown kinds). */
  unknown: boolean;
}

/** Collection fields every valid object has (named type + field). */
const requiredCollections = new Set(["io.k8s.api.core.v1.PodSpec.containers"]);
/** Reads that admission always satisfies (kmutate fills in the namespace of namespaced objects). */
const alwaysPresent = new Set(["object.metadata.name", "object.metadata.namespace"]);

/** `root.a.b` as a plain chain, or undefined (optional steps, indexes, calls). */
function chainOf(e: Expr): Chain | undefined {
  const path: string[] = [];
  let cur: Expr = e;
  while (cur.kind === "select" && !cur.testOnly) {
    path.unshift(cur.field);
    cur = cur.operand;
  }
  if (cur.kind !== "ident" || path.length === 0) return undefined;
  return { root: cur.name, path, node: e };
}

/** Paths (`object.spec.x`) that `has()` or `'k' in` tests make safe to read, with their prefixes. */
export function guardedPaths(exprs: readonly ParsedExpr[]): Set<string> {
  const out = new Set<string>();
  const add = (root: string, path: string[]): void => {
    for (let i = 1; i <= path.length; i++) out.add([root, ...path.slice(0, i)].join("."));
  };
  for (const p of exprs) {
    walkExpr(p.expr, (e) => {
      if (e.kind === "select" && e.testOnly) {
        const c = chainOf(e.operand) ?? (e.operand.kind === "ident" ? { root: e.operand.name, path: [], node: e.operand } : undefined);
        if (c) add(c.root, [...c.path, e.field]);
      }
      if (e.kind === "call" && e.fn === op.in && e.args.length === 2) {
        const [k, coll] = e.args;
        const c = chainOf(coll);
        if (c && k.kind === "const" && k.value.kind === "string") add(c.root, [...c.path, k.value.value]);
      }
    });
  }
  return out;
}

/** The reads of `object.…` chains used in a way that errors when the last field is absent. */
function riskyReads(parsed: ParsedExpr): Array<{ chain: Chain; usage: Usage }> {
  const out: Array<{ chain: Chain; usage: Usage }> = [];
  const use = (e: Expr | undefined, usage: Usage): void => {
    const c = e && chainOf(e);
    if (c && c.root === "object" && c.path.length >= 2) out.push({ chain: c, usage });
  };
  walkExpr(parsed.expr, (e) => {
    if (e.kind === "comprehension") use(e.iterRange, "range");
    if (e.kind === "select" && !e.testOnly) use(e.operand, "field");
    if (e.kind !== "call") return;
    if (e.fn === op.index) use(e.args[0], "index");
    else if (e.fn === op.in) use(e.args[1], "in");
    else if (e.fn === "size" && !e.target) use(e.args[0], "size");
    else if (e.target && e.fn !== op.optSelect && e.fn !== op.optIndex) use(e.target, "receiver");
  });
  return out;
}

type FieldShape = "list" | "map" | "struct" | "scalar" | "required" | "undeclared";

function shapeIn(ref: TypeRef, path: readonly string[]): FieldShape {
  let spec = ref.spec;
  for (let i = 0; i < path.length; i++) {
    const atom = ref.schema.resolve(spec);
    const field = atom?.map?.fields.get(path[i]);
    if (field) {
      if (i === path.length - 1 && spec.named !== undefined && requiredCollections.has(`${spec.named}.${path[i]}`)) return "required";
      spec = field.type;
    } else if (atom?.map?.elementType) spec = atom.map.elementType;
    else return "undeclared";
  }
  const atom = ref.schema.resolve(spec);
  if (atom?.list) return "list";
  if (atom?.map) return atom.map.fields.size === 0 && atom.map.elementType ? "map" : "struct";
  return "scalar";
}

/** The reads in `parsed` that fail on objects without the field (not guarded by `guards`). */
export function absentFieldReads(parsed: ParsedExpr, guards: ReadonlySet<string>, kinds: MatchedSchemas): ExprFinding[] {
  const out: ExprFinding[] = [];
  const seen = new Set<string>();
  for (const { chain, usage } of riskyReads(parsed)) {
    const dotted = [chain.root, ...chain.path].join(".");
    if (guards.has(dotted) || seen.has(dotted) || alwaysPresent.has(dotted)) continue;
    const shapes = kinds.schemas.map((s) => shapeIn(s, chain.path));
    const last = chain.path[chain.path.length - 1];
    if (shapes.includes("required")) continue;
    // A field no matched kind has is a typo, not an absent field (the typed check reports it).
    if (!kinds.unknown && shapes.length > 0 && shapes.every((x) => x === "undeclared")) continue;
    if (usage === "field" && !shapes.includes("map")) continue;
    if (kinds.unknown && last === "containers") continue;
    seen.add(dotted);
    const shape = shapes.find((s) => s === "list" || s === "map" || s === "struct" || s === "scalar")
      ?? (usage === "range" || usage === "size" ? "list" : usage === "index" || usage === "in" ? "map" : undefined);
    const orValue = shape === "list" ? "[]" : shape === "map" || shape === "struct" ? "{}" : undefined;
    const prefix = [chain.root, ...chain.path.slice(0, -1)].join(".");
    const fix = orValue !== undefined ? `${prefix}.?${last}.orValue(${orValue})` : `has(${dotted}) && …`;
    out.push({
      offset: parsed.sourceInfo.positions.get(chain.node.id) ?? 0,
      message: `${dotted} fails with "no such key: ${last}" on objects without ${last}; write ${fix}`,
    });
  }
  return out;
}
