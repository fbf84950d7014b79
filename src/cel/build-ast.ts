// CEL parser, phase 2: concrete syntax tree → AST, numbering nodes in cel-go's visiting order,
// decoding literals, rejecting reserved identifiers, balancing `&&`/`||` chains and expanding macros.
import { T, unescapeLiteral } from "./lexer.js";
import type { Token } from "./lexer.js";
import { op } from "./operators.js";
import { accumulatorName, macroKey } from "./macros.js";
import type { Macro, MacroHelper } from "./macros.js";
import type { Constant, Expr, MapEntry, StructField } from "./ast.js";
import { callExpr, comprehensionExpr, constExpr, identExpr, listExpr, mapExpr, selectExpr, structExpr } from "./ast-node.js";
import type { Cst } from "./parser.js";
import type { CelIssue } from "./errors-format.js";
import { IdTable } from "./check/id-table.js";

/** Names cel-go reserves (an identifier or global call with one of them is an error). */
const reservedIds: ReadonlySet<string> = new Set([
  "as", "break", "const", "continue", "else", "false", "for", "function", "if", "import", "in", "let",
  "loop", "package", "namespace", "null", "return", "true", "var", "void", "while",
]);
/** First characters of the reserved names (a cheap no for most identifiers before the set lookup). */
const reservedFirst: Uint8Array = (() => {
  const t = new Uint8Array(128);
  for (const n of reservedIds) t[n.charCodeAt(0)] = 1;
  return t;
})();
/** Whether `name` is reserved (see {@link reservedIds}). */
function isReservedId(name: string): boolean {
  if (name.length < 2 || name.length > 9) return false;
  const c = name.charCodeAt(0);
  return c < 128 && reservedFirst[c] === 1 && reservedIds.has(name);
}

const INT64_MAX = (1n << 63n) - 1n;
const INT64_MIN = -(1n << 63n);
const UINT64_MAX = (1n << 64n) - 1n;

/** The function of each binary operator token. */
const binaryOps: Readonly<Record<number, string>> = {
  [T.LESS]: op.less,
  [T.LESS_EQUALS]: op.lessEquals,
  [T.GREATER]: op.greater,
  [T.GREATER_EQUALS]: op.greaterEquals,
  [T.EQUALS]: op.equals,
  [T.NOT_EQUALS]: op.notEquals,
  [T.IN]: op.in,
  [T.PLUS]: op.add,
  [T.MINUS]: op.subtract,
  [T.STAR]: op.multiply,
  [T.SLASH]: op.divide,
  [T.PERCENT]: op.modulo,
};

class MaxDepth {}

const TRUE_CONST: Constant = { kind: "bool", value: true };
const FALSE_CONST: Constant = { kind: "bool", value: false };
const NULL_CONST: Constant = { kind: "null" };

/** Macro lookup tables, built once per macro list (the lists are long-lived: per env or the default). */
interface MacroTable {
  /** Macros by name (the first with a given argument count and call style wins, as by key). */
  byName: ReadonlyMap<string, readonly Macro[]>;
}
const macroTables = new WeakMap<readonly Macro[], MacroTable>();
function macroTable(macros: readonly Macro[]): MacroTable {
  let t = macroTables.get(macros);
  if (!t) {
    // A later macro with the same name, argument count and call style replaces an earlier one.
    const byKey = new Map(macros.map((m) => [macroKey(m.name, m.args, m.receiver), m]));
    const byName = new Map<string, Macro[]>();
    for (const m of byKey.values()) {
      const list = byName.get(m.name);
      if (list) list.push(m);
      else byName.set(m.name, [m]);
    }
    t = { byName };
    macroTables.set(macros, t);
  }
  return t;
}

/** Builds the AST of a parse tree; errors go to `issues`. */
export class AstBuilder {
  private nextId = 1;
  readonly positions = new IdTable<number>();
  readonly macroCalls = new IdTable<Expr>();
  private depth = 0;
  private macroHelper: Helper | undefined;
  private readonly macros: MacroTable;

  constructor(
    private readonly issues: CelIssue[],
    macros: readonly Macro[],
    private readonly maxDepth: number,
    private readonly optionalSyntax: boolean,
    private readonly identEscapes: boolean,
  ) {
    this.macros = macroTable(macros);
  }

  /** Builds the expression; undefined if the visitor's depth limit was hit (reported as an issue). */
  build(cst: Cst): Expr | undefined {
    try {
      return this.visit(cst);
    } catch (e) {
      if (e instanceof MaxDepth || e instanceof RangeError) {
        this.issues.push({ message: "max recursion depth exceeded", offset: -1 });
        return undefined;
      }
      throw e;
    }
  }

  private id(offset: number): number {
    const id = this.nextId++;
    this.positions.set(id, offset);
    return id;
  }
  private deleteId(id: number): void {
    this.positions.delete(id);
    if (id === this.nextId - 1) this.nextId--;
  }
  private error(offset: number, message: string): Expr {
    const id = this.id(offset);
    this.issues.push({ message, offset, exprId: id });
    return constExpr(id, { kind: "null" });
  }

  private visitAll(cs: readonly Cst[]): Expr[] {
    const out: Expr[] = [];
    for (let i = 0; i < cs.length; i++) out.push(this.visit(cs[i]!));
    return out;
  }

  private visit(c: Cst): Expr {
    switch (c.k) {
      case "ternary":
      case "binary":
      case "select":
      case "mcall":
      case "index": {
        if (++this.depth > this.maxDepth) throw new MaxDepth();
        try {
          return this.visitCounted(c);
        } finally {
          this.depth--;
        }
      }
      case "logic":
        return this.visitLogic(c);
      case "unary": {
        if (c.ops.length % 2 === 0) return this.visit(c.operand);
        const opId = this.id(c.ops[0]!.start);
        const target = this.visit(c.operand);
        return this.callOrMacro(opId, c.ops[0]!.type === T.EXCLAM ? op.logicalNot : op.negate, undefined, [target]);
      }
      case "ident": {
        const name = c.id.text;
        if (isReservedId(name)) return this.error(c.start.start, `reserved identifier: ${name}`);
        return identExpr(this.id(c.id.start), (c.dot ? "." : "") + name);
      }
      case "gcall": {
        const name = c.id.text;
        if (isReservedId(name)) return this.error(c.start.start, `reserved identifier: ${name}`);
        const opId = this.id(c.open.start);
        return this.callOrMacro(opId, (c.dot ? "." : "") + name, undefined, this.visitAll(c.args));
      }
      case "list": {
        const id = this.id(c.open.start);
        const elements: Expr[] = [];
        const optionalIndices: number[] = [];
        for (let i = 0; i < c.elems.length; i++) {
          const el = c.elems[i]!;
          elements.push(this.visit(el.e));
          if (el.opt) {
            if (!this.optionalSyntax) this.error(el.opt.start, "unsupported syntax '?'");
            else optionalIndices.push(i);
          }
        }
        return listExpr(id, elements, optionalIndices);
      }
      case "map": {
        const id = this.id(c.open.start);
        const entries: MapEntry[] = [];
        for (const en of c.entries) {
          const entryId = this.id(en.col.start);
          if (en.opt && !this.optionalSyntax) {
            this.error(en.opt.start, "unsupported syntax '?'");
            continue;
          }
          const key = this.visit(en.key);
          const value = this.visit(en.value);
          entries.push({ id: entryId, key, value, optional: en.opt !== undefined });
        }
        return mapExpr(id, entries);
      }
      case "msg": {
        let typeName = (c.dot ? "." : "") + c.ids[0]!.text;
        for (let i = 1; i < c.ids.length; i++) typeName += "." + c.ids[i]!.text;
        const id = this.id(c.open.start);
        const fields: StructField[] = [];
        for (const f of c.fields) {
          const fieldId = this.id(f.col.start);
          if (f.opt && !this.optionalSyntax) {
            this.error(f.opt.start, "unsupported syntax '?'");
            continue;
          }
          const value = this.visit(f.value);
          fields.push({ id: fieldId, field: this.fieldName(f.name), value, optional: f.opt !== undefined });
        }
        return structExpr(id, typeName, fields);
      }
      case "lit":
        return this.literal(c.tok, c.sign);
      case "error":
        return constExpr(this.id(c.at.start), { kind: "null" });
    }
  }

  private visitCounted(c: Extract<Cst, { k: "ternary" | "binary" | "select" | "mcall" | "index" }>): Expr {
    switch (c.k) {
      case "ternary": {
        const cond = this.visit(c.cond);
        const opId = this.id(c.q.start);
        const t = this.visit(c.t);
        const f = this.visit(c.f);
        return this.callOrMacro(opId, op.conditional, undefined, [cond, t, f]);
      }
      case "binary": {
        const l = this.visit(c.l);
        const opId = this.id(c.op.start);
        const r = this.visit(c.r);
        return this.callOrMacro(opId, binaryOps[c.op.type]!, undefined, [l, r]);
      }
      case "select": {
        const operand = this.visit(c.operand);
        const field = this.fieldName(c.id);
        if (c.opt) {
          if (!this.optionalSyntax) return this.error(c.dot.start, "unsupported syntax '.?'");
          const lit: Expr = constExpr(this.id(c.id.start), { kind: "string", value: field });
          return callExpr(this.id(c.dot.start), op.optSelect, undefined, [operand, lit]);
        }
        return selectExpr(this.id(c.dot.start), operand, field, false);
      }
      case "mcall": {
        const operand = this.visit(c.operand);
        const opId = this.id(c.open.start);
        return this.callOrMacro(opId, c.id.text, operand, this.visitAll(c.args));
      }
      case "index": {
        const target = this.visit(c.operand);
        const opId = this.id(c.open.start);
        const index = this.visit(c.index);
        if (c.opt && !this.optionalSyntax) return this.error(c.open.start, "unsupported syntax '[?'");
        return this.callOrMacro(opId, c.opt ? op.optIndex : op.index, undefined, [target, index]);
      }
    }
  }

  /** `a || b || c …` as cel-go's balanced tree (each call takes the id of its middle operator). */
  private visitLogic(c: Extract<Cst, { k: "logic" }>): Expr {
    const fn = c.fn === "||" ? op.logicalOr : op.logicalAnd;
    const terms: Expr[] = [this.visit(c.first)];
    const ops: number[] = [];
    for (const r of c.rest) {
      terms.push(this.visit(r.e));
      ops.push(this.id(r.op.start));
    }
    const balanced = (lo: number, hi: number): Expr => {
      const mid = Math.floor((lo + hi + 1) / 2);
      const left = mid === lo ? terms[mid]! : balanced(lo, mid - 1);
      const right = mid === hi ? terms[mid + 1]! : balanced(mid + 1, hi);
      return callExpr(ops[mid]!, fn, undefined, [left, right]);
    };
    return balanced(0, ops.length - 1);
  }

  private fieldName(t: Token): string {
    if (t.type !== T.ESC_IDENTIFIER) return t.text;
    if (!this.identEscapes) this.error(t.start, "unsupported syntax: '`'");
    return t.text.slice(1, -1);
  }

  private constExpr(at: number, value: Constant): Expr {
    return constExpr(this.id(at), value);
  }

  private literal(tok: Token, sign: Token | undefined): Expr {
    const at = (sign ?? tok).start;
    switch (tok.type) {
      case T.STRING: {
        // Fast path: a one-line literal without escapes is its body (as unescapeLiteral decodes it).
        const text = tok.text, q = text.charCodeAt(0);
        if ((q === 34 || q === 39) && text.indexOf("\\") < 0 && text.indexOf("\r") < 0 && !(text.length >= 6 && text.charCodeAt(1) === q && text.charCodeAt(2) === q)) {
          return this.constExpr(at, { kind: "string", value: text.slice(1, -1) });
        }
        break;
      }
      case T.NUM_INT: {
        // Up to 15 characters (decimal or 0x-hex) the value is exact as a double, which BigInt takes faster than text.
        let v = tok.text.length <= 15 ? BigInt(Number(tok.text)) : BigInt(tok.text);
        if (sign !== undefined) v = -v;
        if (v > INT64_MAX || v < INT64_MIN) return this.error(at, "invalid int literal");
        return this.constExpr(at, { kind: "int", value: v });
      }
      case T.TRUE:
        return this.constExpr(at, TRUE_CONST);
      case T.FALSE:
        return this.constExpr(at, FALSE_CONST);
      case T.NULL:
        return this.constExpr(at, NULL_CONST);
    }
    switch (tok.type) {
      case T.NUM_UINT: {
        const v = BigInt(tok.text.slice(0, -1));
        if (v > UINT64_MAX) return this.error(at, "invalid uint literal");
        return this.constExpr(at, { kind: "uint", value: v });
      }
      case T.NUM_FLOAT: {
        const v = Number((sign ? "-" : "") + tok.text);
        if (!Number.isFinite(v)) return this.error(at, "invalid double literal");
        return this.constExpr(at, { kind: "double", value: v });
      }
      case T.STRING: {
        const r = unescapeLiteral(tok.text, false);
        if ("error" in r) {
          this.error(at, r.error);
          return this.constExpr(at, { kind: "string", value: tok.text });
        }
        return this.constExpr(at, { kind: "string", value: r.value as string });
      }
      case T.BYTES: {
        const r = unescapeLiteral(tok.text.slice(1), true);
        if ("error" in r) {
          this.error(at, r.error);
          return this.constExpr(at, { kind: "bytes", value: new TextEncoder().encode(tok.text.slice(1)) });
        }
        return this.constExpr(at, { kind: "bytes", value: r.value as Uint8Array });
      }
      default:
        return this.error(at, "invalid literal");
    }
  }

  private macro(fn: string, args: number, receiver: boolean): Macro | undefined {
    const candidates = this.macros.byName.get(fn);
    if (candidates === undefined) return undefined;
    for (const m of candidates) if (m.args === args && m.receiver === receiver) return m;
    return undefined;
  }

  private callOrMacro(opId: number, fn: string, target: Expr | undefined, args: Expr[]): Expr {
    const macro = this.macro(fn, args.length, target !== undefined);
    if (macro) {
      const helper = (this.macroHelper ??= new Helper((offset) => this.id(offset), this.positions));
      helper.at = this.positions.get(opId) ?? -1;
      const out = macro.expand(helper, target, args);
      if (out !== undefined) {
        if ("error" in out) {
          const at = this.positions.get(out.exprId) ?? this.positions.get(opId) ?? -1;
          this.deleteId(opId);
          return this.error(at, out.error);
        }
        const call: Expr = callExpr(0, fn, target, args);
        this.macroCalls.set(out.id, call);
        this.deleteId(opId);
        return out;
      }
    }
    return callExpr(opId, fn, target, args);
  }

}

/** Node factory for macro expanders: each node gets a fresh id at the macro call's offset `at`. */
class Helper implements MacroHelper {
  /** Offset of the macro call being expanded (set before each expansion; expanders do not nest). */
  at = -1;
  constructor(private readonly newId: (offset: number) => number, private readonly positions: IdTable<number>) {}
  private nid(): number {
    return this.newId(this.at);
  }
  literal(value: Constant): Expr {
    return constExpr(this.nid(), value);
  }
  list(elements: Expr[]): Expr {
    return listExpr(this.nid(), elements, []);
  }
  map(): Expr {
    return mapExpr(this.nid(), []);
  }
  ident(name: string): Expr {
    return identExpr(this.nid(), name);
  }
  accuIdent(): Expr {
    return identExpr(this.nid(), accumulatorName);
  }
  call(fn: string, args: Expr[]): Expr {
    return callExpr(this.nid(), fn, undefined, args);
  }
  memberCall(fn: string, target: Expr, args: Expr[]): Expr {
    return callExpr(this.nid(), fn, target, args);
  }
  presenceTest(operand: Expr, field: string): Expr {
    return selectExpr(this.nid(), operand, field, true);
  }
  comprehension(iterRange: Expr, iterVar: string, iterVar2: string | undefined, accuVar: string, accuInit: Expr, loopCondition: Expr, loopStep: Expr, result: Expr): Expr {
    return comprehensionExpr(this.nid(), iterVar, iterVar2, iterRange, accuVar, accuInit, loopCondition, loopStep, result);
  }
  copy(e: Expr): Expr {
    const id = this.newId(this.positions.get(e.id) ?? this.at);
    const copy = (x: Expr): Expr => this.copy(x);
    switch (e.kind) {
      case "const":
        return constExpr(id, e.value);
      case "ident":
        return identExpr(id, e.name);
      case "select":
        return selectExpr(id, copy(e.operand), e.field, e.testOnly);
      case "call": {
        const args = e.args.map(copy);
        return callExpr(id, e.fn, e.target ? copy(e.target) : undefined, args);
      }
      case "list":
        return listExpr(id, e.elements.map(copy), [...e.optionalIndices]);
      case "map":
        return mapExpr(id, e.entries.map((en) => ({ id: this.nid(), key: copy(en.key), value: copy(en.value), optional: en.optional })));
      case "struct":
        return structExpr(id, e.typeName, e.fields.map((f) => ({ id: this.nid(), field: f.field, value: copy(f.value), optional: f.optional })));
      case "comprehension": {
        const iterRange = copy(e.iterRange);
        const accuInit = copy(e.accuInit);
        const loopCondition = copy(e.loopCondition);
        const loopStep = copy(e.loopStep);
        const result = copy(e.result);
        return comprehensionExpr(id, e.iterVar, e.iterVar2, iterRange, e.accuVar, accuInit, loopCondition, loopStep, result);
      }
    }
  }
}
