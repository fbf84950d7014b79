// Schema-aware type check of policy expressions (what the apiserver's VAP type checker does, for
// both policy kinds): each expression is checked once per matched kind, and a problem is reported
// only when it occurs for every kind — unknown fields in reads and `Object…{}` literals, unknown
// literal type names, literal values of the wrong type, comparisons of values that are never equal.
import { checkAll, compile, op, type CelEnv, type CelType, type Expr, type ObjectTypeDecl, type ParsedExpr } from "../../cel/index.js";
import { closest } from "../../data/index.js";
import type { ExprFinding } from "./lint-reads.js";
import { OBJECT_ROOT, PARAMS_ROOT, type ExpressionMode, type TypedVariant } from "./typed-env.js";
import { walkExpr } from "./walk-expr.js";

/** The codes the typed check reports. */
export type TypedCode = "unknown-field" | "unknown-type" | "literal-type" | "never-true";

/** One expression to check. */
export interface TypedExpression {
  text: string;
  fieldPath: string;
  mode: ExpressionMode;
}

/** A typed-check finding in one expression. */
export interface TypedFinding extends ExprFinding {
  code: TypedCode;
  fieldPath: string;
}

/** What the messages call the typed roots: `Deployment`, `Deployment or StatefulSet`, `ConfigMap`. */
export interface RootNames {
  object: string;
  params: string;
}

/** Comparisons whose operands are checked for never-equal types. */
const comparisons = new Set<string>([op.equals, op.notEquals, op.less, op.lessEquals, op.greater, op.greaterEquals]);

/** The family of a type for "can these ever be equal": numbers compare across int/uint/double. */
function family(t: CelType | undefined): string | undefined {
  switch (t?.kind) {
    case "int": case "uint": case "double": return "number";
    case "string": case "bool": case "bytes": case "timestamp": case "duration": case "list": return t.kind;
    case "map": case "object": return "object";
    default: return undefined;
  }
}

/** Whether a value of type `value` can never be what a field of type `field` holds (lists by element). */
function incompatible(field: CelType, value: CelType): boolean {
  const f = family(field), v = family(value);
  if (f === undefined || v === undefined) return false;
  if (f !== v) return true;
  if (field.kind === "list" && value.kind === "list") return incompatible(field.elem, value.elem);
  if (field.kind === "map" && value.kind === "map") return incompatible(field.value, value.value);
  return false;
}

function typeName(t: CelType | undefined): string {
  if (t === undefined) return "dyn";
  switch (t.kind) {
    case "list": return `list(${typeName(t.elem)})`;
    case "map": return `map(${typeName(t.key)}, ${typeName(t.value)})`;
    case "object": return "object";
    default: return t.kind;
  }
}

/** `a.b.c` for a select chain (optional steps as `.?`), else undefined. */
function chainText(e: Expr): string | undefined {
  if (e.kind === "ident") return e.name;
  if (e.kind === "select" && !e.testOnly) {
    const o = chainText(e.operand);
    return o === undefined ? undefined : `${o}.${e.field}`;
  }
  if (e.kind === "call" && e.fn === op.optSelect && e.args[1]?.kind === "const" && e.args[1].value.kind === "string") {
    const o = chainText(e.args[0]!);
    return o === undefined ? undefined : `${o}.?${e.args[1].value.value}`;
  }
  return undefined;
}

/** Where a type name's fields come from, for messages: `Deployment at spec.template`. */
function describe(typeName: string, roots: RootNames): string {
  const [root, at] = typeName.startsWith(`${OBJECT_ROOT}.`) || typeName === OBJECT_ROOT
    ? [roots.object, typeName.slice(OBJECT_ROOT.length + 1)]
    : [roots.params, typeName.slice(PARAMS_ROOT.length + 1)];
  return at ? `${root} at ${at}` : root;
}

function didYouMean(word: string, candidates: readonly string[]): string {
  const c = closest(word, candidates);
  return c === undefined ? "" : ` (did you mean "${c}"?)`;
}

/** Findings of one expression checked in one variant's environment (read from the node types, not the checker's texts). */
function findingsIn(parsed: ParsedExpr, env: CelEnv, roots: RootNames): Array<ExprFinding & { code: TypedCode }> {
  const out: Array<ExprFinding & { code: TypedCode }> = [];
  const { issues, types } = checkAll(parsed, env);
  // Every finding below is also a checker issue: a clean check has none.
  if (issues.length === 0) return out;
  const offset = (id: number): number => parsed.sourceInfo.positions.get(id) ?? 0;
  const declOf = (t: CelType | undefined): ObjectTypeDecl | undefined => (t?.kind === "object" ? env.resolveType(t.name) : undefined);
  const lacks = (decl: ObjectTypeDecl, field: string): boolean => !decl.open && !Object.hasOwn(decl.fields, field);
  // A literal under an unknown literal field (`Object{spc: Object.spc{}}`) is reported once, as that field.
  const underUnknownField = new Set<number>();
  walkExpr(parsed.expr, (e) => {
    if (e.kind !== "struct") return;
    const decl = env.resolveType(e.typeName.replace(/^\./, ""));
    if (decl) for (const f of e.fields) if (lacks(decl, f.field)) underUnknownField.add(f.value.id);
  });
  walkExpr(parsed.expr, (e) => {
    if (e.kind === "struct") {
      const name = e.typeName.replace(/^\./, "");
      const decl = env.resolveType(name);
      if (!decl) {
        if (!underUnknownField.has(e.id)) out.push(...unknownTypeName(parsed, env, roots, name, offset(e.id)));
        return;
      }
      for (const f of e.fields) {
        if (lacks(decl, f.field)) {
          out.push({ code: "unknown-field", offset: offset(f.id), message: `${name}{${f.field}: …}: ${describe(name, roots)} has no field "${f.field}"${didYouMean(f.field, Object.keys(decl.fields))}: the apiserver refuses the object` });
          continue;
        }
        const want = decl.fields[f.field], got = types.get(f.value.id);
        if (want && got && !f.optional && incompatible(want, got)) {
          out.push({ code: "literal-type", offset: offset(f.id), message: `${name}{${f.field}: …}: the field holds ${typeName(want)} but the value is ${typeName(got)}; the apiserver refuses the object` });
        }
      }
      return;
    }
    const read = e.kind === "select" ? { operand: e.operand, field: e.field }
      : e.kind === "call" && e.fn === op.optSelect && e.args[1]?.kind === "const" && e.args[1].value.kind === "string" ? { operand: e.args[0]!, field: e.args[1].value.value }
      : undefined;
    if (read) {
      const t = types.get(read.operand.id);
      const decl = declOf(t);
      if (!decl || t?.kind !== "object" || !lacks(decl, read.field)) return;
      const hint = t.name === PARAMS_ROOT && roots.params === "ConfigMap" && read.field === "spec"
        ? " (a ConfigMap param holds its values in data: params.data.<key>)"
        : didYouMean(read.field, Object.keys(decl.fields));
      const testOnly = e.kind === "select" && e.testOnly;
      const what = testOnly ? `has(${chainText(read.operand) ?? "…"}.${read.field})` : (chainText(e) ?? read.field);
      out.push({ code: "unknown-field", offset: offset(e.id), message: `${what}: ${describe(t.name, roots)} has no field "${read.field}"${hint}: ${testOnly ? "the test is always false" : "the read fails on every object"}` });
      return;
    }
    if (e.kind === "call" && comparisons.has(e.fn) && e.args.length === 2) {
      const [l, r] = [types.get(e.args[0]!.id), types.get(e.args[1]!.id)];
      const fl = family(l), fr = family(r);
      if (fl === undefined || fr === undefined || fl === fr) return;
      const what = e.fn === op.equals ? "is never true" : e.fn === op.notEquals ? "is always true" : "fails with \"no such overload\" on every object";
      const side = (x: Expr, t: CelType | undefined): string => ((c) => (c === undefined ? typeName(t) : `${c} (${typeName(t)})`))(chainText(x));
      out.push({ code: "never-true", offset: offset(e.id), message: `comparing ${side(e.args[0]!, l)} with ${side(e.args[1]!, r)} ${what}` });
    }
  });
  return out;
}

/** `Object.spec.templte{}`: the first segment of a literal type name that is no object field of its parent. */
function unknownTypeName(parsed: ParsedExpr, env: CelEnv, roots: RootNames, name: string, at: number): Array<ExprFinding & { code: TypedCode }> {
  const segments = name.split(".");
  let i = 1;
  while (i < segments.length && env.resolveType(segments.slice(0, i + 1).join("."))) i++;
  const parent = segments.slice(0, i).join(".");
  const parentDecl = env.resolveType(parent);
  const bad = segments[i];
  // A field whose schema is free-form (preserve-unknown-fields, no properties) has no object type to name: not a typo.
  if (!parentDecl || bad === undefined || parentDecl.open || Object.hasOwn(parentDecl.fields, bad)) return [];
  const start = parsed.sourceInfo.text.lastIndexOf(name, at);
  return [{ code: "unknown-type", offset: start >= 0 ? start : at, message: `${name}: ${describe(parent, roots)} has no object field "${bad}"${didYouMean(bad, Object.keys(parentDecl.fields))}: the type name must follow the field path` }];
}

/**
 * The typed findings of a policy's expressions: checked in every variant (one per matched kind),
 * reported when every variant finds the same problem at the same place.
 */
export function typedFindings(exprs: readonly TypedExpression[], variants: readonly TypedVariant[], roots: RootNames): TypedFinding[] {
  const out: TypedFinding[] = [];
  for (const x of exprs) {
    let common: Map<string, ExprFinding & { code: TypedCode }> | undefined;
    for (const v of variants) {
      const env = v.envFor(x.mode);
      const parsed = compile(env, x.text, { check: false });
      if (!parsed.ok) break;
      const found = new Map(findingsIn(parsed.parsed, env, roots).map((f) => [`${f.code}|${f.offset}|${f.message}`, f]));
      common = common === undefined ? found : new Map([...common].filter(([k]) => found.has(k)));
      if (common.size === 0) break;
    }
    for (const f of common?.values() ?? []) out.push({ ...f, fieldPath: x.fieldPath });
  }
  return out;
}
